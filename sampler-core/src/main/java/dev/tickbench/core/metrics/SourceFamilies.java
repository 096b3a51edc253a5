package dev.tickbench.core.metrics;

import dev.tickbench.core.capture.StreamKeys;
import java.util.Map;

/**
 * Maps one stream value ({@code source.key}) to its Prometheus family: names carry their unit, kernel
 * units are converted to base units (USER_HZ ticks and µs and ms to seconds, kB and sectors to bytes,
 * m°C to celsius, kHz to hertz). Keys this table does not know go to {@code tickbench_other_*} with
 * the source and key as labels, so a newer probe's source still reaches Prometheus.
 */
final class SourceFamilies {
    private static final double SECTOR_BYTES = 512; // diskstats sectors are always 512 bytes

    /** diskstats field → family, scale, counter. */
    private record Field(String family, double scale, boolean counter, String help) {}

    private static final Map<String, Field> DISK = Map.ofEntries(
            Map.entry("reads", new Field("tickbench_disk_reads_completed_total", 1, true, "Reads completed.")),
            Map.entry("reads_merged", new Field("tickbench_disk_reads_merged_total", 1, true, "Adjacent reads merged.")),
            Map.entry("sectors_read", new Field("tickbench_disk_read_bytes_total", SECTOR_BYTES, true, "Bytes read (512-byte sectors).")),
            Map.entry("read_ms", new Field("tickbench_disk_read_time_seconds_total", 1e-3, true, "Time spent reading.")),
            Map.entry("writes", new Field("tickbench_disk_writes_completed_total", 1, true, "Writes completed.")),
            Map.entry("writes_merged", new Field("tickbench_disk_writes_merged_total", 1, true, "Adjacent writes merged.")),
            Map.entry("sectors_written", new Field("tickbench_disk_written_bytes_total", SECTOR_BYTES, true, "Bytes written (512-byte sectors).")),
            Map.entry("write_ms", new Field("tickbench_disk_write_time_seconds_total", 1e-3, true, "Time spent writing.")),
            Map.entry("in_flight", new Field("tickbench_disk_io_now", 1, false, "I/Os in flight (level, held since the device's last active tick).")),
            Map.entry("io_ms", new Field("tickbench_disk_io_time_seconds_total", 1e-3, true, "Time the device had I/O in flight.")),
            Map.entry("weighted_io_ms", new Field("tickbench_disk_io_time_weighted_seconds_total", 1e-3, true, "Weighted time spent doing I/O.")),
            Map.entry("discards", new Field("tickbench_disk_discards_completed_total", 1, true, "Discards completed.")),
            Map.entry("discards_merged", new Field("tickbench_disk_discards_merged_total", 1, true, "Adjacent discards merged.")),
            Map.entry("sectors_discarded", new Field("tickbench_disk_discarded_bytes_total", SECTOR_BYTES, true, "Bytes discarded (512-byte sectors).")),
            Map.entry("discard_ms", new Field("tickbench_disk_discard_time_seconds_total", 1e-3, true, "Time spent discarding.")),
            Map.entry("flushes", new Field("tickbench_disk_flush_requests_total", 1, true, "Flush requests completed.")),
            Map.entry("flush_ms", new Field("tickbench_disk_flush_requests_time_seconds_total", 1e-3, true, "Time spent flushing.")));

    private static final Map<String, Field> CGROUP = Map.of(
            "nr_periods", new Field("tickbench_cgroup_cpu_periods_total", 1, true, "Enforcement periods elapsed (cpu.stat nr_periods)."),
            "nr_throttled", new Field("tickbench_cgroup_cpu_throttled_periods_total", 1, true, "Periods in which the cgroup was throttled."),
            "throttled_usec", new Field("tickbench_cgroup_cpu_throttled_seconds_total", 1e-6, true, "Time runnable threads waited for quota refill (summed over runqueues, may exceed 1 s/s)."),
            "usage_usec", new Field("tickbench_cgroup_cpu_usage_seconds_total", 1e-6, true, "CPU time used by the cgroup."),
            "user_usec", new Field("tickbench_cgroup_cpu_user_seconds_total", 1e-6, true, "User CPU time used by the cgroup."),
            "system_usec", new Field("tickbench_cgroup_cpu_system_seconds_total", 1e-6, true, "System CPU time used by the cgroup."),
            "nr_bursts", new Field("tickbench_cgroup_cpu_bursts_total", 1, true, "Periods in which burst credit was used."),
            "burst_usec", new Field("tickbench_cgroup_cpu_burst_seconds_total", 1e-6, true, "Burst credit used."));

    private static final Map<String, Field> MTD = Map.of(
            "corrected_bits", new Field("tickbench_mtd_ecc_corrected_total", 1, true, "Bit flips ECC corrected since boot."),
            "ecc_failures", new Field("tickbench_mtd_ecc_failures_total", 1, true, "Uncorrectable ECC errors since boot."),
            "bad_blocks", new Field("tickbench_mtd_bad_blocks", 1, false, "Blocks marked bad."),
            "bbt_blocks", new Field("tickbench_mtd_bbt_blocks", 1, false, "Blocks reserved for the bad block table."),
            "bitflip_threshold", new Field("tickbench_mtd_bitflip_threshold", 1, false, "Bit flips per region that mark a block for scrubbing."),
            "ecc_strength", new Field("tickbench_mtd_ecc_strength", 1, false, "Bits the ECC can correct per region."));

