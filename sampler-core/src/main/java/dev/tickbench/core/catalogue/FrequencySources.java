package dev.tickbench.core.catalogue;

import static dev.tickbench.core.catalogue.Metric.counter;
import static dev.tickbench.core.catalogue.Metric.gauge;
import static dev.tickbench.core.catalogue.SeriesEntry.derived;
import static dev.tickbench.core.catalogue.SeriesEntry.level;

import java.util.List;

/**
 * What holds a CPU's clock, the frequency half (docs/clock.md): the cpufreq policies' limits and
 * settings, boost and intel_pstate's knobs, cpufreq statistics, and cpuidle states. Each family of
 * one-number files is one file set read as it is; cpufreq's {@code time_in_state} tables have their
 * parse ({@code TimeInState}). A policy's files are found in its directory in either sysfs
 * layout ({@link FileSet#cpufreqPolicy}): {@code cpufreq/policyN}, or {@code cpuN/cpufreq} on kernels
 * before 4.3 and in copies made without links.
 */
final class FrequencySources {
    private static final String CPUIDLE = "devices/system/cpu/cpu{cpu:\\d+}/cpuidle/state{state:\\d+}/";

    private FrequencySources() {}

    static List<SourceEntry> all() {
        return List.of(policies(), boost(), intelPstate(), transitions(), timeInState(), cpuidle());
    }

    /** The limits can move while the system runs (a cooling device lowers scaling_max_freq): levels, stored on change. */
    private static SourceEntry policies() {
        return SourceEntry.fileSet(
                        "cpufreq_policy",
                        ValueKind.LEVEL,
                        FileSet.cpufreqPolicy(
                                "{limit:scaling_max_freq|scaling_min_freq|cpuinfo_max_freq|cpuinfo_min_freq|scaling_setspeed}",
                                "policy{policy}.{limit}"),
                        "each cpufreq policy's limits (scaling_max_freq, scaling_min_freq), its hardware range (cpuinfo_*) and the"
                                + " userspace governor's setpoint (scaling_setspeed), re-read every tick")
                .series(level(
                                "cpufreq_policy.policy{policy:\\d+}.{limit}",
                                Unit.KILOHERTZ,
                                "a cpufreq policy's limit or setting: scaling_max_freq and scaling_min_freq bound the clock (a cooling"
                                        + " device or a write moves them), cpuinfo_max_freq and cpuinfo_min_freq are the hardware's range,"
                                        + " scaling_setspeed the userspace governor's setpoint")
                        .shown("{key}", "MHz", Scale.per(1000))
                        .csv("{source}.{key}_mhz")
                        .group(ChartGroups.CPUFREQ_LIMITS)
                        .metric(gauge(
                                "tickbench_cpufreq_policy_hertz",
                                "cpufreq policy limits and settings (scaling_max_freq, scaling_min_freq, cpuinfo_max_freq,"
                                        + " cpuinfo_min_freq, scaling_setspeed), held between emissions.",
                                "policy",
                                "{policy}",
                                "setting",
                                "{limit}")))
                .attributes(
                        policyText("governor", "scaling_governor", "the policy's governor, read at open"),
                        policyText(
                                "driver",
                                "scaling_driver",
                                "the cpufreq driver (intel_pstate, acpi-cpufreq, cpufreq-dt…)"),
                        policyText(
                                "related_cpus",
                                "related_cpus",
                                "the CPUs the policy's clock is shared by (online or not)"),
                        policyText("affected_cpus", "affected_cpus", "the online CPUs of the policy"));
    }

    private static AttributeEntry policyText(String key, String file, String description) {
        return AttributeEntry.file(FileSet.cpufreqPolicy(file, "policy{policy}." + key), Unit.TEXT, description);
    }

    private static SourceEntry boost() {
        return SourceEntry.fileSet(
                        "cpufreq_boost",
                        ValueKind.LEVEL,
                        FileSet.sys("devices/system/cpu/cpufreq/boost", "boost"),
                        "whether the cpufreq driver may use boost (turbo) frequencies: acpi-cpufreq, amd-pstate")
                .series(level(
                                "cpufreq_boost.boost",
                                Unit.COUNT,
                                "1 when boost frequencies are allowed, 0 when switched off")
                        .metric(gauge(
                                "tickbench_cpufreq_boost",
                                "1 when the cpufreq driver may use boost frequencies"
                                        + " (devices/system/cpu/cpufreq/boost).")));
    }

    private static SourceEntry intelPstate() {
        String dir = "devices/system/cpu/intel_pstate/";
        return SourceEntry.fileSet(
                        "intel_pstate",
                        ValueKind.LEVEL,
                        FileSet.sys(
                                dir + "{setting:no_turbo|max_perf_pct|min_perf_pct|num_pstates|turbo_pct}",
                                "{setting}"),
                        "intel_pstate's global knobs: turbo off, the performance range in % of the maximum")
                .series(
                        level("intel_pstate.no_turbo", Unit.COUNT, "1 when turbo P-states are switched off")
                                .metric(gauge(
                                        "tickbench_intel_pstate_no_turbo",
                                        "1 when intel_pstate's turbo P-states are off.")),
                        level("intel_pstate.num_pstates", Unit.COUNT, "P-states the processor supports")
                                .metric(gauge(
                                        "tickbench_intel_pstate_pstates",
                                        "P-states the processor supports (intel_pstate).")),
                        level(
                                        "intel_pstate.{setting:max_perf_pct|min_perf_pct|turbo_pct}",
                                        Unit.PERCENT,
                                        "the highest and lowest performance allowed, in % of the maximum, and the turbo range's share")
                                .metric(gauge(
                                        "tickbench_intel_pstate_ratio",
                                        "intel_pstate max_perf_pct, min_perf_pct and turbo_pct as ratios.",
                                        "setting",
                                        "{setting}")))
                .attributes(AttributeEntry.file(
                        FileSet.sys(dir + "status", "status"),
                        Unit.TEXT,
                        "active (intel_pstate governs), passive (intel_cpufreq under a generic governor) or off"));
    }

