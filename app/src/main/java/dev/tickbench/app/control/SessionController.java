package dev.tickbench.app.control;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.intake.Intake;
import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.recording.Recorder;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.session.SeekableReplay;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.Showing.Origin;
import dev.tickbench.app.session.TimeWindow;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * What the window shows and where it comes from (docs/sessions.md): the live connection and the one
 * being tried ({@link Connections}, each with its {@link Intake}), the replayed capture, the spool of
 * the live session, the recording, the time window. Driven on the UI thread; what arrives from a
 * connection's thread comes back through {@code ui}. It tells the window what changed through its
 * {@link SessionView}, and holds no toolkit types, so it is tested with a plain executor for a UI thread.
 */
public final class SessionController {
    private final SessionView view;
    private final Spool spool;
    private final SeriesCatalogue catalogue;
    private final TimeWindow window = new TimeWindow();
    private final RecordingControl recording;
    private final TitleModel status = new TitleModel();
    private final ShownStore shown;
    private final Connections connections;
    private final ReplayLoading replay;
    private final Executor ui;
    /** The seekable capture shown and the reads that follow the window over it; null when none. */
    private SeekableZoom zoom;

    /**
     * @param ui runs a state change on the UI thread
     * @param spool where the live session is kept for Export CSV
     * @param catalogue what every series is: new stores read it
     */
    public SessionController(Executor ui, SessionView view, Spool spool, SeriesCatalogue catalogue) {
        this(ui, Connections::startThread, view, spool, catalogue);
    }

    /**
     * @param starter runs a connection's {@link Connection#start}, off the UI thread (this machine's
     *     sampler opens every source there, which reads files: the window's first frames must not wait)
     */
    public SessionController(Executor ui, Executor starter, SessionView view, Spool spool, SeriesCatalogue catalogue) {
        this.view = view;
        this.ui = ui;
        this.recording = new RecordingControl(view);
        this.replay = new ReplayLoading(window, view);
        this.shown = new ShownStore(ui, view);
        this.spool = spool;
        this.catalogue = catalogue;
        this.connections = new Connections(ui, starter, view, spool, catalogue, window, recording, shown);
    }

    public TimeWindow window() {
        return window;
    }

    public Recorder recorder() {
        return recording.recorder();
    }

    public Spool spool() {
        return spool;
    }

    public SeriesCatalogue catalogue() {
        return catalogue;
    }

    /** The live connection's intake (the flight recorder and the trigger session join its way), null when none. */
    public Intake intake() {
        return connections.live();
    }

    /** {@code c} hears of every store a connection will feed from now on, before its first line (UI thread). */
    public void onNewStore(Consumer<SeriesStore> c) {
        connections.onNewStore(c);
    }

    /**
     * Starts {@code c} beside the current session, which goes on until {@code c} connects; only then the
     * window switches to it ({@link Connections#connect}, docs/sessions.md). {@code outcome} hears how it went.
     */
    public void connect(Connection c, ConnectOutcome outcome) {
        connections.connect(c, outcome);
    }

    /**
     * A new rate or FLOOR_HZ for this machine: its sampler starts again into the same store, so the new
     * hello is marked on the time axis as a cadence change. Not showing this machine: connect to it.
     */
    public void restartLocal(Connection local) {
        connections.restartLocal(local);
    }

    /** Stops the live connection, if any (closing the app): its producer first, then its intake. */
    public void closeConnection() {
        connections.close();
    }

    private void clearSpool() {
        try {
            spool.clear();
        } catch (IOException e) {
            view.error("Cannot delete the spooled session in " + Spool.defaultDir() + ": " + e.getMessage());
        }
    }

    /** Closing the app: the connection ends and the spool's files are deleted. */
    public void shutdown() {
        letGoOfZoom();
        connections.abandonPending();
        recording.stopQuietly();
        connections.close();
        clearSpool();
    }

    /**
     * Switches the window to an empty replay store for {@code file}, beside the live session: that goes on
     * (its connection, spool, recording and armed triggers) and {@link #backToLive} shows it again
     * (docs/sessions.md, "A capture beside the live session"). The capture is then read into the new store
     * ({@link CaptureLoader}, on a worker) while the charts already draw what has arrived: the first screen
     * comes after the first batch, not after the whole file.
     */
    public SeriesStore beginReplay(Path file) {
        connections.abandonPending();
        letGoOfZoom();
        SeriesStore s = SeriesStore.replay(catalogue);
        shown.show(s, file.getFileName().toString(), Origin.REPLAY, file);
        view.error("");
        replay.begin();
        return s;
    }

    /**
     * Shows the live session again, following, when a capture was shown beside it; the capture's store is
     * let go. False when there is no live session.
     */
    public boolean backToLive() {
        boolean live = connections.showLive();
        if (live) {
            letGoOfZoom();
        }
        return live;
    }

    /**
     * {@code s} holds a seekable capture's overview ({@link SeekableReplay}): from now on, while it is shown,
     * the blocks of a window narrow enough are read and drawn in full.
     */
    public void seekable(SeriesStore s, SeekableReplay r) {
        letGoOfZoom();
        if (shown.store() == s) {
            zoom = new SeekableZoom(s, r, ui, view);
        }
    }

    private void letGoOfZoom() {
        if (zoom != null) {
            zoom.close();
            zoom = null;
        }
    }

    /** The end of a replay: the whole range, and what happened. True when {@code s} is still shown. */
    public boolean finishReplay(SeriesStore s, CaptureLoader.Result r) {
        boolean stillShown = shown.store() == s;
        replay.finish(s, stillShown, r);
        return stillShown;
    }

    /** A replay that could not be read at all. */
    public void failReplay(Path file, String message) {
        replay.fail(file, message);
    }

    /**
     * Reading {@code file} into {@code s} was cancelled: by the user (what was read stays shown), or because
     * the live session was shown again (nothing to say: the capture is let go).
     */
    public void cancelReplay(SeriesStore s, Path file) {
        replay.cancel(file, shown.store() == s);
    }

    /** The name a recording of the shown session is offered under: its host and now (docs/sessions.md). */
    public String recordingName(java.time.Instant now, java.time.ZoneId zone) {
        return RecordingControl.name(shown.store(), now, zone);
    }

    public void startRecording(Path file) {
        recording.start(file, connections.live());
    }

    public Path stopRecording() {
        return recording.stop();
    }

    /** Called a few times a second on the UI thread: follow, the replay's range while it loads, recording, status line. */
    public void pulse(long nowNs) {
        SeriesStore s = shown.store();
        if (s == null) {
            return;
        }
        if (shown.now().origin() != Origin.REPLAY) {
            window.advance(s.firstX(), s.publishedX()); // what the charts have: later points lie right of it
        } else {
            replay.pulse(s);
            if (zoom != null && zoom.store() == s) {
                zoom.follow(window.min(), window.max());
            }
        }
        recording.pulse();
        String line = status.samplesLine(s, nowNs, shown.now().origin() != Origin.REPLAY, window.isFollow());
        if (line != null) {
            view.status(line);
        }
    }
}
