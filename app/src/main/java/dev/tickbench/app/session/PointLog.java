package dev.tickbench.app.session;

import java.util.Arrays;

/**
 * The stored points of one line, written by one thread (the store's receiving thread) and read by any
 * through {@link #view()}. Appends go straight into the arrays past what the last view shows; {@link
 * #publish} makes them visible at once, in a batch (a volatile write of a new {@link Points}), so readers
 * never lock and never see a half-written point. Growing and trimming make new arrays: a view already
 * handed out keeps the old ones, unchanged.
 *
 * <p>Bounded by {@code maxPoints}: past it, the oldest quarter goes (live sessions keep a bounded history;
 * replays pass {@code Integer.MAX_VALUE}).
 */
final class PointLog {
    private double[] x;
    private double[] y;
    private int size;
    private long appended;
    private volatile Points view = Points.EMPTY;

    PointLog(int capacity) {
        x = new double[capacity];
        y = new double[capacity];
    }

    /** Appends a point, seen by readers from the next {@link #publish}. Writer thread only. */
    void add(double px, double py) {
        if (size == x.length) {
            x = Arrays.copyOf(x, Math.max(16, size * 2));
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

    /**
     * Makes every point appended so far visible, with a held tail at ({@code tailX}, {@code tailY}) (NaN:
     * none), after trimming to {@code maxPoints}. Nothing happens when nothing changed. Writer thread only.
     */
    void publish(double tailX, double tailY, int maxPoints) {
        Points v = view;
        if (v.appended() == appended && Double.compare(v.hasTail() ? v.x(v.stored()) : Double.NaN, tailX) == 0
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
    }

    /** What readers see now. Any thread. */
    Points view() {
        return view;
    }
}
