package dev.tickbench.core.catalogue;

import static dev.tickbench.core.catalogue.Metric.counter;
import static dev.tickbench.core.catalogue.Metric.gauge;
import static dev.tickbench.core.catalogue.SeriesEntry.derived;
import static dev.tickbench.core.catalogue.SeriesEntry.level;

import java.util.List;

/**
 * What holds a CPU's clock, the thermal and power half (docs/clock.md): cooling devices and their time
 * per state, x86 thermal throttle counters, RAPL energy and power limits, and the CPU package's hwmon
 * temperatures. The one-number families are file sets; cooling devices' {@code time_in_state_ms} tables
 * have their parse ({@code TimeInState}), and RAPL's wrapping energy counter a reader that unwraps it
 * ({@code Rapl}).
 */
final class CoolingPowerSources {
    private static final String COOLING = "class/thermal/cooling_device{n:\\d+}/";
    /** A powercap zone of the RAPL control types: package {@code intel-rapl:0}, its subzones {@code intel-rapl:0:1}. */
    static final String RAPL_ZONE = "{zone:intel-rapl(?:-mmio)?(?::\\d+)+}";
    /** hwmon chips that sense the CPU package itself; others (drives, NVMe) are commanded on every read. */
    static final String CPU_HWMON = "coretemp|k10temp|zenpower";

    private CoolingPowerSources() {}

    static List<SourceEntry> all() {
        return List.of(cooling(), coolingTime(), thermalThrottle(), rapl(), raplLimits(), hwmon());
    }

    private static SourceEntry cooling() {
        String dev = "cooling_device{n}";
        return SourceEntry.fileSet(
                        "cooling",
                        ValueKind.LEVEL,
                        FileSet.sys(COOLING + "{field:cur_state|max_state}", dev + ".{field}"),
                        "thermal cooling devices: the state the thermal framework has set each to (0 = not cooling)")
                .series(
                        level(
                                        "cooling.cooling_device{n:\\d+}.cur_state",
                                        Unit.COUNT,
                                        "the cooling device's state: 0 is no cooling, max_state the most (a cpufreq device caps the clock lower"
                                                + " at each step)")
                                .shown("{key}", "state", Scale.ONE)
                                .group(ChartGroups.COOLING)
                                .metric(gauge(
                                        "tickbench_cooling_device_state",
                                        "A thermal cooling device's current state (0 = not cooling).",
                                        "device",
                                        "cooling_device{n}",
                                        "type",
                                        "@cooling_device{n}.type")),
                        level(
                                        "cooling.cooling_device{n:\\d+}.max_state",
                                        Unit.COUNT,
                                        "the cooling device's highest state")
                                .metric(gauge(
                                        "tickbench_cooling_device_max_state",
                                        "A thermal cooling device's highest state.",
                                        "device",
                                        "cooling_device{n}",
                                        "type",
                                        "@cooling_device{n}.type")))
                .attributes(
                        AttributeEntry.file(
                                FileSet.sys(COOLING + "type", dev + ".type"),
                                Unit.TEXT,
                                "what it cools with: cpufreq-cpuN (caps the policy of CPU N), Processor (ACPI: caps one CPU),"
                                        + " intel_powerclamp (forced idle), a fan…"),
                        AttributeEntry.link(
                                FileSet.sys(COOLING + "device/physical_node", dev + ".cpu"),
                                "the CPU an ACPI Processor cooling device caps (its device's physical node)"));
    }

    private static SourceEntry coolingTime() {
        return SourceEntry.read(
                        "cooling_time_in_state",
                        ValueKind.COUNTER,
                        ReadRule.EVERY_TICK,
                        FileSet.sys(COOLING + "stats/time_in_state_ms", "cooling_device{n}")
                                .text(),
                        "TimeInState",
                        "time each cooling device spent in each state, where the kernel keeps thermal statistics")
                .missing("no <sys>/class/thermal/cooling_deviceN/stats/time_in_state_ms on this system"
                        + " (no cooling devices, or a kernel without CONFIG_THERMAL_STATISTICS)")
                .series(SeriesEntry.counter(
                                "cooling_time_in_state.cooling_device{n:\\d+}.state{state:\\d+}",
                                Unit.MILLISECONDS,
                                "time the cooling device spent in this state")
                        .metric(counter(
                                "tickbench_cooling_device_state_seconds_total",
                                "Time a cooling device spent in a state (stats/time_in_state_ms).",
                                "device",
                                "cooling_device{n}",
                                "state",
                                "{state}")));
    }

