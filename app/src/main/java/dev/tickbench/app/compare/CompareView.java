package dev.tickbench.app.compare;

import dev.tickbench.app.Background;
import dev.tickbench.app.view.ErrorLine;
import dev.tickbench.core.floors.CaptureSeries;
import dev.tickbench.core.floors.FloorComparison;
import dev.tickbench.core.floors.FloorReport;
import dev.tickbench.core.floors.FloorRow;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.DragEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * The Compare tab: captures loaded by file chooser or drag and drop, the floors table with verdict
 * colours, measured Hz as grouped bars, and one chosen series from each capture on a relative time axis.
 */
public final class CompareView extends VBox {
    /** Overlay lines are thinned to this many points each: the chart shows shape, not every read. */
    private static final int OVERLAY_POINTS = 1500;

    private final CompareViewModel vm;
    private final TableView<String> table = new TableView<>();
    private final BarChart<String, Number> bars = new BarChart<>(new CategoryAxis(), new NumberAxis());
    private final LineChart<Number, Number> overlay = new LineChart<>(new NumberAxis(), new NumberAxis());
    private final ProgressBar progress = new ProgressBar();
    private Task<?> running;
    private Task<List<CaptureSeries>> overlayTask;

    public CompareView(CompareViewModel vm) {
        this.vm = vm;
        getStyleClass().add("compare-view");
        Button load = new Button("Load captures…");
        load.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Captures recorded with FLOOR_HZ ≥ rate");
            fc.getExtensionFilters()
                    .add(new FileChooser.ExtensionFilter("Tickbench captures", "*.ndjson", "*.ndjson.gz", "*.gz"));
            List<File> fs = fc.showOpenMultipleDialog(getScene().getWindow());
            if (fs != null) {
                load(fs.stream().map(File::toPath).toList());
            }
        });
        Button clear = new Button("Clear");
        clear.setOnAction(e -> {
            vm.files().clear();
            vm.comparisonProperty().set(null);
        });
        ComboBox<String> series = new ComboBox<>(vm.overlayChoices());
        series.valueProperty().bindBidirectional(vm.overlaySeriesProperty());
        series.setPromptText("series to overlay");
        progress.setVisible(false);
        progress.setPrefWidth(160);
        Label status = new Label();
        status.textProperty().bind(vm.statusProperty());
        status.getStyleClass().add("status-line");
        Label seriesName = new Label("overlay");
        seriesName.setLabelFor(series);
        HBox bar = new HBox(8, load, clear, seriesName, series, progress, status);
        bar.setAlignment(Pos.CENTER_LEFT);

        Label error = ErrorLine.of(vm.errorProperty());

        table.setPlaceholder(new Label("no captures: Load… or drop .ndjson(.gz) files here; try assets/captures/"));
        bars.setTitle("measured change rate (Hz) per source and board");
        bars.setAnimated(false);
        bars.getYAxis().setLabel("Hz");
        overlay.setTitle("overlay on a relative time axis");
        overlay.setAnimated(false);
        overlay.setCreateSymbols(false);
        overlay.getXAxis().setLabel("seconds since the capture's start");
        ((NumberAxis) overlay.getYAxis()).setForceZeroInRange(false);
        Label legend = new Label(CompareViewModel.LEGEND);
        legend.setId("compare-legend");
        legend.setWrapText(true);
        legend.setMinHeight(Region.USE_PREF_SIZE); // wrapped whole: a VBox gave it one line and cut the verdicts' rule
        legend.getStyleClass().add("compare-legend");
        VBox floors = new VBox(4, legend, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        SplitPane charts = new SplitPane(bars, overlay);
        SplitPane body = new SplitPane(floors, charts);
        body.setOrientation(javafx.geometry.Orientation.VERTICAL);
        body.setDividerPositions(0.45);
        getChildren().addAll(bar, error, body);
        VBox.setVgrow(body, Priority.ALWAYS);
        setSpacing(6);
        setPadding(new Insets(6));

        vm.comparisonProperty().addListener((o, a, c) -> showComparison(c));
        vm.overlaySeriesProperty().addListener((o, a, s) -> loadOverlay());
        vm.overlaysProperty().addListener((o, a, l) -> drawOverlay(l));

        setOnDragOver(this::dragOver);
        setOnDragDropped(e -> {
            boolean ok = e.getDragboard().hasFiles();
            if (ok) {
                load(e.getDragboard().getFiles().stream().map(File::toPath).toList());
            }
            e.setDropCompleted(ok);
            e.consume();
        });
    }

    public TableView<String> table() {
        return table;
    }

    public LineChart<Number, Number> overlay() {
        return overlay;
    }

    /** Adds captures to those shown: analysis on a background task with progress; a refusal is shown. */
    public Task<FloorComparison> load(List<Path> more) {
        if (running != null) {
            running.cancel();
        }
        List<Path> all = vm.withAdded(more);
        Task<FloorComparison> task = new Task<>() {
            @Override
            protected FloorComparison call() throws Exception {
                updateMessage("analysing " + all.size() + " captures …");
                return CompareViewModel.analyze(all);
            }
        };
        running = task;
        progress.setVisible(true);
        vm.statusProperty().set("analysing " + all.size() + " captures …");
        task.setOnSucceeded(e -> {
            progress.setVisible(false);
            vm.show(all, task.getValue());
        });
        task.setOnFailed(e -> {
            progress.setVisible(false);
            vm.refuse(task.getException().getMessage());
        });
        task.setOnCancelled(e -> progress.setVisible(false));
        Background.shared().execute(task);
        return task;
    }

    private void loadOverlay() {
        FloorComparison c = vm.comparisonProperty().get();
        String s = vm.overlaySeriesProperty().get();
        if (c == null || s == null) {
            vm.overlaysProperty().set(List.of());
            return;
        }
        Task<List<CaptureSeries>> task = new Task<>() {
            @Override
            protected List<CaptureSeries> call() throws Exception {
                return CompareViewModel.overlay(c, s);
            }
        };
        if (overlayTask != null) {
            overlayTask.cancel();
        }
        overlayTask = task;
        // only the newest choice is drawn: an older read finishing later must not replace it
        task.setOnSucceeded(e -> {
            if (task == overlayTask) {
                vm.overlaysProperty().set(task.getValue());
            }
        });
        task.setOnFailed(e -> {
            if (task == overlayTask) {
                vm.refuse(task.getException().getMessage());
            }
        });
        Background.shared().execute(task);
    }

    private void showComparison(FloorComparison c) {
        table.getColumns().clear();
        bars.getData().clear();
        if (c == null) {
            table.getItems().clear();
            overlay.getData().clear();
            return;
        }
        TableColumn<String, String> source = new TableColumn<>("source");
        source.setCellValueFactory(d -> new ReadOnlyStringWrapper(d.getValue()));
        source.setPrefWidth(200);
        table.getColumns().add(source);
        for (int i = 0; i < c.captures().size(); i++) {
            int col = i;
            TableColumn<String, String> board = new TableColumn<>(
                    CompareViewModel.header(c.captures().get(i).board()));
            board.setCellValueFactory(d -> new ReadOnlyStringWrapper(CompareViewModel.cell(c.cell(d.getValue(), col))));
            String boardName = c.captures().get(i).board().hostname();
            board.setCellFactory(t -> new VerdictCell(c, col, boardName));
            board.setPrefWidth(300);
            board.setSortable(false);
            table.getColumns().add(board);
        }
        table.getItems().setAll(c.rows());

        // bars: the sources themselves (not every member), one series per board
        List<String> sources = new ArrayList<>();
        for (String r : c.rows()) {
            boolean member = false;
            for (int i = 0; i < c.captures().size(); i++) {
                FloorRow row = c.cell(r, i);
                member |= row != null && row.isMember();
            }
            if (!member) {
                sources.add(r);
            }
        }
        for (int i = 0; i < c.captures().size(); i++) {
            FloorReport rep = c.captures().get(i);
            XYChart.Series<String, Number> s = new XYChart.Series<>();
            s.setName(rep.board().hostname());
            for (String r : sources) {
                FloorRow row = c.cell(r, i);
                if (row != null) {
                    s.getData().add(new XYChart.Data<>(r, row.hz()));
                }
            }
            bars.getData().add(s);
        }
        loadOverlay();
    }

    private void drawOverlay(List<CaptureSeries> list) {
        List<XYChart.Series<Number, Number>> out = new ArrayList<>();
        CompareViewModel.DisplayUnit unit =
                CompareViewModel.displayUnit(vm.overlaySeriesProperty().get());
        overlay.getYAxis().setLabel(unit.label());
        FloorComparison c = vm.comparisonProperty().get();
        for (CaptureSeries cs : list) {
            XYChart.Series<Number, Number> s = new XYChart.Series<>();
            String host = cs.file().getFileName().toString();
            if (c != null) {
                for (FloorReport r : c.captures()) {
                    if (r.file().equals(cs.file())) {
                        host = r.board().hostname();
                    }
                }
            }
            s.setName(host + " · " + cs.series());
            int step = Math.max(1, cs.size() / OVERLAY_POINTS);
            for (int i = 0; i < cs.size(); i += step) {
                s.getData().add(new XYChart.Data<>(cs.seconds()[i], unit.shown(cs.values()[i])));
            }
            out.add(s);
        }
        overlay.getData().setAll(out);
    }

    private void dragOver(DragEvent e) {
        if (e.getDragboard().hasFiles()) {
            e.acceptTransferModes(TransferMode.COPY);
        }
        e.consume();
    }

    /** A floors cell coloured by its verdict (style classes verdict-ok, verdict-too_slow, verdict-wasteful). */
    private static final class VerdictCell extends TableCell<String, String> {
        private final FloorComparison c;
        private final int col;
        private final String board;

        VerdictCell(FloorComparison c, int col, String board) {
            this.c = c;
            this.col = col;
            this.board = board;
            // the cell's lines (numbers, verdict, fastest member) are shown whole: the row grows to them.
            // Wrapping too made JavaFX size the row for one line and cut the verdict word off.
            setWrapText(false);
            setMinHeight(Region.USE_PREF_SIZE);
        }

        @Override
        protected void updateItem(String text, boolean empty) {
            super.updateItem(text, empty);
            getStyleClass().removeIf(s -> s.startsWith("verdict-"));
            if (empty || text == null) {
                setText(null);
                setTooltip(null);
                return;
            }
            setText(text);
            String key = getTableRow() == null ? null : getTableRow().getItem();
            FloorRow r = key == null ? null : c.cell(key, col);
            if (r != null) {
                getStyleClass().add("verdict-" + r.verdict().label());
            }
            javafx.scene.control.Tooltip tip = new javafx.scene.control.Tooltip(CompareViewModel.explain(r, board));
            tip.setWrapText(true);
            tip.setMaxWidth(480);
            setTooltip(tip);
        }
    }
}