    private SourceFamilies() {}

    /**
     * Adds one value. {@code counter} is true for a cumulative sum of counter deltas, false for a held
     * level; {@code thermalType} is the zone's type from capabilities (null when unknown).
     */
    static void add(Exposition e, String source, String key, long value, boolean counter, int userHz, String thermalType) {
        switch (source) {
            case "stat" -> stat(e, key, value, counter, userHz);
            case "interrupts" -> perCpuOr(e, key, value, "tickbench_interrupts_by_cpu_total",
                    "Interrupts served by each CPU (all IRQs).", "tickbench_interrupts_total",
                    "Interrupts per IRQ line (all CPUs), from /proc/interrupts.", "irq");
            case "softirqs" -> perCpuOr(e, key, value, "tickbench_softirqs_by_cpu_total",
                    "Softirqs run on each CPU (all types).", "tickbench_softirqs_total",
                    "Softirqs per type (all CPUs), from /proc/softirqs.", "type");
            case "vmstat" -> vmstat(e, key, value);
            case "meminfo" -> meminfo(e, key, value);
            case "diskstats" -> table(e, DISK, key, '.', "device", value, counter, source);
            case "yaffs" -> {
                int dot = key.lastIndexOf('.');
                if (dot <= 0) {
                    other(e, source, key, value, counter);
                } else {
                    e.counter("tickbench_flash_yaffs_total", "YAFFS NAND counters per device, from /proc/yaffs.",
                            value, "device", key.substring(0, dot), "counter", key.substring(dot + 1));
                }
            }
            case "pressure" -> pressure(e, key, value);
            case "cpufreq" -> {
                if (key.startsWith("cpu")) {
                    e.gauge("tickbench_cpufreq_hertz", "Current CPU clock (scaling_cur_freq), held between emissions.",
                            value * 1000.0, "cpu", key.substring(3));
                } else {
                    other(e, source, key, value, counter);
                }
            }
            case "slabinfo" -> e.gauge("tickbench_slab_active_objects",
                    "Active objects per slab cache (/proc/slabinfo), held between emissions.", value, "cache", key);
            case "buddyinfo" -> buddy(e, key, value);
            case "mtd" -> table(e, MTD, key, '.', "device", value, counter, source);
            case "cgroup_cpu" -> table(e, CGROUP, key, '|', "cgroup", value, counter, source);
            case "pmu_hw", "pmu_sw" -> pmu(e, source, key, value, counter);
            default -> {
                if (source.startsWith("thermal_zone") && key.equals("temp")) {
                    String help = "Thermal zone temperature, held between reads at the zone's cadence.";
                    if (thermalType == null) {
                        e.gauge("tickbench_thermal_celsius", help, value / 1000.0, "zone", source);
                    } else {
                        e.gauge("tickbench_thermal_celsius", help, value / 1000.0, "zone", source, "type", thermalType);
                    }
                } else {
                    other(e, source, key, value, counter);
                }
            }
        }
    }

    private static void stat(Exposition e, String key, long value, boolean counter, int userHz) {
        int dot = key.indexOf('.');
        if (dot > 0 && key.startsWith("cpu")) {
            String cpu = key.substring(3, dot);
            String mode = key.substring(dot + 1);
            double seconds = (double) value / userHz;
            if (cpu.isEmpty()) {
                e.counter("tickbench_cpu_seconds_total", "CPU time of all CPUs together by mode (/proc/stat, USER_HZ ticks / user_hz).",
                        seconds, "mode", mode);
            } else {
                e.counter("tickbench_cpu_core_seconds_total", "CPU time per CPU by mode (/proc/stat).", seconds,
                        "cpu", cpu, "mode", mode);
            }
            return;
        }
        switch (key) {
            case "ctxt" -> e.counter("tickbench_context_switches_total", "Context switches (/proc/stat ctxt).", value);
            case "intr" -> e.counter("tickbench_stat_interrupts_total", "Interrupts of all kinds (/proc/stat intr).", value);
            case "processes" -> e.counter("tickbench_forks_total", "Processes and threads created (/proc/stat processes).", value);
            case "procs_running" -> e.gauge("tickbench_procs_running", "Runnable threads (/proc/stat).", value);
            case "procs_blocked" -> e.gauge("tickbench_procs_blocked", "Threads blocked on I/O (/proc/stat).", value);
            default -> other(e, "stat", key, value, counter);
        }
    }

    private static void perCpuOr(Exposition e, String key, long value, String cpuFamily, String cpuHelp,
            String family, String help, String label) {
        if (key.length() > 3 && key.startsWith("cpu") && allDigits(key, 3)) {
            e.counter(cpuFamily, cpuHelp, value, "cpu", key.substring(3));
        } else {
            e.counter(family, help, value, label, key);
        }
    }

