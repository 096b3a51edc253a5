package dev.tickbench.core.capture;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One tick. {@code sources} holds only the sources emitted on this tick (counters as deltas, levels
 * absolute); {@code limits} maps a limit name to bytes, with a null value for "max"; {@code skipped}
 * counts the scheduled ticks the sampler skipped just before this one (FORMAT.md), so the sample spans
 * {@link #slots()} sampler periods.
 */
public record SampleLine(
        long seq,
        long monoNs,
        long wallNs,
        long dtNs,
        Map<String, SourceValues> sources,
        Set<String> heartbeat,
        List<String> resets,
        Map<String, Long> limits,
        long kmsgDropped,
        long skipped)
        implements StreamLine {

    /** A sample on its own slot (none skipped before it). */
    public SampleLine(
            long seq,
            long monoNs,
            long wallNs,
            long dtNs,
            Map<String, SourceValues> sources,
            Set<String> heartbeat,
            List<String> resets,
            Map<String, Long> limits,
            long kmsgDropped) {
        this(seq, monoNs, wallNs, dtNs, sources, heartbeat, resets, limits, kmsgDropped, 0);
    }

    /** The sampler periods this sample spans: 1 + {@code skipped}. */
    public int slots() {
        return (int) Math.min(Integer.MAX_VALUE, 1 + Math.max(0, skipped));
    }
}
