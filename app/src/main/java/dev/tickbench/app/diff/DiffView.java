package dev.tickbench.app.diff;

import dev.tickbench.core.diff.SeriesChange;
import dev.tickbench.core.diff.SeriesStats;
import java.io.File;
import java.io.IOException;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * The What changed? panel: range A and B, each in the capture the workbench shows or in another capture
 * file, typed in seconds after that capture's first sample or after one of its events (B also as the charts'
 * window, A as the same length just before B), Rank, a filter by source, the ranked table (series, unit,
 * A, B, change, effect: a row below noise says so), the clicked row's A and B overlaid, and Export CSV.
 * docs/diff.md says what the numbers are.
 */
public final class DiffView extends BorderPane {
    private final DiffViewModel vm;
    private final TableView<SeriesChange> table = new TableView<>();
    private final Button rank = new Button("Rank");
    private final Button export = new Button("Export CSV…");

    private final DiffOverlay overlay;
    private final WhoChangedList who = new WhoChangedList(this::select);

    public DiffView(DiffViewModel vm) {
        this.vm = vm;
        overlay = new DiffOverlay(vm.store());
        getStyleClass().add("diff-view");
        TextField aFrom = field(vm.aFromProperty(), "diff-a-from");
        TextField aTo = field(vm.aToProperty(), "diff-a-to");
        TextField bFrom = field(vm.bFromProperty(), "diff-b-from");
        TextField bTo = field(vm.bToProperty(), "diff-b-to");
        CheckBox window = new CheckBox("B = the charts' window");
        window.setId("diff-b-window");
        window.selectedProperty().bindBidirectional(vm.bIsWindowProperty());
        CheckBox before = new CheckBox("A = the same length just before B");
        before.setId("diff-a-before");
        before.selectedProperty().bindBidirectional(vm.aJustBeforeProperty());
        Button pickA = new Button("A = selected range");
        pickA.setId("diff-a-selected");
        pickA.setOnAction(e -> vm.pickA());
        Button pickB = new Button("B = selected range");
        pickB.setId("diff-b-selected");
        pickB.setOnAction(e -> vm.pickB());
        pickA.disableProperty().bind(before.selectedProperty());
        pickB.disableProperty().bind(window.selectedProperty());
        javafx.scene.control.Tooltip.install(
                pickA, new javafx.scene.control.Tooltip("the range Shift+dragged across the charts"));
        javafx.scene.control.Tooltip.install(
                pickB, new javafx.scene.control.Tooltip("the range Shift+dragged across the charts"));
        bFrom.disableProperty().bind(window.selectedProperty());
        bTo.disableProperty().bind(window.selectedProperty());
        aFrom.disableProperty().bind(before.selectedProperty());
        aTo.disableProperty().bind(before.selectedProperty());
        VBox ranges = new VBox(6, side(vm.a(), aFrom, aTo, pickA, before), side(vm.b(), bFrom, bTo, pickB, window));
        rank.setId("diff-rank");
        rank.setDefaultButton(true);
        rank.disableProperty().bind(vm.busyProperty());
        rank.setOnAction(e -> vm.rank());
        ComboBox<String> source = new ComboBox<>(vm.sources());
        source.setId("diff-source");
        source.valueProperty().bindBidirectional(vm.sourceProperty());
        export.setId("diff-export");
        export.disableProperty().bind(vm.resultProperty().isNull());
        export.setOnAction(e -> exportDialog());
        FlowPane actions = new FlowPane(8, 6, rank, new Label("Source"), source, export);
        Label status = new Label();
        status.setId("diff-status");
        status.textProperty().bind(vm.statusProperty());
        Label error = new Label();
        error.setId("diff-error");
        error.getStyleClass().add("error-text");
        error.setWrapText(true);
        error.textProperty().bind(vm.errorProperty());
        error.visibleProperty().bind(vm.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        VBox top = new VBox(6, ranges, actions, error);
        top.setPadding(new Insets(8));
        setTop(top);
        columns();
        table.setId("diff-table");
        table.setItems(vm.rows());
        table.setPlaceholder(
                new Label("Pick range A and B and press Rank: every series, raw and derived, ranked by how much"
                        + " it changed against its own noise."));
        table.getSelectionModel()
                .selectedItemProperty()
                .addListener((o, was, row) ->
                        overlay.show(row, vm.resultProperty().get(), vm.ranked(true), vm.ranked(false)));
        vm.resultProperty().addListener((o, was, r) -> {
            overlay.show(null, null, DiffCapture.SHOWN, DiffCapture.SHOWN); // nothing picked yet
            who.show(r);
        });
        javafx.scene.control.SplitPane split = new javafx.scene.control.SplitPane(table, overlay);
        split.setOrientation(javafx.geometry.Orientation.VERTICAL);
        split.setDividerPositions(0.6);
        javafx.scene.control.ScrollPane whoRoom = new javafx.scene.control.ScrollPane(who);
        whoRoom.setFitToWidth(true);
        javafx.scene.control.SplitPane sides = new javafx.scene.control.SplitPane(split, whoRoom);
        sides.setDividerPositions(0.75);
        setCenter(sides);
        status.setPadding(new Insets(4, 8, 4, 8));
        setBottom(status);
    }

    public TableView<SeriesChange> table() {
        return table;
    }

    DiffViewModel model() {
        return vm;
    }

    public Button rankButton() {
        return rank;
    }

    DiffOverlay overlay() {
        return overlay;
    }

    /** Picks {@code series}'s row in the table (every source shown again if the filter hid it), drawing its A and B. */
    private void select(String series) {
        if (vm.rows().stream().noneMatch(r -> r.name().equals(series))) {
            vm.sourceProperty().set(DiffViewModel.ALL_SOURCES);
        }
        vm.rows().stream().filter(r -> r.name().equals(series)).findFirst().ifPresent(r -> {
            table.getSelectionModel().select(r);
            table.scrollTo(r);
        });
    }

    /**
     * A side's row: "A in [this capture | other.ndjson.gz] [Other capture…]  from [ ] to [ ] s after [the
     * first sample | an event]  12 events", then its own ways to choose a range.
     */
    private FlowPane side(DiffSide side, TextField from, TextField to, javafx.scene.Node... more) {
        String id = "diff-" + side.name().toLowerCase(java.util.Locale.ROOT);
        ComboBox<DiffCapture> capture = new ComboBox<>(vm.captures());
        capture.setId(id + "-capture");
        capture.valueProperty().bindBidirectional(side.captureProperty());
        capture.disableProperty().bind(vm.busyProperty()); // a file's events are being read, or a ranking runs
        Button other = new Button("Other capture…");
        other.setId(id + "-other");
        other.disableProperty().bind(vm.busyProperty());
        other.setOnAction(e -> chooseOther(side));
        ComboBox<DiffOrigin> origin = new ComboBox<>(side.origins());
        origin.setId(id + "-origin");
        origin.setPrefWidth(330);
        origin.valueProperty().bindBidirectional(side.originProperty());
        origin.setOnShowing(e -> vm.refreshEvents()); // the charts' marks grow while a session goes on
        javafx.scene.control.Tooltip.install(
                origin,
                new javafx.scene.control.Tooltip("FROM and TO count from the capture's"
                        + " first sample, or from an event of that capture (negative: before it)"));
        Label note = new Label();
        note.setId(id + "-note");
        note.textProperty().bind(side.noteProperty());
        FlowPane row = new FlowPane(
                8,
                6,
                new Label(side.name() + " in"),
                capture,
                other,
                new Label("from"),
                from,
                new Label("to"),
                to,
                new Label("s after"),
                origin,
                note);
        row.getChildren().addAll(more);
        return row;
    }

    private void chooseOther(DiffSide side) {
        FileChooser fc = new FileChooser();
        fc.setTitle("Put " + side.name() + " in another capture");
        fc.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter("Captures", "*.ndjson", "*.ndjson.gz", "*.gz", "*.jsonl"),
                        new FileChooser.ExtensionFilter("All files", "*"));
        java.nio.file.Path was = side.captureProperty().get().file();
        if (was != null && was.getParent() != null && java.nio.file.Files.isDirectory(was.getParent())) {
            fc.setInitialDirectory(was.getParent().toFile());
        }
        File f = fc.showOpenDialog(getScene() == null ? null : getScene().getWindow());
        if (f != null) {
            vm.otherCapture(side, f.toPath());
        }
    }

