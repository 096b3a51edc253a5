package dev.tickbench.app.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.derived.DerivedValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The process and cgroup tables as the workbench holds them (docs/who.md, "In the workbench"): for each
 * named process and cgroup, its CPU, memory and storage reads and writes at each of the table's reads, and
 * a process's start and exit, for the Who panel (at the crosshair, over a range) and the entries drawn on
 * the tracks ({@link WhoPlots}). Fed by the store's writer; {@link #publish} shows what arrived at once.
 *
 * <p>Bounded: at most {@link #MAX_POINTS} points (past it the oldest go from every entry alike, down to
 * three quarters) and {@link #MAX_ENTRIES} entries: a named set turns over all day on a build machine.
 */
public final class WhoLog {
    /** Points kept in all: 16 MB, about an hour of the default tables (200 entries, 4 quantities, 1 Hz). */
    static final int MAX_POINTS = 1_000_000;
    /** Entries kept: each comes with its logs' arrays, even once its points have gone. */
    static final int MAX_ENTRIES = 8192;

    /** Which table an entry is of. */
    public enum Table {
        PROCESSES("procs", "who.proc."),
        CGROUPS("cgroups", "who.cgroup.");

        final String source;
        final String derivedPrefix;

        Table(String source, String derivedPrefix) {
            this.source = source;
            this.derivedPrefix = derivedPrefix;
        }
    }

    /** What an entry's row shows, each in its unit as read. */
    public enum Quantity {
        /** CPUs used over the table's interval (a process's utime + stime, a cgroup's usage). */
        CPU,
        /** Bytes: a process's RSS, a cgroup's memory.current. */
        MEMORY,
        /** Bytes per second read from storage. */
        READ,
        /** Bytes per second written to storage. */
        WRITE
    }

    /** What the rest (every process or cgroup not named) adds up to, at each of the table's reads. */
    public enum RestQuantity {
        /** CPUs they used over the table's interval. */
        CPU,
        /** Bytes: their RSS, or their memory.current, summed. */
        MEMORY,
        /** How many they are. */
        COUNT,
        /** Processes seen for the first time on this read (a fork storm's children). */
        STARTED,
        /** Processes gone since the previous read. */
        EXITED
    }

    /** The rest of one table as the readers see it: its points per quantity. */
    public record Rest(Table table, Points[] points) {
        public Points points(RestQuantity q) {
            return points[q.ordinal()];
        }
    }

    /**
     * One named process ({@code who}: {@code comm/pid@start}) or cgroup (its path) as the readers see it:
     * its points per quantity, and when a process started and exited (epoch seconds; NaN: not seen).
     */
    public record Entry(Table table, String who, Points[] points, double startX, double exitX) {
        /** A process as {@code comm pid}, a cgroup as its path (as the What changed window names them). */
        public String shown() {
            return dev.tickbench.core.diff.WhoChanges.shown(who);
        }

        public Points points(Quantity q) {
            return points[q.ordinal()];
        }
    }

    private final Map<String, WhoEntryLog> logs = new HashMap<>();
    /** Each table's rest, by {@link Table#ordinal}. */
    private final PointLog[][] rest = new PointLog[Table.values().length][RestQuantity.values().length];

    private volatile List<Rest> rests = List.of();
    private int points;
    private boolean changed;
    private volatile List<Entry> entries = List.of();
    private volatile long version;
    /** Epoch seconds before which the bound dropped points (NaN: none dropped). */
    private volatile double keptFromX = Double.NaN;
    /** From a capture's opening from its index until its first run read: the panel asks for a zoom. */
    private volatile boolean awaitsRun;
    /** Where the reads of the entries the tracks draw go too (null: none drawn). */
    private WhoPlots plots;

    /** Tells {@code p} every read from now on. Writer thread. */
    void plotTo(WhoPlots p) {
        plots = p;
    }

    /** Every read held of {@code who}'s {@code q}, oldest first. Writer thread. */
    void reads(Table table, String who, Quantity q, PointLog.Each to) {
        WhoEntryLog l = logs.get(table.source + '\u0000' + who);
        if (l != null) {
            l.logs[q.ordinal()].forEach(to);
        }
    }

    /** A derived value no chart draws: a named process's or cgroup's CPU or storage rate. Writer thread. */
    void derived(DerivedValue v, double x) {
        WhoName n = WhoName.of(v.name());
        if (n == null) {
            return;
        }
        if (n.who().equals("rest")) {
            if (n.quantity() == Quantity.CPU) {
                rest(n.table(), RestQuantity.CPU, x, v.value());
            }
            return;
        }
        add(n.table(), n.who(), n.quantity(), x, v.value());
    }

    /**
     * Holds {@code run}'s entries and rests in place of its own, from {@code fromX} on (NaN: the capture's
     * start): a seekable capture's run of blocks read in full, its tables read with it. The entries drawn on
     * the tracks are drawn again from them. Writer thread, under the store's monitor.
     */
    void takeFrom(WhoLog run, double fromX) {
        logs.clear();
        logs.putAll(run.logs);
        for (int t = 0; t < rest.length; t++) {
            rest[t] = run.rest[t].clone();
        }
        points = run.points;
        keptFromX = fromX;
        changed = true;
        awaitsRun = false;
        if (plots != null) {
            plots.replot(this);
        }
    }

    /** This capture's tables are read with each run of blocks read in full, not with its overview. */
    void readWithRuns() {
        awaitsRun = true;
        changed = true; // the panel says so from the next publish
    }

    /** Whether the tables are read with a run of every sample and none is read yet (a capture's overview). */
    public boolean awaitsRun() {
        return awaitsRun;
    }

    /** The tables' own values: a named process's RSS, a named cgroup's memory. Writer thread. */
    void levels(String source, SourceValues v, double x) {
        Table table = Table.PROCESSES.source.equals(source)
                ? Table.PROCESSES
                : Table.CGROUPS.source.equals(source) ? Table.CGROUPS : null;
        if (table == null) {
            return;
        }
        String field = table == Table.PROCESSES ? "|rss" : "|memory_bytes";
        for (int i = 0; i < v.size(); i++) {
            String key = v.keys()[i];
            if (key.startsWith("rest|")) {
                RestQuantity q = WhoRows.restField(table, key.substring(5));
                if (q != null) {
                    rest(table, q, x, v.values()[i]);
                }
                continue;
            }
            if (key.endsWith(field) && key.length() > field.length()) {
                add(table, key.substring(0, key.length() - field.length()), Quantity.MEMORY, x, v.values()[i]);
            }
        }
    }

    private void rest(Table table, RestQuantity q, double x, double value) {
        if (Double.isNaN(x)) {
            return;
        }
        PointLog[] logs = rest[table.ordinal()];
        if (logs[q.ordinal()] == null) {
            logs[q.ordinal()] = new PointLog(16);
        }
        logs[q.ordinal()].add(x, value);
        points++;
        changed = true;
    }

    /**
     * Takes a {@code proc} line (FORMAT.md, "proc": a named process started or exited at its tick's wall
     * time); false for a line of another type. Writer thread.
     */
    boolean event(OtherLine line) {
        if (!line.type().equals("proc")) {
            return false;
        }
        JsonNode proc = line.raw();
        String key = proc.path("key").asText("");
        String event = proc.path("event").asText("");
        double x = proc.path("wall_ns").asDouble(Double.NaN) / 1e9;
        if (!named(Table.PROCESSES, key) || Double.isNaN(x) || !(event.equals("start") || event.equals("exit"))) {
            return true;
        }
        WhoEntryLog l = log(Table.PROCESSES, key);
        if (event.equals("start")) {
            l.startX = x;
        } else {
            l.exitX = x;
        }
        changed = true;
        if (plots != null) {
            plots.event(Table.PROCESSES, key, event.equals("start"), x);
        }
        return true;
    }

    private void add(Table table, String who, Quantity q, double x, double value) {
        if (!named(table, who) || Double.isNaN(x)) {
            return;
        }
        WhoEntryLog l = log(table, who);
        l.logs[q.ordinal()].add(x, value);
        l.lastX = Double.isNaN(l.lastX) ? x : Math.max(l.lastX, x);
        points++;
        changed = true;
        if (plots != null) {
            plots.read(table, who, q, x, value);
        }
    }

    /** A process {@code comm/pid@start} or a cgroup path: not the rest, nothing else. */
    private static boolean named(Table table, String who) {
        return table == Table.PROCESSES ? who.matches(".*/\\d+@\\d+") : who.startsWith("/");
    }

    private WhoEntryLog log(Table table, String who) {
        String id = table.source + '\u0000' + who;
        WhoEntryLog l = logs.get(id);
        if (l == null) {
            if (logs.size() >= MAX_ENTRIES) {
                dropStalest();
            }
            l = new WhoEntryLog(table, who);
            logs.put(id, l);
        }
        return l;
    }

    /** Lets the entry named longest ago go, with its points. */
    private void dropStalest() {
        String stalest = null;
        double at = Double.POSITIVE_INFINITY;
        for (Map.Entry<String, WhoEntryLog> e : logs.entrySet()) {
            double x = Double.isNaN(e.getValue().lastX) ? Double.NEGATIVE_INFINITY : e.getValue().lastX;
            if (x < at) {
                at = x;
                stalest = e.getKey();
            }
        }
        if (stalest != null) {
            points -= logs.remove(stalest).size();
            keptFromX = Double.isNaN(keptFromX) ? at : Math.max(keptFromX, at);
        }
    }

    /** Makes what arrived since the last call visible to every reader. Writer thread. */
    void publish() {
        if (!changed) {
            return;
        }
        if (points > MAX_POINTS) {
            trim();
        }
        List<Entry> out = new ArrayList<>(logs.size());
        for (WhoEntryLog l : logs.values()) {
            for (PointLog p : l.logs) {
                p.publish(Double.NaN, Double.NaN, Integer.MAX_VALUE);
            }
            out.add(l.view());
        }
        entries = List.copyOf(out);
        List<Rest> r = new ArrayList<>();
        for (Table t : Table.values()) {
            Points[] p = new Points[RestQuantity.values().length];
            for (RestQuantity q : RestQuantity.values()) {
                PointLog l = rest[t.ordinal()][q.ordinal()];
                if (l != null) {
                    l.publish(Double.NaN, Double.NaN, Integer.MAX_VALUE);
                }
                p[q.ordinal()] = l == null ? Points.EMPTY : l.view();
            }
            r.add(new Rest(t, p));
        }
        rests = List.copyOf(r);
        changed = false;
        version++;
    }

    /** The oldest points go from every entry alike, down to three quarters of the bound. */
    private void trim() {
        double oldest = Double.POSITIVE_INFINITY;
        double latest = Double.NEGATIVE_INFINITY;
        for (WhoEntryLog l : logs.values()) {
            for (PointLog p : l.logs) {
                if (p.size() > 0) {
                    oldest = Math.min(oldest, p.firstX());
                    latest = Math.max(latest, p.lastX());
                }
            }
        }
        double cutoff = latest - (latest - oldest) * 0.75 * MAX_POINTS / points;
        points = 0;
        for (var it = logs.values().iterator(); it.hasNext(); ) {
            WhoEntryLog l = it.next();
            for (PointLog p : l.logs) {
                p.trimBefore(cutoff, false);
            }
            int n = l.size();
            if (n == 0) {
                it.remove();
            }
            points += n;
        }
        for (PointLog[] table : rest) {
            for (PointLog l : table) {
                if (l != null) {
                    l.trimBefore(cutoff, false);
                    points += l.size();
                }
            }
        }
        keptFromX = Double.isNaN(keptFromX) ? cutoff : Math.max(keptFromX, cutoff);
    }

    /** The rest of {@code table} as of the last publish (no points before its first read). Any thread. */
    public Rest rest(Table table) {
        List<Rest> r = rests;
        if (r.isEmpty()) {
            Points[] none = new Points[RestQuantity.values().length];
            java.util.Arrays.fill(none, Points.EMPTY);
            return new Rest(table, none);
        }
        return r.get(table.ordinal());
    }

    /** Every entry as of the last publish. Any thread. */
    public List<Entry> entries() {
        return entries;
    }

    /** Goes up with every publish that changed something: a reader redraws when it moved. Any thread. */
    public long version() {
        return version;
    }

    /** Epoch seconds from which every entry holds its points; NaN while the bound dropped none. */
    public double keptFromX() {
        return keptFromX;
    }

    /** Points stored in all (tests: the bound). */
    int points() {
        return points;
    }
}
