package dev.tickbench.core.diff;

/**
 * One row of the ranking: a series in A and B and how much it changed (docs/diff.md).
 *
 * @param a the series over range A, null when it has no value there ({@link Presence#APPEARED})
 * @param b over range B, null when {@link Presence#DISAPPEARED}
 * @param meanChange B's mean − A's; null unless in both
 * @param p99Change B's p99 − A's; null unless in both
 * @param relativeChange {@code meanChange / |A's mean|}; null unless in both, or when A's mean is 0
 * @param effect the change in units of the noise threshold, signed (B above A is positive): at least 1 in
 *     magnitude is above noise; null unless in both
 */
public record SeriesChange(DiffSeries series, Presence presence, SeriesStats a, SeriesStats b, Double meanChange,
        Double p99Change, Double relativeChange, Double effect) {

    /** Whether the change is at least the noise threshold: a series in both ranges with |effect| ≥ 1. */
    public boolean aboveNoise() {
        return effect != null && Math.abs(effect) >= 1;
    }

    public String name() {
        return series.name();
    }
}
