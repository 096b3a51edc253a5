package dev.tickbench.app.session;

import dev.tickbench.app.charts.CadenceLabel;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Read-only questions about a store's series, answered from the stored points (never the reduced ones a
 * chart draws): the value at a time, whether it is a fresh read or a held one, and statistics over a
 * time range. The rules are written in docs/crosshair.md; in short, missing is never a value: before a
 * series' first point, inside a gap, after the last sample, or for a level whose last emission lies
 * before a gap (a change may have been lost there), the answer is "no data".
 */
public final class SeriesQuery {
    /**
     * A read is fresh while the cursor is within this many of the series' periods after it: one period is
     * the read itself, the half absorbs the tick's jitter (a tick's wall time is a little late or early).
     */
    public static final double FRESH_PERIODS = 1.5;

    private final SeriesStore store;

    public SeriesQuery(SeriesStore store) {
        this.store = store;
    }

    /** What a series says at one time. */
    public enum State { FRESH, HELD, NO_DATA }

    /**
     * @param state fresh read, held value or no data
     * @param value the value (NaN for no data)
     * @param readX when the value was read (emitted), epoch seconds; for no data the time {@code why}
     *     ends with ("no value since" that time), else NaN
     * @param heartbeat whether that emission was a heartbeat re-emission, not a change
     * @param why for no data, the plain reason ("before the first value", "gap 0.5 s: reconnect …")
     */
    public record ValueAt(State state, double value, double readX, boolean heartbeat, String why) {
        static ValueAt none(String why) {
            return none(why, Double.NaN);
        }

        static ValueAt none(String why, double at) {
            return new ValueAt(State.NO_DATA, Double.NaN, at, false, why);
        }

        public boolean hasValue() {
            return state != State.NO_DATA;
        }
    }

    /**
     * Statistics of one series over a range. For levels, mean and p99 weigh each value by how long it was
     * held inside the range, and min / max include the value held into the range's start; for rates
     * every stored point counts once. All NaN when the range holds no data for the series.
     *
     * @param freshReads stored points (emissions) inside the range
     */
    public record Stats(int freshReads, double min, double mean, double max, double p99) {
        static final Stats NONE = new Stats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

        public boolean hasData() {
            return !Double.isNaN(min);
        }
    }

    /** Seconds between two reads of {@code s}: its published cadence, else the session's rate, else 1 s. */
    public double period(Series s) {
        CadenceLabel c = s.cadence();
        if (c != null && c.hz() > 0) {
            return 1 / c.hz();
        }
        SessionInfo info = store.session();
        return info != null && info.rateHz() > 0 ? 1.0 / info.rateHz() : 1.0;
    }

    /** The value of {@code s} at {@code t} (epoch seconds). */
    public ValueAt valueAt(Series s, double t) {
        double latest = store.latestX();
        if (Double.isNaN(latest)) {
            return ValueAt.none("no samples yet");
        }
        if (t > latest) {
            return ValueAt.none("after the last sample");
        }
        List<TimeMark> gaps = gaps();
        for (TimeMark g : gaps) {
            if (g.x() < t && t < g.toX()) {
                return ValueAt.none(g.text());
            }
        }
        double[] p = s.readStored((x, y, n) -> {
            int i = lastAtOrBefore(x, n, t);
            if (i < 0) {
                return null;
            }
            if (s.kind() == SeriesKind.LEVEL && isHeldEnd(x, y, n, i)) {
                return new double[] {x[i - 1], y[i]}; // the step drawn to the hole: read at the emission before it
            }
            return new double[] {x[i], y[i]};
        });
        if (p == null) {
            return ValueAt.none("before the first value");
        }
        double px = p[0];
        double py = p[1];
        if (Double.isNaN(py)) {
            // a break: samples were missed from here (docs/workbench-charts.md); a level may have changed in them
            return ValueAt.none("samples missed from", px);
        }
        boolean hb = isHeartbeat(s, px);
        if (t - px <= FRESH_PERIODS * period(s)) {
            return new ValueAt(State.FRESH, py, px, hb, null);
        }
        if (s.kind() == SeriesKind.RATE) {
            // a rate is a per-tick value: nothing holds it, a missing tick is missing
            return ValueAt.none("no value since", px);
        }
        for (TimeMark g : gaps) {
            if (g.x() >= px && g.toX() <= t) {
                return ValueAt.none("a change may have been lost in the gap at", g.x());
            }
        }
        return new ValueAt(State.HELD, py, px, hb, null);
    }

    /** Statistics of {@code s} over [{@code from}, {@code to}] (epoch seconds). */
    public Stats stats(Series s, double from, double to) {
        if (!(to >= from)) {
            return Stats.NONE;
        }
        double end = Math.min(to, store.latestX());
        List<TimeMark> gaps = gaps();
        boolean level = s.kind() == SeriesKind.LEVEL;
        return s.readStored((x, y, n) -> level ? levelStats(x, y, n, from, to, end, gaps) : rateStats(x, y, n, from, to));
    }

