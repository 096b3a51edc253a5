package dev.tickbench.app.workbench;

import dev.tickbench.app.charts.ChartView;

import dev.tickbench.app.charts.ChartsPane;

import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.core.export.CsvExport;
import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.TimeMark;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javafx.animation.AnimationTimer;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The main window's content: toolbar, error banner, progress, sources panel, the charts, the event
 * list and the status line. Binds to {@link MainViewModel}; file choosers only in the button handlers,
 * so tests drive the same paths through {@link #openCapture}, {@link #record} and {@link #exportCsv}.
 */
public final class MainView extends BorderPane {
    /**
     * While following, the time axis moves (and every chart on screen redraws) twice a second: with
     * software rendering each redraw of six tracks costs the renderer far more than the data does, and
     * at 10 Hz the window took 1.4 cores (docs/workbench-charts.md, "Redraws"). Nothing is lost: every
     * tick is in the pixel columns drawn; what the user does (zoom, pan, crosshair) is drawn at once.
     */
    static final long FOLLOW_STEP_NS = 500_000_000L;

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private final MainViewModel vm;
    private final ChartsPane charts;
    private final WorkbenchTabs tabs;
    private final MenuButton connect = new MenuButton("Connect");
    private final Label errorText = new Label();
    private final HBox errorBanner;
    private final ProgressBar progress = new ProgressBar(0);
    private final Label progressText = new Label();
    private final Button cancel = new Button("Cancel");
    private final HBox progressRow;
    private final ToggleButton follow = new ToggleButton("Follow ▸");
    private final ToggleButton record = new ToggleButton("● Record");
    private final CheckBox fillHeld = new CheckBox("fill held values");
    private final ToggleButton dark = new ToggleButton("◐ Dark");
    private final SourcesPanel sourcesPanel;
    private final dev.tickbench.app.diff.DiffWindow diff;

    public MainView(MainViewModel vm) {
        this.vm = vm;
        getStyleClass().add("main-view");
        charts = new ChartsPane(vm.window(), this::savePngDialog);
        diff = new dev.tickbench.app.diff.DiffWindow(new dev.tickbench.app.diff.DiffViewModel(vm::replayFile, vm.spool(), vm.storeProperty()::get,
                () -> vm.window().minProperty().get(), () -> vm.window().maxProperty().get(), dev.tickbench.app.Background.shared()));

        // toolbar
        MenuItem thisMachine = new MenuItem("This machine");
        thisMachine.setOnAction(e -> vm.connectLocal());
        thisMachine.setDisable(!LocalConnection.available());
        connect.getItems().add(thisMachine);
        ComboBox<Integer> rate = new ComboBox<>();
        rate.getItems().addAll(10, 25, 50, 100, 200, 500, 1000);
        rate.setValue(vm.rateHzProperty().get());
        rate.setButtonCell(rateCell("Rate "));
        rate.setCellFactory(l -> rateCell(""));
        rate.setOnAction(e -> { vm.rateHzProperty().set(rate.getValue()); vm.restartLocal(); });
        ComboBox<Integer> floor = new ComboBox<>();
        floor.getItems().addAll(0, 1, 5, 10, 50, 100, 1000);
        floor.setValue(vm.floorHzProperty().get());
        floor.setButtonCell(floorCell(true));
        floor.setCellFactory(l -> floorCell(false));
        floor.setOnAction(e -> { vm.floorHzProperty().set(floor.getValue()); vm.restartLocal(); });
        rate.disableProperty().bind(vm.localProperty().not());
        floor.disableProperty().bind(vm.localProperty().not());
        record.setOnAction(e -> toggleRecord());
        vm.recorder().recordingProperty().addListener((o, a, b) -> record.setSelected(b));
        Button open = new Button("Open…");
        open.setOnAction(e -> openDialog());
        Button export = new Button("Export CSV…");
        export.setOnAction(e -> exportDialog());
        Button png = new Button("PNG");
        png.setOnAction(e -> savePngDialog(null));
        MenuButton file = fileMenu();
        follow.selectedProperty().bindBidirectional(vm.window().followProperty());
        Label rec = new Label();
        rec.textProperty().bind(vm.recorder().indicatorProperty());
        rec.getStyleClass().add("rec-indicator");
        SmoothingSelector smoothing = new SmoothingSelector(vm, charts, this::openCapture); // derived series' window
        ToolBar bar = new ToolBar(file, connect, rate, floor, smoothing, new Separator(Orientation.VERTICAL), record, rec, open, export,
                fillHeld, png, new Separator(Orientation.VERTICAL), follow, new Separator(Orientation.VERTICAL), dark);
        // light / dark from the one colour sheet: the sheets come with the scene, dark is a root class
        dark.selectedProperty().bindBidirectional(vm.darkThemeProperty());
        vm.darkThemeProperty().addListener((o, a, b) -> Theme.apply(this, b));
        Theme.apply(this, vm.darkThemeProperty().get());
        sceneProperty().addListener((o, a, b) -> { if (b != null) { Theme.install(b); } });

        // error banner and progress row
        Button dismiss = new Button("✕");
        dismiss.setOnAction(e -> vm.errorProperty().set(""));
        errorText.textProperty().bind(vm.errorProperty());
        errorText.setWrapText(true);
        errorBanner = new HBox(8, errorText, dismiss);
        errorBanner.getStyleClass().add("error-banner");
        errorBanner.setAlignment(Pos.CENTER_LEFT);
        errorBanner.setPadding(new Insets(4, 8, 4, 8));
        HBox.setHgrow(errorText, Priority.ALWAYS);
        errorBanner.visibleProperty().bind(vm.errorProperty().isNotEmpty());
        errorBanner.managedProperty().bind(errorBanner.visibleProperty());
        progress.setPrefWidth(300);
        progressRow = new HBox(8, progressText, progress, cancel);
        progressRow.setAlignment(Pos.CENTER_LEFT);
        progressRow.setPadding(new Insets(4, 8, 4, 8));
        progress.progressProperty().bind(vm.taskProgressProperty());
        progressText.textProperty().bind(vm.taskMessageProperty());
        progressRow.visibleProperty().bind(vm.taskBusyProperty());
        progressRow.managedProperty().bind(progressRow.visibleProperty());
        cancel.setOnAction(e -> vm.cancelTask());
        setTop(new VBox(bar, errorBanner, noticeBanner(), progressRow));

        // sources panel with its find field (Ctrl+F)
        sourcesPanel = new SourcesPanel(vm.sources(), this::seriesOf,
                source -> charts.charts().values().stream().anyMatch(c -> c.hasSource(source)), this::showSource);
        VBox left = sourcesPanel;

        // events
        ListView<TimeMark> events = new ListView<>(vm.events());
        events.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(TimeMark m, boolean empty) {
                super.updateItem(m, empty);
                setText(empty || m == null ? null : eventText(m));
            }
        });
        events.setPlaceholder(new Label("no kmsg events, gaps or session changes"));
        events.setOnMouseClicked(e -> {
            TimeMark m = events.getSelectionModel().getSelectedItem();
            if (m != null) {
                vm.window().centreOn(m.x());
            }
        });
        events.setPrefHeight(110);
        vm.events().addListener((javafx.collections.ListChangeListener<TimeMark>) c -> {
            if (!vm.events().isEmpty() && vm.window().isFollow()) {
                events.scrollTo(vm.events().size() - 1);
            }
        });

        Node chartsArea = charts.crosshair().around(charts); // the pins' and range's panel below the charts
        Node centre = LocalConnection.available() ? chartsArea : noProc();
        SplitPane split = new SplitPane(left, centre);
        split.setDividerPositions(0.2);
        SplitPane.setResizableWithParent(left, false);
        tabs = new WorkbenchTabs(split, vm);
        setCenter(tabs);
        Label status = new Label();
        status.textProperty().bind(vm.statusProperty());
        status.getStyleClass().add("status-line");
        Label eventsTitle = new Label("EVENTS");
        eventsTitle.getStyleClass().add("panel-title");
        // an empty event list takes no room from the charts: just its title says there is nothing yet
        events.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(vm.events()));
        events.managedProperty().bind(events.visibleProperty());
        eventsTitle.textProperty().bind(javafx.beans.binding.Bindings.when(events.visibleProperty())
                .then("EVENTS").otherwise("EVENTS · none yet (kmsg events, gaps, session changes)"));
        setBottom(new VBox(2, eventsTitle, events, status));
        BorderPane.setMargin(getBottom(), new Insets(2, 4, 2, 4));

        vm.storeProperty().addListener((o, a, b) -> {
            if (b != null) {
                charts.attach(b);
                split.getItems().set(1, chartsArea);
            }
        });
        // a capture that finished opening has its picks made on its end at once, not at the next 2 s pick:
        // while it loaded, series were picked on what had arrived by then
        vm.loadingProperty().addListener((o, was, now) -> {
            if (was && !now) {
                charts.refreshPickers();
            }
        });
        new AnimationTimer() {
            private long last;
            private long lastPick;

            @Override
            public void handle(long now) {
                if (now - last >= FOLLOW_STEP_NS) {
                    last = now;
                    vm.pulse(now);
                }
                if (now - lastPick >= 2_000_000_000L) { // the busiest slab caches: a new pick redraws the chart
                    lastPick = now;
                    charts.refreshPickers();
                }
            }
        }.start();
    }

    /** The confirmation row ("Saved … (3.2 MB on disk)"), shown until dismissed or replaced. */
    private HBox noticeBanner() {
        Label text = new Label();
        text.setId("notice");
        text.textProperty().bind(vm.noticeProperty());
        text.setWrapText(true);
        Button dismiss = new Button("✕");
        dismiss.setOnAction(e -> vm.noticeProperty().set(""));
        HBox row = new HBox(8, text, dismiss);
        row.getStyleClass().add("notice-banner");
        row.setAlignment(Pos.CENTER_LEFT);
        row.setPadding(new Insets(4, 8, 4, 8));
        HBox.setHgrow(text, Priority.ALWAYS);
        row.visibleProperty().bind(vm.noticeProperty().isNotEmpty());
        row.managedProperty().bind(row.visibleProperty());
        return row;
    }

    /** File: Open…, Open Recent ▸ (the captures opened last), Record, Export CSV…, the charts as PNG. */
    private MenuButton fileMenu() {
        MenuButton file = new MenuButton("File");
        file.setId("file-menu");
        MenuItem open = new MenuItem("Open…  (Ctrl+O)");
        open.setOnAction(e -> openDialog());
        javafx.scene.control.Menu recent = new javafx.scene.control.Menu("Open Recent");
        recent.setId("open-recent");
        Runnable fill = () -> {
            recent.getItems().clear();
            for (Path p : vm.files().recentCaptures()) {
                MenuItem item = new MenuItem(p.getFileName() + "  —  " + p.getParent());
                item.setOnAction(e -> openCapture(p));
                recent.getItems().add(item);
            }
            recent.setDisable(recent.getItems().isEmpty());
        };
        fill.run();
        vm.files().recentCaptures().addListener((javafx.collections.ListChangeListener<Path>) c -> fill.run());
        MenuItem export = new MenuItem("Export CSV…  (Ctrl+E)");
        export.setOnAction(e -> exportDialog());
        MenuItem png = new MenuItem("Save charts as PNG…");
        png.setOnAction(e -> savePngDialog(null));
        MenuItem changed = new MenuItem("What changed?…"); // two ranges ranked (app.diff, docs/diff.md)
        changed.setOnAction(e -> diff.show(window()));
        file.getItems().addAll(open, recent, export, png, changed);
        return file;
    }

    /**
     * The SSH entry of the Connect menu. The form lives as long as the window: a failed attempt reopens
     * it with what was typed and why it failed, while the current session goes on.
     */
    public void addSshConnect(String label, dev.tickbench.app.connect.ConnectFlow flow) {
        MenuItem item = new MenuItem(label);
        item.setOnAction(e -> askToConnect(flow, null, null));
        connect.getItems().add(item);
    }

    /** Shows the connect form ({@code header}: why it came up; {@code failure}: why the last try failed). */
    public void askToConnect(dev.tickbench.app.connect.ConnectFlow flow, String header, String failure) {
        flow.ask(window(), header, failure).ifPresent(c -> vm.connect(c, outcome(flow)));
    }

    /** Recent learns connections that connected; a failure brings the form back with the reason. */
    public MainViewModel.ConnectOutcome outcome(dev.tickbench.app.connect.ConnectFlow flow) {
        return new MainViewModel.ConnectOutcome() {
            @Override
            public void connected(Connection c) {
                flow.connected(c);
            }

            @Override
            public void failed(Connection c, String reason) {
                flow.failed(c);
                javafx.application.Platform.runLater(() -> askToConnect(flow, null, reason));
            }
        };
    }

    private Node noProc() {
        Label msg = new Label("No /proc here: this machine is not Linux, so there is nothing to sample locally.\n"
                + "Connect to a host (Connect ▸ SSH host…) or open a capture (Ctrl+O).");
        msg.setWrapText(true);
        msg.getStyleClass().add("placeholder");
        VBox box = new VBox(msg);
        box.setAlignment(Pos.CENTER);
        box.setPadding(new Insets(40));
        return box;
    }

    private static String eventText(TimeMark m) {
        String t = CLOCK.format(Instant.ofEpochMilli((long) (m.x() * 1000)));
        return switch (m.kind()) {
            case KMSG -> t + "  kmsg  " + m.text();
            case GAP -> t + "  " + m.text();
            case SESSION -> t + "  " + m.text();
        };
    }

    private static ListCell<Integer> rateCell(String prefix) {
        return new ListCell<>() {
            @Override
            protected void updateItem(Integer v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : prefix + v + " Hz");
            }
        };
    }

    /** {@code button}: the closed box, which says where FLOOR_HZ comes from while none is chosen. */
    private static ListCell<Integer> floorCell(boolean button) {
        return new ListCell<>() {
            @Override
            protected void updateItem(Integer v, boolean empty) {
                super.updateItem(v, empty);
                if (empty || v == null) {
                    setText(button ? "FLOOR_HZ: environment" : null);
                } else {
                    setText("FLOOR_HZ " + (v == 0 ? "off" : v + " Hz"));
                }
            }
        };
    }

    /** Wires keys: space follows/pauses, R records, Ctrl+O opens, Ctrl+E exports, Ctrl+F finds a source. */
    public void installKeys(Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.isShortcutDown() && e.getCode() == KeyCode.F) {
                sourcesPanel.focusFind();
                e.consume();
                return;
            }
            if (e.getTarget() instanceof TextInputControl) {
                return;
            }
            if (e.isShortcutDown() && e.getCode() == KeyCode.O) {
                openDialog();
                e.consume();
            } else if (e.isShortcutDown() && e.getCode() == KeyCode.E) {
                exportDialog();
                e.consume();
            } else if (!e.isShortcutDown() && e.getCode() == KeyCode.SPACE) {
                vm.window().toggleFollow();
                e.consume();
            } else if (!e.isShortcutDown() && e.getCode() == KeyCode.R) {
                toggleRecord();
                e.consume();
            }
        });
    }

    /** A Connect menu entry for another kind of connection; {@code dialog} returns empty when cancelled. */
    public void addConnectAction(String label, Function<Window, Optional<Connection>> dialog) {
        MenuItem item = new MenuItem(label);
        item.setOnAction(e -> dialog.apply(getScene().getWindow()).ifPresent(vm::connect));
        connect.getItems().add(item);
    }

    public WorkbenchTabs tabs() {
        return tabs;
    }

    public ChartsPane charts() {
        return charts;
    }

    SourcesPanel sourcesPanel() {
        return sourcesPanel;
    }

    /** Light or dark (the toolbar's ◐ Dark does the same). */
    public void setDarkTheme(boolean on) {
        vm.darkThemeProperty().set(on);
    }

    /** The names of {@code source}'s series in the current session (Ctrl+F finds by them). */
    private List<String> seriesOf(String source) {
        var store = vm.storeProperty().get();
        if (store == null) {
            return List.of();
        }
        return store.series().stream().filter(s -> s.source().equals(source)).map(Series::name).toList();
    }

    /** Scrolls the charts to the chart of {@code source}; says so when the source has no chart. */
    void showSource(String source) {
        if (charts.showSource(source)) {
            vm.statusProperty().set("Showing " + source);
        } else {
            vm.statusProperty().set(source + " has no chart (absent, or not plotted: its columns are in the CSV export)");
        }
    }

    private Window window() {
        return getScene() == null ? null : getScene().getWindow();
    }

    private FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        fc.setInitialDirectory(vm.files().initialDirectory());
        return fc;
    }

    /** A file the user chose: the next dialog opens in its folder. */
    private File chosen(File f) {
        if (f != null) {
            try {
                vm.files().chose(f.toPath());
            } catch (IOException e) {
                vm.errorProperty().set("Cannot remember the folder " + f.getParent() + ": " + e.getMessage());
            }
        }
        return f;
    }

    private FileChooser captureChooser(String title) {
        FileChooser fc = chooser(title);
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Captures", "*.ndjson", "*.ndjson.gz", "*.gz", "*.jsonl"),
                new FileChooser.ExtensionFilter("All files", "*"));
        return fc;
    }

    private void toggleRecord() {
        if (vm.recorder().isRecording()) {
            vm.stopRecording();
            return;
        }
        FileChooser fc = captureChooser("Record to capture");
        fc.setInitialFileName("tickbench-" + System.currentTimeMillis() / 1000 + ".ndjson.gz");
        File f = chosen(fc.showSaveDialog(window()));
        if (f == null) {
            record.setSelected(false);
            return;
        }
        record(f.toPath());
    }

    public void record(Path file) {
        vm.startRecording(file);
        record.setSelected(vm.recorder().isRecording());
    }

    private void openDialog() {
        File f = chosen(captureChooser("Open capture").showOpenDialog(window()));
        if (f != null) {
            openCapture(f.toPath());
        }
    }

    /** The What changed? window (File ▸ What changed?…). */
    public dev.tickbench.app.diff.DiffWindow diff() { return diff; }

    /** Opens a capture through the view-model (progress and Cancel in the progress row); null while busy. */
    public Task<CaptureLoader.Result> openCapture(Path file) {
        return vm.openCapture(file);
    }

    private void exportDialog() {
        FileChooser fc = chooser("Export CSV");
        fc.setInitialFileName("tickbench.csv");
        File f = chosen(fc.showSaveDialog(window()));
        if (f != null) {
            exportCsv(f.toPath());
        }
    }

    /**
     * Exports the series the charts show over the visible time range (the view-model's task, on the
     * shared background executor); null when there is nothing to export or a task still runs.
     */
    public Task<CsvExport.Summary> exportCsv(Path out) {
        List<Series> shown = new ArrayList<>();
        charts.charts().values().forEach(c -> shown.addAll(c.shownSeriesObjects()));
        return vm.exportCsv(out, shown, fillHeld.isSelected());
    }

    /** Saves one chart (or, with null, all charts) as PNG. */
    private void savePngDialog(ChartView chart) {
        FileChooser fc = chooser("Save chart as PNG");
        fc.setInitialFileName((chart == null ? "charts" : chart.group().name().toLowerCase()) + ".png");
        File f = chosen(fc.showSaveDialog(window()));
        if (f != null) {
            savePng(chart == null ? charts.getContent() : chart, f.toPath());
        }
    }

    /** Saves all charts as PNG: the charts only, their buttons and pickers left out (FX thread). */
    public void saveChartsPng(Path file) {
        savePng(charts.getContent(), file);
    }

    /** Saves {@code node} as PNG without its buttons, pickers and fields (FX thread). */
    public void savePng(Node node, Path file) {
        try {
            PngWriter.saveWithoutControls(node, file);
            vm.statusProperty().set("Saved " + file);
            vm.noticeProperty().set(MainViewModel.saved(file));
        } catch (IOException | RuntimeException e) {
            vm.errorProperty().set("Cannot save " + file + ": " + e.getMessage());
        }
    }
}
