package dev.tickbench.core.throttle;

import dev.tickbench.core.source.TextScanner;

/**
 * The aggregate {@code cpu} line of /proc/stat: user nice system idle iowait irq softirq steal guest
 * guest_nice, in USER_HZ ticks. Older kernels print fewer fields; whatever is printed is summed.
 */
final class CpuTimes {
    static final int FIELDS = 10;
    static final int USER = 0;
    static final int NICE = 1;
    static final int SYSTEM = 2;
    static final int IOWAIT = 4;
    static final int IRQ = 5;
    static final int SOFTIRQ = 6;
    static final int STEAL = 7;
    /** iowait is the fifth field: a line with fewer cannot give an iowait %. */
    static final int MIN_FIELDS = IOWAIT + 1;

    private CpuTimes() {}

    /**
     * Parses the {@code cpu} line into {@code into} (unprinted fields become 0, they add nothing to
     * the total) and returns how many fields were printed, or -1 when there is no usable line.
     */
    static int parse(TextScanner s, long[] into) {
        while (s.nextLine()) {
            if (!s.nextToken() || !s.tokenIs("cpu")) {
                continue;
            }
            int n = 0;
            while (n < FIELDS && s.nextToken() && s.tokenIsNumber()) {
                into[n++] = s.tokenLong();
            }
            for (int i = n; i < FIELDS; i++) {
                into[i] = 0;
            }
            return n >= MIN_FIELDS ? n : -1;
        }
        return -1;
    }

    /** iowait % and busy % of the interval between two readings; null when no time passed. */
    static Percentages between(long[] before, long[] after) {
        long total = 0;
        for (int i = 0; i < FIELDS; i++) {
            total += after[i] - before[i];
        }
        if (total <= 0) {
            return null;
        }
        long busy = delta(before, after, USER) + delta(before, after, NICE) + delta(before, after, SYSTEM)
                + delta(before, after, IRQ) + delta(before, after, SOFTIRQ) + delta(before, after, STEAL);
        // a counter that stepped backwards (iowait does on some kernels) gives a negative share: 0
        double iowait = Math.max(0.0, 100.0 * delta(before, after, IOWAIT) / total);
        double busyPct = Math.max(0.0, 100.0 * busy / total);
        return new Percentages(iowait, busyPct);
    }

    private static long delta(long[] before, long[] after, int field) {
        return after[field] - before[field];
    }

    record Percentages(double iowait, double busy) {}
}
