package dev.tickbench.app.who;

import dev.tickbench.app.session.Points;
import dev.tickbench.app.session.WhoLog;
import dev.tickbench.app.session.WhoRows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The named cgroups of a Who table as a tree (docs/who.md, "In the workbench"): each under its nearest
 * named ancestor, drawn indented with its own last segments ("└ ssh.service"), and sorted the way the
 * table is sorted among its siblings, never away from its parent. A cgroup counts everything under it,
 * so a parent read with its busy child above it reads as the sum it is. A path cut by the probe (too
 * long: docs/who.md, "The cgroup table") has no parent here. An unnamed cgroup that two or more named ones
 * are under (a slice of services, a pod's QoS class) is a row too, without values (the table did not read
 * it), so that its children sit together under it. FX thread.
 */
final class CgroupTree {
    static final CgroupTree NONE = new CgroupTree(List.of());

    private final Map<String, WhoRows> rowOf = new HashMap<>();
    private final Map<String, String> parentOf = new HashMap<>();
    /** Each row's place in the order it was given (busiest first), for siblings while no column is sorted. */
    private final Map<String, Integer> given = new HashMap<>();

    /** {@code named} and, after them, a row without values for each unnamed cgroup two or more of them are under. */
    static List<WhoRows> withBranches(List<WhoRows> named) {
        Map<String, Integer> under = new LinkedHashMap<>();
        Set<String> paths = new HashSet<>();
        named.forEach(r -> paths.add(r.entry().who()));
        for (String path : paths) {
            for (String up = parent(path); up != null; up = parent(up)) {
                under.merge(up, 1, Integer::sum);
            }
        }
        List<WhoRows> out = new ArrayList<>(named);
        double[] none = new double[WhoLog.Quantity.values().length];
        Arrays.fill(none, Double.NaN);
        Points[] nothing = new Points[none.length];
        Arrays.fill(nothing, Points.EMPTY);
        under.forEach((path, n) -> {
            if (n >= 2 && !paths.contains(path)) {
                WhoLog.Entry e = new WhoLog.Entry(WhoLog.Table.CGROUPS, path, nothing, Double.NaN, Double.NaN);
                out.add(new WhoRows(e, none, none, 0));
            }
        });
        return out;
    }

    CgroupTree(List<WhoRows> rows) {
        for (WhoRows r : rows) {
            given.put(r.entry().who(), given.size());
            rowOf.put(r.entry().who(), r);
        }
        for (String path : rowOf.keySet()) {
            for (String up = parent(path); up != null; up = parent(up)) {
                if (rowOf.containsKey(up)) {
                    parentOf.put(path, up);
                    break;
                }
            }
        }
    }

    private static String parent(String path) {
        int cut = path.lastIndexOf('/');
        return cut > 0 ? path.substring(0, cut) : null;
    }

    /** From the top named ancestor down to {@code path}. */
    private List<String> chain(String path) {
        List<String> out = new ArrayList<>();
        for (String p = path; p != null; p = parentOf.get(p)) {
            out.add(0, p);
        }
        return out;
    }

    /** How {@code r} is named in the table: a top cgroup by its path, one under another by what it adds, indented. */
    String label(WhoRows r) {
        String path = r.entry().who();
        String up = parentOf.get(path);
        String unread = r.reads() == 0 ? " · not named" : "";
        if (up == null) {
            return r.entry().shown() + unread;
        }
        return "  ".repeat(chain(path).size() - 2) + "└ " + path.substring(up.length() + 1) + unread;
    }

    /**
     * The row that places {@code chain}'s {@code i}th cgroup among its siblings: its own ({@code own} at the
     * chain's end; a row this tree was not made from is its own chain), or for an unnamed one the named
     * cgroup under it that sorts first ({@code firstUnder}).
     */
    private WhoRows at(List<String> chain, int i, WhoRows own, Map<String, WhoRows> firstUnder) {
        WhoRows r = i == chain.size() - 1 ? own : rowOf.get(chain.get(i));
        r = r == null ? own : r;
        return r.reads() == 0 ? firstUnder.getOrDefault(r.entry().who(), r) : r;
    }

    /**
     * Tree order: an ancestor before what is under it, siblings (the first cgroups where two chains part) by
     * {@code within} (the table's sort; null: the order the rows were given in), an unnamed cgroup where the
     * first named one under it goes. Made once for a sort: the chains and those firsts are worked out here.
     */
    Comparator<WhoRows> order(Comparator<WhoRows> within) {
        Comparator<WhoRows> siblings = within != null
                ? within
                : Comparator.comparingInt(r -> given.getOrDefault(r.entry().who(), Integer.MAX_VALUE));
        Map<String, List<String>> chains = new HashMap<>();
        Map<String, WhoRows> firstUnder = new HashMap<>();
        for (WhoRows r : rowOf.values()) {
            chains.put(r.entry().who(), chain(r.entry().who()));
            for (String up = parent(r.entry().who()); up != null && r.reads() > 0; up = parent(up)) {
                WhoRows u = rowOf.get(up);
                if (u != null && u.reads() == 0) {
                    firstUnder.merge(up, r, (x, y) -> siblings.compare(x, y) <= 0 ? x : y);
                }
            }
        }
        return (a, b) -> {
            List<String> ca = chains.computeIfAbsent(a.entry().who(), this::chain);
            List<String> cb = chains.computeIfAbsent(b.entry().who(), this::chain);
            int n = Math.min(ca.size(), cb.size());
            for (int i = 0; i < n; i++) {
                if (!ca.get(i).equals(cb.get(i))) {
                    int c = siblings.compare(at(ca, i, a, firstUnder), at(cb, i, b, firstUnder));
                    return c != 0 ? c : ca.get(i).compareTo(cb.get(i));
                }
            }
            return Integer.compare(ca.size(), cb.size());
        };
    }
}
