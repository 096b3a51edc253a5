package dev.tickbench.core.catalogue;

import static dev.tickbench.core.catalogue.Metric.counter;
import static dev.tickbench.core.catalogue.Metric.gauge;
import static dev.tickbench.core.catalogue.SeriesEntry.derived;
import static dev.tickbench.core.catalogue.SeriesEntry.level;

import java.util.List;

/**
 * The sources of {@code /proc} (FORMAT.md, "Keys per source"), each with its file, the parse that reads
 * it (a class of {@code dev.tickbench.core.source}), its series and the derived series computed from it
 * (docs/derived-series.md).
 */
final class ProcSources {
    /** The {@code cpu} fields the CPU-time formula sums (docs/derived-series.md: guest is already in user). */
    private static final String[] CPU_TIME = {"user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal"};
    /** The name of a block device's derived series: {@code disk.sda.busy_pct}. */
    private static final String DISK = "disk.{device:.+}";
    /** vmstat {@code nr_*} items that are cumulative event counts, not page counts. */
    private static final String VMSTAT_NR_COUNTERS =
            "nr_dirtied|nr_written|nr_throttled_written|nr_foll_pin_acquired|nr_foll_pin_released";

    private ProcSources() {}

    static List<SourceEntry> all() {
        return List.of(
                stat(),
                perCpuTable(
                        "interrupts",
                        "irq",
                        "Interrupts served by each CPU (all IRQs).",
                        "Interrupts per IRQ line (all CPUs), from /proc/interrupts.",
                        "IRQ line"),
                perCpuTable(
                        "softirqs",
                        "type",
                        "Softirqs run on each CPU (all types).",
                        "Softirqs per type (all CPUs), from /proc/softirqs.",
                        "softirq type"),
                vmstat(),
                meminfo(),
                diskstats(),
                yaffs(),
                pressure(),
                slabinfo(),
                buddyinfo(),
                loadavg());
    }

    private static SourceEntry stat() {
        String[] cpuInputs = new String[CPU_TIME.length];
        for (int i = 0; i < CPU_TIME.length; i++) {
            cpuInputs[i] = "stat.cpu." + CPU_TIME[i];
        }
        return SourceEntry.read(
                        "stat",
                        ValueKind.COUNTER,
                        ReadRule.EVERY_TICK,
                        FileSet.proc("stat"),
                        "CpuStat",
                        "CPU time by mode, context switches, interrupts, forks; runnable and blocked threads")
                // with NO_HZ the kernel computes idle and iowait at read time from the idle sleep in progress and
                // can give back a jiffy when that sleep is re-attributed (its proc documentation: iowait "will
                // decrease in certain conditions"): a step back, not a reset (docs/derived-series.md)
                .stepsBack("cpu{cpu:\\d*}.{mode:idle|iowait}")
                .series(
                        SeriesEntry.counter("stat.cpu.{mode}", Unit.TICKS, "CPU time of all CPUs together in one mode")
                                .metric(counter(
                                        "tickbench_cpu_seconds_total",
                                        "CPU time of all CPUs together by mode (/proc/stat, USER_HZ ticks / user_hz).",
                                        "mode",
                                        "{mode}")),
                        SeriesEntry.counter("stat.cpu{cpu:\\d+}.{mode}", Unit.TICKS, "CPU time of one CPU in one mode")
                                .metric(counter(
                                        "tickbench_cpu_core_seconds_total",
                                        "CPU time per CPU by mode (/proc/stat).",
                                        "cpu",
                                        "{cpu}",
                                        "mode",
                                        "{mode}")),
                        SeriesEntry.counter("stat.ctxt", Unit.COUNT, "context switches")
                                .metric(counter(
                                        "tickbench_context_switches_total", "Context switches (/proc/stat ctxt).")),
                        SeriesEntry.counter(
                                        "stat.intr", Unit.COUNT, "interrupts of all kinds (the total of the intr line)")
                                .metric(counter(
                                        "tickbench_stat_interrupts_total",
                                        "Interrupts of all kinds (/proc/stat intr).")),
                        SeriesEntry.counter("stat.processes", Unit.COUNT, "processes and threads created (forks)")
                                .metric(counter(
                                        "tickbench_forks_total",
                                        "Processes and threads created (/proc/stat processes).")),
                        level("stat.procs_running", Unit.COUNT, "runnable threads")
                                .shown("runnable", "threads", Scale.ONE)
                                .group(ChartGroups.LOAD)
                                .metric(gauge("tickbench_procs_running", "Runnable threads (/proc/stat).")),
                        level("stat.procs_blocked", Unit.COUNT, "threads blocked on I/O")
                                .shown("blocked", "threads", Scale.ONE)
                                .group(ChartGroups.LOAD)
                                .metric(gauge("tickbench_procs_blocked", "Threads blocked on I/O (/proc/stat).")),
                        derived(
                                        "cpu.busy_pct",
                                        Unit.PERCENT,
                                        "CPU busy: share of all CPU time that was neither idle nor iowait",
                                        Derivation.CPU_BUSY,
                                        cpuInputs)
                                .shown("busy")
                                .group(ChartGroups.CPU)
                                .metric(gauge(
                                        "tickbench_cpu_busy_ratio",
                                        "Share of all CPU time neither idle nor iowait, over the window.",
                                        "window",
                                        "{window}")),
                        derived(
                                        "cpu.iowait_pct",
                                        Unit.PERCENT,
                                        "CPU iowait: share of all CPU time idle with I/O outstanding",
                                        Derivation.CPU_IOWAIT,
                                        cpuInputs)
                                .shown("iowait")
                                .group(ChartGroups.CPU)
                                .metric(gauge(
                                        "tickbench_cpu_iowait_ratio",
                                        "Share of all CPU time idle with I/O outstanding, over the window.",
                                        "window",
                                        "{window}")));
    }

