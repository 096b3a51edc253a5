package dev.tickbench.core.catalogue;

import static dev.tickbench.core.catalogue.Metric.counter;
import static dev.tickbench.core.catalogue.Metric.gauge;
import static dev.tickbench.core.catalogue.SeriesEntry.derived;
import static dev.tickbench.core.catalogue.SeriesEntry.level;

import java.util.List;

/**
 * The process and cgroup tables (docs/who.md): who is using the CPU, the memory, the disk. Each is read
 * at its own cadence and carries its top N by key, the rest summed; on {@code /metrics} only the named
 * ones are served, each family's series bounded by the table's set (3 × 2N processes, 2 × 2N cgroups).
 */
final class WhoSources {
    /** A named process's keys: {@code <comm>/<pid>@<start>|<field>} (comm escaped, it may hold any character). */
    private static final String PROC = "procs.{comm:.*}/{pid:\\d+}@{start:\\d+}|";

    private static final String[] PROC_LABELS = {"comm", "{comm}", "pid", "{pid}", "start", "{start}"};
    /** A named cgroup's keys: {@code <path>|<field>}. */
    private static final String CGROUP = "cgroups.{cgroup:/.*}|";
    /** What is derived from a named process's counters: {@code who.proc.<comm>/<pid>@<start>.<name>}. */
    private static final String WHO_PROC = "who.proc.{comm:.*}/{pid:\\d+}@{start:\\d+}.";

    private static final String PROC_INPUT = "procs.{comm}/{pid}@{start}|";
    /** What is derived from a named cgroup's counters: {@code who.cgroup.<path>.<name>}. */
    private static final String WHO_CGROUP = "who.cgroup.{cgroup:/.*}.";

    private static final String CGROUP_INPUT = "cgroups.{cgroup}|";

    private WhoSources() {}

    static List<SourceEntry> all() {
        return List.of(processes(), cgroups());
    }

