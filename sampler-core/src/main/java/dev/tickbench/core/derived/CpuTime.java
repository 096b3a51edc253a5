package dev.tickbench.core.derived;

import dev.tickbench.core.source.TextScanner;
import dev.tickbench.core.source.ValueTable;

/**
 * The one CPU-time formula (docs/derived-series.md): over an interval,
 * {@code total = user + nice + system + idle + iowait + irq + softirq + steal}, busy % =
 * {@code (total − idle − iowait) / total}, iowait % = {@code iowait / total}. {@code guest} and
 * {@code guest_nice} are not added: the kernel already counts guest time in {@code user} and
 * {@code nice}, so adding them would count it twice. Used by the charts, CSV, {@code /metrics} and the
 * throttle alike.
 */
public final class CpuTime {
    /** The fields that make up the total, in /proc/stat order. */
    public static final String[] FIELDS = {"user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal"};

    static final int IDLE = 3;
    static final int IOWAIT = 4;
    /** iowait is the fifth field: a line with fewer cannot give an iowait %. */
    public static final int MIN_FIELDS = IOWAIT + 1;
    /** The stream keys of the aggregate line ({@code cpu.user} …), built once. */
    private static final String[] STAT_KEYS = new String[FIELDS.length];

    static {
        for (int i = 0; i < FIELDS.length; i++) {
            STAT_KEYS[i] = "cpu." + FIELDS[i];
        }
    }

    private CpuTime() {}

    /** The stream key ({@code cpu.<field>}) of field {@code i} of {@link #FIELDS}. */
    public static String statKey(int i) {
        return STAT_KEYS[i];
    }

    /**
     * Whether field {@code i} may step back without a reset: idle and iowait, which the kernel computes
     * at read time under NO_HZ (FORMAT.md; {@code CpuStat.mayStepBack} for the stream's keys).
     */
    public static boolean mayStepBack(int i) {
        return i == IDLE || i == IOWAIT;
    }

    /** An array sized for {@link #FIELDS}. */
    public static long[] newFields() {
        return new long[FIELDS.length];
    }

    /**
     * Parses the aggregate {@code cpu} line of a /proc/stat text into {@code into} (unprinted fields
     * become 0: older kernels print fewer) and returns how many fields were printed, or -1 when there
     * is no usable line (fewer than five fields).
     */
    public static int parse(TextScanner s, long[] into) {
        while (s.nextLine()) {
            if (!s.nextToken() || !s.tokenIs("cpu")) {
                continue;
            }
            int n = 0;
            while (n < FIELDS.length && s.nextToken() && s.tokenIsNumber()) {
                into[n++] = s.tokenLong();
            }
            for (int i = n; i < FIELDS.length; i++) {
                into[i] = 0;
            }
            return n >= MIN_FIELDS ? n : -1;
        }
        return -1;
    }

    /**
     * Copies the aggregate {@code cpu.*} values of a {@code stat} table (the sampler's own read) into
     * {@code into}; false when user, idle or iowait is missing.
     */
    public static boolean fromValues(ValueTable stat, long[] into) {
        for (int i = 0; i < FIELDS.length; i++) {
            int at = stat.indexOf(STAT_KEYS[i], i);
            if (at < 0 && i < MIN_FIELDS) {
                return false;
            }
            into[i] = at < 0 ? 0 : stat.value(at);
        }
        return true;
    }

    /** The shares between two cumulative readings; null when no CPU time passed. */
    public static Shares between(long[] before, long[] after) {
        long[] d = new long[FIELDS.length];
        for (int i = 0; i < FIELDS.length; i++) {
            d[i] = after[i] - before[i];
        }
        return of(d);
    }

    /**
     * The shares of an interval's deltas. A field that stepped back (with NO_HZ the kernel's idle and
     * iowait can lose a jiffy) counts as 0, or its negative part would push the others above 100 %.
     * Null when the interval holds no CPU time (two reads inside one jiffy): missing, not zero.
     */
    public static Shares of(long[] deltas) {
        long total = 0;
        for (int i = 0; i < FIELDS.length; i++) {
            total += Math.max(0, deltas[i]);
        }
        if (total <= 0) {
            return null;
        }
        long idle = Math.max(0, deltas[IDLE]);
        long iowait = Math.max(0, deltas[IOWAIT]);
        return new Shares(100.0 * (total - idle - iowait) / total, 100.0 * iowait / total);
    }

    /** Busy and iowait in % of all CPU time of the interval; each in [0, 100], together at most 100. */
    public record Shares(double busyPct, double iowaitPct) {}
}
