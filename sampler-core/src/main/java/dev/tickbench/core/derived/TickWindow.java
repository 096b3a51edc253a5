package dev.tickbench.core.derived;

/**
 * Sums of a few counters' per-tick deltas over the last {@code ticks} ticks (a sliding window, one
 * slot per tick). Exact: longs in, longs summed, so hours of ticks do not drift. A value is only
 * {@link #full()} once the window holds {@code ticks} consecutive ticks; a missing tick (a reset, a
 * gap) empties it, because a sum over a hole would be a wrong number, not a smaller one.
 */
final class TickWindow {
    private final long[][] ring;
    private final long[] sums;
    private final int ticks;
    private int next;
    private int count;

    TickWindow(int lanes, int ticks) {
        this.ticks = Math.max(1, ticks);
        this.ring = new long[lanes][this.ticks];
        this.sums = new long[lanes];
    }

    /** Adds one tick's deltas (one per lane), dropping the oldest tick when the window is full. */
    void add(long[] deltas) {
        for (int l = 0; l < sums.length; l++) {
            if (count == ticks) {
                sums[l] -= ring[l][next];
            }
            ring[l][next] = deltas[l];
            sums[l] += deltas[l];
        }
        next = (next + 1) % ticks;
        count = Math.min(count + 1, ticks);
    }

    /** Adds one tick of two lanes. */
    void add(long a, long b) {
        for (int l = 0; l < 2; l++) {
            long v = l == 0 ? a : b;
            if (count == ticks) {
                sums[l] -= ring[l][next];
            }
            ring[l][next] = v;
            sums[l] += v;
        }
        next = (next + 1) % ticks;
        count = Math.min(count + 1, ticks);
    }

    void clear() {
        count = 0;
        next = 0;
        java.util.Arrays.fill(sums, 0);
    }

    boolean full() {
        return count == ticks;
    }

    long sum(int lane) {
        return sums[lane];
    }

    long[] sums() {
        return sums;
    }

    int ticks() {
        return ticks;
    }
}
