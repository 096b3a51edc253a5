package dev.tickbench.app.workbench;

import dev.tickbench.app.Background;
import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.recording.ExportSelection;
import dev.tickbench.app.recording.Recorder;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.ConnectionEvent;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.session.LineIntake;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.StoreListener;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.app.charts.TimeWindow;
import java.io.IOException;
import dev.tickbench.core.export.CsvExport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;

/**
 * State of the main window, as properties: the current store (live or replayed), the session, the
 * sources, the events, the recording, the window title and status, the error shown to the user.
 * Never touches controls; everything that arrives from a receiving thread goes through {@code ui}.
 */
public final class MainViewModel {
    public static final int DEFAULT_RATE_HZ = 100;

    private final Executor ui;
    private final TaskSlot tasks;
    private final TimeWindow window = new TimeWindow();
    private final Recorder recorder = new Recorder();
    /** The live session's lines, so Export CSV works without a recording. */
    private final Spool spool;
    private final ObjectProperty<SeriesStore> store = new SimpleObjectProperty<>();
    private final ObjectProperty<SessionInfo> session = new SimpleObjectProperty<>();
    private final ObservableList<SessionInfo.SourceRow> sources = FXCollections.observableArrayList();
    private final ObservableList<TimeMark> events = FXCollections.observableArrayList();
    private final StringProperty title = new SimpleStringProperty("Tickbench");
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    /** A confirmation the user should see ("Saved … (3.2 MB on disk)"), until dismissed or replaced. */
    private final StringProperty notice = new SimpleStringProperty("");
    private final FileMemory files = new FileMemory();
    private final StringProperty source = new SimpleStringProperty("");
    private final IntegerProperty rateHz = new SimpleIntegerProperty(DEFAULT_RATE_HZ);
    /** The chosen FLOOR_HZ for this machine; null = FLOOR_HZ from this process's environment (as the probe does). */
    private final ObjectProperty<Integer> floorHz = new SimpleObjectProperty<>();
    private final BooleanProperty local = new SimpleBooleanProperty(false);
    private final BooleanProperty replay = new SimpleBooleanProperty(false);
    private final BooleanProperty loading = new SimpleBooleanProperty(false);
    private final BooleanProperty darkTheme = new SimpleBooleanProperty(false);
    private long userRangesAtLoad;
    private Connection connection;
    /** A connection being tried ({@link #connect}); the window switches to it once it connected. */
    private Connection pending;
    /** The live connection (null when replaying or closed): tabs that run commands on it listen here. */
    private final ReadOnlyObjectWrapper<Connection> connectionProp = new ReadOnlyObjectWrapper<>();
    private LineIntake intake;
    private Path replayFile;
    private long lastSamples;
    private long lastStatusNs;

    public MainViewModel(Executor ui) {
        this(ui, new Spool(Spool.defaultDir(), Spool.DEFAULT_MAX_BYTES, Spool.DEFAULT_MAX_AGE_NS, System::nanoTime));
        try {
            Spool.deleteOrphans(Spool.defaultDir());
        } catch (IOException e) {
            error.set("Cannot tidy " + Spool.defaultDir() + ": " + e.getMessage());
        }
    }

    public MainViewModel(Executor ui, Spool spool) {
        this(ui, Background.shared(), spool);
    }

    /**
     * @param ui runs a state change on the FX thread
     * @param work runs the window's long tasks (opening a capture, exporting CSV): the app's shared
     *     {@link Background} executor
     */
    public MainViewModel(Executor ui, Executor work, Spool spool) {
        this.ui = ui;
        this.tasks = new TaskSlot(work);
        this.spool = spool;
        recorder.indicatorProperty().addListener((o, a, b) -> updateTitle());
        session.addListener((o, a, b) -> updateTitle());
        source.addListener((o, a, b) -> updateTitle());
    }