    /** interrupts and softirqs: a sum per CPU over the rows, and a sum per row over the CPUs. */
    private static SourceEntry perCpuTable(String source, String label, String cpuHelp, String rowHelp, String row) {
        return SourceEntry.read(
                        source,
                        ValueKind.COUNTER,
                        ReadRule.EVERY_TICK,
                        FileSet.proc(source),
                        "PerCpuTable",
                        "per CPU (summed over rows) and per " + row + " (summed over CPUs)")
                .series(
                        SeriesEntry.counter(
                                        source + ".cpu{cpu:\\d+}",
                                        Unit.COUNT,
                                        "served by one CPU, all of them together")
                                .metric(counter("tickbench_" + source + "_by_cpu_total", cpuHelp, "cpu", "{cpu}")),
                        SeriesEntry.counter(
                                        source + ".{" + label + ":.+}",
                                        Unit.COUNT,
                                        "one " + row + ", all CPUs together")
                                .metric(counter("tickbench_" + source + "_total", rowHelp, label, "{" + label + "}")));
    }

    private static SourceEntry vmstat() {
        Metric events = counter("tickbench_vmstat_events_total", "/proc/vmstat event counters.", "name", "{item}");
        return SourceEntry.read(
                        "vmstat",
                        ValueKind.COUNTER,
                        ReadRule.EVERY_TICK,
                        FileSet.proc("vmstat"),
                        "NameValueLines",
                        "every name of the file: event counters, and page counts carried absolute")
                .series(
                        SeriesEntry.counter(
                                        "vmstat.{item:" + VMSTAT_NR_COUNTERS + "}",
                                        Unit.COUNT,
                                        "an nr_ item that counts events (pages dirtied, written, pinned)")
                                .metric(events),
                        level(
                                        "vmstat.{item:nr_.*|workingset_nodes}",
                                        Unit.PAGES,
                                        "a page count (or workingset nodes) that goes up and down: a level, sent absolute")
                                .metric(gauge(
                                        "tickbench_vmstat_level",
                                        "/proc/vmstat levels (page counts and the like), as last read.",
                                        "name",
                                        "{item}")),
                        SeriesEntry.counter(
                                        "vmstat.{item:.+}", Unit.COUNT, "an event counter (page faults, reclaims, …)")
                                .metric(events));
    }

    /** The meminfo names drawn on the Memory track: available and free, the page cache and what is in it, anonymous and kernel memory. */
    static final String MEMORY_TRACK = "MemAvailable|MemFree|Cached|Buffers|AnonPages|Shmem|Slab|Dirty|Writeback";

