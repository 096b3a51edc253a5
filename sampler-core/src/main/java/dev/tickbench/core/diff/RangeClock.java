package dev.tickbench.core.diff;

/** The clock a {@link DiffRange} is given in. */
public enum RangeClock {
    /** Nanoseconds since the first sample of the capture or session: the {@code t_s} of the CSV and the time axis. */
    SINCE_START,
    /** The samples' {@code wall_ns} (UTC nanoseconds since the epoch). */
    WALL
}
