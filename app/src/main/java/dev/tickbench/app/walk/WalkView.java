package dev.tickbench.app.walk;

import dev.tickbench.app.charts.Charts;
import dev.tickbench.app.view.Cells;
import dev.tickbench.app.view.ErrorLine;
import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The Path walk tab: a searchable process list and a cgroup path field on the left; the leaf→root
 * table (the enforcing level carries the {@code :enforcing} pseudo-class), the verdict, the warnings
 * and the throttled-time chart per level on the right.
 */
public final class WalkView extends SplitPane {
    public static final PseudoClass ENFORCING = PseudoClass.getPseudoClass("enforcing");

    private final WalkViewModel vm;
    private final TableView<LevelRow> table = new TableView<>();
    private final Label verdict = new Label();
    private final DefaultNumericAxis yAxis = new DefaultNumericAxis("throttled s/s");
    final XYChart chart;

    public WalkView(WalkViewModel vm) {
        this.vm = vm;
        getStyleClass().add("walk-view");

        // target picker
        TextField search = new TextField();
        search.setPromptText("search pid, command, cgroup");
        search.textProperty().bindBidirectional(vm.searchProperty());
        ListView<ProcessRow> procs = new ListView<>(vm.processes());
        procs.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(ProcessRow p, boolean empty) {
                super.updateItem(p, empty);
                setText(empty || p == null ? null : p.shown());
            }
        });
        procs.getSelectionModel().selectedItemProperty().addListener((o, a, p) -> {
            if (p != null) {
                vm.targetProperty().set(Long.toString(p.pid()));
            }
        });
        procs.setPlaceholder(new Label("no processes listed (Refresh)"));
        Button refresh = new Button("Refresh");
        refresh.setOnAction(e -> vm.refreshProcesses());
        TextField target = new TextField();
        target.setPromptText("pid or cgroup path, e.g. /kubepods.slice/…");
        target.textProperty().bindBidirectional(vm.targetProperty());
        Button walk = new Button("Walk");
        walk.setDefaultButton(true);
        walk.setOnAction(e -> vm.start());
        target.setOnAction(e -> vm.start());
        Button stop = new Button("Stop");
        stop.setOnAction(e -> vm.stop());
        stop.disableProperty().bind(vm.runningProperty().not());
        Label pickTitle = new Label("TARGET");
        pickTitle.getStyleClass().add("panel-title");
        Label note = new Label();
        note.textProperty().bind(vm.noteProperty());
        note.getStyleClass().add("status-line");
        note.setWrapText(true);
        HBox buttons = new HBox(6, walk, stop, refresh);
        Label searchName = new Label("Search processes");
        searchName.setLabelFor(search);
        Label targetName = new Label("Target to walk");
        targetName.setLabelFor(target);
        VBox left = new VBox(6, pickTitle, searchName, search, procs, targetName, target, buttons, note);
        VBox.setVgrow(procs, Priority.ALWAYS);
        left.setPadding(new Insets(6));
        left.setMinWidth(240);

        // the table
        table.setItems(vm.rows());
        table.getColumns()
                .addAll(List.of(
                        pathColumn(),
                        col("Kubernetes", LevelRow::k8s, 150),
                        col("cpu.max", LevelRow::cpus, 72),
                        col("raw", LevelRow::cpuMaxRaw, 92),
                        col("burst", LevelRow::burst, 55),
                        col("weight", LevelRow::weight, 55),
                        col("implied request", LevelRow::impliedRequest, 150),
                        col("Δperiods", LevelRow::periods, 65),
                        col("Δthrottled", LevelRow::throttled, 72),
                        col("ratio", LevelRow::ratio, 50),
                        col("throttled", LevelRow::throttledRate, 75),
                        col("PSI some", LevelRow::psiSome, 62),
                        col("PSI full", LevelRow::psiFull, 58)));
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(LevelRow r, boolean empty) {
                super.updateItem(r, empty);
                pseudoClassStateChanged(ENFORCING, !empty && r != null && r.enforcing());
            }
        });
        table.setPlaceholder(new Label("no walk yet"));
        table.setPrefHeight(270); // rows grow to their wrapped text: five levels of two lines fit
        table.setMinHeight(150);
        verdict.textProperty().bind(vm.verdictProperty());
        verdict.getStyleClass().add("walk-verdict");
        verdict.setWrapText(true);
        Label error = ErrorLine.of(vm.errorProperty());
        ListView<String> warnings = new ListView<>(vm.warnings());
        warnings.getStyleClass().add("walk-warnings");
        warnings.setPrefHeight(60);
        warnings.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(vm.warnings()));
        warnings.managedProperty().bind(warnings.visibleProperty());

        // the chart
        DefaultNumericAxis xAxis = new DefaultNumericAxis("time since walk start");
        xAxis.setUnit("s");
        xAxis.setAnimated(false);
        xAxis.setForceZeroInRange(true);
        yAxis.setUnit(null);
        yAxis.setAnimated(false);
        yAxis.setForceZeroInRange(true);
        yAxis.setAutoRangeRounding(false);
        yAxis.setAutoRangePadding(0.1); // a level throttling steadily must not sit on the frame
        chart = new XYChart(xAxis, yAxis);
        Charts.withoutToolBar(chart);
        Charts.uncached(chart);
        chart.setAnimated(false);
        chart.setTitle("throttled time rate per level (one point per walk window)");
        ErrorDataSetRenderer r = new ErrorDataSetRenderer();
        r.setErrorStyle(ErrorStyle.NONE);
        r.setDrawMarker(true);
        chart.getRenderers().setAll(r);
        chart.setMinHeight(180);
        vm.resultProperty().addListener((o, a, b) -> redraw());

        VBox right = new VBox(6, verdict, error, warnings, table, chart);
        VBox.setVgrow(chart, Priority.ALWAYS);
        right.setPadding(new Insets(6));
        right.setAlignment(Pos.TOP_LEFT);
        getItems().addAll(left, right);
        setDividerPositions(0.22);
        SplitPane.setResizableWithParent(left, false);
    }

    public TableView<LevelRow> table() {
        return table;
    }

    public Label verdict() {
        return verdict;
    }

    private void redraw() {
        List<DataSet> sets = new ArrayList<>();
        for (Map.Entry<String, List<double[]>> e : vm.history().entrySet()) {
            DoubleDataSet ds = new DoubleDataSet(WalkViewModel.levelName(e.getKey()));
            for (double[] p : e.getValue()) {
                ds.add(p[0], p[1]);
            }
            sets.add(ds);
        }
        chart.getDatasets().setAll(sets);
    }

    /** The path, cut at its start when narrow: the leaf end is what tells the levels apart. */
    private static TableColumn<LevelRow, String> pathColumn() {
        TableColumn<LevelRow, String> c = col("level (leaf → root)", LevelRow::path, 220);
        c.setCellFactory(t -> new javafx.scene.control.TableCell<>() {
            {
                setTextOverrun(javafx.scene.control.OverrunStyle.LEADING_ELLIPSIS);
            }

            @Override
            protected void updateItem(String path, boolean empty) {
                super.updateItem(path, empty);
                setText(empty ? null : path);
                setTooltip(empty || path == null ? null : new javafx.scene.control.Tooltip(path));
            }
        });
        return c;
    }

    /** A column whose values and title wrap to its width: "old 490–514m · new 1923–1948m" is read whole. */
    private static TableColumn<LevelRow, String> col(String title, Function<LevelRow, String> value, double width) {
        TableColumn<LevelRow, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(value.apply(d.getValue())));
        c.setCellFactory(t -> Cells.wrapping());
        c.setPrefWidth(width);
        c.setSortable(false);
        Cells.wrapTitle(c);
        return c;
    }
}
