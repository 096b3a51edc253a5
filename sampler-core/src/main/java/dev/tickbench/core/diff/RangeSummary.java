package dev.tickbench.core.diff;

import java.util.List;
import java.util.Map;

/**
 * Every series over one range of one capture or session: what {@link SeriesDiff#compare} compares.
 *
 * @param label what the range is, for people ({@code run.ndjson.gz@0..300})
 * @param samples the sample lines in the range
 * @param firstS the first of them, in seconds since the first sample of the capture (NaN when none)
 * @param lastS the last of them
 * @param seconds the time the range covers: the sum of its samples' {@code dt_ns}
 * @param hostname the host of the hello the range's samples came under (null when not reported)
 * @param series each series with a value in the range, by name in natural order
 * @param stoppedAtLine the line where a corrupt or truncated capture stopped the reading (everything
 *     before it was read), null when it was read to its end
 * @param warnings what people should know about the numbers (a capture cut short, series left out)
 * @param feed how much of the capture the pass read
 */
public record RangeSummary(String label, DiffRange range, long samples, double firstS, double lastS, double seconds,
        String hostname, Map<String, SeriesStats> series, Long stoppedAtLine, List<String> warnings, FeedExtent feed) {
    public RangeSummary {
        series = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(series));
        warnings = List.copyOf(warnings);
    }
}
