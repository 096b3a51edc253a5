package dev.tickbench.core.derived;

/**
 * What the windows of one {@link DerivedSeries} may take: a reader of files (the CSV export, the diff)
 * is given a fixed amount (FORMAT.md "Reader limits"), so that a file with many series whose values are
 * derived over long windows (32 768 cgroup levels or cpuidle states at 1000 Hz: gigabytes) is read in a
 * bounded heap; the windows are granted, each for its whole length, in the order the stream asks for
 * them, and those that find the memory spent are counted. A live stream's model is not bounded (its
 * series are the probe's own).
 */
final class WindowMemory {
    /**
     * A window's object, its sums, its ring's headers and its entry in its model, beside its samples; and
     * what its series costs a reader that writes it out (a CSV column's name and index).
     */
    static final long OVERHEAD = 512;

    private long left;
    /** Windows refused on the sample being fed, and the most on one sample. */
    private long refusedNow;

    private long mostRefused;

    private WindowMemory(long bytes) {
        this.left = bytes;
    }

    static WindowMemory of(long bytes) {
        return new WindowMemory(bytes);
    }

    static WindowMemory unbounded() {
        return new WindowMemory(Long.MAX_VALUE);
    }

    /** The bytes of {@code samples} samples of {@code lanes} lanes: a long a lane, an int for the span. */
    static long bytes(int lanes, int samples) {
        return (long) samples * (8L * lanes + 4);
    }

    /** Takes {@code bytes} if they are left. */
    boolean take(long bytes) {
        if (bytes > left) {
            return false;
        }
        left -= bytes;
        return true;
    }

    /** Gives back {@code bytes} taken for what has ended (a process that left a table). */
    void give(long bytes) {
        if (left != Long.MAX_VALUE) {
            left += bytes;
        }
    }

    /**
     * {@code windows} refused on this sample. A refused window is not kept (an entry for each would grow
     * with the series), so it is asked for again on every sample that carries its key, and refused again:
     * what is counted is the most on one sample, not a running total.
     */
    void starved(int windows) {
        refusedNow += windows;
    }

    void starved() {
        starved(1);
    }

    /** A new sample: its refusals are counted afresh. */
    void nextSample() {
        mostRefused = Math.max(mostRefused, refusedNow);
        refusedNow = 0;
    }

    /** The most windows refused on one sample: each is one derived series left out. */
    long starvedWindows() {
        return Math.max(mostRefused, refusedNow);
    }
}