    private static SourceEntry meminfo() {
        return SourceEntry.read(
                        "meminfo",
                        ValueKind.LEVEL,
                        ReadRule.EVERY_TICK,
                        FileSet.proc("meminfo"),
                        "NameValueLines",
                        "every name of the file; it moves many times a second, so it is read and sent every tick")
                .series(
                        // what an engineer reads first on the Memory track (docs/workbench-charts.md, "Tracks"); the
                        // rest is in the CSV
                        level(
                                        "meminfo.{item:" + MEMORY_TRACK + "}",
                                        Unit.KILOBYTES,
                                        "a memory size the Memory track draws")
                                .shown("{item}", "MiB", Scale.per(1024))
                                .group(ChartGroups.MEMORY)
                                .metric(gauge(
                                        "tickbench_meminfo_bytes", "/proc/meminfo (kB × 1024).", "name", "{item}")),
                        level("meminfo.{item:HugePages_.*}", Unit.PAGES, "a huge page count")
                                .metric(gauge(
                                        "tickbench_meminfo_hugepages",
                                        "/proc/meminfo huge page counts.",
                                        "name",
                                        "{item}")),
                        level("meminfo.{item:.+}", Unit.KILOBYTES, "a memory size")
                                .metric(gauge(
                                        "tickbench_meminfo_bytes", "/proc/meminfo (kB × 1024).", "name", "{item}")));
    }

    private static SourceEntry diskstats() {
        SourceEntry s = SourceEntry.read(
                        "diskstats",
                        ValueKind.COUNTER,
                        ReadRule.EVERY_TICK,
                        FileSet.proc("diskstats"),
                        "DiskStats",
                        "per block device; a device row is sent only when one of its deltas is non-zero")
                .omittingIdleRows();
        return s.series(
                disk(
                        "reads",
                        Unit.COUNT,
                        "reads completed",
                        "tickbench_disk_reads_completed_total",
                        "Reads completed."),
                disk(
                        "reads_merged",
                        Unit.COUNT,
                        "adjacent reads merged",
                        "tickbench_disk_reads_merged_total",
                        "Adjacent reads merged."),
                disk(
                        "sectors_read",
                        Unit.SECTORS,
                        "sectors read",
                        "tickbench_disk_read_bytes_total",
                        "Bytes read (512-byte sectors)."),
                disk(
                        "read_ms",
                        Unit.MILLISECONDS,
                        "time spent reading",
                        "tickbench_disk_read_time_seconds_total",
                        "Time spent reading."),
                disk(
                        "writes",
                        Unit.COUNT,
                        "writes completed",
                        "tickbench_disk_writes_completed_total",
                        "Writes completed."),
                disk(
                        "writes_merged",
                        Unit.COUNT,
                        "adjacent writes merged",
                        "tickbench_disk_writes_merged_total",
                        "Adjacent writes merged."),
                disk(
                        "sectors_written",
                        Unit.SECTORS,
                        "sectors written",
                        "tickbench_disk_written_bytes_total",
                        "Bytes written (512-byte sectors)."),
                disk(
                        "write_ms",
                        Unit.MILLISECONDS,
                        "time spent writing",
                        "tickbench_disk_write_time_seconds_total",
                        "Time spent writing."),
                level(
                                "diskstats.{device:.+}.in_flight",
                                Unit.COUNT,
                                "I/Os in flight: a level, held since the device's last active tick")
                        .metric(gauge(
                                "tickbench_disk_io_now",
                                "I/Os in flight (level, held since the device's last active tick).",
                                "device",
                                "{device}")),
                disk(
                        "io_ms",
                        Unit.MILLISECONDS,
                        "time the device had I/O in flight",
                        "tickbench_disk_io_time_seconds_total",
                        "Time the device had I/O in flight."),
                disk(
                        "weighted_io_ms",
                        Unit.MILLISECONDS,
                        "weighted time spent doing I/O",
                        "tickbench_disk_io_time_weighted_seconds_total",
                        "Weighted time spent doing I/O."),
                disk(
                        "discards",
                        Unit.COUNT,
                        "discards completed",
                        "tickbench_disk_discards_completed_total",
                        "Discards completed."),
                disk(
                        "discards_merged",
                        Unit.COUNT,
                        "adjacent discards merged",
                        "tickbench_disk_discards_merged_total",
                        "Adjacent discards merged."),
                disk(
                        "sectors_discarded",
                        Unit.SECTORS,
                        "sectors discarded",
                        "tickbench_disk_discarded_bytes_total",
                        "Bytes discarded (512-byte sectors)."),
                disk(
                        "discard_ms",
                        Unit.MILLISECONDS,
                        "time spent discarding",
                        "tickbench_disk_discard_time_seconds_total",
                        "Time spent discarding."),
                disk(
                        "flushes",
                        Unit.COUNT,
                        "flush requests completed",
                        "tickbench_disk_flush_requests_total",
                        "Flush requests completed."),
                disk(
                        "flush_ms",
                        Unit.MILLISECONDS,
                        "time spent flushing",
                        "tickbench_disk_flush_requests_time_seconds_total",
                        "Time spent flushing."),
                // what iostat -x shows, per device, over the window (docs/derived-series.md)
                diskRate("read", "sectors_read"),
                diskRate("write", "sectors_written"),
                derived(
                                DISK + ".ios_per_s",
                                Unit.PER_SECOND,
                                "reads and writes completed per second (IOPS)",
                                Derivation.COUNTER_RATE,
                                "diskstats.{device}.reads",
                                "diskstats.{device}.writes")
                        .shown("{device}")
                        .group(ChartGroups.DISK_IOPS)
                        .metric(gauge(
                                "tickbench_disk_ios_per_second",
                                "Reads and writes completed per second per device, over the window.",
                                "device",
                                "{device}",
                                "window",
                                "{window}")),
                derived(
                                DISK + ".busy_pct",
                                Unit.PERCENT,
                                "share of wall time the device had I/O in flight (iostat's %util)",
                                Derivation.WALL_SHARE,
                                "diskstats.{device}.io_ms")
                        .shown("{device}")
                        .group(ChartGroups.DISK_BUSY)
                        .metric(gauge(
                                "tickbench_disk_busy_ratio",
                                "Share of wall time the device had I/O in flight, over the window.",
                                "device",
                                "{device}",
                                "window",
                                "{window}")),
                derived(
                                DISK + ".await_ms",
                                Unit.MILLISECONDS,
                                "mean time a read or write took, queueing included: (read_ms + write_ms) / (reads + writes)",
                                Derivation.RATIO,
                                "diskstats.{device}.read_ms",
                                "diskstats.{device}.write_ms",
                                "diskstats.{device}.reads",
                                "diskstats.{device}.writes")
                        .shown("{device}")
                        .group(ChartGroups.DISK_AWAIT)
                        .metric(gauge(
                                "tickbench_disk_await_seconds",
                                "Mean time a read or write completed in the window took, queueing included.",
                                "device",
                                "{device}",
                                "window",
                                "{window}")));
    }

