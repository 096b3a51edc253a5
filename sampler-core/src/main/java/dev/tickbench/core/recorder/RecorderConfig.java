package dev.tickbench.core.recorder;

import java.nio.file.Path;

/**
 * How the flight recorder keeps and cuts (docs/triggers.md, "The recorder").
 *
 * @param dir where captures are written
 * @param preNs how much of the stream before a trigger a capture holds
 * @param postNs how much after the last trigger merged into it
 * @param ringNs how much the ring keeps (at least {@code preNs})
 * @param ringMaxBytes the ring's memory bound, whatever the window
 * @param cooldownNs after a capture ends, how long triggers start no new one
 * @param maxDiskBytes the captures in {@code dir} (this recorder's names) take at most this much; the oldest go first
 * @param maxCaptureNs the longest capture, however many triggers keep extending it
 */
public record RecorderConfig(
        Path dir,
        long preNs,
        long postNs,
        long ringNs,
        long ringMaxBytes,
        long cooldownNs,
        long maxDiskBytes,
        long maxCaptureNs) {
    public static final long DEFAULT_PRE_NS = 10_000_000_000L;
    public static final long DEFAULT_POST_NS = 10_000_000_000L;
    public static final long DEFAULT_RING_NS = 30_000_000_000L;
    public static final long DEFAULT_COOLDOWN_NS = 30_000_000_000L;
    public static final long DEFAULT_MAX_DISK_BYTES = 1L << 30;
    public static final long DEFAULT_MAX_CAPTURE_NS = 600_000_000_000L;

    public RecorderConfig {
        if (preNs < 0 || postNs < 0 || cooldownNs < 0) {
            throw new IllegalArgumentException("pre, post and cool-down are not negative");
        }
        if (ringNs < preNs) {
            throw new IllegalArgumentException("the ring (" + ringNs / 1e9 + " s) must hold the pre-trigger time ("
                    + preNs / 1e9 + " s): make --ring at least --pre");
        }
        if (maxDiskBytes <= 0) {
            throw new IllegalArgumentException("the disk bound must be above 0");
        }
        if (maxCaptureNs < preNs + postNs) {
            throw new IllegalArgumentException("the longest capture must hold pre + post");
        }
    }

    /** The defaults (10 s + 10 s of a 30 s ring, 30 s cool-down, 1 GiB), into {@code dir}, the ring bounded by {@code ringMaxBytes}. */
    public static RecorderConfig defaults(Path dir, long ringMaxBytes) {
        return new RecorderConfig(
                dir,
                DEFAULT_PRE_NS,
                DEFAULT_POST_NS,
                DEFAULT_RING_NS,
                ringMaxBytes,
                DEFAULT_COOLDOWN_NS,
                DEFAULT_MAX_DISK_BYTES,
                DEFAULT_MAX_CAPTURE_NS);
    }
}
