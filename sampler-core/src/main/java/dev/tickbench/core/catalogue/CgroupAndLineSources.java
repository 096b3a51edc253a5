package dev.tickbench.core.catalogue;

import static dev.tickbench.core.catalogue.Metric.counter;
import static dev.tickbench.core.catalogue.Metric.gauge;
import static dev.tickbench.core.catalogue.SeriesEntry.derived;
import static dev.tickbench.core.catalogue.SeriesEntry.level;

import java.util.List;

/**
 * The cgroup CPU counters of a walk target (docs/walk.md) and what is derived from them, and the values
 * that come in lines of their own (FORMAT.md): the throttle's line, the kernel log, the probe's own
 * memory limit, the cgroup limits and the probe's own cost (the self line).
 */
final class CgroupAndLineSources {
    private CgroupAndLineSources() {}

    static List<SourceEntry> all() {
        return List.of(cgroupCpu(), throttle(), kmsg(), limits(), cgroupLimits(), self());
    }

    private static SourceEntry cgroupCpu() {
        return SourceEntry.of(
                        "cgroup_cpu",
                        ValueKind.COUNTER,
                        ReadRule.EVERY_TICK,
                        "cpu.stat (v2), cpuacct.usage and cpu.stat (v1) of the target and each ancestor",
                        "CPU bandwidth counters per cgroup level, keys <level path>|<field>")
                .series(
                        cg(
                                "nr_periods",
                                Unit.COUNT,
                                "enforcement periods elapsed",
                                "tickbench_cgroup_cpu_periods_total",
                                "Enforcement periods elapsed (cpu.stat nr_periods)."),
                        cg(
                                "nr_throttled",
                                Unit.COUNT,
                                "periods in which the cgroup was throttled",
                                "tickbench_cgroup_cpu_throttled_periods_total",
                                "Periods in which the cgroup was throttled."),
                        cg(
                                "throttled_usec",
                                Unit.MICROSECONDS,
                                "time runnable threads waited for quota refill",
                                "tickbench_cgroup_cpu_throttled_seconds_total",
                                "Time runnable threads waited for quota refill (summed over runqueues, may exceed 1 s/s)."),
                        cg(
                                "usage_usec",
                                Unit.MICROSECONDS,
                                "CPU time used",
                                "tickbench_cgroup_cpu_usage_seconds_total",
                                "CPU time used by the cgroup."),
                        cg(
                                "user_usec",
                                Unit.MICROSECONDS,
                                "user CPU time used",
                                "tickbench_cgroup_cpu_user_seconds_total",
                                "User CPU time used by the cgroup."),
                        cg(
                                "system_usec",
                                Unit.MICROSECONDS,
                                "system CPU time used",
                                "tickbench_cgroup_cpu_system_seconds_total",
                                "System CPU time used by the cgroup."),
                        cg(
                                "nr_bursts",
                                Unit.COUNT,
                                "periods in which burst credit was used",
                                "tickbench_cgroup_cpu_bursts_total",
                                "Periods in which burst credit was used."),
                        cg(
                                "burst_usec",
                                Unit.MICROSECONDS,
                                "burst credit used",
                                "tickbench_cgroup_cpu_burst_seconds_total",
                                "Burst credit used."),
                        // not a kernel counter: the delta is the time between this level's own reads, what its rates
                        // divide by (docs/derived-series.md); not served on /metrics
                        SeriesEntry.counter(
                                "cgroup_cpu.{cgroup:.+}|read_ns",
                                Unit.NANOSECONDS,
                                "time between this level's own reads of its counters (what its rates divide by)"),
                        derived(
                                        "cgroup.{cgroup:.+}.usage_cpus",
                                        Unit.CPUS,
                                        "CPUs used by the cgroup",
                                        Derivation.READ_TIME_RATE,
                                        "cgroup_cpu.{cgroup}|usage_usec",
                                        "cgroup_cpu.{cgroup}|read_ns")
                                .shown("{cgroup}")
                                .group(ChartGroups.CGROUP_USAGE)
                                .metric(gauge(
                                        "tickbench_cgroup_cpu_usage_cpus",
                                        "CPUs used by the cgroup, over the window.",
                                        "cgroup",
                                        "{cgroup}",
                                        "window",
                                        "{window}")),
                        derived(
                                        "cgroup.{cgroup:.+}.throttled_pct",
                                        Unit.PERCENT,
                                        "share of enforcement periods that throttled",
                                        Derivation.RATIO,
                                        "cgroup_cpu.{cgroup}|nr_throttled",
                                        "cgroup_cpu.{cgroup}|nr_periods")
                                .shown("{cgroup}")
                                .group(ChartGroups.CGROUP_THROTTLED)
                                .metric(gauge(
                                        "tickbench_cgroup_cpu_throttled_periods_ratio",
                                        "Share of enforcement periods that throttled, over the window.",
                                        "cgroup",
                                        "{cgroup}",
                                        "window",
                                        "{window}")),
                        derived(
                                        "cgroup.{cgroup:.+}.throttled_s_per_s",
                                        Unit.SECONDS_PER_SECOND,
                                        "throttled time per second of wall time",
                                        Derivation.READ_TIME_RATE,
                                        "cgroup_cpu.{cgroup}|throttled_usec",
                                        "cgroup_cpu.{cgroup}|read_ns")
                                .shown("{cgroup}")
                                .group(ChartGroups.CGROUP_THROTTLED_TIME)
                                .metric(gauge(
                                        "tickbench_cgroup_cpu_throttled_seconds_per_second",
                                        "Throttled time per second of wall time (summed over CPUs), over the window.",
                                        "cgroup",
                                        "{cgroup}",
                                        "window",
                                        "{window}")))
                .attributes(
                        AttributeEntry.of("target", Unit.TEXT, "the target's cgroup path"),
                        AttributeEntry.of("version", Unit.COUNT, "the cgroup hierarchy's version, 1 or 2"),
                        AttributeEntry.of(
                                "levels", Unit.TEXT, "the level paths read, leaf first (a removed level is left out)"));
    }