    /** Bytes read or written per second: sectors × 512 (whatever the device's own sector size) over wall time. */
    private static SeriesEntry diskRate(String op, String sectors) {
        return derived(
                        DISK + "." + op + "_bytes_per_s",
                        Unit.BYTES_PER_SECOND,
                        "bytes " + op + " per second (sectors × 512)",
                        Derivation.COUNTER_RATE,
                        "diskstats.{device}." + sectors)
                .shown("{device} " + op, "MB/s", Scale.per(1_000_000))
                .group(ChartGroups.DISK_BYTES)
                .metric(gauge(
                        "tickbench_disk_bytes_per_second",
                        "Bytes read or written per second per device, over the window.",
                        "device",
                        "{device}",
                        "op",
                        op,
                        "window",
                        "{window}"));
    }

    private static SeriesEntry disk(String field, Unit unit, String description, String family, String help) {
        return SeriesEntry.counter("diskstats.{device:.+}." + field, unit, description)
                .metric(counter(family, help, "device", "{device}"));
    }

    private static SourceEntry yaffs() {
        return SourceEntry.read(
                        "yaffs",
                        ValueKind.COUNTER,
                        ReadRule.EVERY_TICK,
                        FileSet.proc("yaffs"),
                        "Yaffs",
                        "the yaffs2 driver's cumulative counters per mounted device; a device row only when one moved")
                .omittingIdleRows()
                .missing("no <proc>/yaffs (no YAFFS file system mounted)")
                .series(SeriesEntry.counter(
                                "yaffs.{device:.+}.{counter}",
                                Unit.COUNT,
                                "a NAND counter of one device (page writes, erasures, …)")
                        .metric(counter(
                                "tickbench_flash_yaffs_total",
                                "YAFFS NAND counters per device, from /proc/yaffs.",
                                "device",
                                "{device}",
                                "counter",
                                "{counter}")));
    }

    private static SourceEntry pressure() {
        return SourceEntry.read(
                        "pressure",
                        ValueKind.COUNTER,
                        ReadRule.EVERY_TICK,
                        FileSet.proc("pressure/{resource:cpu|io|memory}", "{resource}")
                                .text(),
                        "Pressure",
                        "PSI: cumulative stall time per resource, some and full")
                .missing("no <proc>/pressure (kernel without PSI)")
                .series(
                        SeriesEntry.counter(
                                        "pressure.{resource}.{kind}_total",
                                        Unit.MICROSECONDS,
                                        "time some (or all non-idle) tasks stalled on the resource")
                                .metric(counter(
                                        "tickbench_pressure_stalled_seconds_total",
                                        "PSI stall time (/proc/pressure/*; system-wide cpu full is reported as zero by the kernel).",
                                        "resource",
                                        "{resource}",
                                        "kind",
                                        "{kind}")),
                        psi("some", "share of wall time in which some task stalled on the resource", "{resource}"),
                        // system-wide cpu full is undefined: older captures carry the kernel's 0, which is no input
                        psi(
                                "full",
                                "share of wall time in which all non-idle tasks stalled on the resource",
                                "{resource:(?!cpu\\.)[^.]+}"));
    }

