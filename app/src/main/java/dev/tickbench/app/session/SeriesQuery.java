package dev.tickbench.app.session;

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
    public enum State {
        FRESH,
        HELD,
        NO_DATA
    }

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
        Points line = s.line();
        double[] p = point(line, s.kind(), line.lastStoredAtOrBefore(t));
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
        Points line = s.line();
        return s.kind() == SeriesKind.LEVEL ? levelStats(line, from, to, end, gaps) : rateStats(line, from, to);
    }

    /** The stored point {@code i} as read: a level's step drawn on to a hole is read at the emission before it. */
    private static double[] point(Points p, SeriesKind kind, int i) {
        if (i < 0) {
            return null;
        }
        if (kind == SeriesKind.LEVEL && isHeldEnd(p, i)) {
            return new double[] {p.x(i - 1), p.y(i)};
        }
        return new double[] {p.x(i), p.y(i)};
    }

    /**
     * A level's step drawn up to the last tick before a hole (the point just before a break's NaN, at
     * the same time, holding the previous value): part of the line, not an emission.
     */
    private static boolean isHeldEnd(Points p, int i) {
        return i > 0
                && i + 1 < p.stored()
                && Double.isNaN(p.y(i + 1))
                && p.x(i + 1) == p.x(i)
                && p.x(i) > p.x(i - 1)
                && p.y(i) == p.y(i - 1);
    }

    private static Stats rateStats(Points p, double from, double to) {
        int n = p.stored();
        int i = p.firstStoredAtOrAfter(from);
        double[] values = new double[Math.max(0, p.lastStoredAtOrBefore(to) + 1 - i)];
        int count = 0;
        for (; i < n && p.x(i) <= to; i++) {
            if (!Double.isNaN(p.y(i))) {
                values[count++] = p.y(i);
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
    private static Stats levelStats(Points p, double from, double to, double end, List<TimeMark> gaps) {
        int n = p.stored();
        int first = p.lastStoredAtOrBefore(from);
        if (first < 0) {
            first = 0;
        }
        List<double[]> weighted = new ArrayList<>();
        int fresh = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double freshSum = 0;
        for (int i = first; i < n && p.x(i) <= to; i++) {
            double x = p.x(i);
            double y = p.y(i);
            if (Double.isNaN(y)) {
                continue;
            }
            boolean inside = x >= from && !isHeldEnd(p, i);
            double holdEnd = Math.min(i + 1 < n ? p.x(i + 1) : Double.POSITIVE_INFINITY, end);
            for (TimeMark g : gaps) {
                if (g.x() >= x && g.x() < holdEnd) {
                    holdEnd = g.x();
                }
            }
            double w = holdEnd - Math.max(x, from);
            if (inside) {
                fresh++;
                freshSum += y;
            }
            if (inside || w > 0) {
                min = Math.min(min, y);
                max = Math.max(max, y);
            }
            if (w > 0) {
                weighted.add(new double[] {y, w});
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
            if (m.hole()) {
                out.add(m);
            }
        }
        return out;
    }

    private static boolean isHeartbeat(Series s, double x) {
        Points hb = s.heartbeatMarks();
        return hb != null && hb.hasStoredAt(x);
    }
}
