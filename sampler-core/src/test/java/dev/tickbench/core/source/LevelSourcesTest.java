package dev.tickbench.core.source;

import static dev.tickbench.core.source.Boards.scan;
import static dev.tickbench.core.source.Boards.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LevelSourcesTest {
    @TempDir
    Path tmp;

    private static Source zone(String board, int n) {
        return Boards.source(board, "thermal_zone" + n);
    }

    /** The roots of a tree made in the test's directory. */
    private SystemRoots tmpRoots() {
        return SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys"));
    }

    /** The directory of thermal zone {@code zone} in the test's tree, made empty. */
    private Path zoneDir(String zone) throws IOException {
        return Files.createDirectories(tmp.resolve("sys/class/thermal").resolve(zone));
    }

    @Test
    void routerThermalZonesDeclareTheirOwnPollingDelay() {
        Source z0 = Boards.opened(zone(Boards.ROUTER, 0));
        assertEquals("thermal_zone0", z0.name());
        assertEquals(SourceKind.LEVEL, z0.kind());
        assertEquals(new CadenceRule.Thermal(1000), z0.cadenceRule());
        assertEquals(61250, value(z0.values(), "temp"));
        assertEquals(
                Map.of(
                        "type",
                        "cpu-thermal",
                        "polling_delay_ms",
                        1000L,
                        "crit_mc",
                        105000L,
                        "mode",
                        "enabled",
                        "trip0",
                        Map.of("type", "passive", "temp_mc", 85000L),
                        "trip1",
                        Map.of("type", "critical", "temp_mc", 105000L)),
                z0.attributes());

        Source z1 = Boards.opened(zone(Boards.ROUTER, 1));
        assertEquals(new CadenceRule.Thermal(250), z1.cadenceRule());
        assertFalse(z1.attributes().containsKey("crit_mc"), "no critical trip: no crit_mc");

        Source z2 = Boards.opened(zone(Boards.ROUTER, 2));
        assertEquals(new CadenceRule.Thermal(0), z2.cadenceRule());
        assertEquals(39000, value(z2.values(), "temp"));
        assertEquals(0L, z2.attributes().get("polling_delay_ms"));
    }

    @Test
    void mainlineBoardTakesThePollingDelayFromTheDeviceTree() {
        List<Source> zones = Sources.discover(Boards.roots(Boards.DT)).stream()
                .filter(z -> z.name().matches("thermal|thermal_zone\\d+"))
                .toList();
        assertEquals(5, zones.size());
        Source cpu = Boards.opened(zones.get(0));
        // no polling_delay in sysfs; thermal-zones/cpu-thermal/polling-delay = 00 00 07 d0 (big-endian 2000)
        assertEquals(new CadenceRule.Thermal(2000), cpu.cadenceRule());
        assertEquals(
                Map.of(
                        "type",
                        "cpu-thermal",
                        "polling_delay_from",
                        "device-tree",
                        "polling_delay_ms",
                        2000L,
                        "crit_mc",
                        95000L,
                        "mode",
                        "enabled",
                        "trip0",
                        Map.of("type", "passive", "temp_mc", 85000L),
                        "trip1",
                        Map.of("type", "critical", "temp_mc", 95000L)),
                cpu.attributes());
        assertEquals(new CadenceRule.Thermal(2000), Boards.opened(zones.get(2)).cadenceRule(), "vpu-thermal");
        Source pmic = Boards.opened(zones.get(3));
        assertEquals(
                new CadenceRule.Thermal(0), pmic.cadenceRule(), "polling-delay 0: interrupt driven, none declared");
        assertEquals(0L, pmic.attributes().get("polling_delay_ms"));
        Source iio = Boards.opened(zones.get(4));
        assertEquals(new CadenceRule.Thermal(0), iio.cadenceRule(), "no node named iio-thermal: none declared");
        assertEquals(Map.of("type", "iio-thermal"), iio.attributes());
    }

    @Test
    void sysfsPollingDelayWinsAndAUnitAddressedNodeMatches() throws IOException {
        // no <proc>/device-tree: the sysfs path of the same tree is looked in next
        Path dt = Files.createDirectories(tmp.resolve("sys/firmware/devicetree/base/thermal-zones/soc-thermal@0"));
        Files.write(dt.resolve("polling-delay"), new byte[] {0, 0, 0x01, (byte) 0xf4}); // 500
        Path z = zoneDir("thermal_zone0");
        Files.writeString(z.resolve("temp"), "40000\n");
        Files.writeString(z.resolve("type"), "soc-thermal\n");
        assertEquals(
                new CadenceRule.Thermal(500),
                Boards.opened(Boards.source(tmpRoots(), "thermal_zone0")).cadenceRule());
        Files.writeString(z.resolve("polling_delay"), "250\n");
        Source vendor = Boards.opened(Boards.source(tmpRoots(), "thermal_zone0"));
        assertEquals(
                new CadenceRule.Thermal(250), vendor.cadenceRule(), "a vendor kernel's sysfs value is the zone's own");
        assertFalse(vendor.attributes().containsKey("polling_delay_from"));
    }

    @Test
    void thermalZoneWithoutPollingDelayDeclaresNone() throws IOException {
        Path z = zoneDir("thermal_zone4");
        Files.writeString(z.resolve("temp"), "-1500\n");
        Source t = Boards.opened(Boards.source(tmpRoots(), "thermal_zone4"));
        assertEquals(new CadenceRule.Thermal(0), t.cadenceRule());
        assertEquals(-1500, value(t.values(), "temp"));
        assertEquals(Map.of(), t.attributes(), "missing type/polling/trip are left out, not zero");
    }

    @Test
    void thermalZoneWithoutTempIsNoZone() throws IOException {
        zoneDir("thermal_zone0");
        List<Source> thermal = Sources.discover(tmpRoots()).stream()
                .filter(z -> z.name().matches("thermal|thermal_zone\\d+"))
                .toList();
        assertEquals(List.of("thermal"), thermal.stream().map(Source::name).toList());
        Presence p = thermal.get(0).open();
        assertFalse(p.present());
        assertEquals("no thermal zones in " + tmp.resolve("sys/class/thermal"), p.reason());
    }

    @Test
    void thermalReadFailureLeavesPreviousValue() throws IOException {
        Path z = zoneDir("thermal_zone0");
        Files.writeString(z.resolve("temp"), "45000\n");
        Source t = Boards.opened(Boards.source(tmpRoots(), "thermal_zone0"));
        Files.writeString(z.resolve("temp"), "oops\n");
        assertThrows(IOException.class, t::read);
        assertEquals(45000, value(t.values(), "temp"));
    }

    @Test
    void cpufreqUnderUserspaceEverywhereIsPolicy() throws IOException {
        Source f = Boards.opened(Boards.source(Boards.roots(Boards.ROUTER), "cpufreq"));
        assertEquals(new CadenceRule.CpuFreq(true), f.cadenceRule());
        assertEquals(4, f.values().size());
        assertEquals(1400000, value(f.values(), "cpu3"));
        assertEquals(
                Map.of("governor", "userspace", "min_khz", 600000L, "max_khz", 1400000L),
                f.attributes().get("cpu2"));
        f.close();
    }

    @Test
    void cpufreqUnderSchedutilOrPowersaveIsNotPolicy() {
        Source sbc = Boards.opened(Boards.source(Boards.roots(Boards.SBC), "cpufreq"));
        assertEquals(new CadenceRule.CpuFreq(false), sbc.cadenceRule());
        assertEquals(1800000, value(sbc.values(), "cpu0"));
        assertEquals(600000, value(sbc.values(), "cpu3"));
        Source x86 = Boards.opened(Boards.source(Boards.roots(Boards.X86), "cpufreq"));
        assertEquals(new CadenceRule.CpuFreq(false), x86.cadenceRule());
        assertEquals(32, x86.values().size());
        assertEquals("cpu31", x86.values().key(31), "numeric order, not cpu1, cpu10, …");
        assertEquals(800000 + (31 * 137311) % 2600000, value(x86.values(), "cpu31"));
    }

    @Test
    void cpufreqWithOneCoreNotUserspaceIsNotPolicy() throws IOException {
        for (int c = 0; c < 2; c++) {
            Path d = Files.createDirectories(tmp.resolve("sys/devices/system/cpu/cpu" + c + "/cpufreq"));
            Files.writeString(d.resolve("scaling_cur_freq"), "1000000\n");
            Files.writeString(d.resolve("scaling_governor"), c == 0 ? "userspace\n" : "performance\n");
        }
        Source f = Boards.opened(Boards.source(SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys")), "cpufreq"));
        assertEquals(new CadenceRule.CpuFreq(false), f.cadenceRule());
    }

    @Test
    void cpufreqIsAbsentWithoutCpufreqDirectories() throws IOException {
        Files.createDirectories(tmp.resolve("sys/devices/system/cpu/cpu0"));
        Presence p = Boards.source(SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys")), "cpufreq")
                .open();
        assertFalse(p.present());
        assertEquals(
                "no cpufreq on this board (no " + tmp.resolve("sys/devices/system/cpu")
                        + "/cpuN/cpufreq/scaling_cur_freq)",
                p.reason());
    }

    @Test
    void slabinfoOfMoreThanOnePageIsReadWhole() throws IOException {
        Source s = Boards.opened(Boards.source(Boards.roots(Boards.ROUTER), "slabinfo"));
        assertEquals(new CadenceRule.SlabInfo(), s.cadenceRule());
        String text = Boards.text(Boards.ROUTER, "proc/slabinfo");
        assertTrue(text.length() > 4096 * 5);
        List<String> lines = text.lines().skip(2).toList();
        assertEquals(lines.size(), s.values().size());
        assertEquals(1234, value(s.values(), "nf_conntrack"));
        String last = lines.get(lines.size() - 1);
        String[] tok = last.trim().split("\\s+");
        assertEquals(Long.parseLong(tok[1]), value(s.values(), tok[0]), "the last cache, ~25 KB into the file");
        s.close();
    }

    @Test
    void slabinfoRejectsAnUnknownVersion() {
        ValueTable t = new ValueTable();
        t.begin();
        IOException e = assertThrows(
                IOException.class, () -> SlabInfo.parse(scan("slabinfo - version: 1.1\nkmalloc 1 2\n"), t));
        assertEquals("not a slabinfo 2.x file (first line: \"slabinfo - version: 1.1\")", e.getMessage());
    }

    @Test
    void slabinfoMissingOrADirectoryIsAbsentWithTheReason() throws IOException {
        SystemRoots roots = SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys"));
        Files.createDirectories(tmp.resolve("proc"));
        Presence missing = Boards.source(roots, "slabinfo").open();
        assertEquals("no " + tmp.resolve("proc/slabinfo") + " on this system", missing.reason());
        Files.createDirectories(tmp.resolve("proc/slabinfo"));
        Presence dir = Boards.source(roots, "slabinfo").open();
        assertFalse(dir.present());
        assertEquals("cannot read " + tmp.resolve("proc/slabinfo") + ": Is a directory", dir.reason());
    }

    @Test
    void liveSlabinfoIsPresentForRootOrSaysItNeedsRoot() throws IOException {
        Presence p = Boards.source(SystemRoots.live(), "slabinfo").open();
        if (Boards.uid() == 0) {
            assertTrue(p.present(), p.reason());
        } else {
            assertEquals("permission denied reading /proc/slabinfo (needs root)", p.reason());
        }
    }

    @Test
    void buddyinfoKeysAreNodeZoneOrder() {
        Source b = Boards.opened(Boards.source(Boards.roots(Boards.X86), "buddyinfo"));
        assertEquals(new CadenceRule.BuddyInfo(), b.cadenceRule());
        ValueTable t = b.values();
        assertEquals(4 * 11, t.size());
        assertEquals("0.DMA.0", t.key(0));
        assertEquals(3, value(t, "0.DMA.10"));
        assertEquals(32909, value(t, "0.Normal.0"));
        assertEquals(9512, value(t, "1.Normal.10"));
    }

    @Test
    void mtdReadsEveryPartitionSkipsRoAliasesAndLeavesMissingFilesOut() throws IOException {
        Source m = Boards.opened(Boards.source(Boards.roots(Boards.ROUTER), "mtd"));
        assertEquals(new CadenceRule.Mtd(), m.cadenceRule());
        ValueTable t = m.values();
        assertEquals(4 * 6 - 1, t.size());
        for (int i = 0; i < t.size(); i++) {
            assertFalse(t.key(i).contains("ro."), t.key(i));
        }
        assertEquals(117, value(t, "mtd2.corrected_bits"));
        assertEquals(2, value(t, "mtd2.ecc_failures"));
        assertEquals(5, value(t, "mtd2.bad_blocks"));
        assertEquals(4, value(t, "mtd2.ecc_strength"));
        assertFalse(t.contains("mtd3.bitflip_threshold"));
        assertEquals(9, value(t, "mtd3.corrected_bits"));
        assertEquals(Map.of("name", "RouterOS"), m.attributes().get("mtd2"));
        assertEquals(4, m.attributes().size());
        m.close();
    }

    @Test
    void mtdIsAbsentOnBoardsWithoutMtd() {
        Presence p = Boards.source(Boards.roots(Boards.SBC), "mtd").open();
        assertFalse(p.present());
        assertEquals("no " + Boards.dir(Boards.SBC).resolve("sys/class/mtd") + " on this board", p.reason());
    }
}
