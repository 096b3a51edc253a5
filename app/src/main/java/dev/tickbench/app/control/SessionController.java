package dev.tickbench.app.control;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.ConnectionEvent;
import dev.tickbench.app.intake.Intake;
import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.recording.Recorder;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.Showing;
import dev.tickbench.app.session.Showing.Origin;
import dev.tickbench.app.session.StoreListener;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.app.session.TimeWindow;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * What the window shows and where it comes from (docs/sessions.md): the live connection and the one
 * being tried (each with its {@link Intake}), the replayed capture, the spool of the live session, the
 * recording, the time window. Driven on the UI thread; what arrives from a connection's thread comes
 * back through {@code ui}. It tells the window what changed through its {@link SessionView}, and holds
 * no toolkit types, so it is tested with a plain executor for a UI thread.
 */
public final class SessionController {
    private final Executor ui;
    /** Runs a connection's start, which may read files (this machine's sampler opens every source): never the UI thread. */
    private final Executor starter;
    private final SessionView view;
    private final Spool spool;
    private final SeriesCatalogue catalogue;
    private final TimeWindow window = new TimeWindow();
    private final RecordingControl recording;
    private final TitleModel status = new TitleModel();
    private Showing showing = Showing.NOTHING;
    /** The window's connection's intake; read on the starter's thread too (a start abandoned meanwhile is closed there). */
    private volatile Intake live;
    /** The store shown at once for the connection being tried, when nothing else was shown; null when none. */
    private SeriesStore pendingShown;
    /**
     * The intake of a connection being tried ({@link #connect}); the window switches to it once it
     * connected. Written on the UI thread, read on the connection's receiving thread (its first line):
     * volatile, so that thread sees an abandoned attempt as abandoned.
     */
    private volatile Intake pending;
    /** Told of each store a connection feeds, before its first line (a view that keeps lines of its own). */
    private final List<Consumer<SeriesStore>> newStores = new CopyOnWriteArrayList<>();
    private final ReplayLoading replay;

    /**
     * @param ui runs a state change on the UI thread
     * @param spool where the live session is kept for Export CSV
     * @param catalogue what every series is: new stores read it
     */
    public SessionController(Executor ui, SessionView view, Spool spool, SeriesCatalogue catalogue) {
        this(ui, SessionController::startThread, view, spool, catalogue);
    }

    /**
     * @param starter runs a connection's {@link Connection#start}, off the UI thread (this machine's
     *     sampler opens every source there, which reads files: the window's first frames must not wait)
     */
    public SessionController(Executor ui, Executor starter, SessionView view, Spool spool, SeriesCatalogue catalogue) {
        this.ui = ui;
        this.starter = starter;
        this.view = view;
        this.recording = new RecordingControl(view);
        this.replay = new ReplayLoading(window, view);
        this.spool = spool;
        this.catalogue = catalogue;
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
        return live;
    }

    /** {@code c} hears of every store a connection will feed from now on, before its first line (UI thread). */
    public void onNewStore(Consumer<SeriesStore> c) {
        newStores.add(c);
    }

