package dev.tickbench.app.workbench;

import dev.tickbench.app.Background;
import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.control.SessionController;
import dev.tickbench.app.control.ConnectOutcome;
import dev.tickbench.app.control.SessionView;
import dev.tickbench.app.control.TitleModel;
import dev.tickbench.app.export.CsvExportJob;
import dev.tickbench.app.export.DiskSize;
import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.recording.Recorder;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.Showing;
import dev.tickbench.app.session.Showing.Origin;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.app.session.TimeWindow;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.export.CsvExport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;

/**
 * The main window's state as properties the view binds to: what is shown ({@link Showing}: the store,
 * its selection, where it comes from), the session, the sources, the events, the recording, the title
 * and status, the error shown to the user, the long task running. The work is the {@link
 * SessionController}'s (connect, replay, spool, record) and the {@link CsvExportJob}'s; this class
 * turns what they say into properties and runs the long tasks one at a time. Never touches controls.
 */
public final class MainViewModel implements SessionView {
    public static final int DEFAULT_RATE_HZ = 100;
    /** The slab caches and buddy orders drawn by default are ranked again this often (docs/derived-series.md). */
    static final long RANK_EVERY_NS = 2_000_000_000L;

    private final ClosingWork onShutdown = new ClosingWork();
    private final TaskSlot tasks;
    private final SessionController controller;
    private final ReadOnlyObjectWrapper<Showing> showing = new ReadOnlyObjectWrapper<>(Showing.NOTHING);
    private final ReadOnlyObjectWrapper<SeriesStore> store = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<SessionInfo> session = new ReadOnlyObjectWrapper<>();
    private final ObservableList<SessionInfo.SourceRow> sources = FXCollections.observableArrayList();
    private final ObservableList<TimeMark> events = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Tickbench");
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    /** A confirmation the user should see ("Saved … (3.2 MB on disk)"), until dismissed or replaced. */
    private final StringProperty notice = new SimpleStringProperty("");
    private final FileMemory files = new FileMemory();
    private final ReadOnlyStringWrapper source = new ReadOnlyStringWrapper("");
    private final ObjectProperty<Integer> rateHz = new SimpleObjectProperty<>(DEFAULT_RATE_HZ);
    /** The chosen FLOOR_HZ for this machine; null = FLOOR_HZ from this process's environment (as the probe does). */
    private final ObjectProperty<Integer> floorHz = new SimpleObjectProperty<>();
    private final BooleanProperty local = new SimpleBooleanProperty(false);
    private final BooleanProperty replay = new SimpleBooleanProperty(false);
    private final BooleanProperty loading = new SimpleBooleanProperty(false);
    private final BooleanProperty darkTheme = new SimpleBooleanProperty(false);
    private final BooleanProperty fillHeld = new SimpleBooleanProperty(false);
    private final ReadOnlyBooleanWrapper recording = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper recordingIndicator = new ReadOnlyStringWrapper("");
    /** The live connection (null when replaying or closed): tabs that run commands on it listen here. */
    private final ReadOnlyObjectWrapper<Connection> connection = new ReadOnlyObjectWrapper<>();
    private long lastRankNs;

    /** The user's window: its spool in the user's cache (orphans of dead workbenches deleted), the standard catalogue. */
    public MainViewModel(Executor ui) {
        this(ui, Background.shared(), new Spool(Spool.defaultDir(), Spool.DEFAULT_MAX_BYTES, Spool.DEFAULT_MAX_AGE_NS,
                System::nanoTime), SeriesCatalogue.standard());
        try {
            Spool.deleteOrphans(Spool.defaultDir());
        } catch (IOException e) {
            error.set("Cannot tidy " + Spool.defaultDir() + ": " + e.getMessage());
        }
    }

    public MainViewModel(Executor ui, Spool spool) {
        this(ui, Background.shared(), spool, SeriesCatalogue.standard());
    }

    public MainViewModel(Executor ui, Executor work, Spool spool) {
        this(ui, work, spool, SeriesCatalogue.standard());
    }

    /**
     * @param ui runs a state change on the FX thread
     * @param work runs the window's long tasks (opening a capture, exporting CSV): the app's shared
     *     {@link Background} executor
     * @param spool where the live session is kept for Export CSV
     * @param catalogue what every series is (a test's board adds a source of its own)
     */
    public MainViewModel(Executor ui, Executor work, Spool spool, SeriesCatalogue catalogue) {
        this.tasks = new TaskSlot(work);
        this.controller = new SessionController(ui, this, spool, catalogue);
        recordingIndicator.addListener((o, a, b) -> updateTitle());
        session.addListener((o, a, b) -> updateTitle());
        source.addListener((o, a, b) -> updateTitle());
        // the Rate and FLOOR_HZ boxes are bound to these: a new value restarts this machine's sampler
        rateHz.addListener((o, a, b) -> { if (local.get()) { restartLocal(); } });
        floorHz.addListener((o, a, b) -> { if (local.get()) { restartLocal(); } });
    }

