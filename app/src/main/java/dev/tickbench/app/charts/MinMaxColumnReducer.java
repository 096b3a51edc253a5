package dev.tickbench.app.charts;

import io.fair_acc.chartfx.renderer.RendererDataReducer;

/**
 * Keeps, for every pixel column, the first, lowest, highest and last point in their original order:
 * at most four points per column, and every peak survives (a throttling burst is a one-tick spike).
 * ChartFX's DefaultDataReducer is too slow on noisy data in software rendering (a noisy 1,000,000-point
 * line drew at 0.1-0.2 frames/s) and MaxDataReducer drops peaks. ChartFX calls this with x already in
 * screen coordinates.
 *
 * <p>A NaN y is a break in the line (missed samples, docs/workbench-charts.md): it ends the column
 * before it and is kept as a point of its own (a run of NaNs as one), so the break survives any zoom.
 */
public final class MinMaxColumnReducer implements RendererDataReducer {

    @Override
    public int reducePoints(double[] x, double[] y, double[] xErrPos, double[] xErrNeg, double[] yErrPos,
                            double[] yErrNeg, String[] styles, boolean[] selected, int indexMin, int indexMax) {
        int out = 0;
        int i = indexMin;
        while (i < indexMax) {
            if (Double.isNaN(y[i])) {
                out = keep(i, out, x, y, xErrPos, xErrNeg, yErrPos, yErrNeg, styles, selected);
                while (i < indexMax && Double.isNaN(y[i])) {
                    i++;
                }
                continue;
            }
            // one column: the run of points whose screen x falls in the same whole pixel
            double column = Math.floor(x[i]);
            int first = i;
            int min = i;
            int max = i;
            int j = i + 1;
            while (j < indexMax && Math.floor(x[j]) == column && !Double.isNaN(y[j])) {
                if (y[j] < y[min]) {
                    min = j;
                }
                if (y[j] > y[max]) {
                    max = j;
                }
                j++;
            }
            int last = j - 1;
            int lo = Math.min(min, max);
            int hi = Math.max(min, max);
            out = keep(first, out, x, y, xErrPos, xErrNeg, yErrPos, yErrNeg, styles, selected);
            if (lo != first) {
                out = keep(lo, out, x, y, xErrPos, xErrNeg, yErrPos, yErrNeg, styles, selected);
            }
            if (hi != lo && hi != first) {
                out = keep(hi, out, x, y, xErrPos, xErrNeg, yErrPos, yErrNeg, styles, selected);
            }
            if (last != hi && last != first) {
                out = keep(last, out, x, y, xErrPos, xErrNeg, yErrPos, yErrNeg, styles, selected);
            }
            i = j;
        }
        return out;
    }

    /** Moves point {@code from} to slot {@code to} (to ≤ from, so it never overwrites an unread point). */
    private static int keep(int from, int to, double[] x, double[] y, double[] xErrPos, double[] xErrNeg,
                            double[] yErrPos, double[] yErrNeg, String[] styles, boolean[] selected) {
        x[to] = x[from];
        y[to] = y[from];
        move(xErrPos, from, to);
        move(xErrNeg, from, to);
        move(yErrPos, from, to);
        move(yErrNeg, from, to);
        if (styles != null) {
            styles[to] = styles[from];
        }
        if (selected != null) {
            selected[to] = selected[from];
        }
        return to + 1;
    }

    private static void move(double[] a, int from, int to) {
        if (a != null) {
            a[to] = a[from];
        }
    }
}
