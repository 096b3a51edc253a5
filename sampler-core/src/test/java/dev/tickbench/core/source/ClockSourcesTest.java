package dev.tickbench.core.source;

import static dev.tickbench.core.source.Boards.scan;
import static dev.tickbench.core.source.Boards.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The readers of what holds the clock (docs/clock.md): the time-per-state tables, RAPL's wrapping
 * energy, a zone's trips and bindings, cpufreq's policy reason, and the catalogue's file sets of the
 * two clock boards (attributes from files and links, a chip condition).
 */
class ClockSourcesTest {
    @TempDir
    Path tmp;

    private static Source fileSet(SystemRoots roots, String name) {
        return Boards.source(roots, name);
    }

    @Test
    void timeInStateTablesOfCpufreqAndCoolingDevices() {
        ValueTable t = new ValueTable();
        t.begin();
        TimeInState.parse(scan("408000 15872\n600000 3311\n1800000 151229\n"), t);
        assertEquals("{408000=15872, 600000=3311, 1800000=151229}", t.toString());
        t.begin();
        TimeInState.parse(scan("state0\t4870031\nstate1\t181220\n\ngarbage\n"), t);
        assertEquals("{state0=4870031, state1=181220}", t.toString(), "a line without a time is left out");

        Source cpufreq = Boards.opened(Boards.source(Boards.roots(Boards.ARM_COOLING), "cpufreq_time_in_state"));
        assertEquals("cpufreq_time_in_state", cpufreq.name());
        assertEquals(SourceKind.COUNTER, cpufreq.kind());
        assertEquals(14, cpufreq.values().size(), "6 OPPs of policy0 and 8 of policy4");
        assertEquals(402310, value(cpufreq.values(), "policy0.1416000"));
        assertEquals(151229, value(cpufreq.values(), "policy4.1800000"));
        Source cooling = Boards.opened(Boards.source(Boards.roots(Boards.ARM_COOLING), "cooling_time_in_state"));
        assertEquals(181220, value(cooling.values(), "cooling_device1.state1"));
        assertEquals(19, cooling.values().size());

        Presence none = Boards.source(Boards.roots(Boards.LAPTOP), "cpufreq_time_in_state")
                .open();
        assertFalse(none.present(), "intel_pstate keeps no cpufreq statistics");
        assertEquals(
                "no " + Boards.roots(Boards.LAPTOP).sys("devices/system/cpu")
                        + "/cpufreq/policyN/stats/time_in_state (nor"
                        + " cpuN/cpufreq/stats/time_in_state) on this system (no cpufreq policies, or a kernel without CONFIG_CPU_FREQ_STAT)",
                none.reason());
    }

    @Test
    void raplEnergyIsUnwrappedAtItsRange() throws IOException {
        assertEquals(0, Rapl.nextBase(0, 500, 100, 1000));
        assertEquals(1000, Rapl.nextBase(0, 50, 900, 1000), "900 then 50: wrapped at 1000");
        assertEquals(0, Rapl.nextBase(0, 50, 900, 0), "no range known: the drop goes on as it is (a reset)");

        Path board = tmp.resolve("laptop");
        dev.tickbench.testkit.Boards.copyTree(Boards.dir(Boards.LAPTOP), board);
        SystemRoots roots = SystemRoots.of(board.resolve("proc"), board.resolve("sys"));
        Path energy = board.resolve("sys/class/powercap/intel-rapl:0/energy_uj");
        Files.writeString(energy, "262143000000\n");
        Source r = Boards.opened(Boards.source(roots, "rapl"));
        assertEquals(
                List.of(
                        "intel-rapl:0.energy_uj",
                        "intel-rapl:0:0.energy_uj",
                        "intel-rapl:0:1.energy_uj",
                        "intel-rapl:0:2.energy_uj",
                        "intel-rapl:1.energy_uj"),
                keys(r.values()));
        assertEquals(262_143_000_000L, value(r.values(), "intel-rapl:0.energy_uj"));
        Files.writeString(energy, "171150\n"); // 328850 µJ to the end of the range, then 171150 more
        r.read();
        assertEquals(262_143_000_000L + 500_000L, value(r.values(), "intel-rapl:0.energy_uj"));
        assertEquals(
                Map.of("name", "package-0", "max_energy_range_uj", 262143328850L, "cpus", "0 1 2 3"),
                r.attributes().get("intel-rapl:0"));
        assertEquals(
                Map.of("name", "core", "max_energy_range_uj", 262143328850L),
                r.attributes().get("intel-rapl:0:0"));

        Presence absent = Boards.source(Boards.roots(Boards.SBC), "rapl").open();
        assertEquals(
                "no " + Boards.roots(Boards.SBC).sys("class/powercap") + "/intel-rapl:* on this system (no RAPL: not an"
                        + " Intel or AMD x86 processor, a virtual machine, or the intel_rapl_msr driver is not loaded)",
                absent.reason());
        assertEquals(
                "permission denied reading /x/energy_uj: RAPL energy is readable by root only since Linux 5.10"
                        + " (CVE-2020-8694); run the probe as root to see it",
                ((CatalogueSource) r).reason(Path.of("/x/energy_uj"), new AccessDeniedException("/x/energy_uj")));
    }

