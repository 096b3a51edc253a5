package dev.tickbench.core.diff;

import java.util.List;

/**
 * One row of the ranking: a series in A and B and how much it changed (docs/diff.md).
 *
 * @param a the series over range A, null when it has no value there ({@link Presence#APPEARED})
 * @param b over range B, null when {@link Presence#DISAPPEARED}
 * @param meanChange B's mean − A's; null unless in both
 * @param p99Change B's p99 − A's; null unless in both
 * @param relativeChange {@code meanChange / |A's mean|}; null unless in both, or when A's mean is 0
 * @param spread what the change is measured in: both ranges' noise, the resolution and a share of the
 *     level, in the series' unit; null unless in both
 * @param effect {@code meanChange / spread}, signed (B above A is positive): at least 1 in magnitude is
 *     above noise; null unless in both
 * @param sameAs other names of the same kernel counter, folded into this row (meminfo's {@code AnonPages}
 *     is vmstat's {@code nr_anon_pages}), in natural order; usually empty
 */
public record SeriesChange(DiffSeries series, Presence presence, SeriesStats a, SeriesStats b, Double meanChange,
        Double p99Change, Double relativeChange, Double spread, Double effect, List<String> sameAs) {
    public SeriesChange {
        sameAs = List.copyOf(sameAs);
    }

    /** Whether the change is at least its spread: a series in both ranges with |effect| ≥ 1. */
    public boolean aboveNoise() {
        return effect != null && Math.abs(effect) >= 1;
    }

    public String name() {
        return series.name();
    }
}
