package dev.tickbench.core.diff;

import java.util.List;

/**
 * One row of the ranking: a series in A and B and how much it changed (docs/diff.md).
 *
 * @param a the series over range A, null when it has no value there ({@link Presence#APPEARED})
 * @param b over range B, null when {@link Presence#DISAPPEARED}
 * <p>A number that is not there is NaN (JSON null, an empty CSV field, "-" in a table), never 0: primitives,
 * not boxes, because a capture may hold as many series as a reader accepts (docs/diff.md, "Memory").
 *
 * @param meanChange B's mean − A's; NaN unless in both
 * @param p99Change B's p99 − A's; NaN unless in both (or when either p99 is not given)
 * @param relativeChange {@code meanChange / |A's mean|}; NaN unless in both, or when A's mean is 0
 * @param spread what the change is measured in: both ranges' noise, the resolution and a share of the
 *     level, in the series' unit; NaN unless in both
 * @param effect {@code meanChange / spread}, signed (B above A is positive): at least 1 in magnitude is
 *     above noise; NaN unless in both
 * @param sameAs other names of the same kernel counter, folded into this row (meminfo's {@code AnonPages}
 *     is vmstat's {@code nr_anon_pages}), in natural order; usually empty
 */
public record SeriesChange(
        DiffSeries series,
        Presence presence,
        SeriesStats a,
        SeriesStats b,
        double meanChange,
        double p99Change,
        double relativeChange,
        double spread,
        double effect,
        List<String> sameAs) {
    public SeriesChange {
        sameAs = List.copyOf(sameAs);
    }

    /** Whether the change is at least its spread: a series in both ranges with |effect| ≥ 1. */
    public boolean aboveNoise() {
        return Math.abs(effect) >= 1; // false for NaN
    }

    public String name() {
        return series.name();
    }
}
