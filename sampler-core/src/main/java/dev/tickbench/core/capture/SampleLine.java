package dev.tickbench.core.capture;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One tick. {@code sources} holds only the sources emitted on this tick (counters as deltas, levels
 * absolute); {@code limits} maps a limit name to bytes, with a null value for "max".
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
        long kmsgDropped)
        implements StreamLine {}
