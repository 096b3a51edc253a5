package dev.tickbench.app.session;

/**
 * A seekable capture's line where a run of blocks was read ({@link SeekableReplay}): the overview before
 * the run, every point read in it, the overview after it, with a break at each seam so that no overview
 * value is drawn on into the points read, nor theirs into the overview.
 */
final class Spliced {
    private Spliced() {}

    /**
     * The overview's points before {@code xa} and from {@code xb} on, and the detail's within; a level
     * whose first read in the run comes after {@code xa} starts at {@code xa} with {@code held}, the
     * value it holds there (null: none known). A level's held tail in {@code detail} is kept: its value
     * held to the run's last sample, where the line breaks.
     */
    static Points line(Points overview, Points detail, double xa, double xb, Double held) {
        int n = overview.size() + detail.size() + 3;
        double[] x = new double[n];
        double[] y = new double[n];
        int k = 0;
        int i = 0;
        for (; i < overview.size() && overview.x(i) < xa; i++) {
            x[k] = overview.x(i);
            y[k++] = overview.y(i);
        }
        if (k > 0 && !Double.isNaN(y[k - 1])) {
            x[k] = xa;
            y[k++] = Double.NaN;
        }
        int d = detail.firstAtOrAfter(xa);
        if (held != null && !Double.isInfinite(xa) && (d >= detail.size() || d < 0 || detail.x(d) > xa)) {
            x[k] = xa;
            y[k++] = held;
        }
        for (int j = Math.max(d, 0); j < detail.size() && detail.x(j) < xb; j++) {
            x[k] = detail.x(j);
            y[k++] = detail.y(j);
        }
        while (i < overview.size() && overview.x(i) < xb) {
            i++; // the overview inside the run: every point read is drawn there instead
        }
        if (i < overview.size() && k > 0 && !Double.isNaN(y[k - 1])) {
            x[k] = Math.max(x[k - 1], xb);
            y[k++] = Double.NaN;
        }
        int rest = overview.size() - i;
        if (k + rest > x.length) {
            x = java.util.Arrays.copyOf(x, k + rest);
            y = java.util.Arrays.copyOf(y, k + rest);
        }
        for (; i < overview.size(); i++) {
            x[k] = overview.x(i);
            y[k++] = overview.y(i);
        }
        return Points.of(java.util.Arrays.copyOf(x, k), java.util.Arrays.copyOf(y, k));
    }

    /** The points of {@code p} from {@code xa} to before {@code xb}. */
    static Points within(Points p, double xa, double xb) {
        int from = Math.max(0, p.firstAtOrAfter(xa));
        int to = from;
        while (to < p.size() && p.x(to) < xb) {
            to++;
        }
        double[] x = new double[to - from];
        double[] y = new double[to - from];
        for (int j = from; j < to; j++) {
            x[j - from] = p.x(j);
            y[j - from] = p.y(j);
        }
        return Points.of(x, y);
    }
}
