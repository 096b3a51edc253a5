package dev.tickbench.app.session;

import dev.tickbench.app.session.WhoLog.Quantity;
import dev.tickbench.app.session.WhoLog.Table;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.diff.WhoChanges;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The named processes and cgroups the user asked the tracks to draw (docs/who.md, "On the tracks"): each
 * one's CPU on one track and its memory on another, two tracks of their own after the catalogue's, from
 * every read the Who log still holds of it and then every read that comes. A line goes through the
 * table's reads as they were read (no held step: a census at its own cadence, not a level held between
 * emissions), and breaks where two reads are more than the table's hold apart (it left the named set, or
 * exited). Used under the store's monitor.
 */
public final class WhoPlots {
    /** The CPU a plotted process or cgroup used over each of the table's intervals. */
    static final ChartGroup CPU =
            ChartGroup.lines("who_cpu", "Who: CPU", "CPUs").withZero();
    /** A plotted process's RSS, a plotted cgroup's memory.current. */
    static final ChartGroup MEMORY =
            ChartGroup.lines("who_memory", "Who: memory", "MB").withZero();
    /** Whether {@code g} is one of the two tracks that draw plotted entries (and their starts and exits). */
    public static boolean draws(ChartGroup g) {
        return g.id().equals(CPU.id()) || g.id().equals(MEMORY.id());
    }

    /** Entries plotted at most: each brings two lines to tracks that draw all of theirs. */
    public static final int MAX = 10;

    /** One plotted entry's two series and when each was last read. */
    private static final class Plot {
        final Table table;
        final String who;
        final Series[] series = new Series[2];
        final double[] lastX = {Double.NaN, Double.NaN};

        Plot(Table table, String who) {
            this.table = table;
            this.who = who;
        }
    }

    private final SeriesCatalogue catalogue;
    /** The store's series of a match, made (and announced) with the first call. */
    private final BiFunction<SeriesMatch, String, Series> make;
    /** The session now: its tables' cadences say how far apart two reads may be. */
    private final Supplier<SessionInfo> session;
    /** Where a plotted process's start and exit go: marks that the Who tracks draw. */
    private final Consumer<TimeMark> marks;

    private final Map<String, Plot> plots = new HashMap<>();

    WhoPlots(
            SeriesCatalogue catalogue,
            BiFunction<SeriesMatch, String, Series> make,
            Supplier<SessionInfo> session,
            Consumer<TimeMark> marks) {
        this.catalogue = catalogue;
        this.make = make;
        this.session = session;
        this.marks = marks;
    }

    /**
     * Plots {@code who} of {@code table} from now on, its reads so far first ({@code log}); the names of
     * its series (empty: the catalogue does not know it, or {@link #MAX} are plotted already).
     */
    List<String> plot(Table table, String who, WhoLog log) {
        String id = id(table, who);
        Plot p = plots.get(id);
        if (p == null) {
            if (plots.size() >= MAX) {
                return List.of();
            }
            Optional<SeriesMatch> cpu = match(cpuName(table, who), CPU);
            Optional<SeriesMatch> memory = match(memoryName(table, who), MEMORY);
            if (cpu.isEmpty() || memory.isEmpty()) {
                return List.of();
            }
            p = new Plot(table, who);
            String shown = WhoChanges.shown(who);
            p.series[0] = make.apply(cpu.get(), shown);
            p.series[1] = make.apply(memory.get(), shown);
            plots.put(id, p);
            fill(p, log);
            // its start and exit as far as the log has them; later ones come as events
            for (WhoLog.Entry e : log.entries()) {
                if (e.table() == table && e.who().equals(who)) {
                    if (!Double.isNaN(e.startX())) {
                        event(table, who, true, e.startX());
                    }
                    if (!Double.isNaN(e.exitX())) {
                        event(table, who, false, e.exitX());
                    }
                }
            }
        }
        List<String> names = new ArrayList<>();
        for (Series s : p.series) {
            names.add(s.name());
        }
        return names;
    }

    /**
     * Every plotted entry drawn again from {@code log}'s reads alone: they replaced what it held (a
     * seekable capture's run of blocks read in full in place of the last).
     */
    void replot(WhoLog log) {
        for (Plot p : plots.values()) {
            for (int i = 0; i < p.series.length; i++) {
                p.series[i].replace(Points.EMPTY, Points.EMPTY, Points.EMPTY);
                p.lastX[i] = Double.NaN;
            }
            fill(p, log);
        }
    }

    /** Draws every read {@code log} holds of {@code p}'s entry on its two lines. */
    private void fill(Plot p, WhoLog log) {
        double hold = WhoRows.hold(session.get(), p.table);
        log.reads(p.table, p.who, Quantity.CPU, (x, y) -> add(p, 0, x, y, hold));
        log.reads(p.table, p.who, Quantity.MEMORY, (x, y) -> add(p, 1, x, y, hold));
    }

    /** A read the Who log took: drawn when its entry is plotted. */
    void read(Table table, String who, Quantity q, double x, double value) {
        if (plots.isEmpty() || (q != Quantity.CPU && q != Quantity.MEMORY)) {
            return;
        }
        Plot p = plots.get(id(table, who));
        if (p != null) {
            add(p, q == Quantity.CPU ? 0 : 1, x, value, WhoRows.hold(session.get(), table));
        }
    }

    /** A process started or exited ({@code proc} line): marked on the Who tracks when it is plotted. */
    void event(Table table, String who, boolean started, double x) {
        if (plots.containsKey(id(table, who))) {
            marks.accept(new TimeMark(
                    TimeMark.Kind.PROCESS, x, x, WhoChanges.shown(who) + (started ? " started" : " exited")));
        }
    }

    private static void add(Plot p, int i, double x, double value, double hold) {
        Series s = p.series[i];
        double last = p.lastX[i];
        if (!Double.isNaN(last) && x - last > hold) {
            s.breakAt(last); // not read in between: not named, or gone
        }
        s.add(x, s.match().toDisplay(value), false);
        p.lastX[i] = x;
    }

    private Optional<SeriesMatch> match(String name, ChartGroup group) {
        return catalogue.series(name).map(m -> new SeriesMatch(m.name(), m.source(), m.entry(), group, m.captures()));
    }

    private static String cpuName(Table table, String who) {
        return table == Table.PROCESSES ? "who.proc." + who + ".cpus" : "who.cgroup." + who + ".usage_cpus";
    }

    private static String memoryName(Table table, String who) {
        return table == Table.PROCESSES ? "procs." + who + "|rss" : "cgroups." + who + "|memory_bytes";
    }

    private static String id(Table table, String who) {
        return table.source + '\u0000' + who;
    }
}
