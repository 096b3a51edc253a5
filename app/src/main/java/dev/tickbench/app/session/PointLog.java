package dev.tickbench.app.session;

import java.util.Arrays;

/**
 * The stored points of one line, written by one thread (the store's receiving thread) and read by any
 * through {@link #view()}. Appends go straight into the arrays past what the last view shows; {@link
 * #publish} makes them visible at once, in a batch (a volatile write of a new {@link Points}), so readers
 * never lock and never see a half-written point. Growing and trimming make new arrays: a view already
 * handed out keeps the old ones, unchanged.
 *
 * <p>Bounded by {@code maxPoints}: past it, the oldest quarter goes; and {@link #trimBefore} drops what is
 * older than a time (a live store bounded by its memory, SeriesStore). Replays pass {@code Integer.MAX_VALUE}.
 */
final class PointLog {
    private double[] x;
    private double[] y;
    private int size;
    private long appended;
    private volatile Points view = Points.EMPTY;
    /** Points were dropped by {@link #trimBefore} since the last publish (the view must be made again). */
    private boolean trimmed;

    PointLog(int capacity) {
        x = new double[capacity];
        y = new double[capacity];
    }

    /** Appends a point, seen by readers from the next {@link #publish}. Writer thread only. */
    void add(double px, double py) {
        if (size == x.length) {
            x = Arrays.copyOf(x, Math.max(16, size + size / 2)); // a live store's memory bound counts points, not room
            y = Arrays.copyOf(y, x.length);
        }
        x[size] = px;
        y[size] = py;
        size++;
        appended++;
    }

    /** Points appended since the last publish. */
    int unpublished() {
        return (int) (appended - view.appended());
    }

    /** Stored points, published or not. */
    int size() {
        return size;
    }

    double lastX() {
        return size == 0 ? Double.NaN : x[size - 1];
    }

    /** Every stored point, oldest first, published or not. Writer thread only. */
    void forEach(Each to) {
        for (int i = 0; i < size; i++) {
            to.at(x[i], y[i]);
        }
    }

    /** Takes one point. */
    interface Each {
        void at(double x, double y);
    }

    /** Points the arrays have room for (tests: what the log holds in memory). */
    int capacity() {
        return x.length;
    }

    double firstX() {
        return size == 0 ? Double.NaN : x[0];
    }

    /**
     * Drops the points before {@code cutoff} (x ascending), but with {@code keepHeld} the last one before it
     * when it is a value (a level's read that still holds at the cutoff), into new arrays (a view handed out
     * keeps the old ones), seen by readers from the next {@link #publish}. Writer thread only.
     */
    void trimBefore(double cutoff, boolean keepHeld) {
        int from = java.util.Arrays.binarySearch(x, 0, size, cutoff);
        if (from < 0) {
            from = -from - 1;
        }
        while (from > 0 && x[from - 1] == cutoff) {
            from--; // every point at the cutoff stays
        }
        if (keepHeld && from > 0 && !Double.isNaN(y[from - 1])) {
            from--; // the value held at the cutoff: a level's last read before it, not a break
        }
        if (from == 0) {
            return;
        }
        int keep = size - from;
        double[] nx = new double[Math.max(16, keep + keep / 4)];
        double[] ny = new double[nx.length];
        System.arraycopy(x, from, nx, 0, keep);
        System.arraycopy(y, from, ny, 0, keep);
        x = nx;
        y = ny;
        size = keep;
        trimmed = true;
    }

    /**
     * Replaces every stored point with the first {@code n} of {@code nx}, {@code ny} (x ascending; the
     * arrays are the log's from now on), seen from the next {@link #publish} as {@code n} points appended
     * anew: a reader redraws the whole line ({@link Points#changedSince}). Writer thread only.
     */
    void replace(double[] nx, double[] ny, int n) {
        x = nx;
        y = ny;
        size = n;
        appended += n;
        trimmed = true;
    }

    /**
     * Gives the arrays' room to grow back (a replay read whole gets no more points): new arrays of the
     * size held, seen from the next {@link #publish}. Writer thread only.
     */
    void compact() {
        if (x.length > size) {
            x = Arrays.copyOf(x, size);
            y = Arrays.copyOf(y, size);
            trimmed = true;
        }
    }

    /**
     * Makes every point appended so far visible, with a held tail at ({@code tailX}, {@code tailY}) (NaN:
     * none), after trimming to {@code maxPoints}. Nothing happens when nothing changed. Writer thread only.
     */
    void publish(double tailX, double tailY, int maxPoints) {
        Points v = view;
        if (!trimmed
                && v.appended() == appended
                && Double.compare(v.hasTail() ? v.x(v.stored()) : Double.NaN, tailX) == 0
                && (Double.isNaN(tailX) || Double.compare(v.y(v.stored()), tailY) == 0)) {
            return;
        }
        if (size > maxPoints) {
            int keep = maxPoints * 3 / 4;
            double[] nx = new double[Math.max(keep * 2, 16)];
            double[] ny = new double[nx.length];
            System.arraycopy(x, size - keep, nx, 0, keep);
            System.arraycopy(y, size - keep, ny, 0, keep);
            x = nx;
            y = ny;
            size = keep;
        }
        view = new Points(x, y, size, tailX, tailY, appended);
        trimmed = false;
    }

    /** What readers see now. Any thread. */
    Points view() {
        return view;
    }
}
