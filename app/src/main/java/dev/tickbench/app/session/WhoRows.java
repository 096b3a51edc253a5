package dev.tickbench.app.session;

import dev.tickbench.app.session.WhoLog.Entry;
import dev.tickbench.app.session.WhoLog.Quantity;
import dev.tickbench.app.session.WhoLog.Table;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The rows of the Who panel (docs/who.md, "In the workbench"): each named process or cgroup with its
 * values at one time, or its mean and peak over a range. No toolkit types.
 *
 * @param entry the process or cgroup
 * @param value each {@link Quantity}'s value at the time, or its mean over the range; NaN: not read there
 * @param peak each quantity's highest read over the range; NaN at one time or where not read
 * @param reads how many of the table's reads named it (1 at one time)
 */
public record WhoRows(Entry entry, double[] value, double[] peak, int reads) {
    /** Most CPU first, then most memory: who is doing it. */
    public static final Comparator<WhoRows> BUSIEST = Comparator.<WhoRows>comparingDouble(
                    r -> -orZero(r.value(Quantity.CPU)))
            .thenComparingDouble(r -> -orZero(r.value(Quantity.MEMORY)))
            .thenComparing(r -> r.entry().who());

    public double value(Quantity q) {
        return value[q.ordinal()];
    }

    public double peak(Quantity q) {
        return peak[q.ordinal()];
    }

    private static double orZero(double v) {
        return Double.isNaN(v) ? 0 : v;
    }

    /**
     * Every entry of {@code table} named at {@code x}: each quantity's last read at or before it, when that
     * read is at most {@code hold} seconds old (the table's period times the store's break, so a process
     * that left the named set, or exited, is not shown with its last value), busiest first.
     */
    public static List<WhoRows> at(List<Entry> entries, Table table, double x, double hold) {
        List<WhoRows> out = new ArrayList<>();
        for (Entry e : entries) {
            if (e.table() != table || (!Double.isNaN(e.exitX()) && e.exitX() <= x)) {
                continue;
            }
            double[] v = new double[Quantity.values().length];
            boolean any = false;
            for (Quantity q : Quantity.values()) {
                v[q.ordinal()] = heldAt(e.points(q), x, hold);
                any |= !Double.isNaN(v[q.ordinal()]);
            }
            if (any) {
                double[] none = new double[v.length];
                Arrays.fill(none, Double.NaN);
                out.add(new WhoRows(e, v, none, 1));
            }
        }
        out.sort(BUSIEST);
        return out;
    }

    /**
     * Every entry of {@code table} read in [{@code from}, {@code to}]: each quantity's mean over the reads
     * that named it there and its peak, busiest (by mean) first. The mean is over those reads only: a
     * process named in part of the range is not taken as 0 in the rest of it ({@link #reads} says how many).
     */
    public static List<WhoRows> over(List<Entry> entries, Table table, double from, double to) {
        List<WhoRows> out = new ArrayList<>();
        for (Entry e : entries) {
            if (e.table() != table) {
                continue;
            }
            double[] mean = new double[Quantity.values().length];
            double[] peak = new double[mean.length];
            int reads = 0;
            for (Quantity q : Quantity.values()) {
                Reads r = Reads.of(e.points(q), from, to);
                mean[q.ordinal()] = r.mean();
                peak[q.ordinal()] = r.max();
                reads = Math.max(reads, r.n());
            }
            if (reads > 0) {
                out.add(new WhoRows(e, mean, peak, reads));
            }
        }
        out.sort(BUSIEST);
        return out;
    }

    /**
     * The rest at {@code x}: each quantity's last read at or before it when at most {@code hold} seconds old
     * (by {@link WhoLog.RestQuantity}); NaN where not read.
     */
    public static double[] restAt(WhoLog.Rest rest, double x, double hold) {
        double[] v = new double[WhoLog.RestQuantity.values().length];
        for (WhoLog.RestQuantity q : WhoLog.RestQuantity.values()) {
            v[q.ordinal()] = heldAt(rest.points(q), x, hold);
        }
        return v;
    }

    /**
     * The rest over [{@code from}, {@code to}]: CPUs, memory and count as means over its reads there, the
     * processes started and exited as sums (each read counts those of its own interval); NaN where not read.
     */
    public static double[] restOver(WhoLog.Rest rest, double from, double to) {
        double[] v = new double[WhoLog.RestQuantity.values().length];
        for (WhoLog.RestQuantity q : WhoLog.RestQuantity.values()) {
            Reads r = Reads.of(rest.points(q), from, to);
            boolean counts = q == WhoLog.RestQuantity.STARTED || q == WhoLog.RestQuantity.EXITED;
            v[q.ordinal()] = counts && r.n() > 0 ? r.sum() : r.mean();
        }
        return v;
    }

    /** {@code p}'s last read at or before {@code x}, when it is at most {@code hold} seconds old; else NaN. */
    private static double heldAt(Points p, double x, double hold) {
        int i = p.lastStoredAtOrBefore(x);
        return i >= 0 && x - p.x(i) <= hold ? p.y(i) : Double.NaN;
    }

    /** The reads of one line in a range (NaN breaks left out): their sum, count and highest. */
    private record Reads(double sum, int n, double max) {
        static Reads of(Points p, double from, double to) {
            double sum = 0;
            double max = Double.NaN;
            int n = 0;
            for (int i = p.firstStoredAtOrAfter(from); i < p.stored() && p.x(i) <= to; i++) {
                double y = p.y(i);
                if (!Double.isNaN(y)) {
                    sum += y;
                    max = Double.isNaN(max) ? y : Math.max(max, y);
                    n++;
                }
            }
            return new Reads(sum, n, max);
        }

        double mean() {
            return n == 0 ? Double.NaN : sum / n;
        }
    }

    /**
     * How long a read of {@code table} holds: {@link SeriesStore#BREAK_PERIODS} of the table's published
     * period (1 Hz when the session publishes none), as a hole breaks a chart's line.
     */
    public static double hold(SessionInfo session, Table table) {
        double hz = 1;
        if (session != null) {
            for (SessionInfo.SourceRow r : session.sources()) {
                if (r.name().equals(table.source)
                        && r.cadence() != null
                        && r.cadence().hz() > 0) {
                    hz = r.cadence().hz();
                }
            }
        }
        return SeriesStore.BREAK_PERIODS / hz;
    }

    /** The latest read of any entry (epoch seconds; NaN: none): where "now" is for the table. */
    public static double latest(List<Entry> entries) {
        double latest = Double.NaN;
        for (Entry e : entries) {
            for (Quantity q : Quantity.values()) {
                Points p = e.points(q);
                if (p.stored() > 0) {
                    double x = p.x(p.stored() - 1);
                    latest = Double.isNaN(latest) ? x : Math.max(latest, x);
                }
            }
        }
        return latest;
    }

    /** The rest's key field as a quantity of the table's rest, or null (one not shown). */
    static WhoLog.RestQuantity restField(WhoLog.Table table, String field) {
        return switch (field) {
            case "rss", "memory_bytes" -> WhoLog.RestQuantity.MEMORY;
            case "procs", "cgroups" -> WhoLog.RestQuantity.COUNT;
            case "started" -> table == WhoLog.Table.PROCESSES ? WhoLog.RestQuantity.STARTED : null;
            case "exited" -> table == WhoLog.Table.PROCESSES ? WhoLog.RestQuantity.EXITED : null;
            default -> null;
        };
    }
}