    private static SeriesEntry cg(String field, Unit unit, String description, String family, String help) {
        return SeriesEntry.counter("cgroup_cpu.{cgroup:.+}|" + field, unit, description)
                .metric(counter(family, help, "cgroup", "{cgroup}"));
    }

    /** The iowait throttle's line, once a second (docs/throttle.md); plotted as the throttle's two tracks. */
    private static SourceEntry throttle() {
        return SourceEntry.of(
                        "throttle",
                        ValueKind.LEVEL,
                        ReadRule.OWN_LINE,
                        "the throttle line",
                        "the iowait throttle, once a second: iowait, its smoothed value, the concurrency it allows")
                .series(
                        level("throttle.iowait", Unit.PERCENT, "iowait share of CPU time over the last second")
                                .shown("iowait raw")
                                .group(ChartGroups.THROTTLE)
                                .metric(gauge(
                                        "tickbench_throttle_iowait_ratio",
                                        "iowait share of CPU time over the last second.")),
                        level("throttle.smoothed", Unit.PERCENT, "iowait, mean of the last 5 samples")
                                .shown("iowait smoothed")
                                .group(ChartGroups.THROTTLE)
                                .metric(gauge(
                                        "tickbench_throttle_iowait_smoothed_ratio",
                                        "iowait, mean of the last 5 samples.")),
                        level("throttle.effective", Unit.SLOTS, "concurrency the throttle allows now")
                                .shown("effective")
                                .group(ChartGroups.THROTTLE_EFFECTIVE)
                                .metric(gauge(
                                        "tickbench_throttle_effective_concurrency",
                                        "Concurrency the throttle allows now.")),
                        level("throttle.ceiling", Unit.SLOTS, "the concurrency ceiling")
                                .shown("ceiling")
                                .group(ChartGroups.THROTTLE_EFFECTIVE)
                                .metric(gauge("tickbench_throttle_ceiling_concurrency", "Concurrency ceiling.")),
                        level("throttle.grow_spread_s", Unit.SECONDS, "wait before the next growth step")
                                .metric(gauge(
                                        "tickbench_throttle_grow_spread_seconds",
                                        "Wait before the next growth step.")));
    }

    private static SourceEntry kmsg() {
        return SourceEntry.of(
                        "kmsg",
                        ValueKind.EVENT,
                        ReadRule.EVERY_TICK,
                        "/dev/kmsg",
                        "kernel log records, drained every tick, each a line of its own at its own kernel time")
                .series(SeriesEntry.event(
                        "kmsg", "a kernel log record: priority, facility, text; marked on every chart"));
    }

    private static SourceEntry limits() {
        return SourceEntry.of(
                        "limits",
                        ValueKind.LEVEL,
                        ReadRule.HEARTBEAT,
                        "the probe's own cgroup memory.max",
                        "limits the probe runs under, in the sample's limits field")
                .series(level(
                                "limits.memory_max",
                                Unit.BYTES,
                                "the probe's own cgroup memory.max (null: max, no limit)")
                        .metric(gauge("tickbench_limit_memory_max_bytes", "The probe's own cgroup memory.max.")));
    }