    private static SourceEntry processes() {
        return SourceEntry.of(
                        "procs",
                        ValueKind.COUNTER,
                        ReadRule.TOP_N,
                        "/proc/PID/stat and /proc/PID/io of every process",
                        "processes: the top N by CPU, memory or I/O over the last interval by pid and start time, the rest summed")
                .series(
                        proc(
                                "cpu_user",
                                Unit.TICKS,
                                "user CPU time (stat utime)",
                                "tickbench_top_process_cpu_seconds_total",
                                "CPU time of a process of the top N (stat utime, stime; USER_HZ ticks / user_hz), by mode.",
                                "user"),
                        proc(
                                "cpu_system",
                                Unit.TICKS,
                                "system CPU time (stat stime)",
                                "tickbench_top_process_cpu_seconds_total",
                                "CPU time of a process of the top N (stat utime, stime; USER_HZ ticks / user_hz), by mode.",
                                "system"),
                        proc(
                                "majflt",
                                Unit.COUNT,
                                "major page faults (stat majflt: a page read from disk)",
                                "tickbench_top_process_major_faults_total",
                                "Major page faults of a process of the top N.",
                                null),
                        proc(
                                "read_bytes",
                                Unit.BYTES,
                                "bytes read from storage (io read_bytes; missing when io is not readable)",
                                "tickbench_top_process_storage_read_bytes_total",
                                "Bytes a process of the top N read from storage (io read_bytes).",
                                null),
                        proc(
                                "write_bytes",
                                Unit.BYTES,
                                "bytes sent to storage (io write_bytes; missing when io is not readable)",
                                "tickbench_top_process_storage_written_bytes_total",
                                "Bytes a process of the top N caused to be written to storage (io write_bytes).",
                                null),
                        level(PROC + "rss", Unit.BYTES, "resident memory (stat rss × the page size)")
                                .shown("{comm} {pid}", "MB", Scale.per(1_000_000))
                                .metric(gauge(
                                        "tickbench_top_process_resident_memory_bytes",
                                        "Resident memory of a process of the top N.",
                                        PROC_LABELS)),
                        level(PROC + "threads", Unit.COUNT, "threads (stat num_threads)")
                                .metric(gauge(
                                        "tickbench_top_process_threads",
                                        "Threads of a process of the top N.",
                                        PROC_LABELS)),
                        level(
                                        PROC + "state",
                                        Unit.LETTER,
                                        "state (stat state): R running, S sleeping, D disk sleep, Z zombie, T stopped, I idle…")
                                .metric(gauge(
                                        "tickbench_top_process_state_code",
                                        "State of a process of the top N: the kernel's letter as"
                                                + " its character code (R 82 running, S 83 sleeping, D 68 disk sleep, Z 90 zombie, T 84 stopped, I 73 idle).",
                                        PROC_LABELS)),
                        rest(
                                "cpu_user",
                                Unit.TICKS,
                                "user CPU time of the processes not named",
                                "tickbench_top_process_rest_cpu_seconds_total",
                                "CPU time of the processes outside the top N (their growth while there), by mode.",
                                "user"),
                        rest(
                                "cpu_system",
                                Unit.TICKS,
                                "system CPU time of the processes not named",
                                "tickbench_top_process_rest_cpu_seconds_total",
                                "CPU time of the processes outside the top N (their growth while there), by mode.",
                                "system"),
                        rest(
                                "majflt",
                                Unit.COUNT,
                                "major page faults of the processes not named",
                                "tickbench_top_process_rest_major_faults_total",
                                "Major page faults of the processes outside the top N.",
                                null),
                        rest(
                                "read_bytes",
                                Unit.BYTES,
                                "storage bytes read by the processes not named (those whose io is readable)",
                                "tickbench_top_process_rest_storage_read_bytes_total",
                                "Bytes the processes outside the top N read from storage (those whose io is readable).",
                                null),
                        rest(
                                "write_bytes",
                                Unit.BYTES,
                                "storage bytes written by the processes not named (those whose io is readable)",
                                "tickbench_top_process_rest_storage_written_bytes_total",
                                "Bytes the processes outside the top N caused to be written to storage (those whose io is readable).",
                                null),
                        restLevel(
                                "rss",
                                Unit.BYTES,
                                "resident memory of the processes not named, summed",
                                "tickbench_top_process_rest_resident_memory_bytes",
                                "Resident memory of the processes outside the top N, summed."),
                        restLevel(
                                "threads",
                                Unit.COUNT,
                                "threads of the processes not named",
                                "tickbench_top_process_rest_threads",
                                "Threads of the processes outside the top N."),
                        restLevel(
                                "procs",
                                Unit.COUNT,
                                "processes not named",
                                "tickbench_top_process_rest_processes",
                                "Processes outside the top N."),
                        rest(
                                "started",
                                Unit.COUNT,
                                "processes first seen on a read and not named (a fork storm's children)",
                                "tickbench_top_process_rest_started_total",
                                "Processes first seen on a read that were not named.",
                                null),
                        rest(
                                "exited",
                                Unit.COUNT,
                                "processes gone since the previous read that were not named",
                                "tickbench_top_process_rest_exited_total",
                                "Processes gone since the previous read that were not named.",
                                null),
                        restLevel(
                                "unnamed",
                                Unit.COUNT,
                                "processes that ranked in the top N but were not named: the stream's budget of names was spent",
                                "tickbench_top_process_rest_unnamed",
                                "Processes in the rest that ranked in the top N after the stream's budget of names was spent."),
                        restLevel(
                                "io_unreadable",
                                Unit.COUNT,
                                "processes not named whose io could not be read (their bytes are not in the sums)",
                                "tickbench_top_process_rest_io_unreadable",
                                "Processes outside the top N whose io could not be read."),
                        SeriesEntry.counter(
                                PROC + "read_ns",
                                Unit.NANOSECONDS,
                                "when its stat was read, on the table's clock: the time"
                                        + " its rates divide by (not served on /metrics)"),
                        SeriesEntry.counter(
                                "procs.rest|read_ns",
                                Unit.NANOSECONDS,
                                "when the table was read (the listing's midpoint): the"
                                        + " time the rest's rates divide by"),
                        rate(
                                WHO_PROC + "cpus",
                                Unit.CPUS,
                                "CPUs the process used over the window: (utime + stime) / user_hz per second",
                                PROC_INPUT,
                                "cpu_user",
                                "cpu_system"),
                        rate(
                                WHO_PROC + "read_bytes_per_s",
                                Unit.BYTES_PER_SECOND,
                                "bytes per second it read from storage over the window",
                                PROC_INPUT,
                                "read_bytes"),
                        rate(
                                WHO_PROC + "write_bytes_per_s",
                                Unit.BYTES_PER_SECOND,
                                "bytes per second it sent to storage over the window",
                                PROC_INPUT,
                                "write_bytes"),
                        rate(
                                "who.proc.rest.cpus",
                                Unit.CPUS,
                                "CPUs the processes not named used over the window",
                                "procs.rest|",
                                "cpu_user",
                                "cpu_system"),
                        rate(
                                "who.proc.rest.read_bytes_per_s",
                                Unit.BYTES_PER_SECOND,
                                "bytes per second the processes not named read from storage",
                                "procs.rest|",
                                "read_bytes"),
                        rate(
                                "who.proc.rest.write_bytes_per_s",
                                Unit.BYTES_PER_SECOND,
                                "bytes per second the processes not named sent to storage",
                                "procs.rest|",
                                "write_bytes"))
                .attributes(
                        AttributeEntry.of(
                                "top", Unit.COUNT, "N: a process enters the named set among the first N of a list"),
                        AttributeEntry.of("page_bytes", Unit.BYTES, "the page size rss is multiplied by (AT_PAGESZ)"),
                        AttributeEntry.of("budget_series", Unit.COUNT, "the series the table may name in one stream"),
                        AttributeEntry.of(
                                "budget_bytes", Unit.BYTES, "the bytes of names the table may name in one stream"));
    }