    public SessionController controller() { return controller; }
    public TimeWindow window() { return controller.window(); }
    public Recorder recorder() { return controller.recorder(); }
    public Spool spool() { return controller.spool(); }
    /** What the window shows: store, selection, origin. */
    public ReadOnlyObjectProperty<Showing> showingProperty() { return showing.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<SeriesStore> storeProperty() { return store.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<SessionInfo> sessionProperty() { return session.getReadOnlyProperty(); }
    public ObservableList<SessionInfo.SourceRow> sources() { return sources; }
    public ObservableList<TimeMark> events() { return events; }
    public ReadOnlyStringProperty titleProperty() { return title.getReadOnlyProperty(); }
    public StringProperty statusProperty() { return status; }
    public StringProperty errorProperty() { return error; }
    public StringProperty noticeProperty() { return notice; }
    /** The file dialogs' folder and the recent captures. */
    public FileMemory files() { return files; }
    /** "this machine", "pi@board-7:22", or the capture file name. */
    public ReadOnlyStringProperty sourceProperty() { return source.getReadOnlyProperty(); }
    /** This machine's rate; the toolbar's Rate box is bound to it both ways. */
    public ObjectProperty<Integer> rateHzProperty() { return rateHz; }
    /** This machine's FLOOR_HZ (null: the environment's); the toolbar's box is bound to it both ways. */
    public ObjectProperty<Integer> floorHzProperty() { return floorHz; }
    /** The rate and FLOOR_HZ pickers apply only to the in-process sampler. */
    public ReadOnlyBooleanProperty localProperty() { return local; }
    public ReadOnlyBooleanProperty replayProperty() { return replay; }
    public ReadOnlyBooleanProperty loadingProperty() { return loading; }
    /** The dark theme; the app loads and saves it in the user's config dir (see {@link Theme}). */
    public BooleanProperty darkThemeProperty() { return darkTheme; }
    /** Export CSV fills a level's held value into the rows between its emissions. */
    public BooleanProperty fillHeldProperty() { return fillHeld; }
    public ReadOnlyBooleanProperty recordingProperty() { return recording.getReadOnlyProperty(); }
    /** "● REC 12.1 MB 04:31" while recording, else empty. */
    public ReadOnlyStringProperty recordingIndicatorProperty() { return recordingIndicator.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Connection> connectionProperty() { return connection.getReadOnlyProperty(); }
    /** A long task (open, export) is running; its progress (0-1, -1 unknown) and what it is doing. */
    public ReadOnlyBooleanProperty taskBusyProperty() { return tasks.busyProperty(); }
    public ReadOnlyDoubleProperty taskProgressProperty() { return tasks.progressProperty(); }
    public ReadOnlyStringProperty taskMessageProperty() { return tasks.messageProperty(); }

    /** The selection of the shown store (what the charts draw), or null before anything is shown. */
    public Selection selection() {
        return showing.get().selection();
    }

    public Path replayFile() {
        return showing.get().replayFile();
    }

    /** Cancels the running open or export (FX thread). */
    public void cancelTask() {
        tasks.cancel();
    }

    /**
     * Opens a capture: the window switches to it at once and a background task reads it, with progress
     * and Cancel; the charts draw each batch as it arrives. Null when another task still runs (the error
     * says so). FX thread.
     */
    public Task<CaptureLoader.Result> openCapture(Path file) {
        if (refuseWhileBusy()) {
            return null;
        }
        SeriesStore s = controller.beginReplay(file);
        Task<CaptureLoader.Result> task = new Task<>() {
            @Override
            protected CaptureLoader.Result call() throws Exception {
                updateMessage("Opening " + file.getFileName() + "…");
                return CaptureLoader.load(file, s, (done, total) -> updateProgress(done, Math.max(total, 1)), this::isCancelled);
            }
        };
        task.setOnSucceeded(e -> {
            if (controller.finishReplay(s, task.getValue())) {
                try {
                    files.opened(file);
                } catch (IOException ex) {
                    error.set("Cannot remember " + file + " in the recent captures: " + ex.getMessage());
                }
            }
        });
        task.setOnFailed(e -> controller.failReplay(file, message(task.getException())));
        task.setOnCancelled(e -> controller.cancelReplay(file));
        tasks.start(task);
        return task;
    }

    /**
     * Exports what the charts draw (the selection) over the window's visible time range to {@code out}
     * ({@link CsvExportJob}); progress while it runs, the result in the status, a failure or a damaged
     * capture in the error. Null when there is nothing to export or another task still runs. FX thread.
     */
    public Task<CsvExport.Summary> exportCsv(Path out) {
        Showing now = showing.get();
        CsvExportJob job;
        try {
            job = new CsvExportJob(now.replayFile(), spool(), now.selection() == null ? List.of() : now.selection().drawn(),
                    window().min(), window().max(), fillHeld.get(), out, controller.catalogue());
        } catch (IllegalStateException nothing) {
            error.set(nothing.getMessage());
            return null;
        }
        if (refuseWhileBusy()) {
            return null;
        }
        Task<CsvExport.Summary> task = new Task<>() {
            @Override
            protected CsvExport.Summary call() throws Exception {
                return job.run(this::updateMessage, f -> updateProgress(f, 1.0));
            }
        };
        task.setOnSucceeded(e -> {
            CsvExport.Summary r = task.getValue();
            status.set(CsvExportJob.statusText(r, out));
            notice.set(DiskSize.saved(out) + ": " + r.rows() + " rows × " + r.columns().size() + " columns; cadences in "
                    + r.cadenceFile().getFileName());
            if (r.error() != null) {
                error.set("The capture is damaged at " + r.error().getMessage() + "; the CSV holds the rows before it.");
            }
        });
        task.setOnFailed(e -> error.set("CSV export to " + out + " failed: " + message(task.getException())));
        task.setOnCancelled(e -> status.set("Cancelled the export to " + out.getFileName()));
        tasks.start(task);
        return task;
    }

    private boolean refuseWhileBusy() {
        if (tasks.busy()) {
            error.set("Wait for the current task to finish, or cancel it.");
            return true;
        }
        return false;
    }

    private static String message(Throwable t) {
        return t == null ? "unknown error" : t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    /** Connects to {@code c}: the entry point of the Connect menu and its dialogs. */
    public void connect(Connection c) {
        connect(c, ConnectOutcome.NONE);
    }

    /** Connects to {@code c} beside the current session (docs/sessions.md); {@code outcome} hears how it went. FX thread. */
    public void connect(Connection c, ConnectOutcome outcome) {
        controller.connect(c, outcome);
    }

    /** This machine at the chosen rate and FLOOR_HZ. */
    public void connectLocal() {
        connect(LocalConnection.live(rateHz.get(), floorHz.get()));
    }

    /** This machine again at the chosen rate and FLOOR_HZ, into the same store (the new session is marked). */
    public void restartLocal() {
        controller.restartLocal(LocalConnection.live(rateHz.get(), floorHz.get()));
    }

    /** Stops the live connection, if any; what it showed stays shown. */
    public void closeConnection() {
        controller.closeConnection();
    }

    /** Closing the app: the connection ends and the spool's files are deleted. */
    public void shutdown() {
        controller.shutdown();
        onShutdown.runAndWait(); // what must be on disk before the app ends: a trigger's capture being written, say
    }

    /**
     * {@code closing} runs when the app shuts down, after the session ended; shutdown waits for its
     * future up to {@link ClosingWork#WAIT_S} seconds (work that must reach the disk, not be cut off).
     */
    public void onShutdown(Supplier<CompletableFuture<?>> closing) {
        onShutdown.add(closing);
    }

    public void startRecording(Path file) {
        controller.startRecording(file);
    }

    public Path stopRecording() {
        return controller.stopRecording();
    }

    /** Called a few times a second on the FX thread: follow, recording indicator, status line, default picks. */
    public void pulse(long nowNs) {
        controller.pulse(nowNs);
        Selection sel = selection();
        if (sel != null && nowNs - lastRankNs >= RANK_EVERY_NS) {
            lastRankNs = nowNs;
            sel.refreshDefaults(); // the busiest slab caches now: a new pick redraws the chart
        }
    }

    private void updateTitle() {
        title.set(TitleModel.title(source.get(), session.get(), recordingIndicator.get()));
    }

    // ---- what the controller says (SessionView), on the FX thread ----

    @Override
    public void showing(Showing now) {
        events.clear();
        sources.clear();
        session.set(null);
        showing.set(now);
        store.set(now.store());
        source.set(now.source());
        local.set(now.origin() == Origin.LOCAL);
        replay.set(now.origin() == Origin.REPLAY);
    }

    @Override
    public void session(SessionInfo info) {
        session.set(info);
        sources.setAll(info == null ? List.of() : info.sources());
    }

    @Override
    public void marked(TimeMark mark) {
        events.add(mark);
        if (events.size() > SeriesStore.MAX_MARKS) {
            events.remove(0, events.size() - SeriesStore.MAX_MARKS); // counted by the store
        }
    }

    @Override
    public void connection(Connection c) {
        connection.set(c);
    }

    @Override
    public void recording(boolean on, String indicator) {
        recording.set(on);
        recordingIndicator.set(indicator);
    }

    @Override
    public void loading(boolean on) {
        loading.set(on);
        Selection sel = selection();
        if (!on && sel != null) {
            sel.refreshDefaults(); // picked on the capture's end at once, not at the next ranking
        }
    }

    @Override
    public void recorded(Path capture) {
        try {
            files.opened(capture); // a capture just recorded is the one most likely opened next
        } catch (IOException e) {
            error.set("Cannot remember " + capture + " in the recent captures: " + e.getMessage());
        }
    }

    /** The name Record offers: the session's host and the time now ({@code edge-router-3-2025-11-29_200012.ndjson.gz}). */
    public String recordingName() {
        return controller.recordingName(java.time.Instant.now(), java.time.ZoneId.systemDefault());
    }

    @Override
    public void status(String text) {
        status.set(text);
    }

    @Override
    public void error(String text) {
        error.set(text);
    }

    @Override
    public void notice(String text) {
        notice.set(text);
    }
}
