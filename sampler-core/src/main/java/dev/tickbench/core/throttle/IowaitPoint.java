package dev.tickbench.core.throttle;

/** One second of a recorded series: the iowait % measured over second {@code t} (from the start). */
public record IowaitPoint(long t, double iowaitPct) {}
