package dev.tickbench.core.recorder;

/**
 * The recorder's counts, for {@code /metrics} and {@code /triggers}.
 *
 * @param captures captures written
 * @param merged triggers folded into a capture already open
 * @param suppressed triggers inside the cool-down (in the stream, and in the next capture's pre-time if close)
 * @param deleted captures removed by the disk bound
 * @param errors captures that could not be opened or written to the end
 * @param ringBytes bytes of stream lines in the ring; {@code ringCapacityBytes} what its array takes
 * @param ringSpanNs the time its samples span
 * @param capturing whether a capture is open now
 */
public record RecorderStats(
        long captures,
        long merged,
        long suppressed,
        long deleted,
        long errors,
        long ringBytes,
        long ringCapacityBytes,
        long ringSpanNs,
        boolean capturing) {}