    @Test
    void aZonesTripsAndTheCoolingDevicesBoundToIt() {
        Source cpu = Boards.opened(Boards.source(Boards.ARM_COOLING, "thermal_zone0"));
        Map<String, Object> a = cpu.attributes();
        assertEquals("enabled", a.get("mode"));
        assertEquals(Map.of("type", "passive", "temp_mc", 70000L, "hyst_mc", 2000L), a.get("trip0"));
        assertEquals(Map.of("type", "critical", "temp_mc", 95000L, "hyst_mc", 2000L), a.get("trip2"));
        assertEquals(95000L, a.get("crit_mc"));
        assertEquals(
                Map.of("device", "cooling_device1", "trip", 0L, "weight", 0L),
                a.get("cdev0"),
                "map0: trip 0 -> the big cluster");
        assertEquals(Map.of("device", "cooling_device0", "trip", 1L, "weight", 0L), a.get("cdev1"));
        assertEquals(Map.of("device", "cooling_device1", "trip", 1L, "weight", 0L), a.get("cdev2"));
        assertEquals(1000L, a.get("polling_delay_ms"), "from the device tree: mainline has no sysfs polling_delay");
        assertEquals(new CadenceRule.Thermal(1000), cpu.cadenceRule());
    }

    @Test
    void cpufreqIsPolicyOnlyWhileNoCoolingDeviceCanMoveItsLimit() throws IOException {
        assertEquals(
                new CadenceRule.CpuFreq(true),
                Boards.opened(Boards.source(Boards.roots(Boards.ROUTER), "cpufreq"))
                        .cadenceRule(),
                "userspace everywhere and no cooling device: the clock cannot move without a write");
        Path board = tmp.resolve("router");
        dev.tickbench.testkit.Boards.copyTree(Boards.dir(Boards.ROUTER), board);
        Path dev = board.resolve("sys/class/thermal/cooling_device0");
        Files.createDirectories(dev);
        Files.writeString(dev.resolve("type"), "cpufreq-cpu0\n");
        Source f = Boards.opened(Boards.source(SystemRoots.of(board.resolve("proc"), board.resolve("sys")), "cpufreq"));
        assertEquals(
                new CadenceRule.CpuFreq(false),
                f.cadenceRule(),
                "a cpufreq cooling device lowers scaling_max_freq unasked");
        assertEquals(List.of("cooling_device0 (cpufreq-cpu0)"), f.attributes().get("limited_by"));
        assertEquals(
                List.of(
                        "cooling_device0 (Processor)",
                        "cooling_device1 (Processor)",
                        "cooling_device2 (Processor)",
                        "cooling_device3 (Processor)"),
                Boards.opened(Boards.source(Boards.roots(Boards.LAPTOP), "cpufreq"))
                        .attributes()
                        .get("limited_by"));
    }

    @Test
    void policiesAreReReadLevelsWithTheirGovernorAndCpus() {
        Source p = Boards.opened(fileSet(Boards.roots(Boards.ARM_COOLING), "cpufreq_policy"));
        assertEquals(new CadenceRule.OnChange(), p.cadenceRule());
        assertEquals(
                List.of(
                        "policy0.cpuinfo_max_freq",
                        "policy0.cpuinfo_min_freq",
                        "policy0.scaling_max_freq",
                        "policy0.scaling_min_freq",
                        "policy4.cpuinfo_max_freq",
                        "policy4.cpuinfo_min_freq",
                        "policy4.scaling_max_freq",
                        "policy4.scaling_min_freq"),
                keys(p.values()),
                "scaling_setspeed holds <unsupported> outside userspace: left out");
        assertEquals(1_200_000, value(p.values(), "policy4.scaling_max_freq"));
        assertEquals(
                Map.of("governor", "schedutil", "driver", "cpufreq-dt", "related_cpus", "4 5", "affected_cpus", "4 5"),
                p.attributes().get("policy4"));
    }