    private static SourceEntry cgroups() {
        return SourceEntry.of(
                        "cgroups",
                        ValueKind.COUNTER,
                        ReadRule.TOP_N,
                        "cpu.stat, memory.current/peak, io.stat, *.pressure (v2); cpu.stat, cpuacct.usage*, memory.*usage_in_bytes,"
                                + " blkio.throttle.io_service_bytes_recursive, unified *.pressure (v1) of every cgroup",
                        "cgroups: the top N by CPU over the last interval or by memory, by path, the rest summed")
                .series(
                        cg(
                                "usage_usec",
                                Unit.MICROSECONDS,
                                "CPU time used",
                                "tickbench_top_cgroup_cpu_usage_seconds_total",
                                "CPU time used by a cgroup of the top N."),
                        cg(
                                "user_usec",
                                Unit.MICROSECONDS,
                                "user CPU time used",
                                "tickbench_top_cgroup_cpu_user_seconds_total",
                                "User CPU time used by a cgroup of the top N."),
                        cg(
                                "system_usec",
                                Unit.MICROSECONDS,
                                "system CPU time used",
                                "tickbench_top_cgroup_cpu_system_seconds_total",
                                "System CPU time used by a cgroup of the top N."),
                        cg(
                                "throttled_usec",
                                Unit.MICROSECONDS,
                                "time its runnable threads waited for quota refill",
                                "tickbench_top_cgroup_cpu_throttled_seconds_total",
                                "Time the runnable threads of a cgroup of the top N waited for quota refill (summed over runqueues)."),
                        cg(
                                "nr_throttled",
                                Unit.COUNT,
                                "periods in which it was throttled",
                                "tickbench_top_cgroup_cpu_throttled_periods_total",
                                "Periods in which a cgroup of the top N was throttled."),
                        cg(
                                "nr_periods",
                                Unit.COUNT,
                                "enforcement periods elapsed",
                                "tickbench_top_cgroup_cpu_periods_total",
                                "Enforcement periods of a cgroup of the top N."),
                        level(
                                        CGROUP + "memory_bytes",
                                        Unit.BYTES,
                                        "memory charged now (memory.current; v1 memory.usage_in_bytes)")
                                .shown("{cgroup}", "MB", Scale.per(1_000_000))
                                .metric(gauge(
                                        "tickbench_top_cgroup_memory_bytes",
                                        "Memory charged to a cgroup of the top N now.",
                                        "cgroup",
                                        "{cgroup}")),
                        level(
                                        CGROUP + "memory_peak_bytes",
                                        Unit.BYTES,
                                        "the most memory charged since it was made (memory.peak, Linux 5.19+;"
                                                + " v1 memory.max_usage_in_bytes)")
                                .metric(gauge(
                                        "tickbench_top_cgroup_memory_peak_bytes",
                                        "Peak memory charged to a cgroup of the top N.",
                                        "cgroup",
                                        "{cgroup}")),
                        cg(
                                "io_read_bytes",
                                Unit.BYTES,
                                "bytes read from storage (io.stat rbytes; v1 blkio Read)",
                                "tickbench_top_cgroup_storage_read_bytes_total",
                                "Bytes a cgroup of the top N read from storage."),
                        cg(
                                "io_write_bytes",
                                Unit.BYTES,
                                "bytes written to storage (io.stat wbytes; v1 blkio Write)",
                                "tickbench_top_cgroup_storage_written_bytes_total",
                                "Bytes a cgroup of the top N wrote to storage."),
                        psi("cpu", "some"),
                        psi("cpu", "full"),
                        psi("memory", "some"),
                        psi("memory", "full"),
                        psi("io", "some"),
                        psi("io", "full"),
                        cgRest(
                                "usage_usec",
                                Unit.MICROSECONDS,
                                "CPU time used by the cgroups not named",
                                "tickbench_top_cgroup_rest_cpu_usage_seconds_total",
                                "CPU time used by the cgroups outside the top N that hold none of it."),
                        cgRest(
                                "user_usec",
                                Unit.MICROSECONDS,
                                "user CPU time of the cgroups not named",
                                "tickbench_top_cgroup_rest_cpu_user_seconds_total",
                                "User CPU time of the cgroups outside the top N that hold none of it."),
                        cgRest(
                                "system_usec",
                                Unit.MICROSECONDS,
                                "system CPU time of the cgroups not named",
                                "tickbench_top_cgroup_rest_cpu_system_seconds_total",
                                "System CPU time of the cgroups outside the top N that hold none of it."),
                        cgRest(
                                "throttled_usec",
                                Unit.MICROSECONDS,
                                "throttled time of the cgroups not named",
                                "tickbench_top_cgroup_rest_cpu_throttled_seconds_total",
                                "Throttled time of the cgroups outside the top N that hold none of it."),
                        cgRest(
                                "nr_throttled",
                                Unit.COUNT,
                                "throttled periods of the cgroups not named",
                                "tickbench_top_cgroup_rest_cpu_throttled_periods_total",
                                "Throttled periods of the cgroups outside the top N that hold none of it."),
                        cgRest(
                                "nr_periods",
                                Unit.COUNT,
                                "enforcement periods of the cgroups not named",
                                "tickbench_top_cgroup_rest_cpu_periods_total",
                                "Enforcement periods of the cgroups outside the top N that hold none of it."),
                        cgRest(
                                "io_read_bytes",
                                Unit.BYTES,
                                "storage bytes read by the cgroups not named",
                                "tickbench_top_cgroup_rest_storage_read_bytes_total",
                                "Bytes the cgroups outside the top N that hold none of it read from storage."),
                        cgRest(
                                "io_write_bytes",
                                Unit.BYTES,
                                "storage bytes written by the cgroups not named",
                                "tickbench_top_cgroup_rest_storage_written_bytes_total",
                                "Bytes the cgroups outside the top N that hold none of it wrote to storage."),
                        level(
                                        "cgroups.rest|memory_bytes",
                                        Unit.BYTES,
                                        "memory charged to the cgroups not named, summed")
                                .metric(gauge(
                                        "tickbench_top_cgroup_rest_memory_bytes",
                                        "Memory charged to the cgroups outside the top N that hold none of it.")),
                        level("cgroups.rest|cgroups", Unit.COUNT, "cgroups neither named nor holding a named one")
                                .metric(gauge(
                                        "tickbench_top_cgroup_rest_cgroups",
                                        "Cgroups outside the top N that hold none of it.")),
                        level(
                                        "cgroups.rest|unnamed",
                                        Unit.COUNT,
                                        "cgroups that ranked in the top N but were not named: the stream's budget was spent")
                                .metric(
                                        gauge(
                                                "tickbench_top_cgroup_rest_unnamed",
                                                "Cgroups that ranked in the top N after the stream's budget of names was spent.")),
                        SeriesEntry.counter(
                                CGROUP + "read_ns",
                                Unit.NANOSECONDS,
                                "when its cpu.stat was read, on the table's clock: the"
                                        + " time its rates divide by (not served on /metrics)"),
                        SeriesEntry.counter(
                                "cgroups.rest|read_ns",
                                Unit.NANOSECONDS,
                                "when the table was read (the walk's midpoint): the"
                                        + " time the rest's rates divide by"),
                        rate(
                                WHO_CGROUP + "usage_cpus",
                                Unit.CPUS,
                                "CPUs the cgroup used over the window (usage_usec per second)",
                                CGROUP_INPUT,
                                "usage_usec"),
                        rate(
                                WHO_CGROUP + "read_bytes_per_s",
                                Unit.BYTES_PER_SECOND,
                                "bytes per second it read from storage over the window",
                                CGROUP_INPUT,
                                "io_read_bytes"),
                        rate(
                                WHO_CGROUP + "write_bytes_per_s",
                                Unit.BYTES_PER_SECOND,
                                "bytes per second it wrote to storage over the window",
                                CGROUP_INPUT,
                                "io_write_bytes"),
                        stall("cpu", "some"),
                        stall("cpu", "full"),
                        stall("memory", "some"),
                        stall("memory", "full"),
                        stall("io", "some"),
                        stall("io", "full"),
                        rate(
                                "who.cgroup.rest.usage_cpus",
                                Unit.CPUS,
                                "CPUs the cgroups not named used over the window",
                                "cgroups.rest|",
                                "usage_usec"))
                .attributes(
                        AttributeEntry.of(
                                "top", Unit.COUNT, "N: a cgroup enters the named set among the first N of a list"),
                        AttributeEntry.of(
                                "hierarchy", Unit.TEXT, "the mount the cgroups are listed from (the CPU hierarchy)"),
                        AttributeEntry.of("version", Unit.COUNT, "its version, 1 or 2"),
                        AttributeEntry.of("budget_series", Unit.COUNT, "the series the table may name in one stream"),
                        AttributeEntry.of(
                                "budget_bytes", Unit.BYTES, "the bytes of names the table may name in one stream"));
    }

