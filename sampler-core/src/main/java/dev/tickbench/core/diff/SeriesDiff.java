package dev.tickbench.core.diff;

import static java.lang.Double.NaN;

import dev.tickbench.core.catalogue.NaturalOrder;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * "What changed?": every series, raw and derived, between two ranges, ranked by how much it changed
 * against its own spread (docs/diff.md). In two steps, so that a range is read once whatever it is compared
 * with, and one pass serves several ranges of one capture:
 *
 * <pre>{@code
 * List<RangeSummary> s = SeriesDiff.summarize(LineFeed.of(lines), List.of(rangeA, rangeB), List.of("A", "B"));
 * DiffResult r = SeriesDiff.compare(s.get(0), s.get(1));
 * r.rows()   // SeriesChange: series (name, unit, source…), a, b (SeriesStats), change, relative change, spread, effect
 * }</pre>
 *
 * A capture file: {@link CaptureDiff}. Memory is bounded whatever the ranges' length: a hundred bytes per
 * series and range and their quantile sketches (a fixed budget for all of them), never the points.
 */
public final class SeriesDiff {
    /**
     * The share of a series' level that a change must exceed to be above noise, whatever the series' noise
     * (docs/diff.md): between two captures, or two minutes of one, a slab cache or a free list often moves
     * by a few percent with nothing changed. It also caps the effect of a series that held one value in
     * each range at about {@code relative change / LEVEL_SHARE}: 10 for a cache that grew from nothing.
     */
    public static final double LEVEL_SHARE = 0.1;

    private SeriesDiff() {}

    /** Every series over each range of one feed, in one pass, with the standard catalogue. */
    public static List<RangeSummary> summarize(LineFeed feed, List<DiffRange> ranges, List<String> labels)
            throws IOException {
        return summarize(feed, ranges, labels, SeriesCatalogue.standard());
    }

    /**
     * Every series over each range of one feed, in one pass. A corrupt or truncated line ends the feed
     * there: the summaries hold what came before it and say where it stopped ({@link RangeSummary#stoppedAtLine()}).
     *
     * @throws IOException reading the feed failed for another reason
     */
    public static List<RangeSummary> summarize(
            LineFeed feed, List<DiffRange> ranges, List<String> labels, SeriesCatalogue catalogue) throws IOException {
        return summarize(feed, ranges, labels, catalogue, null);
    }

    /** As above; {@code origin} names the feed in messages ({@code FILE line N: …}). */
    static List<RangeSummary> summarize(
            LineFeed feed, List<DiffRange> ranges, List<String> labels, SeriesCatalogue catalogue, String origin)
            throws IOException {
        if (ranges.size() != labels.size()) {
            throw new IllegalArgumentException(ranges.size() + " ranges but " + labels.size() + " labels");
        }
        // a range asked for twice (a capture against itself) is accumulated once: half the memory
        List<DiffRange> distinct = new ArrayList<>(new LinkedHashSet<>(ranges));
        List<RangeAccumulator> acc = new ArrayList<>();
        QuantileSketch.Budget budget = new QuantileSketch.Budget();
        for (DiffRange r : distinct) {
            acc.add(new RangeAccumulator(r, labels.get(ranges.indexOf(r)), budget));
        }
        FeedPass pass = new FeedPass(catalogue, acc, origin);
        pass.run(feed);
        List<RangeSummary> done = pass.finish();
        List<RangeSummary> out = new ArrayList<>();
        for (int i = 0; i < ranges.size(); i++) {
            out.add(done.get(distinct.indexOf(ranges.get(i))).withLabel(labels.get(i)));
        }
        return out;
    }

    /** The ranking of B against A. */
    public static DiffResult compare(RangeSummary a, RangeSummary b) {
        Set<String> names = new LinkedHashSet<>(a.series().keySet());
        names.addAll(b.series().keySet());
        FreeLists freeLists = new FreeLists(a, b);
        Map<String, List<String>> folded = new HashMap<>();
        for (String name : names) {
            String primary = SameCounter.primary(name);
            if (primary != null && presence(a, b, primary) == presence(a, b, name)) {
                folded.computeIfAbsent(primary, p -> new ArrayList<>()).add(name);
            }
        }
        List<SeriesChange> rows = new ArrayList<>();
        for (String name : names) {
            String primary = SameCounter.primary(name);
            if (primary != null && folded.getOrDefault(primary, List.of()).contains(name)) {
                continue;
            }
            List<String> same = new ArrayList<>(folded.getOrDefault(name, List.of()));
            same.sort(NaturalOrder.NATURAL);
            rows.add(change(a.series().get(name), b.series().get(name), freeLists.level(name), same));
        }
        rows.sort(ORDER);
        return new DiffResult(a.withoutSeries(), b.withoutSeries(), rows, LEVEL_SHARE);
    }

    /**
     * Both ranges first, by |effect| then name; then appeared, then disappeared, by name. In each, a named
     * process's or cgroup's rows come after the machine's: each went from nothing to something at the
     * effect's ceiling, and they are ranked by how much in {@link WhoChanges}.
     */
    static final Comparator<SeriesChange> ORDER = Comparator.comparing(SeriesChange::presence)
            .thenComparing(r -> WhoChanges.namesOne(r.name()))
            .thenComparingDouble(r -> Double.isNaN(r.effect()) ? 0 : -Math.abs(r.effect()))
            .thenComparing(SeriesChange::name, NaturalOrder.NATURAL);

    /** Where {@code name} has a value: in both, only in B, only in A; null in neither. */
    private static Presence presence(RangeSummary a, RangeSummary b, String name) {
        boolean inA = a.series().containsKey(name);
        boolean inB = b.series().containsKey(name);
        return inA && inB ? Presence.BOTH : inB ? Presence.APPEARED : inA ? Presence.DISAPPEARED : null;
    }

    private static SeriesChange change(SeriesStats a, SeriesStats b, double level, List<String> same) {
        if (a == null) {
            return new SeriesChange(b.series(), Presence.APPEARED, null, b, NaN, NaN, NaN, NaN, NaN, same);
        }
        if (b == null) {
            return new SeriesChange(a.series(), Presence.DISAPPEARED, a, null, NaN, NaN, NaN, NaN, NaN, same);
        }
        double change = b.mean() - a.mean();
        double relative = a.mean() == 0 ? NaN : change / Math.abs(a.mean());
        double spread = Noise.spread(a, b, LEVEL_SHARE, level);
        return new SeriesChange(
                a.series(),
                Presence.BOTH,
                a,
                b,
                change,
                b.p99() - a.p99(),
                relative,
                spread,
                Noise.effect(a, b, spread),
                same);
    }
}
