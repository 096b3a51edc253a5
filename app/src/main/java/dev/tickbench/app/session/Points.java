package dev.tickbench.app.session;

/**
 * The points of one series as they are at one moment: an immutable view, read by any thread without a
 * lock (the crosshair's readout, the range statistics, a chart's renderer, the overview strip). x is
 * ascending, in epoch seconds; a NaN y is a break at missed samples (docs/workbench-charts.md). A level
 * may end with a <em>held tail</em>: its last value drawn on to the newest sample, part of the line but
 * not a stored point ({@link #stored()} leaves it out).
 *
 * <p>Made by {@link PointLog#publish}: the arrays are shared with the log, which only ever writes past
 * {@code stored()} (appending) or into new arrays (growing, trimming), so what a view shows never
 * changes under its reader.
 */
public final class Points {
    public static final Points EMPTY = new Points(new double[0], new double[0], 0, Double.NaN, Double.NaN, 0);

    private final double[] x;
    private final double[] y;
    private final int stored;
    private final double tailX;
    private final double tailY;
    private final long appended;

    /** A view of these points (x ascending), no held tail: what a reader that is not the store builds. */
    public static Points of(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(x.length + " x for " + y.length + " y");
        }
        return new Points(x.clone(), y.clone(), x.length, Double.NaN, Double.NaN, x.length);
    }

    Points(double[] x, double[] y, int stored, double tailX, double tailY, long appended) {
        this.x = x;
        this.y = y;
        this.stored = stored;
        this.tailX = tailX;
        this.tailY = tailY;
        this.appended = appended;
    }

    /** Points in the line: the stored ones and the held tail, when there is one. */
    public int size() {
        return hasTail() ? stored + 1 : stored;
    }

    /** The stored points only (reads and the points of breaks), without the held tail. */
    public int stored() {
        return stored;
    }

    public boolean isEmpty() {
        return size() == 0;
    }

    /** Whether the line ends with a held tail (a level drawn on to the newest sample). */
    public boolean hasTail() {
        return !Double.isNaN(tailX);
    }

    public double x(int i) {
        return i < stored ? x[i] : tailX(i);
    }

    public double y(int i) {
        return i < stored ? y[i] : tailY(i);
    }

    private double tailX(int i) {
        check(i);
        return tailX;
    }

    private double tailY(int i) {
        check(i);
        return tailY;
    }

    private void check(int i) {
        if (i != stored || !hasTail()) {
            throw new IndexOutOfBoundsException(i + " of " + size());
        }
    }

    /**
     * The newest value read: the last point unless that is a break (a NaN where samples were missed, which
     * a busy machine puts at the end of every line), then the one before it; NaN when there is none.
     */
    public double lastRead() {
        for (int i = size() - 1; i >= 0; i--) {
            if (!Double.isNaN(y(i))) {
                return y(i);
            }
        }
        return Double.NaN;
    }

    /**
     * Every point ever appended to the log, trimmed ones included: two views of one series differ in
     * {@code appended() - before.appended()} new stored points (the newest ones).
     */
    public long appended() {
        return appended;
    }

    /**
     * The x from which this view differs from {@code before} (an earlier view of the same series): the
     * first new stored point, else the new held tail; NaN when they draw the same line.
     */
    public double changedSince(Points before) {
        long added = appended - before.appended;
        if (added > 0) {
            int first = (int) Math.max(0, stored - added);
            return x(first);
        }
        if (Double.compare(tailX, before.tailX) != 0 || Double.compare(tailY, before.tailY) != 0) {
            return hasTail() ? tailX : before.tailX;
        }
        return Double.NaN;
    }

    /** Index of the last stored point at or before {@code t}; -1 when none. */
    public int lastStoredAtOrBefore(double t) {
        return lastAtOrBefore(stored, t);
    }

    /** Index of the first stored point at or after {@code t}; {@link #stored()} when none. */
    public int firstStoredAtOrAfter(double t) {
        int lo = 0;
        int hi = stored;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (x[mid] < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Index of the first point (the held tail included) at or after {@code t}; {@link #size()} when none. */
    public int firstAtOrAfter(double t) {
        int i = firstStoredAtOrAfter(t);
        return i == stored && hasTail() && tailX < t ? size() : i;
    }

    private int lastAtOrBefore(int n, double t) {
        int lo = 0;
        int hi = n - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (x[mid] <= t) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /** Whether a stored point sits exactly at {@code t} (a heartbeat mark at an emission's time). */
    public boolean hasStoredAt(double t) {
        int i = lastStoredAtOrBefore(t);
        return i >= 0 && x[i] == t;
    }

    /** Stored points with x in [from, to]: two binary searches. */
    public int countStoredIn(double from, double to) {
        return Math.max(0, lastStoredAtOrBefore(to) + 1 - firstStoredAtOrAfter(from));
    }

    @Override
    public String toString() {
        return size() + " points" + (hasTail() ? " (held tail at " + tailX + ")" : "");
    }
}