    private static SourceEntry thermalThrottle() {
        String cpu = "thermal_throttle.cpu{cpu:\\d+}.{level:core|package}_throttle_";
        return SourceEntry.fileSet(
                        "thermal_throttle",
                        ValueKind.COUNTER,
                        FileSet.sys(
                                "devices/system/cpu/cpu{cpu:\\d+}/thermal_throttle/{level:core|package}_throttle_{what:count|total_time_ms}",
                                "cpu{cpu}.{level}_throttle_{what}"),
                        "x86: times and time the processor throttled itself to stay within its limits (core and package level;"
                                + " the package's counts are the same on each CPU of the package)")
                .series(
                        SeriesEntry.counter(cpu + "count", Unit.COUNT, "times the thermal status flag was raised")
                                .metric(counter(
                                        "tickbench_thermal_throttle_events_total",
                                        "Times an x86 core or package throttled itself (thermal_throttle *_throttle_count).",
                                        "cpu",
                                        "{cpu}",
                                        "level",
                                        "{level}")),
                        SeriesEntry.counter(
                                        cpu + "total_time_ms",
                                        Unit.MILLISECONDS,
                                        "time the thermal status flag was raised")
                                .metric(counter(
                                        "tickbench_thermal_throttle_seconds_total",
                                        "Time an x86 core or package throttled itself (thermal_throttle *_throttle_total_time_ms).",
                                        "cpu",
                                        "{cpu}",
                                        "level",
                                        "{level}")));
    }

    private static SourceEntry rapl() {
        String zone = "class/powercap/" + RAPL_ZONE + "/";
        return SourceEntry.read(
                        "rapl",
                        ValueKind.COUNTER,
                        ReadRule.EVERY_TICK,
                        FileSet.sys(zone + "energy_uj", "{zone}.energy_uj"),
                        "Rapl",
                        "RAPL energy of each powercap zone (package, core, uncore, dram, psys): root only since Linux 5.10")
                .missing("no <sys>/class/powercap/intel-rapl:* on this system (no RAPL: not an Intel or AMD x86"
                        + " processor, a virtual machine, or the intel_rapl_msr driver is not loaded)")
                .denied(
                        "RAPL energy is readable by root only since Linux 5.10 (CVE-2020-8694); run the probe as root to see it")
                .series(
                        SeriesEntry.counter(
                                        "rapl." + RAPL_ZONE + ".energy_uj",
                                        Unit.MICROJOULES,
                                        "energy the zone used, unwrapped where the counter wraps at max_energy_range_uj")
                                .metric(counter(
                                        "tickbench_rapl_energy_joules_total",
                                        "Energy a RAPL zone used (energy_uj, unwrapped).",
                                        "zone",
                                        "{zone}",
                                        "name",
                                        "@{zone}.name")),
                        derived(
                                        "rapl." + RAPL_ZONE + ".power_w",
                                        Unit.WATTS,
                                        "the zone's mean power over the window",
                                        Derivation.WALL_RATE,
                                        "rapl.{zone}.energy_uj")
                                .shown("{zone} power")
                                .group(ChartGroups.RAPL)
                                .metric(gauge(
                                        "tickbench_rapl_power_watts",
                                        "Mean power of a RAPL zone over the window.",
                                        "zone",
                                        "{zone}",
                                        "name",
                                        "@{zone}.name",
                                        "window",
                                        "{window}")))
                .attributes(
                        AttributeEntry.file(
                                FileSet.sys(zone + "name", "{zone}.name"),
                                Unit.TEXT,
                                "the zone's name: package-N, core, uncore, dram, psys"),
                        AttributeEntry.file(
                                FileSet.sys(zone + "max_energy_range_uj", "{zone}.max_energy_range_uj"),
                                Unit.MICROJOULES,
                                "where energy_uj wraps to 0"),
                        AttributeEntry.of(
                                RAPL_ZONE + ".cpus",
                                Unit.TEXT,
                                "the CPUs of the zone's package (topology/physical_package_id), for a package-N zone"));
    }

