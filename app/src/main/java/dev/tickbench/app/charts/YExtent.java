package dev.tickbench.app.charts;

import dev.tickbench.app.session.Points;

/**
 * The y range a chart needs for the visible x range: the lowest and highest value of its series there
 * (plus the held value that enters from the left) and its fixed lines (critical trip, bands). Each
 * series costs two binary searches and a pass over the visible points, in which whole blocks of
 * 1024 points are read from their kept min/max ({@link Blocks}); it is computed when the visible
 * range moves, not per frame.
 */
public final class YExtent {
    private double lo = Double.POSITIVE_INFINITY;
    private double hi = Double.NEGATIVE_INFINITY;
    /** The lowest value above 0: where a log axis starts. */
    private double loPositive = Double.POSITIVE_INFINITY;

    /** Widens the extent by {@code p}'s values with x in [xMin, xMax] and the held value before xMin. */
    public YExtent series(Points p, double xMin, double xMax) {
        return series(p, null, xMin, xMax);
    }

    /**
     * As {@link #series(Points, double, double)}, with {@code blocks} (kept by the caller per series)
     * summarising whole blocks of stored points, so a zoomed-out hour of 100 Hz costs a few thousand reads.
     */
    public YExtent series(Points p, Blocks blocks, double xMin, double xMax) {
        int n = p.size();
        if (n == 0) {
            return this;
        }
        int from = p.firstAtOrAfter(xMin);
        if (from > 0) {
            from--; // a held level (or the line into view) starts left of the range
        }
        int to = Math.min(n, p.firstAtOrAfter(Math.nextUp(xMax))); // exclusive
        if (blocks != null) {
            blocks.update(p);
        }
        int i = from;
        while (i < to) {
            int b = i / Blocks.SIZE;
            if (blocks != null && i % Blocks.SIZE == 0 && i + Blocks.SIZE <= to && b < blocks.count) {
                value(blocks.min[b]);
                value(blocks.max[b]);
                value(blocks.minPositive[b]);
                i += Blocks.SIZE;
            } else {
                value(p.y(i));
                i++;
            }
        }
        return this;
    }

    /**
     * Min and max of each complete block of {@link #SIZE} stored points of one series. Stored points are
     * only appended, except trimming from the front (seen as another first x: the summary starts again);
     * the held tail is never in a block.
     */
    public static final class Blocks {
        static final int SIZE = 1024;
        private double firstX = Double.NaN;
        private int count;
        private double[] min = new double[16];
        private double[] max = new double[16];
        private double[] minPositive = new double[16];

        void update(Points p) {
            double x0 = p.x(0);
            if (Double.compare(x0, firstX) != 0) {
                firstX = x0;
                count = 0;
            }
            int complete = p.stored() / SIZE;
            for (; count < complete; count++) {
                if (count == min.length) {
                    min = java.util.Arrays.copyOf(min, count * 2);
                    max = java.util.Arrays.copyOf(max, count * 2);
                    minPositive = java.util.Arrays.copyOf(minPositive, count * 2);
                }
                double lo = Double.POSITIVE_INFINITY;
                double hi = Double.NEGATIVE_INFINITY;
                double loPositive = Double.POSITIVE_INFINITY;
                for (int i = count * SIZE, end = i + SIZE; i < end; i++) {
                    double y = p.y(i);
                    if (!Double.isNaN(y)) {
                        lo = Math.min(lo, y);
                        hi = Math.max(hi, y);
                        if (y > 0) {
                            loPositive = Math.min(loPositive, y);
                        }
                    }
                }
                min[count] = lo;
                max[count] = hi;
                minPositive[count] = loPositive;
            }
        }

        /** Blocks summarised (tests). */
        public int count() {
            return count;
        }
    }

    /** A fixed line (critical trip, band edge) that must stay on screen. */
    public YExtent value(double y) {
        if (!Double.isNaN(y) && !Double.isInfinite(y)) {
            lo = Math.min(lo, y);
            hi = Math.max(hi, y);
            if (y > 0) {
                loPositive = Math.min(loPositive, y);
            }
        }
        return this;
    }

    public boolean isEmpty() {
        return lo > hi;
    }

    public double lo() {
        return lo;
    }

    public double hi() {
        return hi;
    }

    /** The lowest value above 0 (infinite when there is none). */
    double loPositive() {
        return loPositive;
    }

    /**
     * The range of a log axis: from the lowest value above 0 to the highest, with {@code padding} of its
     * decades on both sides (at least a tenth of a decade for a flat line); a decade around 1 while nothing
     * in view is above 0, which a log axis cannot show.
     */
    public double[] logAxisRange(double padding) {
        if (isEmpty()) {
            return null;
        }
        if (Double.isInfinite(loPositive)) {
            return new double[] {0.1, 10};
        }
        double decades = Math.max(0.1, Math.log10(hi / loPositive));
        double pad = Math.pow(10, decades * padding);
        return new double[] {loPositive / pad, hi * pad};
    }

    /**
     * The axis range: the extent with {@code padding} (a share of its height) on both sides, zero
     * included when asked (percentages, CPUs), and a unit band around a flat line so it is not on the frame.
     * No room below 0 for values that are never below it (a level, a rate, a flat 0 % busy): 0 is where
     * such an axis ends, and a line at 0 lies on it.
     */
    public double[] axisRange(double padding, boolean forceZero) {
        if (isEmpty()) {
            return null;
        }
        double a = forceZero ? Math.min(0, lo) : lo;
        double b = forceZero ? Math.max(0, hi) : hi;
        double h = b - a;
        double below;
        double above;
        if (h <= 0) {
            below = above = Math.max(1, Math.abs(a) * 0.05);
        } else {
            below = above = h * padding;
        }
        return new double[] {(forceZero && a == 0) || (lo >= 0 && a - below < 0) ? 0 : a - below, b + above};
    }
}
