package dev.tickbench.core.derived;

/**
 * Busy and iowait over a window of sampler periods, from per-tick deltas of the aggregate {@code cpu}
 * line ({@link CpuTime#FIELDS} order): the one window both {@link DerivedSeries} (from the stream's
 * deltas) and the live throttle (from the sampler's own reads) take, so that the throttle's iowait is
 * the stream's {@code cpu.iowait_pct} on the same tick (docs/derived-series.md, "The throttle"). Each
 * sample spans the slots it covers (skipped ticks included): the window is its length in wall time.
 * Not thread-safe.
 */
public final class CpuWindow {
    private final TickWindow window;

    /** @param slots the window's length in sampler periods ({@link DerivedWindow#ticks}) */
    public CpuWindow(int slots) {
        window = new TickWindow(CpuTime.FIELDS.length, slots);
    }

    /** One sample's deltas ({@link CpuTime#FIELDS} order; idle and iowait may be negative) over {@code slots} periods. */
    public void add(long[] deltas, int slots) {
        window.add(deltas, slots);
    }

    /** Empties the window: a missing or reset tick leaves a hole no sum may span. */
    public void clear() {
        window.clear();
    }

    /** Busy and iowait over the window; null until the window covers its length, or when it holds no CPU time. */
    public CpuTime.Shares shares() {
        return window.full() ? CpuTime.of(window.sums()) : null;
    }

    public boolean full() {
        return window.full();
    }

    /** The window's length in sampler periods. */
    public int slots() {
        return window.ticks();
    }
}
