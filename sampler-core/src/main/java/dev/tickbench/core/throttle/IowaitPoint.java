package dev.tickbench.core.throttle;

/**
 * One second of a recorded series: the iowait % measured over second {@code t} (from the start of
 * the series, 0-based), and when the controller gets it.
 *
 * @param atNs the controller's clock at this value, ns after the controller was created: a value is
 *     known at the end of the second it was measured over, so the live controller, created at t = 0,
 *     gets its first value at 1 s; by default the i-th value (counting from 1) is at i s. A capture's
 *     throttle lines carry their own time (their {@code mono_ns} after the hello's
 *     {@code started_mono_ns}), so a replay of them sees exactly what the live controller saw.
 */
public record IowaitPoint(long t, double iowaitPct, long atNs) {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** The value measured over second {@code t}, handed to the controller at the end of it, {@code t + 1} s. */
    public IowaitPoint(long t, double iowaitPct) {
        this(t, iowaitPct, (t + 1) * NANOS_PER_SECOND);
    }
}
