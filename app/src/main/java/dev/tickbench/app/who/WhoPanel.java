package dev.tickbench.app.who;

import dev.tickbench.app.charts.Crosshair;
import dev.tickbench.app.charts.Readout;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.Showing;
import dev.tickbench.app.session.TimeWindow;
import dev.tickbench.app.session.WhoLog;
import dev.tickbench.app.session.WhoLog.Quantity;
import dev.tickbench.app.session.WhoLog.Table;
import dev.tickbench.app.session.WhoRows;
import dev.tickbench.app.view.Ticker;
import dev.tickbench.app.view.WhenShown;
import dev.tickbench.core.text.Numbers;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * "Who is doing it?": the process table or the cgroup table beside the tracks (docs/who.md, "In the
 * workbench"), each named entry with its CPU, memory and storage reads and writes at the crosshair (its
 * hover, else its last pin, else the latest read), or their mean and peak over the Shift+drag range;
 * busiest first, sortable by any column; a click on a row draws its CPU and memory over the time in view
 * under the table, with a process's start and exit. A value the table did not read there is a dash, not 0. Shown
 * only while the session lists a process or cgroup table. Redrawn at the shared clock's turns while it
 * can be seen, when the table or what the user points at changed.
 */
public final class WhoPanel extends VBox {
    static final double WIDTH = 330;
    /** How often it looks whether to redraw: hover follows within a quarter second, a live read within it. */
    private static final long TURN_MS = 250;

    private final Crosshair crosshair;
    private final TimeWindow window;
    /** The picked row's CPU and memory over the time in view, under the table. */
    final WhoTrace trace = new WhoTrace();

    private final Label title = new Label("WHO IS DOING IT?");
    private final Button fold = new Button("▸");
    private final Label scope = new Label();
    private final ToggleButton processes = new ToggleButton("Processes");
    private final ToggleButton cgroups = new ToggleButton("Cgroups");
    final TableView<WhoLine> table = new TableView<>();
    private final Label empty = new Label();
    /** What the rest (everything not named) adds up to, under the table. */
    private final Label rest = new Label();
    /** Draws the picked row's CPU and memory on the tracks, beside the kernel's curves. */
    final Button plot = new Button("Draw on the tracks");
    /** Told the names of the series a plot drew (none: it could not), to bring them into view. */
    private Consumer<List<String>> onPlotted = names -> {};

    private final VBox body;
    private final WhenShown shown = new WhenShown(this);

    private SeriesStore store;
    private SessionInfo session;
    private boolean folded;
    /** What was drawn last: the log's version and the scope's text (FX thread). */
    private long drawnVersion = -1;

    private String drawnScope = "";
    private boolean stale = true;
    /** Over a range: each cell has its peak under its mean. */
    private boolean ranged;

    private boolean rangedDrawn;
    /** The entry the user picked: kept while the time pointed at has no row of it. */
    private WhoLog.Entry picked;
    /** A redraw is changing the rows (and so the selection) itself. */
    private boolean redrawing;
    /** The table's lines and their order. */
    private final WhoLines lines;