    /**
     * A counter per second over the window, from {@code fields} of a table's {@code input} key (added up),
     * over the time between the entry's own reads ({@code read_ns}).
     */
    private static SeriesEntry rate(String name, Unit unit, String description, String input, String... fields) {
        String[] inputs = new String[fields.length + 1];
        for (int i = 0; i < fields.length; i++) {
            inputs[i] = input + fields[i];
        }
        inputs[fields.length] = input + "read_ns";
        return derived(name, unit, description, Derivation.READ_TIME_RATE, inputs);
    }

    /** A named cgroup's stall share of one resource and kind, over the time between its own reads. */
    private static SeriesEntry stall(String resource, String kind) {
        return rate(
                WHO_CGROUP + resource + "_" + kind + "_pct",
                Unit.PERCENT,
                "share of the time " + (kind.equals("some") ? "some" : "all") + " of its tasks stalled on " + resource
                        + " over the window",
                CGROUP_INPUT,
                resource + "_" + kind + "_usec");
    }

    private static SeriesEntry proc(
            String field, Unit unit, String description, String family, String help, String mode) {
        String[] labels = mode == null
                ? PROC_LABELS
                : new String[] {"comm", "{comm}", "pid", "{pid}", "start", "{start}", "mode", mode};
        SeriesEntry e = SeriesEntry.counter(PROC + field, unit, description).metric(counter(family, help, labels));
        return field.equals("cpu_user") || field.equals("cpu_system") ? e.shown("{comm} {pid} " + mode) : e;
    }

