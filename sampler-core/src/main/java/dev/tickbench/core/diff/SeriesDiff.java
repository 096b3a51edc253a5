package dev.tickbench.core.diff;

import dev.tickbench.core.catalogue.NaturalOrder;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * "What changed?": every series, raw and derived, between two ranges, ranked by how much it changed
 * against its own noise (docs/diff.md). In two steps, so that a range is read once whatever it is compared
 * with, and one pass serves several ranges of one capture:
 *
 * <pre>{@code
 * List<RangeSummary> s = SeriesDiff.summarize(LineFeed.of(lines), List.of(rangeA, rangeB), List.of("A", "B"));
 * DiffResult r = SeriesDiff.compare(s.get(0), s.get(1));
 * r.rows()   // SeriesChange: series (name, unit, source…), a, b (SeriesStats), change, relative change, effect
 * }</pre>
 *
 * A capture file: {@link CaptureDiff}. Memory is bounded whatever the ranges' length: a few KB per series
 * and range (blocks and a quantile sketch), never the points.
 */
public final class SeriesDiff {
    /**
     * The noise threshold's two-sided significance: a series that did not change reaches it once in
     * 100,000 comparisons, so a comparison of a thousand unchanged series ranks none above noise 99 times
     * in 100.
     */
    public static final double ALPHA = 1e-5;

    private SeriesDiff() {}

    /** Every series over each range of one feed, in one pass, with the standard catalogue. */
    public static List<RangeSummary> summarize(LineFeed feed, List<DiffRange> ranges, List<String> labels) throws IOException {
        return summarize(feed, ranges, labels, SeriesCatalogue.standard());
    }

    /**
     * Every series over each range of one feed, in one pass. A corrupt or truncated line ends the feed
     * there: the summaries hold what came before it and say where it stopped ({@link RangeSummary#stoppedAtLine()}).
     *
     * @throws IOException reading the feed failed for another reason
     */
    public static List<RangeSummary> summarize(LineFeed feed, List<DiffRange> ranges, List<String> labels, SeriesCatalogue catalogue)
            throws IOException {
        return summarize(feed, ranges, labels, catalogue, null);
    }

    /** As above; {@code origin} names the feed in messages ({@code FILE line N: …}). */
    static List<RangeSummary> summarize(LineFeed feed, List<DiffRange> ranges, List<String> labels, SeriesCatalogue catalogue,
            String origin) throws IOException {
        if (ranges.size() != labels.size()) {
            throw new IllegalArgumentException(ranges.size() + " ranges but " + labels.size() + " labels");
        }
        List<RangeAccumulator> acc = new ArrayList<>();
        for (int i = 0; i < ranges.size(); i++) {
            acc.add(new RangeAccumulator(ranges.get(i), labels.get(i)));
        }
        FeedPass pass = new FeedPass(catalogue, acc, origin);
        pass.run(feed);
        return pass.finish();
    }

    /** The ranking of B against A. */
    public static DiffResult compare(RangeSummary a, RangeSummary b) {
        Set<String> names = new LinkedHashSet<>(a.series().keySet());
        names.addAll(b.series().keySet());
        List<SeriesChange> rows = new ArrayList<>();
        for (String name : names) {
            rows.add(change(a.series().get(name), b.series().get(name)));
        }
        rows.sort(ORDER);
        return new DiffResult(a, b, rows, ALPHA);
    }

    /** Both ranges first, by |effect| then name; then appeared, then disappeared, by name. */
    static final Comparator<SeriesChange> ORDER = Comparator.comparing(SeriesChange::presence)
            .thenComparingDouble(r -> r.effect() == null ? 0 : -Math.abs(r.effect()))
            .thenComparing(SeriesChange::name, NaturalOrder.NATURAL);

    private static SeriesChange change(SeriesStats a, SeriesStats b) {
        if (a == null) {
            return new SeriesChange(b.series(), Presence.APPEARED, null, b, null, null, null, null);
        }
        if (b == null) {
            return new SeriesChange(a.series(), Presence.DISAPPEARED, a, null, null, null, null, null);
        }
        double change = b.mean() - a.mean();
        Double relative = a.mean() == 0 ? null : change / Math.abs(a.mean());
        return new SeriesChange(a.series(), Presence.BOTH, a, b, change, b.p99() - a.p99(), relative,
                Noise.effect(a, b, ALPHA));
    }
}
