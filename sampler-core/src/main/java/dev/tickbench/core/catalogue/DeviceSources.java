package dev.tickbench.core.catalogue;

import static dev.tickbench.core.catalogue.Metric.counter;
import static dev.tickbench.core.catalogue.Metric.gauge;
import static dev.tickbench.core.catalogue.SeriesEntry.derived;
import static dev.tickbench.core.catalogue.SeriesEntry.level;

import java.util.ArrayList;
import java.util.List;

/**
 * The sources of {@code /sys} and of the PMU (FORMAT.md, "Keys per source"; docs/pmu.md): thermal zones,
 * cpufreq, MTD ECC counters and the perf event groups, with what the workbench derives from the PMU.
 */
final class DeviceSources {
    private static final String MTD = "class/mtd/mtd{n:\\d+}/";

    private DeviceSources() {}

    static List<SourceEntry> all() {
        List<SourceEntry> all = new ArrayList<>(List.of(thermal(), cpufreq(), mtd()));
        all.add(pmu("pmu_hw", "hw", "hardware counters per CPU (perf_event_open, system-wide)"));
        all.add(pmu("pmu_sw", "sw", "kernel software events per CPU (perf_event_open, system-wide)"));
        return all;
    }

    private static SourceEntry thermal() {
        return SourceEntry.family(
                        "thermal_zone{n:\\d+}",
                        ValueKind.LEVEL,
                        ReadRule.DECLARED,
                        FileSet.sys("class/thermal/thermal_zone{n:\\d+}/temp", "temp"),
                        "ThermalZone",
                        "thermal",
                        "one thermal zone's temperature, read at the zone's declared polling delay")
                .missing("no thermal zones in <sys>/class/thermal")
                .series(level("thermal_zone{n:\\d+}.temp", Unit.MILLICELSIUS, "the zone's temperature")
                        .shown("{source}", "°C", Scale.per(1000))
                        .csv("{source}_c")
                        .group(ChartGroups.THERMAL)
                        .metric(gauge(
                                "tickbench_thermal_celsius",
                                "Thermal zone temperature, held between reads at the zone's cadence.",
                                "zone",
                                "{source}",
                                "type",
                                "@type")))
                .attributes(
                        AttributeEntry.of("type", Unit.TEXT, "the zone's type (cpu-thermal, x86_pkg_temp)"),
                        AttributeEntry.of(
                                "polling_delay_ms",
                                Unit.MILLISECONDS,
                                "how often the kernel itself re-reads the sensor: the zone's cadence (docs/cadence.md)"),
                        AttributeEntry.of(
                                "polling_delay_from",
                                Unit.TEXT,
                                "device-tree when the delay came from the device tree"),
                        AttributeEntry.of(
                                "crit_mc", Unit.MILLICELSIUS, "the temperature of the zone's critical trip point"),
                        AttributeEntry.of(
                                "mode", Unit.TEXT, "enabled or disabled: whether the kernel acts on the zone's trips"),
                        AttributeEntry.of(
                                "trip{t:\\d+}.type", Unit.TEXT, "a trip point's type: active, passive, hot, critical"),
                        AttributeEntry.of(
                                "trip{t:\\d+}.temp_mc", Unit.MILLICELSIUS, "the temperature the trip point acts at"),
                        AttributeEntry.of(
                                "trip{t:\\d+}.hyst_mc",
                                Unit.MILLICELSIUS,
                                "how far below its temperature the zone must fall before the trip lets go"),
                        AttributeEntry.of(
                                "cdev{k:\\d+}.device",
                                Unit.TEXT,
                                "a cooling device bound to the zone (cooling_deviceN)"),
                        AttributeEntry.of(
                                "cdev{k:\\d+}.trip",
                                Unit.COUNT,
                                "the trip point the cooling device is bound to (-1: none)"),
                        AttributeEntry.of("cdev{k:\\d+}.weight", Unit.COUNT, "the binding's weight"));
    }

