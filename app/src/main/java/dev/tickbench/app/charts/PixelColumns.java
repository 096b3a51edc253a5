package dev.tickbench.app.charts;

import dev.tickbench.app.session.Points;
import java.util.Arrays;

/**
 * One line's points as a chart draws them: reduced to pixel columns, each holding the first, lowest,
 * highest and last point of the run of points in it, in their original order (at most four, and every
 * one-tick peak survives: a throttling burst is one tick wide). A NaN (a break at missed samples,
 * docs/workbench-charts.md) ends the run before it and is kept as a point of its own, a run of NaNs as
 * one, so a break survives any zoom.
 *
 * <p>Columns are counted from the epoch in a fixed width of seconds, so they stay the same columns
 * while the time axis moves. A column is <em>complete</em> once a later point exists (points only
 * come at the end of a line); complete columns are kept, and a move of the axis (following: twice a
 * second) reduces only the columns it brings in and the last, incomplete one — never again the points
 * already on screen (docs/workbench-charts.md, "Redraws"). A zoom or a resize (another width) starts
 * again, and so does a line whose every point is new since (a long capture's run read in place of its
 * overview); the kept columns are only those on screen.
 */
final class PixelColumns {
    /** Widths closer than this (relative) are the same width: a follow step recomputes the span in floating point. */
    private static final double SAME_WIDTH = 1e-9;

    private double width = Double.NaN;
    /** Kept: the reduced points of the complete columns [first, end), in {@link #kept}. */
    private long first;

    private long end;
    /** Index into {@code kept} where column {@code first + i} starts; {@code starts[end - first]} is its size. */
    private int[] starts = new int[64];

    private final Line kept = new Line();
    private long pointsRead;
    /** {@link Points#appended()} of the line last reduced. */
    private long reducedAppended;

    /** The reduced line: the points to draw, in order. Reused between calls. */
    static final class Line {
        double[] x = new double[256];
        double[] y = new double[256];
        int size;

        void clear() {
            size = 0;
        }

        void add(double px, double py) {
            if (size == x.length) {
                x = Arrays.copyOf(x, size * 2);
                y = Arrays.copyOf(y, size * 2);
            }
            x[size] = px;
            y[size] = py;
            size++;
        }
    }

    /** Points of the line read to reduce them, since this was made (ChartDiagnostics: how much a step costs). */
    long pointsRead() {
        return pointsRead;
    }

    private long column(double x) {
        return (long) Math.floor(x / width);
    }

    /**
     * The line over columns [{@code from}, {@code to}] of {@code columnWidth} seconds into {@code out}:
     * the last point before them (the line, or a held level, entering from the left), the reduced
     * columns, and the first point after them (or the held tail).
     */
    void reduce(Points p, double columnWidth, long from, long to, Line out) {
        out.clear();
        if (!(Math.abs(columnWidth - width) <= SAME_WIDTH * width)) {
            width = columnWidth;
            first = end = Long.MIN_VALUE;
        }
        int n = p.stored();
        if (p.appended() - reducedAppended >= n) {
            first = end = Long.MIN_VALUE; // every point is new since the last reduction (a line replaced): none kept is
            // of them
        }
        reducedAppended = p.appended();
        if (n == 0) {
            if (p.hasTail()) {
                out.add(p.x(0), p.y(0));
            }
            return;
        }
        long lastColumn = column(p.x(n - 1)); // every column before it is complete
        long dataFrom = column(p.x(0));
        long keepFrom = Math.max(from, dataFrom);
        if (end == Long.MIN_VALUE || first > keepFrom || end < keepFrom || end > lastColumn) {
            startAt(keepFrom); // nothing kept that covers the left edge (a zoom, a jump back): start there
        } else if (first < keepFrom) {
            dropBefore(keepFrom); // scrolled out of view, or the store dropped its oldest points
        }
        keep(p, Math.min(lastColumn, to + 1));

        int lead = lastBefore(p, from);
        if (lead >= 0) {
            out.add(p.x(lead), p.y(lead));
        }
        long shownEnd = Math.min(end, to + 1);
        if (shownEnd > first) {
            int a = starts[(int) (Math.max(from, first) - first)];
            int b = starts[(int) (shownEnd - first)];
            for (int i = a; i < b; i++) {
                out.add(kept.x[i], kept.y[i]);
            }
        }
        // the columns not kept (the last, incomplete one; all of them right of the data): read now
        int i = firstAt(p, Math.max(Math.max(end, from), dataFrom));
        int stop = firstAt(p, to + 1);
        reduceRun(p, i, stop, out, null);
        if (stop < n) {
            out.add(p.x(stop), p.y(stop)); // the line leaves to the right
        } else if (p.hasTail()) {
            out.add(p.x(n), p.y(n)); // a level held on to the newest sample
        }
    }

