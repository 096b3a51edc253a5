package dev.tickbench.app.workbench;

import dev.tickbench.app.Background;
import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.control.ConnectOutcome;
import dev.tickbench.app.control.SessionController;
import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.recording.Recorder;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.TimeWindow;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.export.CsvExport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.concurrent.Task;

/**
 * The main window's view-model: what the user does with the window (connect, open a capture, export,
 * record, the rate and FLOOR_HZ of this machine, the theme), on top of what it shows ({@link
 * WindowState}'s properties). The work is the {@link SessionController}'s (connect, replay, spool,
 * record) and the {@link WindowTasks}' (open, export, one at a time); this class starts it and keeps the
 * user's choices. Never touches controls.
 */
public final class MainViewModel extends WindowState {
    public static final int DEFAULT_RATE_HZ = 100;
    /** The slab caches and buddy orders drawn by default are ranked again this often (docs/derived-series.md). */
    static final long RANK_EVERY_NS = 2_000_000_000L;

    private final ClosingWork onShutdown = new ClosingWork();
    private final WindowTasks tasks;
    private final SessionController controller;
    private final ObjectProperty<Integer> rateHz = new SimpleObjectProperty<>(DEFAULT_RATE_HZ);
    /** The chosen FLOOR_HZ for this machine; null = FLOOR_HZ from this process's environment (as the probe does). */
    private final ObjectProperty<Integer> floorHz = new SimpleObjectProperty<>();
    /** This machine's cgroup target (null: none), kept for a restart at another rate or FLOOR_HZ. */
    private dev.tickbench.core.session.SessionConfig.CgroupChoice localTarget;

    private final BooleanProperty darkTheme = new SimpleBooleanProperty(false);
    private final BooleanProperty fillHeld = new SimpleBooleanProperty(false);
    private long lastRankNs;

    /** The user's window: its spool in the user's cache (orphans of dead workbenches deleted), the standard catalogue. */
    public MainViewModel(Executor ui) {
        this(
                ui,
                Background.shared(),
                new Spool(Spool.defaultDir(), Spool.DEFAULT_MAX_BYTES, Spool.DEFAULT_MAX_AGE_NS, System::nanoTime),
                SeriesCatalogue.standard());
        try {
            Spool.deleteOrphans(Spool.defaultDir());
        } catch (IOException e) {
            error("Cannot tidy " + Spool.defaultDir() + ": " + e.getMessage());
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
        this.controller = new SessionController(ui, this, spool, catalogue);
        this.tasks = new WindowTasks(work, controller, this, fillHeld::get);
        onShutdown(tasks::stopIndexing); // an index cut short leaves no file beside the capture
        // the Rate and FLOOR_HZ boxes are bound to these: a new value restarts this machine's sampler
        rateHz.addListener((o, a, b) -> {
            if (localProperty().get()) {
                restartLocal();
            }
        });
        floorHz.addListener((o, a, b) -> {
            if (localProperty().get()) {
                restartLocal();
            }
        });
    }

    public SessionController controller() {
        return controller;
    }

    public TimeWindow window() {
        return controller.window();
    }

    public Recorder recorder() {
        return controller.recorder();
    }

    public Spool spool() {
        return controller.spool();
    }
    /** This machine's rate; the toolbar's Rate box is bound to it both ways. */
    public ObjectProperty<Integer> rateHzProperty() {
        return rateHz;
    }
    /** This machine's FLOOR_HZ (null: the environment's); the toolbar's box is bound to it both ways. */
    public ObjectProperty<Integer> floorHzProperty() {
        return floorHz;
    }
    /** The dark theme; the app loads and saves it in the user's config dir (see {@link Theme}). */
    public BooleanProperty darkThemeProperty() {
        return darkTheme;
    }
    /** Export CSV fills a level's held value into the rows between its emissions. */
    public BooleanProperty fillHeldProperty() {
        return fillHeld;
    }
    /** A long task (open, export) is running; its progress (0-1, -1 unknown) and what it is doing. */
    public ReadOnlyBooleanProperty taskBusyProperty() {
        return tasks.busyProperty();
    }

    public ReadOnlyDoubleProperty taskProgressProperty() {
        return tasks.progressProperty();
    }

    public ReadOnlyStringProperty taskMessageProperty() {
        return tasks.messageProperty();
    }

    /** Cancels the running open or export (FX thread). */
    public void cancelTask() {
        tasks.cancel();
    }

    /**
     * Opens a capture ({@link WindowTasks#openCapture}): the charts draw each batch as it is read. Null
     * when another task still runs (the error says so). FX thread.
     */
    public Task<CaptureLoader.Result> openCapture(Path file) {
        return tasks.openCapture(file);
    }

    /**
     * Exports what the charts draw over the window's visible time range to {@code out} ({@link
     * WindowTasks#exportCsv}). Null when there is nothing to export or another task still runs. FX thread.
     */
    public Task<CsvExport.Summary> exportCsv(Path out) {
        return tasks.exportCsv(out);
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
        connect(LocalConnection.live(rateHz.get(), floorHz.get(), localTarget));
    }

    /** This machine with {@code target} as its cgroup target from now on (null: none), connected at once. */
    public void connectLocal(dev.tickbench.core.session.SessionConfig.CgroupChoice target) {
        localTarget = target;
        connectLocal();
    }

    /** This machine again at the chosen rate and FLOOR_HZ, into the same store (the new session is marked). */
    public void restartLocal() {
        controller.restartLocal(LocalConnection.live(rateHz.get(), floorHz.get(), localTarget));
    }

    /**
     * Shows the live session again, following, after a capture was shown beside it; a capture still being
     * read stops being read (its store is let go, and the task slot is free for an export).
     */
    public void backToLive() {
        if (controller.backToLive()) {
            tasks.cancelOpen();
        }
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

    /** The name Record offers: the session's host and the time now ({@code edge-router-3-2025-11-29_200012.ndjson.gz}). */
    public String recordingName() {
        return controller.recordingName(java.time.Instant.now(), java.time.ZoneId.systemDefault());
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
}
