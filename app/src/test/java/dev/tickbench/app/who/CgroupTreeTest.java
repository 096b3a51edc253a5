package dev.tickbench.app.who;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.session.Points;
import dev.tickbench.app.session.WhoLog;
import dev.tickbench.app.session.WhoLog.Quantity;
import dev.tickbench.app.session.WhoRows;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The named cgroups as a tree (docs/who.md, "In the workbench"): each under its nearest named ancestor,
 * indented by what it adds, siblings in the table's sort, never a child away from its parent; an unnamed
 * cgroup that named ones meet under is a row without values.
 */
class CgroupTreeTest {
    private static WhoRows row(String path, double cpus) {
        double[] v = new double[Quantity.values().length];
        java.util.Arrays.fill(v, Double.NaN);
        v[Quantity.CPU.ordinal()] = cpus;
        WhoLog.Entry e = new WhoLog.Entry(
                WhoLog.Table.CGROUPS, path, new Points[Quantity.values().length], Double.NaN, Double.NaN);
        return new WhoRows(e, v, v, 1);
    }

    private static List<String> sorted(List<WhoRows> rows, Comparator<WhoRows> within) {
        List<WhoRows> out = new ArrayList<>(rows);
        CgroupTree tree = new CgroupTree(rows);
        out.sort(tree.order(within));
        return out.stream().map(tree::label).toList();
    }

    // busiest first, as the table gets them: a child can be busier than a sibling of its parent
    private final List<WhoRows> rows = List.of(
            row("/system.slice", 1.5),
            row("/system.slice/nginx.service", 1.2),
            row("/user.slice", 1.3),
            row("/system.slice/ssh.service", 0.2),
            row("/user.slice/user-1000.slice/session-3.scope", 0.9),
            row("/kubepods/burstable/pod1", 0.1));

    @Test
    void eachCgroupIsUnderItsNearestNamedAncestorInTheGivenOrder() {
        assertEquals(
                List.of(
                        "/system.slice",
                        "└ nginx.service",
                        "└ ssh.service",
                        "/user.slice",
                        "└ user-1000.slice/session-3.scope",
                        "/kubepods/burstable/pod1"),
                sorted(rows, null));
    }

    @Test
    void aSortedColumnOrdersSiblingsNotTheTree() {
        Comparator<WhoRows> leastCpuFirst = Comparator.comparingDouble(r -> r.value(Quantity.CPU));
        assertEquals(
                List.of(
                        "/kubepods/burstable/pod1",
                        "/user.slice",
                        "└ user-1000.slice/session-3.scope",
                        "/system.slice",
                        "└ ssh.service",
                        "└ nginx.service"),
                sorted(rows, leastCpuFirst));
    }

    @Test
    void deeperLevelsAreIndentedFurther() {
        List<WhoRows> deep = List.of(row("/a", 3), row("/a/b", 2), row("/a/b/c", 1), row("/ab", 0.5));
        assertEquals(List.of("/a", "└ b", "  └ c", "/ab"), sorted(deep, null));
    }

    @Test
    void anUnnamedCgroupTwoNamedOnesAreUnderIsARowWithoutValuesPlacedByItsBusiestChild() {
        List<WhoRows> pods = List.of(
                row("/kubepods/burstable/pod1", 0.9),
                row("/system.slice", 0.5),
                row("/kubepods/burstable/pod2", 0.3),
                row("/kubepods/besteffort/pod3", 0.1));
        List<WhoRows> all = CgroupTree.withBranches(pods);
        assertEquals(6, all.size(), "kubepods and burstable added; besteffort has one pod under it: " + all);
        WhoRows kubepods = all.stream()
                .filter(r -> r.entry().who().equals("/kubepods"))
                .findFirst()
                .orElseThrow();
        assertEquals(0, kubepods.reads(), "not read by the table");
        assertTrue(Double.isNaN(kubepods.value(Quantity.CPU)), "missing, not 0");
        assertEquals(
                List.of(
                        "/kubepods · not named",
                        "└ burstable · not named",
                        "  └ pod1",
                        "  └ pod2",
                        "└ besteffort/pod3",
                        "/system.slice"),
                sorted(all, null));
        Comparator<WhoRows> leastCpuFirst = Comparator.comparingDouble(r -> r.value(Quantity.CPU));
        assertEquals(
                List.of(
                        "/kubepods · not named",
                        "└ besteffort/pod3",
                        "└ burstable · not named",
                        "  └ pod2",
                        "  └ pod1",
                        "/system.slice"),
                sorted(all, leastCpuFirst),
                "an unnamed cgroup goes where the first named one under it goes: kubepods as pod3 (0.1), burstable as pod2 (0.3)");
    }
}
