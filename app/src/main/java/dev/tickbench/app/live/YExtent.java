package dev.tickbench.app.live;

import io.fair_acc.dataset.DataSet;

/**
 * The y range a chart needs for the visible x range: the lowest and highest value of its series there
 * (plus the held value that enters from the left) and its fixed lines (critical trip, bands). Each
 * series costs two binary searches and a pass over the visible points only, and it is computed when
 * the visible range moves (10 Hz in follow mode), not per frame.
 */
public final class YExtent {
    private double lo = Double.POSITIVE_INFINITY;
    private double hi = Double.NEGATIVE_INFINITY;

    /** Widens the extent by {@code ds}'s values with x in [xMin, xMax] and the held value before xMin. */
    public YExtent series(DataSet ds, double xMin, double xMax) {
        ds.lock().readLockGuard(() -> {
            int n = ds.getDataCount();
            if (n == 0) {
                return;
            }
            int from = firstAtOrAfter(ds, xMin, n);
            if (from > 0) {
                from--; // a held level (or the line into view) starts left of the range
            }
            for (int i = from; i < n; i++) {
                double x = ds.get(DataSet.DIM_X, i);
                if (x > xMax) {
                    break;
                }
                value(ds.get(DataSet.DIM_Y, i));
            }
        });
        return this;
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
