package dev.tickbench.core.diff;

import dev.tickbench.core.catalogue.ValueKind;

/**
 * One series over one range: its weighted sums in total and over the range's current second, the spread
 * of its second-to-second means, the weighted quantile sketch, and for a level the value it holds since
 * its last emission (docs/diff.md). Everything it adds is a value with a weight in seconds: a counter's
 * delta over a tick's {@code dt}, a derived value with its tick's, a level's held value with the time it held.
 *
 * <p>Values are summed relative to the first one the range saw ({@link #origin}): a level that never moved
 * adds exact zeros, so its mean is its value to the last bit and its spread exactly 0, and a large level
 * (a slab count of 300,000) keeps its small moves in the sums' precision.
 */
final class SeriesAccumulator {
    final SeriesInfo info;
    /** The value sums are taken from; NaN until the first value (a counter's stays 0: its deltas are the sums). */
    private double origin;

    private double sumVW;
    double sumW;
    private double secondVW;
    private double secondW;
    /** The mean of the last second counted, NaN when the previous second was not (no pair spans a hole). */
    private double lastSecondMean = Double.NaN;

    private double squaredSteps;
    private int steps;
    /** Made at the first value, when the budget holds it; without one the series has no p99. */
    private QuantileSketch sketch;

    /** A level: the value held since {@link #segmentStart} (seconds of the range), and whether there is one. */
    boolean holding;

    double held;
    double segmentStart;
    /** Whether the range lists it among its open holds. */
    boolean listed;

    SeriesAccumulator(SeriesInfo info) {
        this.info = info;
        this.origin = info.kind() == ValueKind.COUNTER ? 0 : Double.NaN;
    }

    /** {@code weight} seconds of {@code value} (a level's held value, a derived value). */
    void add(double value, double weight, QuantileSketch.Budget budget) {
        if (Double.isNaN(origin)) {
            origin = value;
        }
        double vw = (value - origin) * weight;
        sumVW += vw;
        sumW += weight;
        secondVW += vw;
        secondW += weight;
        toSketch(value, weight, budget);
    }

    private void toSketch(double value, double weight, QuantileSketch.Budget budget) {
        if (sketch == null) {
            sketch = QuantileSketch.create(budget);
            if (sketch == null) {
                return;
            }
        }
        sketch.add(value, weight);
    }

    /** The time-weighted 99th percentile of the values (a counter's: of its seconds); NaN without a sketch. */
    double p99() {
        return sketch == null ? Double.NaN : sketch.quantile(0.99);
    }

    /** The p99's error as a share of it: 0 while exact, NaN when it has none. */
    double p99Error() {
        return sketch == null ? Double.NaN : sketch.relativeError();
    }

    /**
     * A counter's tick: its delta over {@code dt}. Its sketch takes the rate of each second when the second
     * ends ({@link #endSecond}): a counter's p99 is that of its rate over each second, as a derived series is
     * taken over 1 s (docs/derived-series.md: per tick, a count in jiffies or lumps says little).
     */
    void addTick(double delta, double dt) {
        sumVW += delta;
        sumW += dt;
        secondVW += delta;
        secondW += dt;
    }

    /** Closes the held value's segment at {@code now} (seconds of the range). */
    void flush(double now, QuantileSketch.Budget budget) {
        double w = now - segmentStart;
        if (w > 0) {
            add(held, w, budget);
        }
        segmentStart = now;
    }

    /**
     * The range's current second ends, {@code covered} seconds of it by the range's samples: the series'
     * mean over it counts when it had a value for at least half of that (and the second is at least half a
     * second long: the range's cut-short last one is not), and its step from the second before goes to the
     * spread. A counter's rate over the second goes to its sketch, weighted by its time.
     */
    void endSecond(double covered, QuantileSketch.Budget budget) {
        boolean counter = info.kind() == ValueKind.COUNTER;
        if (counter && secondW > 0) {
            toSketch(secondVW / secondW, secondW, budget);
        }
        if (covered >= MIN_SHARE && secondW >= MIN_SHARE * covered) {
            double mean = secondVW / secondW;
            if (!Double.isNaN(lastSecondMean)) {
                double step = mean - lastSecondMean;
                squaredSteps += step * step;
                steps++;
            }
            lastSecondMean = mean;
        } else {
            lastSecondMean = Double.NaN;
        }
        secondVW = 0;
        secondW = 0;
    }

    /** A second, or a second's share of a series' time, that counts: at least half. */
    private static final double MIN_SHARE = 0.5;

    /** The time-weighted mean over the range, in the stream's unit (its rate for a counter). */
    double mean() {
        double offset = sumVW / sumW;
        return Double.isNaN(origin) || origin == 0 ? offset : origin + offset;
    }

    /**
     * The spread of the series from one second to the next: √(Σ step² / (2 × steps)), the mean successive
     * squared difference of von Neumann, whose square is the variance of the second means when they are
     * independent and which a drift across the range barely moves (a steady climb adds only its per-second
     * step). 0 with no two neighbouring seconds counted.
     */
    double noise() {
        return steps == 0 ? 0 : Math.sqrt(squaredSteps / (2.0 * steps));
    }

    /** The neighbouring pairs of counted seconds the noise is taken from. */
    int noiseSteps() {
        return steps;
    }
}
