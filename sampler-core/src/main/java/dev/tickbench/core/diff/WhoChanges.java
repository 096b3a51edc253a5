package dev.tickbench.core.diff;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Who changed (docs/diff.md, "Who changed"): from a ranking's rows, the named processes and cgroups whose
 * CPU, memory and storage I/O changed the most between the ranges, each quantity on its own, by how much in
 * its unit. The effect ranks a series against its own level and noise, so every process that went from
 * nothing to a little scores at its ceiling; which process is doing it is a question of how much, so these
 * lists rank by the change itself.
 *
 * <p>A process or cgroup named in one range only (it was not among the table's first N in the other, or did
 * not exist) counts its one mean as its change, and says so: its other side is not known to be 0, but it was
 * below the table's bound there (the tables name each one among the first N of a list, docs/who.md).
 */
public record WhoChanges(List<Quantity> quantities) {
    /** The lists, in the order they are shown: processes, then cgroups. */
    private static final Kind[] KINDS = {
        new Kind("process CPU", "who.proc.", ".cpus"),
        new Kind("process memory", "procs.", "|rss"),
        new Kind("process storage reads", "who.proc.", ".read_bytes_per_s"),
        new Kind("process storage writes", "who.proc.", ".write_bytes_per_s"),
        new Kind("cgroup CPU", "who.cgroup.", ".usage_cpus"),
        new Kind("cgroup memory", "cgroups.", "|memory_bytes"),
        new Kind("cgroup storage reads", "who.cgroup.", ".read_bytes_per_s"),
        new Kind("cgroup storage writes", "who.cgroup.", ".write_bytes_per_s"),
    };

    public WhoChanges {
        quantities = List.copyOf(quantities);
    }

    /** One list: a quantity, its unit (the rows' shown unit) and its largest changes, largest first. */
    public record Quantity(String label, String unit, List<Entry> top) {
        public Quantity {
            top = List.copyOf(top);
        }
    }

    /**
     * A process ({@code comm/pid@start}) or a cgroup (its path) and its change: B's mean less A's, or the one
     * mean it has when {@code presence} says it was named in one range only (negative when only in A).
     */
    public record Entry(String who, String series, Presence presence, double change) {
        /** A process as {@code comm pid} (its start time is in its series' name), a cgroup as its path. */
        public String shown() {
            return WhoChanges.shown(who);
        }
    }

    /** A process's key ({@code comm/pid@start}) as {@code comm pid}; a cgroup's path as it is. */
    public static String shown(String who) {
        int at = who.lastIndexOf('@');
        int slash = at < 0 ? -1 : who.lastIndexOf('/', at);
        return who.startsWith("/") || slash < 0 ? who : who.substring(0, slash) + " " + who.substring(slash + 1, at);
    }

    private record Kind(String label, String prefix, String suffix) {
        /** The process or cgroup a row of this kind names, or null when the row is not one (the rest's included). */
        String who(String name) {
            if (!name.startsWith(prefix)
                    || !name.endsWith(suffix)
                    || name.length() <= prefix.length() + suffix.length()) {
                return null;
            }
            String who = name.substring(prefix.length(), name.length() - suffix.length());
            boolean process = prefix.contains("proc");
            // a process is comm/pid@start; a cgroup a path from the root; "rest" is neither
            return process ? (who.matches(".*/\\d+@\\d+") ? who : null) : (who.startsWith("/") ? who : null);
        }
    }

    /**
     * Whether {@code series} is one named process's or cgroup's (a table's entry or what is derived from
     * it), not the rest's: its change is a table's, ranked here by how much.
     */
    public static boolean namesOne(String series) {
        if (series.startsWith("procs.")) {
            return !series.startsWith("procs.rest|");
        }
        if (series.startsWith("cgroups.")) {
            return !series.startsWith("cgroups.rest|");
        }
        if (series.startsWith("who.proc.")) {
            return !series.startsWith("who.proc.rest.");
        }
        return series.startsWith("who.cgroup.") && !series.startsWith("who.cgroup.rest.");
    }

    /** The {@code top} largest changes of each quantity in {@code r}; a quantity with no change is left out. */
    public static WhoChanges of(DiffResult r, int top) {
        List<Quantity> out = new ArrayList<>();
        for (Kind k : KINDS) {
            List<Entry> entries = new ArrayList<>();
            String unit = null;
            for (SeriesChange c : r.rows()) {
                String who = k.who(c.name());
                if (who == null) {
                    continue;
                }
                double change = switch (c.presence()) {
                    case BOTH -> c.meanChange();
                    case APPEARED -> c.b().mean();
                    case DISAPPEARED -> -c.a().mean();
                };
                if (Double.isFinite(change) && change != 0) {
                    entries.add(new Entry(who, c.name(), c.presence(), change));
                    unit = c.series().unit();
                }
            }
            entries.sort(Comparator.comparingDouble((Entry e) -> -Math.abs(e.change()))
                    .thenComparing(Entry::who));
            if (!entries.isEmpty()) {
                out.add(new Quantity(k.label(), unit, entries.subList(0, Math.min(top, entries.size()))));
            }
        }
        return new WhoChanges(out);
    }
}