    private static SourceEntry cpufreq() {
        return SourceEntry.read(
                        "cpufreq",
                        ValueKind.LEVEL,
                        ReadRule.CHANGE_OR_POLICY,
                        FileSet.sys("devices/system/cpu/cpu{cpu:\\d+}/cpufreq/scaling_cur_freq", "cpu{cpu}"),
                        "CpuFreq",
                        "each CPU's current clock")
                .missing("no cpufreq on this board (no <sys>/devices/system/cpu/cpuN/cpufreq/scaling_cur_freq)")
                .series(level("cpufreq.cpu{cpu:\\d+}", Unit.KILOHERTZ, "the CPU's current clock (scaling_cur_freq)")
                        .shown("{key}", "MHz", Scale.per(1000))
                        .csv("{source}.{key}_mhz")
                        .group(ChartGroups.CPU_FREQ)
                        .metric(gauge(
                                "tickbench_cpufreq_hertz",
                                "Current CPU clock (scaling_cur_freq), held between emissions.",
                                "cpu",
                                "{cpu}")))
                .attributes(
                        AttributeEntry.of(
                                "cpu{cpu:\\d+}.governor", Unit.TEXT, "the CPU's cpufreq governor, read at open"),
                        AttributeEntry.of("cpu{cpu:\\d+}.min_khz", Unit.KILOHERTZ, "scaling_min_freq, read at open"),
                        AttributeEntry.of("cpu{cpu:\\d+}.max_khz", Unit.KILOHERTZ, "scaling_max_freq, read at open"),
                        AttributeEntry.of(
                                "limited_by",
                                Unit.TEXT,
                                "the cooling devices that can lower a policy's scaling_max_freq while the system runs (docs/clock.md)"));
    }

    private static SourceEntry mtd() {
        // mtdN only: mtdNro is the same partition, read-only; NOR flash has no ECC files, so its keys are left out
        return SourceEntry.read(
                        "mtd",
                        ValueKind.LEVEL,
                        ReadRule.PERIODIC_BUDGET,
                        FileSet.sys(
                                MTD + "{field:corrected_bits"
                                        + "|ecc_failures|bad_blocks|bbt_blocks|bitflip_threshold|ecc_strength}",
                                "mtd{n}.{field}"),
                        null,
                        "NAND wear: ECC counters of each MTD partition")
                .missing("no <sys>/class/mtd on this board")
                .series(
                        mtdField(
                                "corrected_bits",
                                counter(
                                        "tickbench_mtd_ecc_corrected_total",
                                        "Bit flips ECC corrected since boot.",
                                        "device",
                                        "{device}"),
                                "bit flips ECC corrected since boot"),
                        mtdField(
                                "ecc_failures",
                                counter(
                                        "tickbench_mtd_ecc_failures_total",
                                        "Uncorrectable ECC errors since boot.",
                                        "device",
                                        "{device}"),
                                "uncorrectable ECC errors since boot"),
                        mtdField(
                                "bad_blocks",
                                gauge("tickbench_mtd_bad_blocks", "Blocks marked bad.", "device", "{device}"),
                                "blocks marked bad"),
                        mtdField(
                                "bbt_blocks",
                                gauge(
                                        "tickbench_mtd_bbt_blocks",
                                        "Blocks reserved for the bad block table.",
                                        "device",
                                        "{device}"),
                                "blocks reserved for the bad block table"),
                        mtdField(
                                "bitflip_threshold",
                                gauge(
                                        "tickbench_mtd_bitflip_threshold",
                                        "Bit flips per region that mark a block for scrubbing.",
                                        "device",
                                        "{device}"),
                                "bit flips per region that mark a block for scrubbing"),
                        mtdField(
                                "ecc_strength",
                                gauge(
                                        "tickbench_mtd_ecc_strength",
                                        "Bits the ECC can correct per region.",
                                        "device",
                                        "{device}"),
                                "bits the ECC can correct per region"))
                .attributes(AttributeEntry.file(
                        FileSet.sys(MTD + "name", "mtd{n}.name"), Unit.TEXT, "the partition's name"));
    }

    /** Every MTD value is carried absolute (a level source); the ECC counts only go up, so they are counters on /metrics. */
    private static SeriesEntry mtdField(String field, Metric metric, String description) {
        return level("mtd.{device:.+}." + field, Unit.COUNT, description).metric(metric);
    }

