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
 *
 * <p>A window takes its whole length from the {@link WindowMemory} of its model when it is made, or is
 * the one starved window, which holds nothing and is never full (its series is left out, and counted):
 * a crafted file of many series at a high rate would otherwise take gigabytes. Its samples are held in a
 * ring that grows as they come, up to the window, so that a short file's windows take little.
 */
final class TickWindow {
    /** The first ring's samples: a short file's windows take little. */
    private static final int FIRST_CAPACITY = 8;

    private long[][] ring;
    private int[] spans;
    private final long[] sums;
    private final int slots;
    /** Index of the oldest sample held. */
    private int head;

    private int count;
    private long spanSum;
    private boolean starved;

    /** The window of every series whose window the memory could not hold: nothing is held for it. */
    private static final TickWindow STARVED = new TickWindow(0, 1, 0);

    /** A window whose memory is not counted (a live stream's, of the probe's own series). */
    TickWindow(int lanes, int slots) {
        this(lanes, slots, first(slots));
    }

    private TickWindow(int lanes, int slots, int capacity) {
        this.slots = Math.max(1, slots);
        this.sums = new long[lanes];
        this.ring = new long[lanes][capacity];
        this.spans = new int[capacity];
        this.starved = capacity == 0;
    }

    /** A window of its whole length within {@code memory}, or the starved window (counted there when {@code count}). */
    static TickWindow of(int lanes, int slots, WindowMemory memory, boolean count) {
        if (!memory.take(bytes(lanes, slots))) {
            if (count) {
                memory.starved();
            }
            return STARVED;
        }
        return new TickWindow(lanes, slots, first(slots));
    }

    /** What a window of {@code lanes} lanes over {@code slots} takes from its memory. */
    static long bytes(int lanes, int slots) {
        return WindowMemory.OVERHEAD + WindowMemory.bytes(lanes, Math.max(1, slots) + 1);
    }

    /** The first ring: at most `slots` samples are held after a drop (each spans a slot at least), one more before it. */
    private static int first(int slots) {
        return Math.min(Math.max(1, slots) + 1, FIRST_CAPACITY);
    }

    /** Adds one sample's deltas (one per lane) spanning {@code span} slots, dropping what falls out of the window. */
    void add(long[] deltas, int span) {
        int at = push(span);
        if (at < 0) {
            return;
        }
        for (int l = 0; l < sums.length; l++) {
            ring[l][at] = deltas[l];
            sums[l] += deltas[l];
        }
        drop();
    }

    /** Adds one sample of two lanes. */
    void add(long a, long b, int span) {
        int at = push(span);
        if (at < 0) {
            return;
        }
        ring[0][at] = a;
        ring[1][at] = b;
        sums[0] += a;
        sums[1] += b;
        drop();
    }

    /** Where the new sample goes; -1 when the window is starved (the sample is not held). */
    private int push(int span) {
        if (starved) {
            return -1;
        }
        if (count == spans.length) {
            grow();
        }
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

    /** Twice the ring, at most the window (which its memory holds already). */
    private void grow() {
        int capacity = Math.min(slots + 1, spans.length * 2);
        long[][] r = new long[ring.length][capacity];
        int[] s = new int[capacity];
        for (int i = 0; i < count; i++) {
            int from = (head + i) % spans.length;
            s[i] = spans[from];
            for (int l = 0; l < ring.length; l++) {
                r[l][i] = ring[l][from];
            }
        }
        ring = r;
        spans = s;
        head = 0;
    }

    /** The memory could not hold this window: it holds nothing and is never full. */
    boolean starved() {
        return starved;
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