    /** One short-lived thread per start: a start that hangs holds up no other. */
    private static void startThread(Runnable r) {
        Thread t = new Thread(r, "tickbench-connect");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Starts {@code c} into a fresh store beside the current session, which goes on (its charts keep
     * growing) until {@code c} connects; only then the window switches to it. A connection that fails
     * before it connected is closed and leaves everything as it was, with the plain reason in the error
     * (docs/sessions.md). With nothing shown yet (the window just opened), the new store is shown at
     * once, its tracks waiting for the first samples; a failure then shows nothing again.
     */
    public void connect(Connection c, ConnectOutcome outcome) {
        abandonPending();
        SeriesStore s = SeriesStore.live(catalogue);
        newStores.forEach(n -> n.accept(s));
        Intake in = new Intake(c, s, msg -> ui.execute(() -> { if (live != null && live.store() == s) { view.error(msg); } }));
        pending = in;
        if (showing.store() == null) {
            show(s, c.title(), origin(c), null);
            pendingShown = s;
        }
        view.status("Connecting to " + c.title() + "…");
        // the first line means the connection is up: on its thread, before that line, the spool switches to
        // the new session, so the spool holds it whole (hello first) and the old session's spool until then.
        // Wanted, not pending: a probe process says Connected at its first line, which may be promoted
        // before that line has come through the hand-off to here (the spool then was never attached)
        in.beforeFirstLine(() -> { if (wanted(in)) { spoolOnto(in, true); } });
        AtomicBoolean connected = new AtomicBoolean();
        start(in, ev -> {
            if (ev instanceof ConnectionEvent.Connected done && !connected.getAndSet(true)) {
                ui.execute(() -> promote(in, done, outcome));
            } else if (ev instanceof ConnectionEvent.Failed f && !connected.get()) {
                ui.execute(() -> failPending(in, f.message(), outcome));
            } else {
                ui.execute(() -> { if (live == in) { onEvent(ev); } });
            }
        });
    }

    /**
     * Starts {@code in}'s connection on the starter: not at all when it was abandoned before its turn,
     * and closed again when it was abandoned while it started (its close may have come before anything was open).
     */
    private void start(Intake in, Consumer<ConnectionEvent> events) {
        starter.execute(() -> {
            if (!wanted(in)) {
                return;
            }
            in.start(events);
            if (!wanted(in)) {
                in.close();
            }
        });
    }

    private boolean wanted(Intake in) {
        return pending == in || live == in;
    }

    private static Origin origin(Connection c) {
        return c.thisMachine() ? Origin.LOCAL : Origin.REMOTE;
    }

    /** The spool keeps {@code in}'s lines from now on: a new session ({@code fresh}), or the same one from a new sampler. */
    private void spoolOnto(Intake in, boolean fresh) {
        try {
            in.spoolTo(fresh ? spool.startOver(in::joinHello) : spool.follow(in::joinHello));
        } catch (IOException e) {
            ui.execute(() -> view.error(spoolError(e)));
        }
    }

    private static String spoolError(IOException e) {
        return "Cannot keep this session in " + Spool.defaultDir() + " (" + e.getMessage()
                + "): Export CSV needs a recording (R) until that works";
    }

    /** {@code in}'s connection connected: the window switches to its store. */
    private void promote(Intake in, ConnectionEvent.Connected done, ConnectOutcome outcome) {
        if (pending != in) {
            return; // abandoned meanwhile; already closed
        }
        // live before it stops being the pending one: its first line, on its own thread, may come now and
        // asks whether it is still wanted before it switches the spool to this session; between the two it
        // was neither, and the session went unspooled (Export CSV: "Nothing to export yet")
        Intake old = live;
        live = in;
        pending = null;
        pendingShown = null;
        recording.stopQuietly();
        if (old != null && old != in) {
            old.close();
        }
        Connection c = in.connection();
        if (showing.store() != in.store()) {
            show(in.store(), c.title(), origin(c), null);
        }
        window.follow(true);
        becomeCurrent(in);
        view.status(done.said());
        outcome.connected(c);
    }

    /** The window shows {@code s} from now on: its session, its marks, a selection of its own. */
    private void show(SeriesStore s, String source, Origin origin, Path replayFile) {
        showing = new Showing(s, new Selection(s), source, origin, replayFile);
        view.showing(showing);
        listen(s);
        s.marks().forEach(view::marked);
        view.session(s.session());
    }

    /** {@code in} is the window's connection's intake from now on. */
    private void becomeCurrent(Intake in) {
        view.error("");
        live = in;
        view.connection(in.connection());
    }

    /** {@code in}'s connection failed before it connected: closed, and the current session untouched (none: nothing shown). */
    private void failPending(Intake in, String reason, ConnectOutcome outcome) {
        if (pending != in) {
            return;
        }
        pending = null;
        in.close();
        if (showing.store() == in.store()) {
            showNothing();
        }
        Connection c = in.connection();
        view.status("Not connected to " + c.title());
        view.error(reason + (showing.store() != null ? " (Still showing " + showing.source() + ".)" : ""));
        outcome.failed(c, reason);
    }

    private void abandonPending() {
        Intake p = pending;
        pending = null;
        if (p != null) {
            p.close();
        }
        if (pendingShown != null && showing.store() == pendingShown) {
            showNothing(); // the abandoned connection's empty tracks: whatever comes next is shown in their place
        }
    }

    private void showNothing() {
        pendingShown = null;
        showing = Showing.NOTHING;
        view.showing(showing);
    }

    /**
     * A new rate or FLOOR_HZ for this machine: its sampler starts again into the same store, so the new
     * hello is marked on the time axis as a cadence change. Not showing this machine: connect to it.
     */
    public void restartLocal(Connection local) {
        if (showing.origin() != Origin.LOCAL || showing.store() == null) {
            connect(local, ConnectOutcome.NONE);
            return;
        }
        abandonPending();
        recording.stopQuietly();
        closeConnection();
        Intake in = new Intake(local, showing.store(), msg -> ui.execute(() -> view.error(msg)));
        becomeCurrent(in);
        spoolOnto(in, false);
        start(in, ev -> ui.execute(() -> { if (live == in) { onEvent(ev); } }));
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
        abandonPending();
        recording.stopQuietly();
        closeConnection();
        clearSpool();
    }

    private void listen(SeriesStore s) {
        s.addListener(new StoreListener() {
            @Override
            public void sessionStarted(SessionInfo info) {
                ui.execute(() -> { if (showing.store() == s) { view.session(info); } });
            }

            @Override
            public void marked(TimeMark mark) {
                ui.execute(() -> { if (showing.store() == s) { view.marked(mark); } });
            }
        });
    }

    private void onEvent(ConnectionEvent ev) {
        if (ev instanceof ConnectionEvent.Failed) {
            view.error(ev.said());
        } else {
            view.status(ev.said());
        }
    }

    /** Stops the live connection, if any (closing the app, opening a capture): its producer first, then its intake. */
    public void closeConnection() {
        spool.detach();
        if (live != null) {
            live.close();
            live = null;
            view.connection(null);
        }
    }

    /**
     * Switches the window to an empty replay store for {@code file}. The capture is then read into it
     * ({@link CaptureLoader}, on a worker) while the charts already draw what has arrived: the first
     * screen comes after the first batch, not after the whole file.
     */
    public SeriesStore beginReplay(Path file) {
        abandonPending();
        recording.stopQuietly();
        closeConnection();
        clearSpool();
        SeriesStore s = SeriesStore.replay(catalogue);
        show(s, file.getFileName().toString(), Origin.REPLAY, file);
        view.error("");
        replay.begin();
        return s;
    }

    /** The end of a replay: the whole range, and what happened. True when {@code s} is still shown. */
    public boolean finishReplay(SeriesStore s, CaptureLoader.Result r) {
        boolean shown = showing.store() == s;
        replay.finish(s, shown, r);
        return shown;
    }

    /** A replay that could not be read at all. */
    public void failReplay(Path file, String message) {
        replay.fail(file, message);
    }

    /** The user cancelled reading {@code file}: what was read stays shown. */
    public void cancelReplay(Path file) {
        replay.cancel(file);
    }

    /** The name a recording of the shown session is offered under: its host and now (docs/sessions.md). */
    public String recordingName(java.time.Instant now, java.time.ZoneId zone) {
        return RecordingControl.name(showing.store(), now, zone);
    }

    public void startRecording(Path file) {
        recording.start(file, live);
    }

    public Path stopRecording() {
        return recording.stop();
    }

    /** Called a few times a second on the UI thread: follow, the replay's range while it loads, recording, status line. */
    public void pulse(long nowNs) {
        SeriesStore s = showing.store();
        if (s == null) {
            return;
        }
        if (showing.origin() != Origin.REPLAY) {
            window.advance(s.firstX(), s.publishedX()); // what the charts have: later points lie right of it
        } else {
            replay.pulse(s);
        }
        recording.pulse();
        String line = status.samplesLine(s, nowNs, showing.origin() != Origin.REPLAY, window.isFollow());
        if (line != null) {
            view.status(line);
        }
    }
}