    @Test
    void coolingDevicesWithTheirTypeAndTheCpuAnAcpiDeviceCaps() {
        Source c = Boards.opened(fileSet(Boards.roots(Boards.LAPTOP), "cooling"));
        assertEquals(12, c.values().size());
        assertEquals(3, value(c.values(), "cooling_device2.max_state"));
        assertEquals(
                Map.of("type", "Processor", "cpu", "cpu2"),
                c.attributes().get("cooling_device2"),
                "device -> ACPI0007:02, physical_node -> cpu2");
        assertEquals(
                Map.of("type", "intel_powerclamp"), c.attributes().get("cooling_device4"), "no physical node: no cpu");
    }

    @Test
    void hwmonReadsTheCpuPackagesChipsOnly() {
        Source h = Boards.opened(fileSet(Boards.roots(Boards.LAPTOP), "hwmon"));
        assertEquals(
                List.of("hwmon2.temp1", "hwmon2.temp2", "hwmon2.temp3"),
                keys(h.values()),
                "coretemp's; not acpitz (a thermal zone already read) nor the NVMe drive (commanded on every read)");
        assertEquals(
                Map.of(
                        "name",
                        "coretemp",
                        "temp1",
                        Map.of("label", "Package id 0", "max_mc", 100000L, "crit_mc", 100000L),
                        "temp2",
                        Map.of("label", "Core 0", "max_mc", 100000L, "crit_mc", 100000L),
                        "temp3",
                        Map.of("label", "Core 1", "max_mc", 100000L, "crit_mc", 100000L)),
                h.attributes().get("hwmon2"));
        Presence arm = fileSet(Boards.roots(Boards.ARM_COOLING), "hwmon").open();
        String sys = Boards.roots(Boards.ARM_COOLING).sys().toString();
        assertEquals(
                "no " + sys + "/class/hwmon/hwmon*/temp*_input whose " + sys
                        + "/class/hwmon/hwmon*/name is coretemp|k10temp|zenpower" + " on this system",
                arm.reason());
    }

    @Test
    void raplLimitsThrottleCountersAndCpuidle() {
        Source l = Boards.opened(fileSet(Boards.roots(Boards.LAPTOP), "rapl_limits"));
        assertEquals(15_000_000, value(l.values(), "intel-rapl:0.constraint0_power_limit_uw"));
        assertEquals(25_000_000, value(l.values(), "intel-rapl:0.constraint1_power_limit_uw"));
        assertEquals("long_term", ((Map<?, ?>) l.attributes().get("intel-rapl:0")).get("constraint0_name"));
        assertEquals(27983872L, ((Map<?, ?>) l.attributes().get("intel-rapl:0")).get("constraint0_time_window_us"));
        Source t = Boards.opened(fileSet(Boards.roots(Boards.LAPTOP), "thermal_throttle"));
        assertEquals(
                16, t.values().size(), "4 CPUs, core and package, count and total time; not the max_time_ms levels");
        assertEquals(902, value(t.values(), "cpu3.package_throttle_total_time_ms"));
        Source idle = Boards.opened(fileSet(Boards.roots(Boards.LAPTOP), "cpuidle"));
        assertEquals(4 * 9 * 4, idle.values().size());
        assertEquals(
                Map.of("name", "C10", "latency_us", 890L),
                ((Map<?, ?>) idle.attributes().get("cpu3")).get("state8"));
        assertEquals(
                "no " + Boards.roots(Boards.SBC).sys()
                        + "/devices/system/cpu/cpu*/cpuidle/state*/{usage,time,above,below}" + " on this system",
                fileSet(Boards.roots(Boards.SBC), "cpuidle").open().reason());
    }

    private static List<String> keys(ValueTable t) {
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            out.add(t.key(i));
        }
        return out;
    }
}
