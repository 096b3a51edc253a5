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
 * @param series each series with a value in the range, by name (an immutable map: 16 bytes an entry, where
 *     a capture can hold as many series as a reader accepts)
 * @param stoppedAtLine the line where a corrupt or truncated capture stopped the reading (everything
 *     before it was read), null when it was read to its end
 * @param warnings what people should know about the numbers (a capture cut short, series left out)
 * @param feed how much of the capture the pass read
 */
public record RangeSummary(
        String label,
        DiffRange range,
        long samples,
        double firstS,
        double lastS,
        double seconds,
        String hostname,
        Map<String, SeriesStats> series,
        Long stoppedAtLine,
        List<String> warnings,
        FeedExtent feed) {
    public RangeSummary {
        series = Map.copyOf(series);
        warnings = List.copyOf(warnings);
    }

    /** The same summary without its series: what a {@link DiffResult} keeps, its rows having their statistics. */
    public RangeSummary withoutSeries() {
        return series.isEmpty()
                ? this
                : new RangeSummary(
                        label,
                        range,
                        samples,
                        firstS,
                        lastS,
                        seconds,
                        hostname,
                        Map.of(),
                        stoppedAtLine,
                        warnings,
                        feed);
    }

    /** The same summary under another label. */
    public RangeSummary withLabel(String other) {
        return other.equals(label)
                ? this
                : new RangeSummary(
                        other, range, samples, firstS, lastS, seconds, hostname, series, stoppedAtLine, warnings, feed);
    }
}