    private static SourceEntry transitions() {
        return SourceEntry.fileSet(
                        "cpufreq_trans",
                        ValueKind.COUNTER,
                        FileSet.cpufreqPolicy("stats/total_trans", "policy{policy}"),
                        "clock changes of each cpufreq policy (stats/total_trans, where the kernel keeps cpufreq statistics)")
                .series(SeriesEntry.counter(
                                "cpufreq_trans.policy{policy:\\d+}", Unit.COUNT, "the policy's clock changes")
                        .metric(counter(
                                "tickbench_cpufreq_transitions_total",
                                "Clock changes of a cpufreq policy (stats/total_trans).",
                                "policy",
                                "{policy}")));
    }

    private static SourceEntry timeInState() {
        return SourceEntry.read(
                        "cpufreq_time_in_state",
                        ValueKind.COUNTER,
                        ReadRule.EVERY_TICK,
                        FileSet.cpufreqPolicy("stats/time_in_state", "policy{policy}")
                                .text(),
                        "TimeInState",
                        "time each cpufreq policy spent at each frequency (USER_HZ ticks), where the kernel keeps cpufreq statistics")
                .missing(
                        "no <sys>/devices/system/cpu/cpufreq/policyN/stats/time_in_state (nor cpuN/cpufreq/stats/time_in_state)"
                                + " on this system (no cpufreq policies, or a kernel without CONFIG_CPU_FREQ_STAT)")
                .series(SeriesEntry.counter(
                                "cpufreq_time_in_state.policy{policy:\\d+}.{khz:\\d+}",
                                Unit.TICKS,
                                "time the policy ran at this frequency (kHz)")
                        .metric(counter(
                                "tickbench_cpufreq_time_in_state_seconds_total",
                                "Time a cpufreq policy ran at a frequency (stats/time_in_state).",
                                "policy",
                                "{policy}",
                                "khz",
                                "{khz}")));
    }

    private static SourceEntry cpuidle() {
        String cs = "cpuidle.cpu{cpu:\\d+}.state{state:\\d+}.";
        String labels = "@cpu{cpu}.state{state}.name";
        return SourceEntry.fileSet(
                        "cpuidle",
                        ValueKind.COUNTER,
                        FileSet.sys(CPUIDLE + "{field:usage|time|above|below}", "cpu{cpu}.state{state}.{field}"),
                        "each CPU's idle states: entries, time, and entries too deep (above) or too shallow (below)")
                .series(
                        SeriesEntry.counter(cs + "usage", Unit.COUNT, "times the CPU entered the idle state")
                                .metric(counter(
                                        "tickbench_cpuidle_entries_total",
                                        "Times a CPU entered an idle state (cpuidle usage).",
                                        "cpu",
                                        "{cpu}",
                                        "state",
                                        "{state}",
                                        "name",
                                        labels)),
                        SeriesEntry.counter(cs + "time", Unit.MICROSECONDS, "time the CPU spent in the idle state")
                                .metric(counter(
                                        "tickbench_cpuidle_time_seconds_total",
                                        "Time a CPU spent in an idle state (cpuidle time).",
                                        "cpu",
                                        "{cpu}",
                                        "state",
                                        "{state}",
                                        "name",
                                        labels)),
                        SeriesEntry.counter(
                                        cs + "above",
                                        Unit.COUNT,
                                        "entries whose idle time was too short for the state (a shallower one would have fit)")
                                .metric(counter(
                                        "tickbench_cpuidle_above_total",
                                        "Idle state entries too deep for the idle time that followed (cpuidle above).",
                                        "cpu",
                                        "{cpu}",
                                        "state",
                                        "{state}",
                                        "name",
                                        labels)),
                        SeriesEntry.counter(
                                        cs + "below",
                                        Unit.COUNT,
                                        "entries whose idle time was long enough for a deeper state")
                                .metric(counter(
                                        "tickbench_cpuidle_below_total",
                                        "Idle state entries too shallow for the idle time that followed (cpuidle below).",
                                        "cpu",
                                        "{cpu}",
                                        "state",
                                        "{state}",
                                        "name",
                                        labels)),
                        derived(
                                        "cpuidle.cpu{cpu:\\d+}.state{state:\\d+}.residency_pct",
                                        Unit.PERCENT,
                                        "share of wall time the CPU spent in the idle state over the window",
                                        Derivation.WALL_RATE,
                                        "cpuidle.cpu{cpu}.state{state}.time")
                                .shown("cpu{cpu} state{state}")
                                .group(ChartGroups.CPUIDLE)
                                .metric(gauge(
                                        "tickbench_cpuidle_residency_ratio",
                                        "Share of wall time a CPU spent in an idle state, over the window.",
                                        "cpu",
                                        "{cpu}",
                                        "state",
                                        "{state}",
                                        "name",
                                        labels,
                                        "window",
                                        "{window}")))
                .attributes(
                        AttributeEntry.file(
                                FileSet.sys(CPUIDLE + "name", "cpu{cpu}.state{state}.name"),
                                Unit.TEXT,
                                "the idle state's name (POLL, C1E, WFI…)"),
                        AttributeEntry.file(
                                FileSet.sys(CPUIDLE + "latency", "cpu{cpu}.state{state}.latency_us"),
                                Unit.MICROSECONDS,
                                "the state's exit latency"));
    }
}
