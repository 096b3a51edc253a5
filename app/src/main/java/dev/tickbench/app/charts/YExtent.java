package dev.tickbench.app.charts;

import io.fair_acc.dataset.DataSet;

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

    /** Widens the extent by {@code ds}'s values with x in [xMin, xMax] and the held value before xMin. */
    public YExtent series(DataSet ds, double xMin, double xMax) {
        return series(ds, null, xMin, xMax);
    }

    /**
     * As {@link #series(DataSet, double, double)}, with {@code blocks} (kept by the caller per dataset)
     * summarising whole blocks of points, so a zoomed-out hour of 100 Hz costs a few thousand reads.
     */
    public YExtent series(DataSet ds, Blocks blocks, double xMin, double xMax) {
        ds.lock().readLockGuard(() -> {
            int n = ds.getDataCount();
            if (n == 0) {
                return;
            }
            int from = firstAtOrAfter(ds, xMin, n);
            if (from > 0) {
                from--; // a held level (or the line into view) starts left of the range
            }
            int to = Math.min(n, firstAtOrAfter(ds, Math.nextUp(xMax), n)); // exclusive
            if (blocks != null) {
                blocks.update(ds, n);
            }
            int i = from;
            while (i < to) {
                int b = i / Blocks.SIZE;
                if (blocks != null && i % Blocks.SIZE == 0 && i + Blocks.SIZE <= to && b < blocks.count) {
                    value(blocks.min[b]);
                    value(blocks.max[b]);
                    i += Blocks.SIZE;
                } else {
                    value(ds.get(DataSet.DIM_Y, i));
                    i++;
                }
            }
        });
        return this;
    }

    /**
     * Min and max of each complete block of {@link #SIZE} points of one dataset. Points are only
     * appended, except the held tail (the last point, never in a summarised block) and trimming from
     * the front (seen as another first x: the summary starts again).
     */
    public static final class Blocks {
        static final int SIZE = 1024;
        private double firstX = Double.NaN;
        private int count;
        private double[] min = new double[16];
        private double[] max = new double[16];

        void update(DataSet ds, int n) {
            double x0 = ds.get(DataSet.DIM_X, 0);
            if (Double.compare(x0, firstX) != 0) {
                firstX = x0;
                count = 0;
            }
            int complete = (n - 1) / SIZE; // the last point may be the held tail: never summarised
            for (; count < complete; count++) {
                if (count == min.length) {
                    min = java.util.Arrays.copyOf(min, count * 2);
                    max = java.util.Arrays.copyOf(max, count * 2);
                }
                double lo = Double.POSITIVE_INFINITY;
                double hi = Double.NEGATIVE_INFINITY;
                for (int i = count * SIZE, end = i + SIZE; i < end; i++) {
                    double y = ds.get(DataSet.DIM_Y, i);
                    if (!Double.isNaN(y)) {
                        lo = Math.min(lo, y);
                        hi = Math.max(hi, y);
                    }
                }
                min[count] = lo;
                max[count] = hi;
            }
        }

        /** Blocks summarised (tests). */
        public int count() {
            return count;
        }
    }

    private static int firstAtOrAfter(DataSet ds, double x, int n) {
        int a = 0;
        int b = n;
        while (a < b) {
            int m = (a + b) >>> 1;
            if (ds.get(DataSet.DIM_X, m) < x) {
                a = m + 1;
            } else {
                b = m;
            }
        }
        return a;
    }

    /** A fixed line (critical trip, band edge) that must stay on screen. */
    public YExtent value(double y) {
        if (!Double.isNaN(y) && !Double.isInfinite(y)) {
            lo = Math.min(lo, y);
            hi = Math.max(hi, y);
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

    /**
     * The axis range: the extent with {@code padding} (a share of its height) on both sides, zero
     * included when asked (percentages, CPUs), and a unit band around a flat line so it is not on the frame.
     */
    public double[] axisRange(double padding, boolean forceZero) {
        if (isEmpty()) {
            return null;
        }
        double a = forceZero ? Math.min(0, lo) : lo;
        double b = forceZero ? Math.max(0, hi) : hi;
        double h = b - a;
        if (h <= 0) {
            double d = Math.max(1, Math.abs(a) * 0.05);
            return new double[] {a - d, b + d};
        }
        double pad = h * padding;
        return new double[] {forceZero && a == 0 ? 0 : a - pad, b + pad};
    }
}
