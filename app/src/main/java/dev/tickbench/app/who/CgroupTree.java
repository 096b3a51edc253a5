package dev.tickbench.app.who;

import dev.tickbench.app.session.WhoRows;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The named cgroups of a Who table as a tree (docs/who.md, "In the workbench"): each under its nearest
 * named ancestor, drawn indented with its own last segments ("└ ssh.service"), and sorted the way the
 * table is sorted among its siblings, never away from its parent. A cgroup counts everything under it,
 * so a parent read with its busy child above it reads as the sum it is. A path cut by the probe (too
 * long: docs/who.md, "The cgroup table") has no parent here. FX thread.
 */
final class CgroupTree {
    static final CgroupTree NONE = new CgroupTree(List.of());

    private final Map<String, WhoRows> rowOf = new HashMap<>();
    private final Map<String, String> parentOf = new HashMap<>();
    /** Each row's place in the order it was given (busiest first), for siblings while no column is sorted. */
    private final Map<String, Integer> given = new HashMap<>();

    CgroupTree(List<WhoRows> rows) {
        for (WhoRows r : rows) {
            given.put(r.entry().who(), given.size());
            rowOf.put(r.entry().who(), r);
        }
        for (String path : rowOf.keySet()) {
            String up = path;
            for (int cut = up.lastIndexOf('/'); cut > 0; cut = up.lastIndexOf('/')) {
                up = up.substring(0, cut);
                if (rowOf.containsKey(up)) {
                    parentOf.put(path, up);
                    break;
                }
            }
        }
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
        if (up == null) {
            return r.entry().shown();
        }
        return "  ".repeat(chain(path).size() - 2) + "└ " + path.substring(up.length() + 1);
    }

    /** The row of {@code chain}'s {@code i}th cgroup: {@code own} at its end (a row this tree was not made from is its own chain). */
    private WhoRows at(List<String> chain, int i, WhoRows own) {
        WhoRows r = i == chain.size() - 1 ? own : rowOf.get(chain.get(i));
        return r == null ? own : r;
    }

    /**
     * Tree order: an ancestor before what is under it, siblings (the first cgroups where two chains part) by
     * {@code within} (the table's sort; null: the order the rows were given in).
     */
    Comparator<WhoRows> order(Comparator<WhoRows> within) {
        Comparator<WhoRows> siblings = within != null
                ? within
                : Comparator.comparingInt(r -> given.getOrDefault(r.entry().who(), Integer.MAX_VALUE));
        return (a, b) -> {
            List<String> ca = chain(a.entry().who());
            List<String> cb = chain(b.entry().who());
            int n = Math.min(ca.size(), cb.size());
            for (int i = 0; i < n; i++) {
                if (!ca.get(i).equals(cb.get(i))) {
                    int c = siblings.compare(at(ca, i, a), at(cb, i, b));
                    return c != 0 ? c : ca.get(i).compareTo(cb.get(i));
                }
            }
            return Integer.compare(ca.size(), cb.size());
        };
    }
}