    private static SourceEntry raplLimits() {
        String zone = "class/powercap/" + RAPL_ZONE + "/";
        return SourceEntry.fileSet(
                        "rapl_limits",
                        ValueKind.LEVEL,
                        FileSet.sys(zone + "constraint_{c:\\d+}_power_limit_uw", "{zone}.constraint{c}_power_limit_uw"),
                        "the power limits of each RAPL zone's constraints (long_term PL1, short_term PL2, peak_power)")
                .series(level(
                                "rapl_limits." + RAPL_ZONE + ".constraint{c:\\d+}_power_limit_uw",
                                Unit.MICROWATTS,
                                "a RAPL constraint's power limit: the zone is held at or below it over the constraint's time window")
                        .shown("{zone} constraint{c}", "W", Scale.per(1_000_000L))
                        .csv("{source}.{key}_w")
                        .group(ChartGroups.RAPL)
                        .metric(gauge(
                                "tickbench_rapl_power_limit_watts",
                                "A RAPL constraint's power limit, held between emissions.",
                                "zone",
                                "{zone}",
                                "constraint",
                                "@{zone}.constraint{c}_name")))
                .attributes(
                        AttributeEntry.file(
                                FileSet.sys(zone + "name", "{zone}.name"),
                                Unit.TEXT,
                                "the zone's name: package-N, core, uncore, dram, psys"),
                        AttributeEntry.file(
                                FileSet.sys(zone + "enabled", "{zone}.enabled"),
                                Unit.COUNT,
                                "1 when the zone's limits are enforced"),
                        AttributeEntry.file(
                                FileSet.sys(zone + "constraint_{c:\\d+}_name", "{zone}.constraint{c}_name"),
                                Unit.TEXT,
                                "the constraint's name: long_term, short_term, peak_power"),
                        AttributeEntry.file(
                                FileSet.sys(
                                        zone + "constraint_{c:\\d+}_time_window_us",
                                        "{zone}.constraint{c}_time_window_us"),
                                Unit.MICROSECONDS,
                                "the window the constraint's power is averaged over"));
    }

    private static SourceEntry hwmon() {
        String chip = "class/hwmon/hwmon{chip:\\d+}/";
        String name = chip + "name";
        return SourceEntry.fileSet(
                        "hwmon",
                        ValueKind.LEVEL,
                        FileSet.sys(chip + "temp{sensor:\\d+}_input", "hwmon{chip}.temp{sensor}")
                                .where(name, CPU_HWMON),
                        "the CPU package's hwmon temperatures (coretemp: one per core and the package; k10temp, zenpower)")
                .series(level("hwmon.hwmon{chip:\\d+}.temp{sensor:\\d+}", Unit.MILLICELSIUS, "a CPU temperature sensor")
                        .shown("{key}", "°C", Scale.per(1000))
                        .csv("{source}.{key}_c")
                        .group(ChartGroups.THERMAL)
                        .metric(gauge(
                                "tickbench_hwmon_celsius",
                                "A CPU hwmon temperature, held between emissions.",
                                "chip",
                                "{chip}",
                                "sensor",
                                "{sensor}",
                                "name",
                                "@hwmon{chip}.name",
                                "label",
                                "@hwmon{chip}.temp{sensor}.label")))
                .attributes(
                        AttributeEntry.file(
                                FileSet.sys(name, "hwmon{chip}.name").where(name, CPU_HWMON),
                                Unit.TEXT,
                                "the chip's driver: coretemp, k10temp, zenpower"),
                        AttributeEntry.file(
                                FileSet.sys(chip + "temp{sensor:\\d+}_label", "hwmon{chip}.temp{sensor}.label")
                                        .where(name, CPU_HWMON),
                                Unit.TEXT,
                                "what the sensor measures: Package id 0, Core 3, Tctl"),
                        AttributeEntry.file(
                                FileSet.sys(chip + "temp{sensor:\\d+}_max", "hwmon{chip}.temp{sensor}.max_mc")
                                        .where(name, CPU_HWMON),
                                Unit.MILLICELSIUS,
                                "the sensor's high threshold"),
                        AttributeEntry.file(
                                FileSet.sys(chip + "temp{sensor:\\d+}_crit", "hwmon{chip}.temp{sensor}.crit_mc")
                                        .where(name, CPU_HWMON),
                                Unit.MILLICELSIUS,
                                "the sensor's critical threshold"));
    }
}
