package dev.tickbench.core.who;

import java.util.Arrays;

/**
 * Each candidate's best place among a few lists (by CPU, by memory, by I/O over the last interval), from
 * which a table chooses the ones it names: a candidate enters among the first N of a list and stays while
 * it is among the first 2N of one ({@link #enters}, {@link #stays}), so one near the edge does not come and
 * go on every read, and at most 2N per list are named. Only a value above 0 places a candidate in a list:
 * an idle process is in no CPU list. Ties go to the later candidate. Arrays are kept from read to read.
 */
public final class TopRanks {
    /** Low bits of a packed entry: the candidate's index (a pid table has at most 4 Mi, pid_max's limit). */
    private static final int INDEX_BITS = 22;
    private static final long MAX_VALUE = (1L << (63 - INDEX_BITS)) - 1;

    private final int n;
    private long[] packed = new long[64];
    private int[] best = new int[64];
    private int count;

    /** @param n how many of each list a candidate enters among (at least 1) */
    public TopRanks(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("top N must be at least 1: " + n);
        }
        this.n = n;
    }

    /** Starts a choice among {@code count} candidates, none placed yet. */
    public void begin(int count) {
        if (count > 1 << INDEX_BITS) {
            throw new IllegalArgumentException("more than " + (1 << INDEX_BITS) + " candidates: " + count);
        }
        if (best.length < count) {
            best = new int[Math.max(count, best.length * 2)];
            packed = new long[best.length];
        }
        this.count = count;
        Arrays.fill(best, 0, count, Integer.MAX_VALUE);
    }

    /** Places every candidate whose {@code values[i]} is above 0 by that value, the largest first. */
    public void rank(long[] values) {
        int m = 0;
        for (int i = 0; i < count; i++) {
            if (values[i] > 0) {
                packed[m++] = Math.min(values[i], MAX_VALUE) << INDEX_BITS | i;
            }
        }
        Arrays.sort(packed, 0, m);
        int limit = Math.min(m, 2 * n);
        for (int r = 0; r < limit; r++) {
            int i = (int) (packed[m - 1 - r] & ((1L << INDEX_BITS) - 1));
            best[i] = Math.min(best[i], r);
        }
    }

    /** Whether candidate {@code i} is among the first N of a list: a new one enters the named set. */
    public boolean enters(int i) {
        return best[i] < n;
    }

    /** Whether candidate {@code i} is among the first 2N of a list: a named one stays. */
    public boolean stays(int i) {
        return best[i] < 2 * n;
    }
}