    /**
     * Most vmstat fields are event counters (the stream carries their deltas); the page-count
     * {@code nr_*} fields and {@code workingset_nodes} are levels, carried absolute (FORMAT.md).
     */
    private static void vmstat(Exposition e, String key, long value) {
        if (StreamKeys.isLevel("vmstat", key)) {
            e.gauge("tickbench_vmstat_level", "/proc/vmstat levels (page counts and the like), as last read.",
                    value, "name", key);
        } else {
            e.counter("tickbench_vmstat_events_total", "/proc/vmstat event counters.", value, "name", key);
        }
    }

    private static void meminfo(Exposition e, String key, long value) {
        if (key.startsWith("HugePages_")) {
            e.gauge("tickbench_meminfo_hugepages", "/proc/meminfo huge page counts.", value, "name", key);
        } else {
            e.gauge("tickbench_meminfo_bytes", "/proc/meminfo (kB × 1024).", value * 1024.0, "name", key);
        }
    }

    /**
     * perf event groups (docs/pmu.md): {@code cpu<N>.<event>} counts (hardware ones are estimates when
     * the group was multiplexed: compare the group's running and enabled seconds), cpu-clock in seconds.
     */
    private static void pmu(Exposition e, String source, String key, long value, boolean counter) {
        int dot = key.indexOf('.');
        if (dot <= 3 || !key.startsWith("cpu") || !allDigits(key.substring(0, dot), 3)) {
            other(e, source, key, value, counter);
            return;
        }
        String cpu = key.substring(3, dot);
        String field = key.substring(dot + 1);
        String group = source.equals("pmu_hw") ? "hw" : "sw";
        switch (field) {
            case "enabled_ns" -> e.counter("tickbench_pmu_group_enabled_seconds_total",
                    "Time the CPU's perf event group was enabled.", value / 1e9, "group", group, "cpu", cpu);
            case "running_ns" -> e.counter("tickbench_pmu_group_running_seconds_total",
                    "Time the CPU's perf event group was on the PMU; below enabled, its counts are scaled estimates.",
                    value / 1e9, "group", group, "cpu", cpu);
            case "cpu_clock_ns" -> e.counter("tickbench_pmu_cpu_clock_seconds_total",
                    "cpu-clock software event per CPU (perf_event_open, system-wide).", value / 1e9, "cpu", cpu);
            default -> {
                if (group.equals("hw")) {
                    e.counter("tickbench_pmu_hw_events_total",
                            "Hardware events per CPU (perf_event_open, system-wide; scaled when multiplexed).",
                            value, "cpu", cpu, "event", field);
                } else {
                    e.counter("tickbench_pmu_sw_events_total", "Kernel software events per CPU (perf_event_open, system-wide).",
                            value, "cpu", cpu, "event", field);
                }
            }
        }
    }

    private static void pressure(Exposition e, String key, long value) {
        int dot = key.indexOf('.');
        if (dot > 0 && key.endsWith("_total")) {
            String kind = key.substring(dot + 1, key.length() - "_total".length());
            e.counter("tickbench_pressure_stalled_seconds_total",
                    "PSI stall time (/proc/pressure/*; system-wide cpu full is reported as zero by the kernel).",
                    value / 1e6, "resource", key.substring(0, dot), "kind", kind);
        } else {
            other(e, "pressure", key, value, true);
        }
    }

    private static void buddy(Exposition e, String key, long value) {
        int first = key.indexOf('.');
        int last = key.lastIndexOf('.');
        if (first <= 0 || last <= first) {
            other(e, "buddyinfo", key, value, false);
            return;
        }
        e.gauge("tickbench_buddy_free_blocks", "Free blocks per node, zone and order (/proc/buddyinfo), held between emissions.",
                value, "node", key.substring(0, first), "zone", key.substring(first + 1, last), "order", key.substring(last + 1));
    }

    private static void table(Exposition e, Map<String, Field> fields, String key, char separator, String label,
            long value, boolean counter, String source) {
        int at = key.lastIndexOf(separator);
        Field f = at <= 0 ? null : fields.get(key.substring(at + 1));
        if (f == null) {
            other(e, source, key, value, counter);
            return;
        }
        if (f.counter()) {
            e.counter(f.family(), f.help(), scaled(value, f.scale()), label, key.substring(0, at));
        } else {
            e.gauge(f.family(), f.help(), scaled(value, f.scale()), label, key.substring(0, at));
        }
    }

    private static void other(Exposition e, String source, String key, long value, boolean counter) {
        if (counter) {
            e.counter("tickbench_other_counter_total", "A counter this probe version has no family for, in kernel units.",
                    value, "source", source, "key", key);
        } else {
            e.gauge("tickbench_other_level", "A level this probe version has no family for, in kernel units.",
                    value, "source", source, "key", key);
        }
    }

    /** µs and ms are divided, not multiplied by 1e-6: 100000 µs prints 0.1, not 0.09999999999999999. */
    static double scaled(double value, double scale) {
        return scale >= 1 ? value * scale : value / Math.rint(1 / scale);
    }

    private static boolean allDigits(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
