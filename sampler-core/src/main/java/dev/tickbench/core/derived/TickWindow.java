package dev.tickbench.core.derived;

/**
 * Sums of a few counters' per-tick deltas over the last {@code slots} sampler periods (a sliding window
 * of samples). Each sample spans the slots it covers (1, plus the ticks the sampler skipped before it,
 * FORMAT.md {@code skipped}), so the window is its length in wall time under load too: it holds the
 * latest samples whose spans add up to at least {@code slots}, as few as that takes (docs/derived-series.md,
 * "Windows"); with no tick skipped that is the last {@code slots} samples. Exact: longs in, longs summed,
 * so hours of ticks do not drift. A value is only {@link #full()} once the window covers its length; a
 * missing tick (a reset, a gap) empties it, because a sum over a hole would be a wrong number, not a
 * smaller one.
 */
final class TickWindow {
    private final long[][] ring;
    private final int[] spans;
    private final long[] sums;
    private final int slots;
    /** Index of the oldest sample held. */
    private int head;
    private int count;
    private long spanSum;

    TickWindow(int lanes, int slots) {
        this.slots = Math.max(1, slots);
        // at most `slots` samples are held after a drop (each spans at least one slot), one more before it
        this.ring = new long[lanes][this.slots + 1];
        this.spans = new int[this.slots + 1];
        this.sums = new long[lanes];
    }

    /** Adds one sample's deltas (one per lane) spanning {@code span} slots, dropping what falls out of the window. */
    void add(long[] deltas, int span) {
        int at = push(span);
        for (int l = 0; l < sums.length; l++) {
            ring[l][at] = deltas[l];
            sums[l] += deltas[l];
        }
        drop();
    }

    /** Adds one sample of two lanes. */
    void add(long a, long b, int span) {
        int at = push(span);
        ring[0][at] = a;
        ring[1][at] = b;
        sums[0] += a;
        sums[1] += b;
        drop();
    }

    private int push(int span) {
        int at = (head + count) % spans.length;
        spans[at] = Math.max(1, span);
        spanSum += spans[at];
        count++;
        return at;
    }

    /** The oldest sample goes once the others alone cover the window. */
    private void drop() {
        while (count > 1 && spanSum - spans[head] >= slots) {
            spanSum -= spans[head];
            for (int l = 0; l < sums.length; l++) {
                sums[l] -= ring[l][head];
            }
            head = (head + 1) % spans.length;
            count--;
        }
    }

    void clear() {
        count = 0;
        head = 0;
        spanSum = 0;
        java.util.Arrays.fill(sums, 0);
    }

    boolean full() {
        return count > 0 && spanSum >= slots;
    }

    long sum(int lane) {
        return sums[lane];
    }

    long[] sums() {
        return sums;
    }

    /** The window's length in slots (sampler periods). */
    int ticks() {
        return slots;
    }
}