    private static SeriesEntry rest(
            String field, Unit unit, String description, String family, String help, String mode) {
        return SeriesEntry.counter("procs.rest|" + field, unit, description)
                .metric(mode == null ? counter(family, help) : counter(family, help, "mode", mode));
    }

    private static SeriesEntry restLevel(String field, Unit unit, String description, String family, String help) {
        return level("procs.rest|" + field, unit, description).metric(gauge(family, help));
    }

    private static SeriesEntry cg(String field, Unit unit, String description, String family, String help) {
        return SeriesEntry.counter(CGROUP + field, unit, description)
                .metric(counter(family, help, "cgroup", "{cgroup}"));
    }

    private static SeriesEntry cgRest(String field, Unit unit, String description, String family, String help) {
        return SeriesEntry.counter("cgroups.rest|" + field, unit, description).metric(counter(family, help));
    }

    private static SeriesEntry psi(String resource, String kind) {
        return SeriesEntry.counter(
                        CGROUP + resource + "_" + kind + "_usec",
                        Unit.MICROSECONDS,
                        "time " + (kind.equals("some") ? "some" : "all") + " of its tasks stalled on " + resource + " ("
                                + resource + ".pressure " + kind + " total)")
                .metric(counter(
                        "tickbench_top_cgroup_pressure_stalled_seconds_total",
                        "Time tasks of a cgroup of the top N stalled (its *.pressure totals), by resource and kind.",
                        "cgroup",
                        "{cgroup}",
                        "resource",
                        resource,
                        "kind",
                        kind));
    }
}
