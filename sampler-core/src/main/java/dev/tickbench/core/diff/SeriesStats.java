package dev.tickbench.core.diff;

/**
 * One series over one range, in its {@link DiffSeries#unit()} (docs/diff.md). Levels are weighted by the
 * time each value was held, counters are rates per second from their deltas over {@code dt_ns}, derived
 * series are the values the charts and the CSV show, each weighted by its tick.
 *
 * @param mean the time-weighted mean (a counter: its total over the time it was counted)
 * @param p99 the time-weighted 99th percentile: exact for a series of at most 64 distinct values in the
 *     range, else within 0.4 % of it (a counter: of its rate over each second of the range)
 * @param observations fresh values in the range: a level's emissions (a held value is not one), a
 *     counter's or a derived series' ticks
 * @param seconds the time the series had a value in the range
 * @param noise how much its mean moves from one second to the next: the root of half the mean squared
 *     difference of neighbouring seconds' means; 0 for a series that held one value throughout, and with
 *     fewer than two neighbouring seconds
 * @param noiseSteps the pairs of neighbouring seconds {@code noise} is taken from
 * @param resolution the smallest step the value moves by (one kernel unit of a level, one event a second
 *     of a counter, 0 for a derived series)
 */
public record SeriesStats(
        DiffSeries series,
        double mean,
        double p99,
        long observations,
        double seconds,
        double noise,
        int noiseSteps,
        double resolution) {}
