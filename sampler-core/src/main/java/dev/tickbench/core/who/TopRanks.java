package dev.tickbench.core.who;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;

/**
 * Each candidate's best place among a few lists (by CPU, by memory, by I/O over the last interval), from
 * which a table chooses the ones it names: a candidate enters among the first N of a list and qualifies
 * to stay while it is among the first 2N of one ({@link #enters}, {@link #stays}), and a named one is held
 * for {@link #HOLD_S} s after it last qualified ({@link #held}), so one near the edge, or one that works
 * every other second (a kernel thread, a poller), does not come and go on every read: each coming and
 * going is a new key list in the stream. At most 2N per list qualify; the held ones beyond that many are
 * let go, the longest unqualified first ({@link #cap}). Only a value above 0 places a candidate in a list:
 * an idle process is in no CPU list. Ties go to the later candidate. Arrays are kept from read to read.
 */
public final class TopRanks {
    /** Low bits of a packed entry: the candidate's index (a pid table has at most 4 Mi, pid_max's limit). */
    private static final int INDEX_BITS = 22;

    private static final long MAX_VALUE = (1L << (63 - INDEX_BITS)) - 1;

    /** How long a named candidate is kept after it last qualified. */
    public static final int HOLD_S = 10;

    private final int n;
    private final long holdReads;
    private long[] packed = new long[64];
    private int[] best = new int[64];
    private int count;

    /**
     * @param n how many of each list a candidate enters among (at least 1)
     * @param hz how often the table is read: {@link #HOLD_S} s is that many reads
     */
    public TopRanks(int n, double hz) {
        if (n < 1) {
            throw new IllegalArgumentException("top N must be at least 1: " + n);
        }
        this.n = n;
        this.holdReads = Math.max(1, Math.round(HOLD_S * hz));
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

    /** Whether a named candidate that last qualified on read {@code qualified} is still held on read {@code read}. */
    public boolean held(long qualified, long read) {
        return read - qualified < holdReads;
    }

    /**
     * Lets go of the named beyond {@code lists × 2N}, those that qualified longest ago first (the held ones:
     * no more than that many qualify on one read), each handed to {@code letGo}; the order of the others is
     * kept. Nothing is made when none is beyond.
     */
    public <T> void cap(List<T> named, int lists, ToLongFunction<T> qualified, Consumer<T> letGo) {
        int over = named.size() - lists * 2 * n;
        if (over <= 0) {
            return;
        }
        List<T> oldest = new ArrayList<>(named);
        oldest.sort(Comparator.comparingLong(qualified));
        List<T> gone = oldest.subList(0, over);
        named.removeAll(new HashSet<>(gone));
        gone.forEach(letGo);
    }
}
