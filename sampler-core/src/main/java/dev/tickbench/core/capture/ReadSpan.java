package dev.tickbench.core.capture;

/**
 * The time a counter's delta covers, where the stream carries it (FORMAT.md: "procs and cgroups", the
 * perf event groups): a source read at its own cadence sends, beside its counters, the time since its
 * previous read, as a delta too. A table entry's or cgroup level's {@code P|field} covers the same read's
 * {@code P|read_ns}, a perf group's {@code cpuN.event} its {@code cpuN.enabled_ns}. Every other counter
 * covers its tick's {@code dt_ns}.
 */
public final class ReadSpan {
    private static final String READ_NS = "|read_ns";
    private static final String ENABLED_NS = ".enabled_ns";

    private ReadSpan() {}

    /** Whether {@code key} is itself such a time: the divisor of its read's rates, not a rate. */
    public static boolean isTime(String key) {
        return key.endsWith(READ_NS) || key.endsWith(ENABLED_NS);
    }

    /** The key of the time {@code key}'s delta covers, when the read carries one; null for the tick's. */
    public static String timeKeyOf(String key) {
        int bar = key.lastIndexOf('|');
        if (bar >= 0) {
            return key.substring(0, bar) + READ_NS;
        }
        int dot = key.indexOf('.');
        return dot > 0 ? key.substring(0, dot) + ENABLED_NS : null;
    }

    /**
     * The seconds the delta of {@code key} in {@code values} covers: its time key's delta in the same read;
     * NaN when the read carries none (the tick's {@code dt_ns} then) or {@code key} is itself a time.
     */
    public static double seconds(SourceValues values, String key) {
        if (isTime(key)) {
            return Double.NaN;
        }
        String time = timeKeyOf(key);
        Long ns = time == null ? null : values.get(time);
        return ns == null ? Double.NaN : ns / 1e9;
    }
}