    /** One perf event group ({@code hw} or {@code sw}): per CPU, its events and its enabled and running times. */
    private static SourceEntry pmu(String source, String group, String description) {
        String cpu = source + ".cpu{cpu:\\d+}.";
        SourceEntry s = SourceEntry.of(
                        source, ValueKind.COUNTER, ReadRule.CHOSEN, "perf_event_open(2) per CPU", description)
                .attributes(
                        AttributeEntry.of("events", Unit.TEXT, "the events counted (their keys)"),
                        AttributeEntry.of("missing_events", Unit.TEXT, "events this PMU cannot count, left out"),
                        AttributeEntry.of("cpus", Unit.TEXT, "the CPUs whose group opened"),
                        AttributeEntry.of("missing_cpus", Unit.TEXT, "CPUs whose group did not open"),
                        AttributeEntry.of("scaled", Unit.TEXT, "how multiplexed counts are scaled (docs/pmu.md)"))
                .series(
                        SeriesEntry.counter(cpu + "enabled_ns", Unit.NANOSECONDS, "time the CPU's group was enabled")
                                .metric(counter(
                                        "tickbench_pmu_group_enabled_seconds_total",
                                        "Time the CPU's perf event group was enabled.",
                                        "group",
                                        group,
                                        "cpu",
                                        "{cpu}")),
                        SeriesEntry.counter(
                                        cpu + "running_ns",
                                        Unit.NANOSECONDS,
                                        "time the CPU's group was on the PMU; below enabled, its counts are scaled estimates")
                                .metric(counter(
                                        "tickbench_pmu_group_running_seconds_total",
                                        "Time the CPU's perf event group was on the PMU; below enabled, its counts are scaled estimates.",
                                        "group",
                                        group,
                                        "cpu",
                                        "{cpu}")),
                        SeriesEntry.counter(cpu + "cpu_clock_ns", Unit.NANOSECONDS, "the cpu-clock software event")
                                .metric(counter(
                                        "tickbench_pmu_cpu_clock_seconds_total",
                                        "cpu-clock software event per CPU (perf_event_open, system-wide).",
                                        "cpu",
                                        "{cpu}")));
        if (group.equals("hw")) {
            List<SeriesEntry> hw = new ArrayList<>();
            hw.add(SeriesEntry.counter(
                            cpu + "{event:.+}",
                            Unit.COUNT,
                            "a hardware event (cycles, instructions, cache references and misses, branch misses)")
                    .metric(counter(
                            "tickbench_pmu_hw_events_total",
                            "Hardware events per CPU (perf_event_open, system-wide; scaled when multiplexed).",
                            "cpu",
                            "{cpu}",
                            "event",
                            "{event}")));
            hw.addAll(ratio(
                    "ipc",
                    "IPC",
                    Scale.ONE,
                    ChartGroups.PMU_IPC,
                    "instructions per cycle over the last second",
                    "tickbench_pmu_instructions_per_cycle",
                    "Instructions per cycle over the last second of samples, per CPU and over all (cpu=\"all\").",
                    "instructions",
                    "cycles"));
            hw.addAll(ratio(
                    "cache_miss_ratio",
                    "%",
                    Scale.times(100),
                    ChartGroups.PMU_CACHE_MISS,
                    "cache misses per cache reference over the last second",
                    "tickbench_pmu_cache_miss_ratio",
                    "Cache misses per cache reference over the last second of samples, per CPU and over all.",
                    "cache_misses",
                    "cache_references"));
            return s.series(hw.toArray(SeriesEntry[]::new));
        }
        return s.series(
                SeriesEntry.counter(
                                cpu + "{event:.+}",
                                Unit.COUNT,
                                "a software event (context switches, page faults, migrations)")
                        .metric(counter(
                                "tickbench_pmu_sw_events_total",
                                "Kernel software events per CPU (perf_event_open, system-wide).",
                                "cpu",
                                "{cpu}",
                                "event",
                                "{event}")),
                perSecond("context_switches", "switches"),
                perSecond("page_faults", "faults"));
    }

    /** A PMU ratio (PmuRatios) per CPU and over all CPUs ({@code cpu="all"}), each its own entry. */
    private static List<SeriesEntry> ratio(
            String name,
            String shownUnit,
            Scale shown,
            String group,
            String description,
            String family,
            String help,
            String numerator,
            String denominator) {
        return List.of(
                derived(
                                "pmu_hw.all." + name,
                                Unit.RATIO,
                                description + ", all CPUs",
                                Derivation.PMU_RATIO,
                                "pmu_hw.cpu*." + numerator,
                                "pmu_hw.cpu*." + denominator)
                        .shown("all CPUs", shownUnit, shown)
                        .group(group)
                        .metric(gauge(family, help, "cpu", "all", "window", "{window}")),
                derived(
                                "pmu_hw.cpu{cpu:\\d+}." + name,
                                Unit.RATIO,
                                description + ", one CPU",
                                Derivation.PMU_RATIO,
                                "pmu_hw.cpu{cpu}." + numerator,
                                "pmu_hw.cpu{cpu}." + denominator)
                        .shown("cpu{cpu}", shownUnit, shown)
                        .group(group)
                        .metric(gauge(family, help, "cpu", "{cpu}", "window", "{window}")));
    }

    /** A software event per second of the time the group counted ({@code enabled_ns}), not of the tick's length. */
    private static SeriesEntry perSecond(String event, String shortName) {
        return derived(
                        "pmu_sw.cpu{cpu:\\d+}." + event + "_per_s",
                        Unit.PER_SECOND,
                        event.replace('_', ' ') + " per second of one CPU",
                        Derivation.PER_COUNTED_SECOND,
                        "pmu_sw.cpu{cpu}." + event,
                        "pmu_sw.cpu{cpu}.enabled_ns")
                .shown("cpu{cpu} " + shortName)
                .group(ChartGroups.PMU_SOFTWARE);
    }
}