    public WhoPanel(
            Crosshair crosshair,
            TimeWindow window,
            ObservableValue<Showing> showing,
            ObservableValue<SessionInfo> session) {
        this.crosshair = crosshair;
        this.window = window;
        setId("who-panel");
        getStyleClass().addAll("clock-panel", "who-panel");
        setPadding(new Insets(4, 8, 4, 8));
        setSpacing(3);
        title.getStyleClass().add("panel-title");
        fold.getStyleClass().add("small");
        fold.setTooltip(new Tooltip("Fold or open the process and cgroup tables"));
        fold.setOnAction(e -> setFolded(!folded));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox head = new HBox(4, title, spacer, fold);
        head.setAlignment(Pos.CENTER_LEFT);
        scope.setId("who-scope");
        scope.getStyleClass().add("clock-muted");
        scope.setWrapText(true);
        ToggleGroup which = new ToggleGroup();
        processes.setToggleGroup(which);
        cgroups.setToggleGroup(which);
        processes.setSelected(true);
        processes.getStyleClass().add("small");
        cgroups.getStyleClass().add("small");
        which.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) {
                a.setSelected(true); // one table is always shown
            }
            picked = null; // a row of the other table
            redrawSoon();
        });
        table.setId("who-table");
        lines = new WhoLines(table, cgroups::isSelected);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        WhoColumns columns = new WhoColumns(() -> ranged);
        table.getColumns().add(columns.nameColumn());
        table.getColumns().add(columns.column("CPUs", Quantity.CPU, 1, "CPUs used over the table's interval", 48));
        table.getColumns()
                .add(columns.column("MB", Quantity.MEMORY, 1e6, "resident memory (a cgroup's memory.current), MB", 50));
        table.getColumns().add(columns.column("R MB/s", Quantity.READ, 1e6, "storage reads, MB per second", 58));
        table.getColumns().add(columns.column("W MB/s", Quantity.WRITE, 1e6, "storage writes, MB per second", 58));
        empty.setWrapText(true);
        empty.getStyleClass().add("clock-muted");
        table.setPlaceholder(empty);
        VBox.setVgrow(table, Priority.ALWAYS);
        trace.managedProperty().bind(trace.visibleProperty());
        trace.setVisible(false);
        table.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (!redrawing) {
                picked = b == null ? null : b.entry(); // the user's click; a redraw's own changes are not one
            }
            redrawSoon();
        });
        rest.setId("who-rest");
        rest.getStyleClass().add("clock-muted");
        rest.setWrapText(true);
        plot.setId("who-plot");
        plot.getStyleClass().add("small");
        plot.setTooltip(new Tooltip("Draw the picked row's CPU and memory on tracks of their own, under the others,"
                + " from its first read held: beside PSI, the slab caches, the clock"));
        plot.setDisable(true); // until a row is picked
        plot.setOnAction(e -> plotPicked());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        // beside the tables' toggles, where it stays put while the rows and the rest under them change
        body = new VBox(3, scope, new HBox(4, processes, cgroups, gap, plot), table, rest, trace);
        VBox.setVgrow(body, Priority.ALWAYS);
        getChildren().addAll(head, body);
        apply();

        showing.addListener((o, a, b) -> {
            store = b.store();
            redrawSoon();
        });
        store = showing.getValue() == null ? null : showing.getValue().store();
        this.session = session.getValue();
        session.addListener((o, a, b) -> {
            if (b != null) {
                this.session = b;
                setVisible(lists(b));
                redrawSoon();
            }
        });
        managedProperty().bind(visibleProperty()); // hidden, it takes no room either
        setVisible(lists(this.session));
        crosshair.cursorProperty().addListener((o, a, b) -> stale = true);
        // the tracks' time moves every frame while following: it matters only to a picked row's trace
        window.addListener(w -> stale |= trace.isVisible());
        crosshair.rangeFromProperty().addListener((o, a, b) -> stale = true);
        crosshair.rangeToProperty().addListener((o, a, b) -> stale = true);
        crosshair.pins().addListener((javafx.collections.ListChangeListener<Double>) c -> stale = true);
        new Ticker(TURN_MS, now -> {
                    if (!folded && isVisible() && (stale || version() != drawnVersion)) {
                        stale = false;
                        shown.run(this::draw);
                    }
                })
                .whileShowing(this);
    }

    /** Whether the session lists a process or cgroup table it reads. */
    private static boolean lists(SessionInfo s) {
        return s != null
                && s.sources().stream()
                        .anyMatch(r -> r.present()
                                && (r.name().equals("procs") || r.name().equals("cgroups")));
    }

    private void redrawSoon() {
        stale = true;
    }

    private long version() {
        return store == null ? -1 : store.who().version();
    }

    /** The rows for what the user points at, and the line that says what that is. FX thread. */
    void draw() {
        drawnVersion = version();
        Table t = cgroups.isSelected() ? Table.CGROUPS : Table.PROCESSES;
        List<WhoLog.Entry> entries = store == null ? List.of() : store.who().entries();
        double from = crosshair.rangeFromProperty().get();
        double to = crosshair.rangeToProperty().get();
        List<WhoRows> now;
        String text;
        double x = Double.NaN;
        if (!Double.isNaN(from) && !Double.isNaN(to) && to > from) {
            now = WhoRows.over(entries, t, from, to);
            text = "over " + Readout.clock(from) + " – " + Readout.clock(to) + ": mean, peak below";
            ranged = true;
        } else {
            x = crosshair.cursorProperty().get();
            String where = "at the crosshair ";
            if (Double.isNaN(x) && !crosshair.pins().isEmpty()) {
                x = crosshair.pins().get(crosshair.pins().size() - 1);
                where = "at the pin ";
            }
            if (Double.isNaN(x)) {
                x = WhoRows.latest(entries);
                where = "latest read ";
            }
            now = Double.isNaN(x) ? List.of() : WhoRows.at(entries, t, x, WhoRows.hold(session, t));
            text = Double.isNaN(x) ? "no read yet" : where + Readout.clock(x);
            ranged = false;
        }
        String kept = Double.isNaN(store == null ? Double.NaN : store.who().keptFromX())
                ? ""
                : " (history from " + Readout.clock(store.who().keptFromX()) + ")";
        if (!(text + kept).equals(drawnScope)) {
            scope.setText(text + kept);
            drawnScope = text + kept;
        }
        empty.setText(
                entries.isEmpty() && store != null && store.who().awaitsRun()
                        ? "This capture opened from its index: the table is read with every sample. Zoom in to"
                                + " two minutes or less to see who."
                        : entries.isEmpty()
                                ? "No " + (t == Table.PROCESSES ? "process" : "cgroup")
                                        + " named yet: the table is read once a"
                                        + " second by default, its first read names by memory alone."
                                : "No " + (t == Table.PROCESSES ? "process" : "cgroup") + " named "
                                        + (ranged
                                                ? "in this range."
                                                : "here: the table names the busiest, and holds a read "
                                                        + Numbers.significant(WhoRows.hold(session, t), 2) + " s."));
        rest.setText(restText(t, x, from, to));
        if (t == Table.CGROUPS) {
            now = CgroupTree.withBranches(now);
        }
        redrawing = true;
        lines.show(now, t == Table.CGROUPS ? new CgroupTree(now) : CgroupTree.NONE);
        if (picked != null) { // selected again where its row is; kept where it is not (the mouse passing a time)
            table.getItems().stream()
                    .filter(r -> r.entry().who().equals(picked.who()))
                    .findFirst()
                    .ifPresent(r -> table.getSelectionModel().select(r));
        }
        redrawing = false;
        if (ranged != rangedDrawn) {
            rangedDrawn = ranged;
            table.refresh(); // the cells' peaks follow the mode: every cell again, only when it changes
        }
        drawTrace();
    }

    /** "The rest: 412 processes · 0.52 CPUs · 1 230 MB · 300 started, 298 exited", as far as it was read. */
    private String restText(Table t, double x, double from, double to) {
        if (store == null) {
            return "";
        }
        WhoLog.Rest r = store.who().rest(t);
        double[] v = ranged ? WhoRows.restOver(r, from, to) : WhoRows.restAt(r, x, WhoRows.hold(session, t));
        String head = ranged ? "The rest, mean over the range: " : "The rest: ";
        List<String> parts = new java.util.ArrayList<>();
        double n = v[WhoLog.RestQuantity.COUNT.ordinal()];
        if (!Double.isNaN(n)) {
            parts.add(WhoColumns.number(n) + (t == Table.PROCESSES ? " processes" : " cgroups"));
        }
        double cpu = v[WhoLog.RestQuantity.CPU.ordinal()];
        if (!Double.isNaN(cpu)) {
            parts.add(WhoColumns.number(cpu) + " CPUs");
        }
        double mb = v[WhoLog.RestQuantity.MEMORY.ordinal()];
        if (!Double.isNaN(mb)) {
            parts.add(WhoColumns.number(mb / 1e6) + " MB");
        }
        double started = v[WhoLog.RestQuantity.STARTED.ordinal()];
        double exited = v[WhoLog.RestQuantity.EXITED.ordinal()];
        if (!Double.isNaN(started) && !Double.isNaN(exited)) {
            parts.add(WhoColumns.number(started) + " started, " + WhoColumns.number(exited) + " exited"
                    + (ranged ? " in the range" : " since the read before"));
        }
        return parts.isEmpty() ? "" : head + String.join(" · ", parts);
    }

    /** The picked row's trace over the time in view, or none while no row is picked. */
    private void drawTrace() {
        WhoLog.Entry e = pickedEntry();
        if (e == null && !trace.isVisible()) {
            return; // nothing picked, nothing drawn: nothing to clear
        }
        trace.setVisible(e != null);
        plot.setDisable(e == null); // a cgroup shown for its children was not read: no entry
        trace.draw(
                e,
                window.min(),
                window.max(),
                crosshair.cursorProperty().get(),
                e == null ? 0 : WhoRows.hold(session, e.table()));
    }

    /** The picked entry as the log holds it now (null: none picked, or one the table did not read). */
    private WhoLog.Entry pickedEntry() {
        WhoLog.Entry p = picked;
        if (p == null || store == null) {
            return null;
        }
        return store.who().entries().stream()
                .filter(e -> e.table() == p.table() && e.who().equals(p.who()))
                .findFirst()
                .orElse(null);
    }

    /** Who is told the names of the series each plot drew (none: it could not draw them). */
    public void onPlotted(Consumer<List<String>> c) {
        onPlotted = c;
    }

    private void plotPicked() {
        WhoLog.Entry e = pickedEntry();
        if (e != null) {
            onPlotted.accept(store.plot(e.table(), e.who()));
        }
    }

    /** Folded, only the title strip is left and nothing is drawn until it opens again. */
    public void setFolded(boolean on) {
        folded = on;
        apply();
        stale = true;
    }

    private void apply() {
        body.setVisible(!folded);
        body.setManaged(!folded);
        title.setText(folded ? "Who" : "WHO IS DOING IT?");
        fold.setText(folded ? "◂" : "▸");
        setPrefWidth(folded ? Region.USE_COMPUTED_SIZE : WIDTH);
        setMinWidth(folded ? Region.USE_PREF_SIZE : 220);
        setMaxWidth(folded ? Region.USE_PREF_SIZE : WIDTH);
    }
}
