package dev.tickbench.app.workbench;

import dev.tickbench.app.Background;
import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.charts.ChartsPane;
import dev.tickbench.app.clock.ClockPanel;
import dev.tickbench.app.clock.ClockViewModel;
import dev.tickbench.app.connect.ConnectFlow;
import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.control.ConnectOutcome;
import dev.tickbench.app.export.DiskSize;
import dev.tickbench.app.platform.HostPlatform;
import dev.tickbench.app.platform.Os;
import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.Showing;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.export.CsvExport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * The main window's content: toolbar, error banner, progress, sources panel, the charts, the event
 * list and the status line. Binds to {@link MainViewModel}; file choosers only in {@link FileDialogs},
 * so tests drive the same paths through {@link #openCapture}, {@link #record} and {@link #exportCsv}.
 */
public final class MainView extends BorderPane {
    private final MainViewModel vm;
    private final ChartsPane charts;
    private final WorkbenchTabs tabs;
    private final WorkbenchToolbar toolbar;
    private final SourcesPanel sourcesPanel;
    private final dev.tickbench.app.diff.DiffWindow diff;
    private final Os os;
    private final boolean thisMachine;

    /** On the platform the launcher installed. */
    public MainView(MainViewModel vm) {
        this(vm, HostPlatform.current().os(), HostPlatform.current().thisMachine());
    }

    /** On {@code os}; {@code thisMachine}: this machine can be sampled (Linux with /proc), else only hosts and captures. */
    public MainView(MainViewModel vm, Os os, boolean thisMachine) {
        this.vm = vm;
        this.os = os;
        this.thisMachine = thisMachine;
        getStyleClass().add("main-view");
        FileDialogs dialogs = new FileDialogs(vm, this);
        charts = new ChartsPane(vm.window(), dialogs::savePng);
        SmoothingSelector smoothing = new SmoothingSelector(vm, charts, this::openCapture); // derived series' window
        toolbar = new WorkbenchToolbar(vm, dialogs, smoothing, os, thisMachine, this::window);
        diff = new dev.tickbench.app.diff.DiffWindow(new dev.tickbench.app.diff.DiffViewModel(
                vm::replayFile,
                vm.spool(),
                vm.storeProperty()::get,
                () -> vm.window().min(),
                () -> vm.window().max(),
                Background.shared()));
        diff.model()
                .selection(
                        () -> charts.crosshair().rangeFromProperty().get(),
                        () -> charts.crosshair().rangeToProperty().get());
        MenuItem changed = new MenuItem("What changed?…"); // two ranges ranked (app.diff, docs/diff.md)
        changed.setOnAction(e -> diff.show(window()));
        toolbar.fileMenu().getItems().add(changed);
        // light / dark from the one colour sheet: the sheets come with the scene, dark is a root class
        vm.darkThemeProperty().addListener((o, a, b) -> Theme.apply(this, b));
        Theme.apply(this, vm.darkThemeProperty().get());
        sceneProperty().addListener((o, a, b) -> {
            if (b != null) {
                Theme.install(b);
                // no pulse of its own for a late style: no whole-window repaint
                dev.tickbench.app.view.CssInPulse.install(b);
            }
        });
        VBox top = new VBox(
                toolbar,
                Banners.message("error-banner", vm.errorProperty(), null),
                Banners.message("notice-banner", vm.noticeProperty(), "notice"),
                Banners.progress(vm));
        javafx.scene.control.MenuBar systemMenus =
                AppMenus.systemMenuBar(os, toolbar.fileMenu(), toolbar.connectMenu(), this::window);
        if (systemMenus != null) {
            top.getChildren().add(0, systemMenus); // at the top of the screen on macOS, not in the window
        }
        setTop(top);

        // sources panel with its find field (Ctrl+F)
        sourcesPanel = new SourcesPanel(
                vm.sources(),
                this::seriesOf,
                source -> charts.charts().values().stream().anyMatch(c -> c.hasSource(source)),
                this::showSource);
        // "Why is the clock low?" at the right of the tracks; the pins' and range's panel below both
        ClockViewModel clock = new ClockViewModel(vm.window(), vm.spool(), Platform::runLater, Background.shared());
        var who = new dev.tickbench.app.who.WhoPanel(
                charts.crosshair(), vm.window(), vm.showingProperty(), vm.sessionProperty());
        who.onPlotted(names -> Platform.runLater(() -> showPlotted(names))); // after the tracks took the series
        vm.controller().onNewStore(clock::created);
        Node chartsArea = charts.crosshair()
                .around(ClockPanel.beside(
                        charts,
                        new ClockPanel(
                                clock,
                                charts.crosshair(),
                                vm.showingProperty(),
                                vm.loadingProperty(),
                                vm.sessionProperty()),
                        who));
        Node centre = thisMachine ? chartsArea : noProc();
        SplitPane split = new SplitPane(sourcesPanel, centre);
        split.setDividerPositions(0.2);
        SplitPane.setResizableWithParent(sourcesPanel, false);
        tabs = new WorkbenchTabs(split, vm, thisMachine);
        setCenter(tabs);
        setBottom(EventsPanel.of(vm, os == Os.LINUX, charts::diagnostics));
        BorderPane.setMargin(getBottom(), new Insets(2, 4, 2, 4));

        vm.showingProperty().addListener((o, a, b) -> {
            if (b.selection() != null) {
                charts.attach(b.selection());
                split.getItems().set(1, chartsArea);
            } else {
                charts.detach();
            }
            charts.emptyText(emptyText(b));
        });
        vm.loadingProperty()
                .addListener((o, a, b) ->
                        charts.emptyText(emptyText(vm.showingProperty().get())));
        charts.emptyText(emptyText(vm.showingProperty().get()));
        new WindowPulse(vm, charts).whileShowing(this); // the follow step, the overview's refresh
    }

    /**
     * The SSH entry of the Connect menu. The form lives as long as the window: a failed attempt reopens
     * it with what was typed and why it failed, while the current session goes on.
     */
    public void addSshConnect(String label, java.util.function.Supplier<ConnectFlow> flow) {
        MenuItem item = new MenuItem(label);
        item.setOnAction(
                e -> askToConnect(flow.get(), null, null)); // the form and Recent are read when first asked for
        toolbar.connectMenu().getItems().add(item);
    }

    /** Shows the connect form ({@code header}: why it came up; {@code failure}: why the last try failed). */
    public void askToConnect(ConnectFlow flow, String header, String failure) {
        flow.ask(window(), header, failure).ifPresent(c -> vm.connect(c, outcome(flow)));
    }

    /** Recent learns connections that connected; a failure brings the form back with the reason. */
    public ConnectOutcome outcome(ConnectFlow flow) {
        return new ConnectOutcome() {
            @Override
            public void connected(Connection c) {
                flow.connected(c);
            }

            @Override
            public void failed(Connection c, String reason) {
                flow.failed(c);
                Platform.runLater(() -> askToConnect(flow, null, reason));
            }
        };
    }

    /** A Connect menu entry for another kind of connection; {@code dialog} returns empty when cancelled. */
    public void addConnectAction(String label, Function<Window, Optional<Connection>> dialog) {
        MenuItem item = new MenuItem(label);
        item.setOnAction(e -> dialog.apply(getScene().getWindow()).ifPresent(vm::connect));
        toolbar.connectMenu().getItems().add(item);
    }

    /** Why the Live tab has no track yet, in words, and what to do about it. */
    private String emptyText(Showing now) {
        return switch (now.origin()) {
            case NONE ->
                "Nothing is shown yet: no connection and no capture open here."
                        + (thisMachine
                                ? " Connect ▾ → This machine or an SSH host,"
                                : " Connect ▾ → an SSH host or probe server,")
                        + " or open a capture (" + Shortcuts.Key.OPEN.label(os) + ")."
                        + " Captures given on the command line are compared in the Compare tab.";
            case LOCAL, REMOTE ->
                "Waiting for the first samples from " + now.source() + "… (connected; the tracks appear"
                        + " with the first values)";
            case REPLAY ->
                vm.loadingProperty().get()
                        ? "Reading " + now.source() + "…"
                        : now.source() + " holds no samples to draw (see the status line for what it held).";
        };
    }

    private Node noProc() {
        Label msg = new Label("No /proc here: this machine is not Linux, so there is nothing to sample locally.\n"
                + "Connect to a host (Connect ▸ SSH host…) or open a capture (" + Shortcuts.Key.OPEN.label(os) + ").");
        msg.setWrapText(true);
        msg.getStyleClass().add("placeholder");
        VBox box = new VBox(msg);
        box.setAlignment(Pos.CENTER);
        box.setPadding(new Insets(40));
        return box;
    }

    /**
     * Wires keys ({@link Shortcuts}): space follows/pauses, R records, shortcut+O opens, shortcut+E exports,
     * shortcut+F finds a source (the shortcut key: ⌘ on macOS, Ctrl elsewhere). On macOS the system menu
     * bar's accelerators answer Open and Export, so that one key press acts once.
     */
    public void installKeys(Scene scene) {
        FileDialogs dialogs = new FileDialogs(vm, this);
        java.util.Map<Shortcuts.Key, Runnable> actions = new java.util.EnumMap<>(Shortcuts.Key.class);
        actions.put(Shortcuts.Key.FIND, sourcesPanel::focusFind);
        actions.put(Shortcuts.Key.OPEN, dialogs::open);
        actions.put(Shortcuts.Key.EXPORT, dialogs::exportCsv);
        actions.put(Shortcuts.Key.FOLLOW, () -> vm.window().toggleFollow());
        actions.put(Shortcuts.Key.RECORD, dialogs::toggleRecord);
        Shortcuts.install(
                scene,
                actions,
                os == Os.MACOS
                        ? java.util.EnumSet.of(Shortcuts.Key.OPEN, Shortcuts.Key.EXPORT)
                        : java.util.EnumSet.noneOf(Shortcuts.Key.class));
    }

    public WorkbenchTabs tabs() {
        return tabs;
    }

    public ChartsPane charts() {
        return charts;
    }

    WorkbenchToolbar toolbar() {
        return toolbar;
    }

    SourcesPanel sourcesPanel() {
        return sourcesPanel;
    }

    /** The names of {@code source}'s series in the current session (Ctrl+F finds by them). */
    private List<String> seriesOf(String source) {
        var store = vm.storeProperty().get();
        if (store == null) {
            return List.of();
        }
        return store.series().stream()
                .filter(s -> s.source().equals(source))
                .map(Series::name)
                .toList();
    }

    /**
     * Scrolls the charts to the chart of {@code source}, or of the first of its series a find named
     * ({@code matched}), drawn beside its track's lines if that track draws only its picks; says so when
     * the source has no chart.
     */
    void showSource(String source, List<String> matched) {
        var sel = vm.selection();
        List<String> added = sel == null ? List.of() : sel.drawToo(matched);
        boolean shown = matched.stream().anyMatch(charts::showSeries) || charts.showSource(source);
        if (shown) {
            vm.statusProperty()
                    .set("Showing " + source + (added.isEmpty() ? "" : ", drawn now: " + String.join(", ", added)));
        } else {
            vm.statusProperty()
                    .set(source + " has no chart (absent, or not plotted: its columns are in the CSV export)");
        }
    }

    /** Brings a plotted process's or cgroup's track into view, or says why it was not drawn. */
    private void showPlotted(List<String> names) {
        if (names.isEmpty() || !charts.showSeries(names.get(0))) {
            vm.statusProperty()
                    .set("Not drawn: the tracks draw at most " + dev.tickbench.app.session.WhoPlots.MAX
                            + " processes and cgroups");
            return;
        }
        Series s = vm.selection() == null ? null : vm.selection().store().series(names.get(0));
        vm.statusProperty()
                .set("Drawn on the tracks: " + (s == null ? names.get(0) : s.displayName())
                        + ", its CPU and memory as the table read them");
    }

    private Window window() {
        return getScene() == null ? null : getScene().getWindow();
    }

    /** Records the session to {@code file}; the Record toggle says whether it runs. */
    public void record(Path file) {
        vm.startRecording(file);
        recordingShown();
    }

    /** The Record toggle as the recorder is (a refused or cancelled start leaves it off). */
    void recordingShown() {
        toolbar.recording(vm.recorder().isRecording());
    }

    /** The What changed? window (File ▸ What changed?…). */
    dev.tickbench.app.diff.DiffWindow diff() {
        return diff;
    }

    /** Opens a capture through the view-model (progress and Cancel in the progress row); null while busy. */
    public Task<CaptureLoader.Result> openCapture(Path file) {
        return vm.openCapture(file);
    }

    /**
     * Exports what the charts draw (the view-model's selection) over the visible time range (the
     * view-model's task, on the shared background executor); null when there is nothing to export or a
     * task still runs.
     */
    public Task<CsvExport.Summary> exportCsv(Path out) {
        return vm.exportCsv(out);
    }

    /** Saves one track ({@code group}) or, with null, all charts as PNG, the charts only (FX thread). */
    public void savePng(ChartGroup group, Path file) {
        ChartView one = group == null ? null : charts.chart(group.id());
        Showing now = vm.showingProperty().get();
        if (now.selection() == null || now.selection().drawn().isEmpty()) {
            vm.errorProperty()
                    .set("Nothing drawn yet to save as " + file.getFileName()
                            + ": connect to this machine or a host, or open a capture (" + Shortcuts.Key.OPEN.label(os)
                            + ").");
            return;
        }
        savePng(one == null ? charts.getContent() : one, file);
    }

    /** Saves {@code node} as PNG without its buttons, pickers and fields (FX thread). */
    public void savePng(Node node, Path file) {
        try {
            PngWriter.saveWithoutControls(node, file);
            vm.statusProperty().set("Saved " + file);
            vm.noticeProperty().set(DiskSize.saved(file));
        } catch (IOException | RuntimeException e) {
            vm.errorProperty().set("Cannot save " + file + ": " + e.getMessage());
        }
    }
}
