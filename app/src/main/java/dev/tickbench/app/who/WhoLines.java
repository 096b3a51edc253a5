package dev.tickbench.app.who;

import dev.tickbench.app.session.WhoLog.Table;
import dev.tickbench.app.session.WhoRows;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.SortedList;
import javafx.scene.control.TableView;

/**
 * The Who table's lines and their order (docs/who.md, "In the workbench"): a line per named process or
 * cgroup, kept from draw to draw while it stays named, sorted by the columns the user sorted or as drawn,
 * cgroups in their tree. FX thread.
 */
final class WhoLines {
    /** The table's lines, each kept while its process or cgroup is named (in no order: {@link #order}). */
    private final ObservableList<WhoLine> lines = FXCollections.observableArrayList();
    /** The lines by {@link WhoLine#key}. */
    private Map<String, WhoLine> lineOf = Map.of();
    /** Each line's place in the rows drawn last (busiest first; a cgroup in its tree), by key. */
    private Map<String, Integer> given = Map.of();
    /** The named cgroups shown, as a tree (none while processes are shown). */
    private final ObjectProperty<CgroupTree> tree = new SimpleObjectProperty<>(CgroupTree.NONE);

    private final SortedList<WhoLine> sorted = new SortedList<>(lines);
    private final TableView<WhoLine> table;
    private final BooleanSupplier cgroups;

    /** The lines of {@code table}, cgroups while {@code cgroups} says so. */
    WhoLines(TableView<WhoLine> table, BooleanSupplier cgroups) {
        this.table = table;
        this.cgroups = cgroups;
        sorted.setComparator(order());
        // a header's click; an invalidation, as the comparator after a second click equals the one before
        table.comparatorProperty().addListener(o -> sorted.setComparator(order()));
        table.setSortPolicy(t -> true); // the sorted list sorts, by order()
        table.setItems(sorted);
    }

    /** The rows of a draw, cgroups in {@code inTree} (else {@link CgroupTree#NONE}); sorted again if they must be. */
    void show(List<WhoRows> now, CgroupTree inTree) {
        keep(now);
        tree.set(inTree); // the lines' names with it
        Comparator<WhoLine> order = order();
        if (!inOrder(sorted, order)) {
            sorted.setComparator(order); // sorted again: the lines move, the table's cells stay
        }
    }

    /**
     * The lines for {@code now}: a process or cgroup still named keeps its line and shows its new values
     * (only the cells that show it write again); the table's list changes only by the lines that come and go.
     */
    private void keep(List<WhoRows> now) {
        Map<String, WhoLine> next = new HashMap<>(now.size() * 2);
        Map<String, Integer> place = new HashMap<>(now.size() * 2);
        List<WhoLine> added = new ArrayList<>();
        for (WhoRows r : now) {
            String key = WhoLine.key(r);
            if (next.containsKey(key)) {
                continue; // one line each
            }
            WhoLine line = lineOf.get(key);
            if (line == null) {
                line = new WhoLine(r, this::named, tree);
                added.add(line);
            } else {
                line.show(r);
            }
            next.put(key, line);
            place.put(key, place.size());
        }
        lineOf = next;
        given = place;
        if (lines.size() != next.size() - added.size()) {
            lines.removeIf(l -> next.get(l.key()) != l);
        }
        lines.addAll(added);
    }

    private static boolean inOrder(List<WhoLine> shown, Comparator<WhoLine> order) {
        for (int i = 1; i < shown.size(); i++) {
            if (order.compare(shown.get(i - 1), shown.get(i)) > 0) {
                return false;
            }
        }
        return true;
    }

    /** How the table names a row: a process by its name, a cgroup by its place in the tree. */
    private String named(WhoRows r) {
        return r.entry().table() == Table.CGROUPS
                ? tree.get().label(r)
                : r.entry().shown();
    }

    /**
     * The table's order: by the columns the user sorted, else as drawn (busiest first); cgroups in their
     * tree, where the columns' sort orders siblings and never a cgroup away from its parent.
     */
    private Comparator<WhoLine> order() {
        Comparator<WhoLine> byColumns = table.getComparator();
        Map<String, Integer> drawn = given;
        Comparator<WhoLine> asDrawn = Comparator.comparingInt(l -> drawn.getOrDefault(l.key(), Integer.MAX_VALUE));
        if (!cgroups.getAsBoolean()) {
            return byColumns == null ? asDrawn : byColumns.thenComparing(asDrawn);
        }
        Map<String, WhoLine> of = lineOf;
        Comparator<WhoRows> within = byColumns == null
                ? null
                : (a, b) -> {
                    WhoLine la = of.get(WhoLine.key(a));
                    WhoLine lb = of.get(WhoLine.key(b));
                    return la == null || lb == null ? 0 : byColumns.compare(la, lb);
                };
        Comparator<WhoRows> inTree = tree.get().order(within);
        return (a, b) -> inTree.compare(a.row(), b.row());
    }
}