    private static TextField field(javafx.beans.property.StringProperty p, String id) {
        TextField f = new TextField();
        f.setId(id);
        f.setPrefColumnCount(6);
        f.textProperty().bindBidirectional(p);
        return f;
    }

    private void columns() {
        TableColumn<SeriesChange, String> rankCol = text(
                "#", 44, r -> Integer.toString(vm.resultProperty().get().rows().indexOf(r) + 1));
        TableColumn<SeriesChange, String> series =
                text("Series", 280, r -> r.series().name());
        TableColumn<SeriesChange, String> unit =
                text("Unit", 170, r -> r.series().unit());
        TableColumn<SeriesChange, String> a = text("A", 100, r -> mean(r.a()));
        TableColumn<SeriesChange, String> b = text("B", 100, r -> mean(r.b()));
        TableColumn<SeriesChange, String> change = text("Change", 190, DiffView::change);
        TableColumn<SeriesChange, String> effect = text("Effect", 110, DiffView::effect);
        table.getColumns().setAll(java.util.List.of(rankCol, series, unit, a, b, change, effect));
        table.setStyle("-fx-font-family: monospace;");
    }

    private static TableColumn<SeriesChange, String> text(
            String title, double width, Function<SeriesChange, String> f) {
        TableColumn<SeriesChange, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setSortable(false); // the order is the ranking's
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(f.apply(d.getValue())));
        return c;
    }

    /** A side's mean; "—" for a series that range does not have (absent, never 0). */
    static String mean(SeriesStats s) {
        return s == null ? "—" : number(s.mean());
    }

    static String change(SeriesChange r) {
        return switch (r.presence()) {
            case APPEARED -> "appeared";
            case DISAPPEARED -> "disappeared";
            case BOTH ->
                (r.meanChange() >= 0 ? "+" : "")
                        + number(r.meanChange())
                        + (Double.isNaN(r.relativeChange())
                                ? ""
                                : String.format(Locale.ROOT, " (%+.1f %%)", r.relativeChange() * 100));
        };
    }

    static String effect(SeriesChange r) {
        return Double.isNaN(r.effect())
                ? "—"
                : String.format(Locale.ROOT, "%.2f", r.effect()) + (r.aboveNoise() ? "" : "  noise");
    }

    /** Four significant digits, never E-notation (79 400, not 7.940e+04), as every number the workbench shows. */
    static String number(double v) {
        return Double.isNaN(v) ? "—" : dev.tickbench.core.text.Numbers.significant(v, 4);
    }

    private void exportDialog() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export the ranking as CSV");
        fc.setInitialFileName("what-changed.csv");
        File f = fc.showSaveDialog(getScene() == null ? null : getScene().getWindow());
        if (f == null) {
            return;
        }
        try {
            vm.exportCsv(f.toPath());
        } catch (IOException e) {
            vm.errorProperty()
                    .set("Could not write " + f + ": " + e.getMessage()
                            + ". Pick another folder; the ranking is kept.");
        }
    }
}
