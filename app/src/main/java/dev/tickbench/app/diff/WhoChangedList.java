package dev.tickbench.app.diff;

import dev.tickbench.core.diff.DiffResult;
import dev.tickbench.core.diff.Presence;
import dev.tickbench.core.diff.WhoChanges;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;

/**
 * "Who changed" beside the ranking (docs/diff.md, "Who changed"): for process CPU, memory and storage I/O and
 * the same for cgroups, the named processes and cgroups whose mean changed most between A and B, by how much
 * in the row's unit; one named in one range only says so. A click on one picks its row in the table. Empty, with a line saying why, for a capture without the process and cgroup tables.
 */
final class WhoChangedList extends VBox {
    /** Entries shown per quantity: the one at the top is the answer; two more show whether it stands alone. */
    static final int TOP = 3;

    private final Consumer<String> pick;

    /** {@code pick} is handed the series name of a clicked entry. */
    WhoChangedList(Consumer<String> pick) {
        super(2);
        this.pick = pick;
        setId("diff-who");
        getStyleClass().add("diff-who");
        setPadding(new Insets(8));
        show(null);
    }

    /** Shows the lists of {@code r}, or a line saying what to do for none yet. */
    void show(DiffResult r) {
        getChildren().clear();
        Label title = new Label("Who changed");
        title.getStyleClass().add("panel-title");
        getChildren().add(title);
        if (r == null) {
            getChildren().add(wrapped("Rank A against B: the processes and cgroups that changed most show here."));
            return;
        }
        WhoChanges who = WhoChanges.of(r, TOP);
        if (who.quantities().isEmpty()) {
            getChildren()
                    .add(wrapped("No process or cgroup changed: these captures have no process or cgroup table"
                            + " (tickbench-probe record reads them by default), or no named one differs."));
            return;
        }
        Label how = wrapped("Largest change of the mean first, in the quantity's unit; A or B only: named in that"
                + " range's table only.");
        how.getStyleClass().add("diff-who-how");
        getChildren().add(how);
        for (WhoChanges.Quantity q : who.quantities()) {
            Label heading =
                    new Label(q.label() + (q.unit() == null || q.unit().isEmpty() ? "" : " (" + q.unit() + ")"));
            heading.getStyleClass().add("diff-who-quantity");
            heading.setPadding(new Insets(6, 0, 0, 0));
            getChildren().add(heading);
            for (WhoChanges.Entry e : q.top()) {
                getChildren().add(entry(e));
            }
        }
    }

    private Hyperlink entry(WhoChanges.Entry e) {
        Hyperlink link = new Hyperlink(text(e));
        link.getStyleClass().add("diff-who-entry");
        link.setUserData(e.series());
        link.setTooltip(new Tooltip(e.series() + " (click: its row in the ranking)"));
        link.setOnAction(a -> pick.accept(e.series()));
        return link;
    }

    /** "sh 4242 +0.987", as {@code tickbench-probe diff} prints it, and for one named in one range only, which. */
    static String text(WhoChanges.Entry e) {
        String only = e.presence() == Presence.APPEARED
                ? " (B only)"
                : e.presence() == Presence.DISAPPEARED ? " (A only)" : "";
        return e.shown() + " " + (e.change() >= 0 ? "+" : "") + DiffView.number(e.change()) + only;
    }

    private static Label wrapped(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        return l;
    }
}
