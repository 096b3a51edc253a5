package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.source.pmu.PmuSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sources.discover, HostInfo, MemoryMax and the PMU on the three fixture boards and the real machine. */
class CatalogTest {
    @TempDir
    Path tmp;

    /** name → present, in discover order, every source opened then closed. */
    private static Map<String, Boolean> presence(SystemRoots roots) throws IOException {
        Map<String, Boolean> m = new LinkedHashMap<>();
        for (Source s : Sources.discover(roots)) {
            m.put(s.name(), s.open().present());
            s.close();
        }
        return m;
    }

    private static Map<String, Boolean> expected(Object... pairs) {
        Map<String, Boolean> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], (Boolean) pairs[i + 1]);
        }
        return m;
    }

    @Test
    void routerPresenceSet() throws IOException {
        assertEquals(
                expected(
                        "stat",
                        true,
                        "interrupts",
                        true,
                        "softirqs",
                        true,
                        "vmstat",
                        true,
                        "meminfo",
                        true,
                        "diskstats",
                        true,
                        "yaffs",
                        true,
                        "pressure",
                        false,
                        "thermal_zone0",
                        true,
                        "thermal_zone1",
                        true,
                        "thermal_zone2",
                        true,
                        "cpufreq",
                        true,
                        "slabinfo",
                        true,
                        "buddyinfo",
                        true,
                        "loadavg",
                        false,
                        "netdev",
                        false,
                        "mtd",
                        true,
                        "cpufreq_time_in_state",
                        false,
                        "cooling_time_in_state",
                        false,
                        "rapl",
                        false,
                        "cpufreq_policy",
                        true,
                        "cpufreq_boost",
                        false,
                        "intel_pstate",
                        false,
                        "cpufreq_trans",
                        false,
                        "cpuidle",
                        false,
                        "cooling",
                        false,
                        "thermal_throttle",
                        false,
                        "rapl_limits",
                        false,
                        "hwmon",
                        false),
                presence(Boards.roots(Boards.ROUTER)));
    }

    @Test
    void sbcPresenceSet() throws IOException {
        assertEquals(
                expected(
                        "stat",
                        true,
                        "interrupts",
                        true,
                        "softirqs",
                        true,
                        "vmstat",
                        true,
                        "meminfo",
                        true,
                        "diskstats",
                        true,
                        "yaffs",
                        false,
                        "pressure",
                        true,
                        "thermal_zone0",
                        true,
                        "cpufreq",
                        true,
                        "slabinfo",
                        true,
                        "buddyinfo",
                        true,
                        "loadavg",
                        false,
                        "netdev",
                        false,
                        "mtd",
                        false,
                        "cpufreq_time_in_state",
                        false,
                        "cooling_time_in_state",
                        false,
                        "rapl",
                        false,
                        "cpufreq_policy",
                        true,
                        "cpufreq_boost",
                        false,
                        "intel_pstate",
                        false,
                        "cpufreq_trans",
                        false,
                        "cpuidle",
                        false,
                        "cooling",
                        false,
                        "thermal_throttle",
                        false,
                        "rapl_limits",
                        false,
                        "hwmon",
                        false),
                presence(Boards.roots(Boards.SBC)));
    }

    @Test
    void x86PresenceSet() throws IOException {
        assertEquals(
                expected(
                        "stat",
                        true,
                        "interrupts",
                        true,
                        "softirqs",
                        true,
                        "vmstat",
                        true,
                        "meminfo",
                        true,
                        "diskstats",
                        true,
                        "yaffs",
                        false,
                        "pressure",
                        true,
                        "thermal_zone0",
                        true,
                        "thermal_zone1",
                        true,
                        "thermal_zone2",
                        true,
                        "cpufreq",
                        true,
                        "slabinfo",
                        true,
                        "buddyinfo",
                        true,
                        "loadavg",
                        false,
                        "netdev",
                        false,
                        "mtd",
                        false,
                        "cpufreq_time_in_state",
                        false,
                        "cooling_time_in_state",
                        false,
                        "rapl",
                        false,
                        "cpufreq_policy",
                        true,
                        "cpufreq_boost",
                        true,
                        "intel_pstate",
                        false,
                        "cpufreq_trans",
                        false,
                        "cpuidle",
                        false,
                        "cooling",
                        false,
                        "thermal_throttle",
                        false,
                        "rapl_limits",
                        false,
                        "hwmon",
                        false),
                presence(Boards.roots(Boards.X86)));
    }

    @Test
    void thermalZonesAreInNumericOrderAndABoardWithoutZonesSaysWhy() throws IOException {
        for (int n : new int[] {0, 1, 2, 10}) {
            Path z = Files.createDirectories(tmp.resolve("sys/class/thermal/thermal_zone" + n));
            Files.writeString(z.resolve("temp"), "40000\n");
        }
        Files.createDirectories(tmp.resolve("sys/class/thermal/cooling_device0"));
        SystemRoots roots = SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys"));
        assertEquals(
                List.of("thermal_zone0", "thermal_zone1", "thermal_zone2", "thermal_zone10"),
                thermal(roots).stream().map(Source::name).toList());

        SystemRoots none = SystemRoots.of(tmp.resolve("none/proc"), tmp.resolve("none/sys"));
        List<Source> zones = thermal(none);
        assertEquals(1, zones.size());
        assertEquals("thermal", zones.get(0).name());
        assertEquals(
                "no thermal zones in " + tmp.resolve("none/sys/class/thermal"),
                zones.get(0).open().reason());
    }

    /** The thermal sources the catalogue makes: its zones, or the one that says why there is none. */
    private static List<Source> thermal(SystemRoots roots) {
        return Sources.discover(roots).stream()
                .filter(s -> s.name().matches("thermal|thermal_zone\\d+"))
                .toList();
    }

    @Test
    void pmuOfAFixtureBoardIsAbsentBecauseItIsNotTheRunningKernelAndHasItsChosenCadence() {
        List<Source> pmu = Sources.pmu(Boards.roots(Boards.SBC), PmuSource.DEFAULT_HZ);
        assertEquals(List.of("pmu_hw", "pmu_sw"), pmu.stream().map(Source::name).toList());
        for (Source s : pmu) {
            assertEquals(new CadenceRule.Chosen(PmuSource.DEFAULT_HZ), s.cadenceRule(), s.name());
            Presence p = s.open();
            assertFalse(p.present());
            assertEquals(
                    "perf events count the running kernel, and "
                            + Boards.roots(Boards.SBC).proc("sys/kernel/random/boot_id")
                            + " is not its boot_id (the proc root is a fixture tree or another machine's files)",
                    p.reason());
        }
    }

    @Test
    void hostInfoPerBoard() {
        assertEquals(
                new HostInfo("edge-router-3", "MikroTik RB5009UG+S+", "5.6.3", 4, 100),
                HostInfo.read(Boards.roots(Boards.ROUTER)));
        assertEquals(
                new HostInfo("pi-lab-2", "Raspberry Pi 4 Model B Rev 1.4", "6.1.21-v8+", 4, 100),
                HostInfo.read(Boards.roots(Boards.SBC)));
        assertEquals(
                new HostInfo("db-07.dc2", "PowerEdge R650", "6.8.0-49-generic", 32, 100),
                HostInfo.read(Boards.roots(Boards.X86)));
    }

    @Test
    void hostInfoOfAnEmptyTreeIsAllMissingNotZero() {
        HostInfo h = HostInfo.read(SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys")));
        assertEquals(new HostInfo(null, null, null, null, 100), h);
    }

    @Test
    void hostInfoOfThisMachine() throws IOException {
        HostInfo h = HostInfo.read(SystemRoots.live());
        assertEquals(Files.readString(Path.of("/proc/sys/kernel/hostname")).trim(), h.hostname());
        assertEquals(System.getProperty("os.version"), h.kernel());
        assertEquals(Runtime.getRuntime().availableProcessors(), h.cores());
        assertEquals(100, h.userHz(), "AT_CLKTCK of this JVM from /proc/self/auxv");
    }

    @Test
    void memoryMaxPerBoard() {
        MemoryMax router = MemoryMax.read(Boards.roots(Boards.ROUTER));
        assertEquals(MemoryMax.Status.LIMIT, router.status(), router.reason());
        assertEquals(OptionalLong.of(268435456), router.limit());
        assertEquals(
                Boards.dir(Boards.ROUTER).resolve("sys/fs/cgroup/memory/tickbench/memory.limit_in_bytes"),
                router.file());

        MemoryMax sbc = MemoryMax.read(Boards.roots(Boards.SBC));
        assertEquals(MemoryMax.Status.UNLIMITED, sbc.status(), sbc.reason());
        assertEquals(OptionalLong.empty(), sbc.limit());
        assertTrue(sbc.presence().present());

        MemoryMax x86 = MemoryMax.read(Boards.roots(Boards.X86));
        assertEquals(OptionalLong.of(536870912), x86.limit(), x86.reason());
        assertTrue(x86.file().endsWith("cri-containerd-4e9f1b2c.scope/memory.max"));
    }

    @Test
    void memoryMaxV1HugeValuesMeanUnlimited() throws IOException {
        Path f = Files.writeString(tmp.resolve("memory.limit_in_bytes"), "9223372036854771712\n");
        assertEquals(MemoryMax.Status.UNLIMITED, MemoryMax.parse(f).status());
        Files.writeString(f, "2147479552\n"); // PAGE_COUNTER_MAX of a 32-bit kernel
        assertEquals(MemoryMax.Status.UNLIMITED, MemoryMax.parse(f).status());
        Files.writeString(f, "1073741824\n");
        assertEquals(OptionalLong.of(1073741824), MemoryMax.parse(f).limit());
        Path g = Files.writeString(tmp.resolve("memory.max"), "lots\n");
        assertEquals(
                g + " holds \"lots\", not a number of bytes or max",
                MemoryMax.parse(g).reason());
    }

    @Test
    void memoryMaxFollowsANamespacedMountRoot() throws IOException {
        Path proc = Files.createDirectories(tmp.resolve("proc/self"));
        Files.writeString(proc.resolve("cgroup"), "0::/docker/abc/app\n");
        Files.writeString(
                proc.resolve("mountinfo"), "30 22 0:26 /docker/abc /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw\n");
        Path dir = Files.createDirectories(tmp.resolve("sys/fs/cgroup/app"));
        Files.writeString(dir.resolve("memory.max"), "104857600\n");
        MemoryMax m = MemoryMax.read(SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys")));
        assertEquals(OptionalLong.of(104857600), m.limit(), m.reason());
    }

    @Test
    void memoryMaxAbsentReasons() throws IOException {
        SystemRoots roots = SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys"));
        MemoryMax none = MemoryMax.read(roots);
        assertEquals(MemoryMax.Status.ABSENT, none.status());
        assertEquals("no " + tmp.resolve("proc/self/cgroup") + " (kernel without cgroups?)", none.reason());

        Path self = Files.createDirectories(tmp.resolve("proc/self"));
        Files.writeString(self.resolve("cgroup"), "0::/\n");
        Files.writeString(self.resolve("mountinfo"), "29 22 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
        assertEquals(
                "own cgroup is the v2 root, which has no memory.max",
                MemoryMax.read(roots).reason());
        assertFalse(MemoryMax.read(roots).presence().present());
    }

    @Test
    void memoryMaxOfThisMachine() {
        MemoryMax m = MemoryMax.read(SystemRoots.live());
        if (m.status() == MemoryMax.Status.ABSENT) {
            assertNotNull(m.reason());
            assertFalse(m.reason().isBlank());
        } else {
            assertNotNull(m.file());
            assertTrue(Files.exists(m.file()), m.file().toString());
            m.limit().ifPresent(v -> assertTrue(v > 0));
        }
    }
}