    /**
     * A level's step drawn up to the last tick before a hole (the point just before a break's NaN, at
     * the same time, holding the previous value): part of the line, not an emission.
     */
    private static boolean isHeldEnd(double[] x, double[] y, int n, int i) {
        return i > 0 && i + 1 < n && Double.isNaN(y[i + 1]) && x[i + 1] == x[i] && x[i] > x[i - 1] && y[i] == y[i - 1];
    }

    private static Stats rateStats(double[] x, double[] y, int n, double from, double to) {
        int i = firstAtOrAfter(x, n, from);
        double[] values = new double[Math.max(0, lastAtOrBefore(x, n, to) + 1 - i)];
        int count = 0;
        for (; i < n && x[i] <= to; i++) {
            if (!Double.isNaN(y[i])) {
                values[count++] = y[i];
            }
        }
        if (count == 0) {
            return Stats.NONE;
        }
        values = Arrays.copyOf(values, count);
        Arrays.sort(values);
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        // nearest rank: the smallest value with at least 99 % of the points at or below it
        double p99 = values[(int) Math.ceil(0.99 * count) - 1];
        return new Stats(count, values[0], sum / count, values[count - 1], p99);
    }

    /**
     * A level holds each emission until the next one, the end of the data or the start of a gap (after a
     * gap its value is unknown until it is emitted again); the part of that inside the range is its weight.
     */
    private static Stats levelStats(double[] x, double[] y, int n, double from, double to, double end, List<TimeMark> gaps) {
        int first = lastAtOrBefore(x, n, from);
        if (first < 0) {
            first = 0;
        }
        List<double[]> weighted = new ArrayList<>();
        int fresh = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double freshSum = 0;
        for (int i = first; i < n && x[i] <= to; i++) {
            if (Double.isNaN(y[i])) {
                continue;
            }
            boolean inside = x[i] >= from && !isHeldEnd(x, y, n, i);
            double holdEnd = Math.min(i + 1 < n ? x[i + 1] : Double.POSITIVE_INFINITY, end);
            for (TimeMark g : gaps) {
                if (g.x() >= x[i] && g.x() < holdEnd) {
                    holdEnd = g.x();
                }
            }
            double w = holdEnd - Math.max(x[i], from);
            if (inside) {
                fresh++;
                freshSum += y[i];
            }
            if (inside || w > 0) {
                min = Math.min(min, y[i]);
                max = Math.max(max, y[i]);
            }
            if (w > 0) {
                weighted.add(new double[] {y[i], w});
            }
        }
        if (min > max) {
            return Stats.NONE;
        }
        if (weighted.isEmpty()) {
            // every read sits at the range's very end (or the range has no width): count each read once
            return new Stats(fresh, min, freshSum / fresh, max, max);
        }
        weighted.sort((a, b) -> Double.compare(a[0], b[0]));
        double total = 0;
        double sum = 0;
        for (double[] vw : weighted) {
            total += vw[1];
            sum += vw[0] * vw[1];
        }
        // time-weighted: the smallest value held, with the values below it, for at least 99 % of the time
        double p99 = weighted.get(weighted.size() - 1)[0];
        double cumulative = 0;
        for (double[] vw : weighted) {
            cumulative += vw[1];
            if (cumulative >= 0.99 * total - 1e-12 * total) {
                p99 = vw[0];
                break;
            }
        }
        return new Stats(fresh, min, sum / total, max, p99);
    }

    private List<TimeMark> gaps() {
        List<TimeMark> out = new ArrayList<>();
        for (TimeMark m : store.marks()) {
            if (m.kind() == TimeMark.Kind.GAP) {
                out.add(m);
            }
        }
        return out;
    }

    private static boolean isHeartbeat(Series s, double x) {
        DoubleDataSet hb = s.heartbeatMarks();
        if (hb == null) {
            return false;
        }
        return hb.lock().readLockGuard(() -> {
            double[] xs = hb.getValues(DataSet.DIM_X);
            int i = lastAtOrBefore(xs, hb.getDataCount(), x);
            return i >= 0 && xs[i] == x;
        });
    }

    /** Index of the last of the first {@code n} ascending {@code x} that is at or before {@code t}; -1 when none. */
    static int lastAtOrBefore(double[] x, int n, double t) {
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

    /** Index of the first of the first {@code n} ascending {@code x} at or after {@code t}; {@code n} when none. */
    public static int firstAtOrAfter(double[] x, int n, double t) {
        int lo = 0;
        int hi = n;
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
}
