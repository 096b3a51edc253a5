package dev.tickbench.core.diff;

/**
 * How much of a capture or session a pass read, for messages about a range that holds no samples
 * ("the capture spans 0–119.99 s"). A pass stops once it is past every range, so this is where it stopped.
 *
 * @param samples the sample lines read
 * @param lastS the last of them, in seconds since the first (NaN when none)
 * @param firstWallNs the first sample's {@code wall_ns} (0 when none)
 * @param lastWallNs the last one's
 */
public record FeedExtent(long samples, double lastS, long firstWallNs, long lastWallNs) {}