    public TimeWindow window() { return window; }
    public Recorder recorder() { return recorder; }
    public Spool spool() { return spool; }
    public ObjectProperty<SeriesStore> storeProperty() { return store; }
    public ObjectProperty<SessionInfo> sessionProperty() { return session; }
    public ObservableList<SessionInfo.SourceRow> sources() { return sources; }
    public ObservableList<TimeMark> events() { return events; }
    public StringProperty titleProperty() { return title; }
    public StringProperty statusProperty() { return status; }
    public StringProperty errorProperty() { return error; }
    public StringProperty noticeProperty() { return notice; }
    /** The file dialogs' folder and the recent captures. */
    public FileMemory files() { return files; }
    /** "this machine", "pi@board-7:22", or the capture file name. */
    public StringProperty sourceProperty() { return source; }
    public IntegerProperty rateHzProperty() { return rateHz; }
    public ObjectProperty<Integer> floorHzProperty() { return floorHz; }
    /** The rate and FLOOR_HZ pickers apply only to the in-process sampler. */
    public BooleanProperty localProperty() { return local; }
    public BooleanProperty replayProperty() { return replay; }
    /** The dark theme; the app loads and saves it in the user's config dir (see {@link Theme}). */
    public BooleanProperty darkThemeProperty() { return darkTheme; }
    public ReadOnlyObjectProperty<Connection> connectionProperty() { return connectionProp.getReadOnlyProperty(); }
    /** A long task (open, export) is running; its progress (0-1, -1 unknown) and what it is doing. */
    public ReadOnlyBooleanProperty taskBusyProperty() { return tasks.busyProperty(); }
    public ReadOnlyDoubleProperty taskProgressProperty() { return tasks.progressProperty(); }
    public ReadOnlyStringProperty taskMessageProperty() { return tasks.messageProperty(); }

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
        SeriesStore s = beginReplay(file);
        Task<CaptureLoader.Result> task = new Task<>() {
            @Override
            protected CaptureLoader.Result call() throws Exception {
                updateMessage("Opening " + file.getFileName() + "…");
                return loadInto(s, file, (done, total) -> updateProgress(done, Math.max(total, 1)), this::isCancelled);
            }
        };
        task.setOnSucceeded(e -> finishReplay(s, task.getValue()));
        task.setOnFailed(e -> failReplay(file, message(task.getException())));
        task.setOnCancelled(e -> { loading.set(false); status.set("Cancelled opening " + file.getFileName()); });
        tasks.start(task);
        return task;
    }

    /**
     * Exports {@code shown} over the window's visible time range to {@code out}, from the replayed
     * capture or, live, from a copy of the session's spool (no recording needed; a running {@code .gz}
     * recording is not read, its last block is still open). Progress while it runs; the result in the
     * status, a failure or a damaged capture in the error. Null when there is nothing to export or
     * another task still runs. FX thread.
     */
    public Task<CsvExport.Summary> exportCsv(Path out, List<Series> shown, boolean fillHeld) {
        if (replayFile == null && spool.currentFile() == null) {
            error.set("Nothing to export yet: connect (the session is kept from its first line) or open a capture (Ctrl+O).");
            return null;
        }
        if (refuseWhileBusy()) {
            return null;
        }
        Path replayed = replayFile;
        List<Series> series = List.copyOf(shown);
        double from = window.minProperty().get();
        double to = window.maxProperty().get();
        Task<CsvExport.Summary> task = new Task<>() {
            @Override
            protected CsvExport.Summary call() throws Exception {
                Path capture = replayed;
                Path copy = null;
                if (capture == null) {
                    updateMessage("Copying the session's spool…");
                    copy = Files.createTempFile(spool.currentFile().getParent(), "export-", ".ndjson");
                    spool.snapshot(copy);
                    capture = copy;
                }
                try {
                    CsvExport.Options options = ExportSelection.options(series, ExportSelection.firstSampleEpochS(capture),
                            from, to, fillHeld);
                    updateMessage("Exporting " + options.series().size() + " series to " + out.getFileName() + "…");
                    return CsvExport.export(capture, out, options, f -> updateProgress(f, 1.0));
                } finally {
                    if (copy != null) {
                        Files.deleteIfExists(copy);
                    }
                }
            }
        };
        task.setOnSucceeded(e -> {
            CsvExport.Summary r = task.getValue();
            status.set("Exported " + r.rows() + " rows × " + r.columns().size() + " series to " + out
                    + " (cadences in " + r.cadenceFile().getFileName() + ")");
            notice.set(saved(out) + ": " + r.rows() + " rows × " + r.columns().size() + " columns; cadences in "
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

    /** "Saved /x/y.csv (1.2 MB on disk)": what a file really takes, compressed or not. */
    public static String saved(Path file) {
        String size;
        try {
            size = " (" + sizeText(Files.size(file)) + " on disk)";
        } catch (IOException e) {
            size = " (its size cannot be read: " + e.getMessage() + ")";
        }
        return "Saved " + file + size;
    }

    /** 0.9 kB, 412 kB, 3.2 MB, 1.4 GB (powers of 1024, as the REC indicator). */
    public static String sizeText(long bytes) {
        if (bytes < 1024L * 1024) {
            return String.format(Locale.ROOT, bytes < 10 * 1024 ? "%.1f kB" : "%.0f kB", bytes / 1024.0);
        }
        if (bytes < 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.1f GB", bytes / (1024.0 * 1024 * 1024));
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

    /** What the one who asked for a connection hears back: it connected, or why it did not. */
    public interface ConnectOutcome {
        ConnectOutcome NONE = new ConnectOutcome() {};

        default void connected(Connection c) {}

        default void failed(Connection c, String reason) {}
    }

    /** Connects to {@code c}: the entry point of the Connect menu and its dialogs. */
    public void connect(Connection c) {
        connect(c, ConnectOutcome.NONE);
    }

    /**
     * Starts {@code c} into a fresh store beside the current session, which goes on (its charts keep
     * growing) until {@code c} connects; only then the window switches to it. A connection that fails
     * before it connected is closed and leaves everything as it was, with the plain reason in the error
     * (docs/sessions.md). FX thread.
     */
    public void connect(Connection c, ConnectOutcome outcome) {
        abandonPending();
        SeriesStore s = SeriesStore.live();
        pending = c;
        LineIntake in = new LineIntake(s, msg -> ui.execute(() -> { if (intake != null && intake.store() == s) { error.set(msg); } }));
        status.set("Connecting to " + c.title() + "…");
        java.util.concurrent.atomic.AtomicBoolean connected = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicBoolean spooled = new java.util.concurrent.atomic.AtomicBoolean();
        // the first line means the connection is up: on its thread, before that line, the spool switches to
        // the new session, so the spool holds it whole (hello first) and the old session's spool until then
        dev.tickbench.core.capture.LineSink sink = (b, off, len) -> {
            if (!spooled.get() && !spooled.getAndSet(true) && pending == c) {
                spoolOnto(in);
            }
            in.line(b, off, len);
        };
        c.start(sink, ev -> {
            if (ev instanceof ConnectionEvent.Connected done && !connected.getAndSet(true)) {
                ui.execute(() -> promote(c, s, in, done.detail(), outcome));
            } else if (ev instanceof ConnectionEvent.Failed f && !connected.get()) {
                ui.execute(() -> failPending(c, f.message(), outcome));
            } else {
                ui.execute(() -> { if (connection == c) { onEvent(ev); } });
            }
        });
    }

    /** The connection being tried while the current session goes on; null when none. */
    public Connection pendingConnection() {
        return pending;
    }

    private void spoolOnto(LineIntake in) {
        try {
            spool.detach();
            spool.clear();
            spool.attach(in);
        } catch (IOException e) {
            ui.execute(() -> error.set("Cannot keep this session in " + Spool.defaultDir() + " (" + e.getMessage()
                    + "): Export CSV needs a recording (R) until that works"));
        }
    }

    /** {@code c} connected: the window switches to its store (FX thread). */
    private void promote(Connection c, SeriesStore s, LineIntake in, String detail, ConnectOutcome outcome) {
        if (pending != c) {
            return; // abandoned meanwhile; already closed
        }
        pending = null;
        stopRecordingQuietly();
        if (connection != null) {
            connection.close();
        }
        events.clear();
        sources.clear();
        session.set(null);
        listen(s);
        store.set(s);
        events.addAll(s.marks());
        if (s.session() != null) {
            session.set(s.session());
            sources.setAll(s.session().sources());
        }
        window.followProperty().set(true);
        becomeCurrent(c, in);
        status.set("Connected: " + detail);
        outcome.connected(c);
    }

    /** {@code c} feeding {@code in} is the window's connection from now on. */
    private void becomeCurrent(Connection c, LineIntake in) {
        replay.set(false);
        replayFile = null;
        local.set(c instanceof LocalConnection);
        source.set(c.title());
        error.set("");
        connection = c;
        connectionProp.set(c);
        intake = in;
    }

    /** {@code c} failed before it connected: closed, and the current session untouched (FX thread). */
    private void failPending(Connection c, String reason, ConnectOutcome outcome) {
        if (pending != c) {
            return;
        }
        pending = null;
        c.close();
        status.set("Not connected to " + c.title());
        error.set(reason + (store.get() != null ? " (Still showing " + source.get() + ".)" : ""));
        outcome.failed(c, reason);
    }

    private void abandonPending() {
        Connection p = pending;
        pending = null;
        if (p != null) {
            p.close();
        }
    }

    /** This machine at the chosen rate and FLOOR_HZ. */
    public void connectLocal() {
        connect(LocalConnection.live(rateHz.get(), floorHz.get()));
    }

    /**
     * A new rate or FLOOR_HZ for the in-process sampler: restart it into the same store, so the new
     * hello is marked on the time axis as a cadence change.
     */
    public void restartLocal() {
        if (!local.get() || store.get() == null) {
            connectLocal();
            return;
        }
        startOn(LocalConnection.live(rateHz.get(), floorHz.get()), store.get());
    }

    private void startOn(Connection c, SeriesStore s) {
        abandonPending();
        stopRecordingQuietly();
        closeConnection();
        boolean sameStore = s == store.get();
        if (!sameStore) {
            clearSpool();
            events.clear();
            listen(s);
            store.set(s);
            window.followProperty().set(true);
        }
        becomeCurrent(c, new LineIntake(s, msg -> ui.execute(() -> error.set(msg))));
        try {
            spool.attach(intake);
        } catch (IOException e) {
            error.set("Cannot keep this session in " + Spool.defaultDir() + " (" + e.getMessage()
                    + "): Export CSV needs a recording (R) until that works");
        }
        c.start(intake, ev -> ui.execute(() -> { if (connection == c) { onEvent(ev); } }));
    }

    private void clearSpool() {
        try {
            spool.clear();
        } catch (IOException e) {
            error.set("Cannot delete the spooled session in " + Spool.defaultDir() + ": " + e.getMessage());
        }
    }

    /** Closing the app: the connection ends and the spool's files are deleted. */
    public void shutdown() {
        abandonPending();
        stopRecordingQuietly();
        closeConnection();
        clearSpool();
    }

    private void listen(SeriesStore s) {
        s.addListener(new StoreListener() {
            @Override
            public void sessionStarted(SessionInfo info) {
                ui.execute(() -> {
                    if (store.get() == s) {
                        session.set(info);
                        sources.setAll(info.sources());
                    }
                });
            }

            @Override
            public void marked(TimeMark mark) {
                ui.execute(() -> {
                    if (store.get() == s) {
                        events.add(mark);
                        if (events.size() > SeriesStore.MAX_MARKS) {
                            events.remove(0, events.size() - SeriesStore.MAX_MARKS); // counted by the store
                        }
                    }
                });
            }
        });
    }

    private void onEvent(ConnectionEvent ev) {
        // Java 17: no pattern switch yet
        if (ev instanceof ConnectionEvent.Connected c) {
            status.set("Connected: " + c.detail());
        } else if (ev instanceof ConnectionEvent.Dropped d) {
            status.set("Link dropped: " + d.reason());
        } else if (ev instanceof ConnectionEvent.Reconnecting r) {
            status.set(String.format(Locale.ROOT, "Reconnecting (attempt %d, in %.1f s)…", r.attempt(), r.delayMs() / 1000.0));
        } else if (ev instanceof ConnectionEvent.Failed f) {
            error.set(f.message());
        }
    }

    /** Stops the live connection, if any (closing the app, opening a capture). */
    public void closeConnection() {
        spool.detach();
        if (connection != null) {
            connection.close();
            connection = null;
            connectionProp.set(null);
            intake = null;
        }
    }

    /**
     * Switches the window to an empty replay store for {@code file} (FX thread). The capture is then
     * read into it by {@link #openCapture}'s task on the background executor while the charts already draw what has
     * arrived: the first screen comes after the first batch, not after the whole file.
     */
    SeriesStore beginReplay(Path file) {
        abandonPending();
        stopRecordingQuietly();
        closeConnection();
        SeriesStore s = SeriesStore.replay();
        clearSpool();
        events.clear();
        sources.clear();
        session.set(null);
        listen(s);
        store.set(s);
        replay.set(true);
        local.set(false);
        replayFile = file;
        source.set(file.getFileName().toString());
        error.set("");
        loading.set(true);
        userRangesAtLoad = window.userRanges();
        window.followProperty().set(false);
        return s;
    }

    /** Reads the capture into {@code s}; background thread. */
    CaptureLoader.Result loadInto(SeriesStore s, Path file, CaptureLoader.Progress progress, BooleanSupplier cancelled)
            throws IOException {
        return CaptureLoader.load(file, s, progress, cancelled);
    }

    /** The end of a replay (FX thread): the whole range, and what happened. */
    void finishReplay(SeriesStore s, CaptureLoader.Result r) {
        loading.set(false);
        if (store.get() != s) {
            return;
        }
        try {
            files.opened(replayFile);
        } catch (IOException e) {
            error.set("Cannot remember " + replayFile + " in the recent captures: " + e.getMessage());
        }
        showWholeReplay(s);
        if (r.complete()) {
            status.set(r.message());
        } else {
            error.set(r.message());
        }
    }

    /** A replay that could not be read at all (FX thread). */
    void failReplay(Path file, String message) {
        loading.set(false);
        error.set("Cannot open " + file + ": " + message);
    }

    public BooleanProperty loadingProperty() {
        return loading;
    }

    private void showWholeReplay(SeriesStore s) {
        // a user who zoomed while the file was loading keeps the range they chose
        if (window.userRanges() == userRangesAtLoad && !Double.isNaN(s.firstX())) {
            window.showAll(s.firstX(), s.latestX());
        }
    }

    public Path replayFile() {
        return replayFile;
    }

    public void startRecording(Path file) {
        if (intake == null) {
            error.set("Nothing to record: connect to this machine or a host first (a replayed capture is already a file).");
            return;
        }
        try {
            recorder.start(file, intake);
            status.set("Recording to " + file);
        } catch (IOException | RuntimeException e) {
            error.set("Cannot record to " + file + ": " + e.getMessage());
        }
    }

    public Path stopRecording() {
        try {
            Path f = recorder.stop();
            if (f != null) {
                status.set("Saved capture " + f);
                notice.set(saved(f));
            }
            return f;
        } catch (IOException e) {
            error.set("Could not finish the capture: " + e.getMessage() + " (the lines written so far are in the file)");
            return null;
        }
    }

    private void stopRecordingQuietly() {
        if (recorder.isRecording()) {
            stopRecording();
        }
    }

    /** Called a few times a second on the FX thread: follow, recording indicator, status line. */
    public void pulse(long nowNs) {
        SeriesStore s = store.get();
        if (s == null) {
            return;
        }
        if (!replay.get()) {
            window.advance(s.firstX(), s.latestX());
        } else if (loading.get()) {
            showWholeReplay(s);
        }
        recorder.refresh();
        if (nowNs - lastStatusNs >= 1_000_000_000L) {
            long n = s.samples();
            if (lastStatusNs != 0 && !replay.get()) {
                double perS = (n - lastSamples) * 1e9 / (nowNs - lastStatusNs);
                status.set(String.format(Locale.ROOT, "%.1f samples/s · %d samples · %d kmsg dropped%s · %s",
                        perS, n, s.kmsgDropped(), s.marksDropped() > 0 ? " · " + s.marksDropped() + " older events dropped" : "",
                        window.isFollow() ? "following" : "paused (space follows)"));
            }
            lastSamples = n;
            lastStatusNs = nowNs;
        }
    }

    /**
     * "Tickbench — this machine · host (kernel) · 100 Hz · FLOOR_HZ off", with {@code user@host:port} or
     * the capture's file name first instead: where the data comes from, then what the hello says.
     */
    private void updateTitle() {
        StringBuilder t = new StringBuilder("Tickbench");
        String from = source.get();
        SessionInfo info = session.get();
        if (!from.isEmpty()) {
            t.append(" — ").append(from);
        }
        if (info != null) {
            t.append(from.isEmpty() ? " — " : " · ").append(info.hostText()).append(" · ").append(info.rateText());
        }
        String rec = recorder.indicatorProperty().get();
        if (rec != null && !rec.isEmpty()) {
            t.append(" · ").append(rec);
        }
        title.set(t.toString());
    }
}