    /** Reduces and keeps the complete columns from {@code end} up to {@code limit} (exclusive). */
    private void keep(Points p, long limit) {
        if (limit <= end) {
            return;
        }
        int i = firstAt(p, end);
        int stop = firstAt(p, limit);
        reduceRun(p, i, stop, null, limit);
    }

    /**
     * Reduces points [i, stop) column by column into {@code out}, or, with {@code out} null, into the
     * kept columns, which then reach {@code keepTo}.
     */
    private void reduceRun(Points p, int i, int stop, Line out, Long keepTo) {
        pointsRead += Math.max(0, stop - i);
        while (i < stop) {
            if (Double.isNaN(p.y(i))) {
                long c = column(p.x(i));
                if (out == null) {
                    openColumnsUpTo(c);
                }
                put(out, p.x(i), p.y(i));
                while (i < stop && Double.isNaN(p.y(i))) {
                    i++;
                }
                continue;
            }
            long c = column(p.x(i));
            if (out == null) {
                openColumnsUpTo(c);
            }
            int firstI = i;
            int min = i;
            int max = i;
            int j = i + 1;
            while (j < stop && column(p.x(j)) == c && !Double.isNaN(p.y(j))) {
                if (p.y(j) < p.y(min)) {
                    min = j;
                }
                if (p.y(j) > p.y(max)) {
                    max = j;
                }
                j++;
            }
            int last = j - 1;
            int lo = Math.min(min, max);
            int hi = Math.max(min, max);
            put(out, p.x(firstI), p.y(firstI));
            if (lo != firstI) {
                put(out, p.x(lo), p.y(lo));
            }
            if (hi != lo && hi != firstI) {
                put(out, p.x(hi), p.y(hi));
            }
            if (last != hi && last != firstI) {
                put(out, p.x(last), p.y(last));
            }
            i = j;
        }
        if (out == null) {
            openColumnsUpTo(keepTo);
        }
    }

    /** Columns up to {@code c} (exclusive) are done: their starts are recorded (empty ones too). */
    private void openColumnsUpTo(long c) {
        while (end < c) {
            int at = (int) (end - first) + 1;
            if (at >= starts.length) {
                starts = Arrays.copyOf(starts, Math.max(at + 1, starts.length * 2));
            }
            starts[at] = kept.size;
            end++;
        }
    }

    private void put(Line out, double x, double y) {
        (out != null ? out : kept).add(x, y);
    }

    /** Forgets the kept columns before {@code c}. */
    private void dropBefore(long c) {
        int drop = (int) (Math.min(c, end) - first);
        int from = starts[drop];
        System.arraycopy(kept.x, from, kept.x, 0, kept.size - from);
        System.arraycopy(kept.y, from, kept.y, 0, kept.size - from);
        kept.size -= from;
        int columns = (int) (end - first) - drop;
        for (int k = 0; k <= columns; k++) {
            starts[k] = starts[k + drop] - from;
        }
        first += drop;
        if (first < c) {
            startAt(c);
        }
    }

    private void startAt(long c) {
        first = end = c;
        kept.clear();
        starts[0] = 0;
    }

    /** Index of the first stored point in column {@code c} or later. */
    private int firstAt(Points p, long c) {
        int n = p.stored();
        double t = c * width;
        int i = p.firstStoredAtOrAfter(t);
        // the column is what column() says, not what the product says at the boundary
        while (i > 0 && column(p.x(i - 1)) >= c) {
            i--;
        }
        while (i < n && column(p.x(i)) < c) {
            i++;
        }
        return i;
    }

    /** Index of the last stored point in a column before {@code c}; -1 when none. */
    private int lastBefore(Points p, long c) {
        return firstAt(p, c) - 1;
    }
}