    /** {@code resource}: the input's capture, narrower than the name's where a resource has no such share. */
    private static SeriesEntry psi(String kind, String description, String resource) {
        return derived(
                        "psi.{resource}." + kind + "_pct",
                        Unit.PERCENT,
                        description,
                        Derivation.WALL_SHARE,
                        "pressure." + resource + "." + kind + "_total")
                .shown("{resource}." + kind)
                .group(ChartGroups.PSI)
                .metric(gauge(
                        "tickbench_pressure_stalled_ratio",
                        "Share of wall time stalled on the resource (PSI some/full), over the window.",
                        "resource",
                        "{resource}",
                        "kind",
                        kind,
                        "window",
                        "{window}"));
    }

    private static SourceEntry slabinfo() {
        return SourceEntry.read(
                        "slabinfo",
                        ValueKind.LEVEL,
                        ReadRule.BUDGET,
                        FileSet.proc("slabinfo"),
                        "SlabInfo",
                        "active objects per slab cache (root only)")
                .series(level("slabinfo.{cache:.+}", Unit.COUNT, "active objects of one cache")
                        .shown("{key}", "objects", Scale.ONE)
                        .group(ChartGroups.SLAB)
                        .metric(gauge(
                                "tickbench_slab_active_objects",
                                "Active objects per slab cache (/proc/slabinfo), held between emissions.",
                                "cache",
                                "{cache}")))
                .attributes(AttributeEntry.of(
                        "objsize.{cache:.+}",
                        Unit.BYTES,
                        "object size of each cache, read once at open (memory = active objects × objsize)"));
    }

    private static SourceEntry loadavg() {
        // the kernel recomputes the averages every 5 s (LOAD_FREQ): stored when one moves
        return SourceEntry.read(
                        "loadavg",
                        ValueKind.LEVEL,
                        ReadRule.CHANGE,
                        FileSet.proc("loadavg"),
                        "LoadAvg",
                        "load averages over 1, 5 and 15 minutes, runnable and total threads")
                .series(
                        level(
                                        "loadavg.{window:load1|load5|load15}",
                                        Unit.HUNDREDTHS,
                                        "the load average (runnable and uninterruptible tasks) over 1, 5 or 15 minutes, in hundredths")
                                // a load of 1.5 is 1.5 threads waiting or running on average: the Load track's axis
                                .shown("{window}", "threads", Scale.per(100))
                                .group(ChartGroups.LOAD)
                                .metric(gauge(
                                        "tickbench_load_average",
                                        "Load average (/proc/loadavg).",
                                        "window",
                                        "{window}")),
                        level("loadavg.runnable", Unit.COUNT, "threads runnable now")
                                .metric(gauge(
                                        "tickbench_loadavg_runnable_threads", "Threads runnable now (/proc/loadavg).")),
                        level("loadavg.threads", Unit.COUNT, "threads on the system")
                                .metric(gauge("tickbench_loadavg_threads", "Threads on the system (/proc/loadavg).")));
    }

    private static SourceEntry buddyinfo() {
        return SourceEntry.read(
                        "buddyinfo",
                        ValueKind.LEVEL,
                        ReadRule.CHANGE_PUBLISHED_AS_RATE,
                        FileSet.proc("buddyinfo"),
                        "BuddyInfo",
                        "free blocks of 2^order pages per node and zone")
                .series(level("buddyinfo.{node}.{zone}.{order}", Unit.COUNT, "free blocks of one order in one zone")
                        .shown("{key}", "free blocks", Scale.ONE)
                        .group(ChartGroups.BUDDY)
                        .metric(gauge(
                                "tickbench_buddy_free_blocks",
                                "Free blocks per node, zone and order (/proc/buddyinfo), held between emissions.",
                                "node",
                                "{node}",
                                "zone",
                                "{zone}",
                                "order",
                                "{order}")))
                .attributes(
                        AttributeEntry.of("page_size", Unit.BYTES, "the host's page size, what one order-0 block is"));
    }
}