    /** The cgroup_limits line: per level of the target, its CPU bandwidth settings (keys {@code <path>|<field>}). */
    private static SourceEntry cgroupLimits() {
        return SourceEntry.of(
                        "cgroup_limits",
                        ValueKind.LEVEL,
                        ReadRule.OWN_LINE,
                        "cpu.max, cpu.max.burst, cpu.weight (v2); cfs_*, shares (v1)",
                        "the CPU limits of the target and each ancestor, at start and whenever one changes")
                .series(
                        limit(
                                "quota_us",
                                Unit.MICROSECONDS,
                                "CPU quota per period (absent: max)",
                                "tickbench_cgroup_cpu_quota_seconds",
                                "CPU quota per period (absent: max)."),
                        limit(
                                "period_us",
                                Unit.MICROSECONDS,
                                "CPU bandwidth period",
                                "tickbench_cgroup_cpu_period_seconds",
                                "CPU bandwidth period."),
                        limit(
                                "burst_us",
                                Unit.MICROSECONDS,
                                "CPU burst credit allowed",
                                "tickbench_cgroup_cpu_burst_limit_seconds",
                                "CPU burst credit allowed."),
                        limit(
                                "weight",
                                Unit.COUNT,
                                "the cgroup's cpu.weight (v2)",
                                "tickbench_cgroup_cpu_weight",
                                "cpu.weight (v2)."),
                        limit(
                                "shares",
                                Unit.COUNT,
                                "the cgroup's cpu.shares (v1)",
                                "tickbench_cgroup_cpu_shares",
                                "cpu.shares (v1)."));
    }

    /**
     * The self line, once a second: what the probe costs the host it watches (FORMAT.md, "self"). Its CPU
     * share is drawn on the CPU track beside busy, in the same unit (a share of all the host's CPU time),
     * so that the part of the busy line that is the probe shows. The process's own CPU seconds and RSS on
     * {@code /metrics} come from the serving probe itself ({@code tickbench_probe_*}), not from these.
     */
    private static SourceEntry self() {
        return SourceEntry.of(
                        "self",
                        ValueKind.LEVEL,
                        ReadRule.OWN_LINE,
                        "the self line",
                        "the probe's own cost, once a second: its CPU time, its memory, and each source's CPU per tick")
                .series(
                        level(
                                        "self.cpu_pct",
                                        Unit.PERCENT,
                                        "the probe's CPU time over the last second as a share of all the host's CPU time (as cpu.busy_pct)")
                                .shown("probe")
                                .group(ChartGroups.CPU)
                                .metric(
                                        gauge(
                                                "tickbench_probe_cpu_ratio",
                                                "CPU time of the probe over the last second, as a share of all the host's CPU time.")),
                        level(
                                "self.cpu_ns",
                                Unit.NANOSECONDS,
                                "the probe process's CPU time (every thread) in the line's window"),
                        level(
                                "self.sampler_cpu_ns",
                                Unit.NANOSECONDS,
                                "the sampler thread's CPU time in the line's window"),
                        level("self.ticks", Unit.COUNT, "samples taken in the line's window"),
                        level("self.window_ns", Unit.NANOSECONDS, "the time the line's CPU figures cover"),
                        level("self.rss_bytes", Unit.BYTES, "the probe's resident memory (VmRSS)")
                                .shown("probe RSS", "MB", Scale.per(1_000_000))
                                .group(ChartGroups.PROBE_MEMORY),
                        level("self.sources_window_s", Unit.SECONDS, "the window the per-source costs cover (10 s)"),
                        level(
                                        "self.source_ns_per_tick.{src}",
                                        Unit.NANOSECONDS,
                                        "the sampler thread's CPU time per tick spent on the source (read, parse, encode), over the last 10 s")
                                .shown("{src}", "µs", Scale.per(1000))
                                .group(ChartGroups.PROBE_COST)
                                .metric(gauge(
                                        "tickbench_source_tick_cpu_seconds",
                                        "CPU time the sampler thread spends per tick on the source (read, parse, encode), mean over the last 10 s.",
                                        "source",
                                        "{src}")));
    }

    private static SeriesEntry limit(String field, Unit unit, String description, String family, String help) {
        return level("cgroup_limits.{cgroup:.+}|" + field, unit, description)
                .metric(gauge(family, help, "cgroup", "{cgroup}"));
    }
}
