package dev.tickbench.core.capture;

import dev.tickbench.core.source.VmStat;
import java.util.Set;

/**
 * What a reader of the stream must know about its keys (FORMAT.md): which sources carry deltas, and
 * which of their keys are nevertheless levels carried absolute. One place for the GUI, CSV export,
 * /metrics and the floor analysis.
 */
public final class StreamKeys {
    /** Sources whose values are deltas since the previous sample. */
    public static final Set<String> COUNTER_SOURCES = Set.of("stat", "interrupts", "softirqs", "vmstat",
            "diskstats", "yaffs", "pressure", "cgroup_cpu", "pmu_hw", "pmu_sw");
    /** Counter sources that leave out a device row whose deltas are all zero: absent there means 0. */
    public static final Set<String> ROW_OMITTING_SOURCES = Set.of("diskstats", "yaffs");

    private StreamKeys() {}

    public static boolean isCounterSource(String source) {
        return COUNTER_SOURCES.contains(source);
    }

    /** True when {@code source.key} is a level (absolute value): every key of a level source, and the
     *  keys FORMAT.md marks absolute inside counter sources. */
    public static boolean isLevel(String source, String key) {
        if (!COUNTER_SOURCES.contains(source)) {
            return true;
        }
        return switch (source) {
            case "stat" -> key.equals("procs_running") || key.equals("procs_blocked");
            case "diskstats" -> key.endsWith(".in_flight");
            case "vmstat" -> VmStat.isLevel(key);
            default -> false;
        };
    }
}
