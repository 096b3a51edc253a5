package dev.tickbench.app.control;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.ConnectionEvent;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.recording.Recorder;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.session.LineIntake;
import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.StoreListener;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.app.session.TimeWindow;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * What the window shows and where it comes from (docs/sessions.md): the live connection and the one
 * being tried, the replayed capture, the spool of the live session, the recording, the time window.
 * Driven on the UI thread; what arrives from a connection's thread comes back through {@code ui}. It
 * tells the window what changed through its {@link View}, and holds no toolkit types, so it is tested
 * with a plain executor for a UI thread.
 */
public final class SessionController {
    /** What the controller tells the window, on the UI thread. */
    public interface View {
        /** The window shows another store (a new connection, a capture): everything shown starts again. */
        void showing(Showing now);

        /** The shown store's session (its hello); null when it has none yet. */
        void session(SessionInfo info);

        /** A mark of the shown store (kmsg, gap, session change). */
        void marked(TimeMark mark);

        /** The live connection, null when replaying or closed: tabs that run commands on it listen here. */
        void connection(Connection c);

        void recording(boolean on, String indicator);

        /** A capture is being read into the shown store. */
        void loading(boolean on);

        void status(String text);

        void error(String text);

        /** A confirmation the user should see ("Saved … (3.2 MB on disk)"). */
        void notice(String text);

        /** A recording was saved to {@code capture} (Open Recent learns it). */
        default void recorded(Path capture) {}
    }

    /** Where the shown data comes from. */
    public enum Origin { NONE, LOCAL, REMOTE, REPLAY }

    /**
     * What the window shows: a store, what of it is drawn, where it comes from.
     *
     * @param source "this machine", "pi@board-7:22", or the capture's file name
     * @param replayFile the capture, for {@link Origin#REPLAY}
     */
    public record Showing(SeriesStore store, Selection selection, String source, Origin origin, Path replayFile) {
        public static final Showing NOTHING = new Showing(null, null, "", Origin.NONE, null);
    }

    /** What the one who asked for a connection hears back: it connected, or why it did not. */
    public interface ConnectOutcome {
        ConnectOutcome NONE = new ConnectOutcome() {};

        default void connected(Connection c) {}

        default void failed(Connection c, String reason) {}
    }

    private final Executor ui;
    /** Runs a connection's start, which may read files (this machine's sampler opens every source): never the UI thread. */
    private final Executor starter;
    private final View view;
    private final Spool spool;
    private final SeriesCatalogue catalogue;
    private final TimeWindow window = new TimeWindow();
    private final RecordingControl recording;
    private final TitleModel status = new TitleModel();
    private Showing showing = Showing.NOTHING;
    /** Read on the starter's thread too (a start abandoned meanwhile is closed there): volatile. */
    private volatile Connection connection;
    /** The store shown at once for the connection being tried, when nothing else was shown; null when none. */
    private SeriesStore pendingShown;
    /**
     * A connection being tried ({@link #connect}); the window switches to it once it connected. Written
     * on the UI thread, read on the connection's receiving thread (its first line): volatile, so that
     * thread sees an abandoned attempt as abandoned.
     */
    private volatile Connection pending;
    private LineIntake intake;
    /** Told of each store a connection feeds, before its first line (a view that keeps lines of its own). */
    private final List<Consumer<SeriesStore>> newStores = new CopyOnWriteArrayList<>();
    private boolean loading;
    private long userRangesAtLoad;

    /**
     * @param ui runs a state change on the UI thread
     * @param spool where the live session is kept for Export CSV
     * @param catalogue what every series is: new stores read it
     */
    public SessionController(Executor ui, View view, Spool spool, SeriesCatalogue catalogue) {
        this(ui, SessionController::startThread, view, spool, catalogue);
    }

    /**
     * @param starter runs a connection's {@link Connection#start}, off the UI thread (this machine's
     *     sampler opens every source there, which reads files: the window's first frames must not wait)
     */
    public SessionController(Executor ui, Executor starter, View view, Spool spool, SeriesCatalogue catalogue) {
        this.ui = ui;
        this.starter = starter;
        this.view = view;
        this.recording = new RecordingControl(view);
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

    public Showing showing() {
        return showing;
    }

    /** The live connection's intake (raw lines for a tap: the flight recorder), null when none. */
    public LineIntake intake() {
        return intake;
    }

    /** {@code c} hears of every store a connection will feed from now on, before its first line (UI thread). */
    public void onNewStore(Consumer<SeriesStore> c) {
        newStores.add(c);
    }

    /** The connection being tried while the current session goes on; null when none. */
    public Connection pendingConnection() {
        return pending;
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
        pending = c;
        if (showing.store() == null) {
            show(s, c.title(), origin(c), null);
            pendingShown = s;
        }
        LineIntake in = new LineIntake(s, msg -> ui.execute(() -> { if (intake != null && intake.store() == s) { view.error(msg); } }));
        view.status("Connecting to " + c.title() + "…");
        AtomicBoolean connected = new AtomicBoolean();
        AtomicBoolean spooled = new AtomicBoolean();
        // the first line means the connection is up: on its thread, before that line, the spool switches to
        // the new session, so the spool holds it whole (hello first) and the old session's spool until then
        LineSink sink = (b, off, len) -> {
            // wanted, not pending: a probe process says Connected at its first line, which may be promoted
            // before that line has come through the hand-off to here (the spool then was never attached)
            if (!spooled.get() && !spooled.getAndSet(true) && wanted(c)) {
                spoolOnto(in);
            }
            in.line(b, off, len);
        };
        start(c, sink, ev -> {
            if (ev instanceof ConnectionEvent.Connected done && !connected.getAndSet(true)) {
                ui.execute(() -> promote(c, s, in, done.detail(), outcome));
            } else if (ev instanceof ConnectionEvent.Failed f && !connected.get()) {
                ui.execute(() -> failPending(c, s, f.message(), outcome));
            } else {
                ui.execute(() -> { if (connection == c) { onEvent(ev); } });
            }
        });
    }

    /**
     * Starts {@code c} on the starter: not at all when it was abandoned before its turn, and closed
     * again when it was abandoned while it started (its close may have come before anything was open).
     */
    private void start(Connection c, LineSink sink, java.util.function.Consumer<ConnectionEvent> events) {
        starter.execute(() -> {
            if (!wanted(c)) {
                return;
            }
            c.start(sink, events);
            if (!wanted(c)) {
                c.close();
            }
        });
    }

    private boolean wanted(Connection c) {
        return pending == c || connection == c;
    }

    private static Origin origin(Connection c) {
        return c instanceof LocalConnection ? Origin.LOCAL : Origin.REMOTE;
    }

    private void spoolOnto(LineIntake in) {
        try {
            spool.detach();
            spool.clear();
            spool.attach(in);
        } catch (IOException e) {
            ui.execute(() -> view.error(spoolError(e)));
        }
    }

    private static String spoolError(IOException e) {
        return "Cannot keep this session in " + Spool.defaultDir() + " (" + e.getMessage()
                + "): Export CSV needs a recording (R) until that works";
    }

    /** {@code c} connected: the window switches to its store. */
    private void promote(Connection c, SeriesStore s, LineIntake in, String detail, ConnectOutcome outcome) {
        if (pending != c) {
            return; // abandoned meanwhile; already closed
        }
        // c is the connection before it stops being the pending one: its first line, on its own thread, may
        // come now and asks whether c is still wanted before it switches the spool to this session; between
        // the two it was neither, and the session went unspooled (Export CSV: "Nothing to export yet")
        Connection old = connection;
        connection = c;
        pending = null;
        pendingShown = null;
        recording.stopQuietly();
        if (old != null && old != c) {
            old.close();
        }
        if (showing.store() != s) {
            show(s, c.title(), origin(c), null);
        }
        window.follow(true);
        becomeCurrent(c, in);
        view.status("Connected: " + detail);
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

    /** {@code c} feeding {@code in} is the window's connection from now on. */
    private void becomeCurrent(Connection c, LineIntake in) {
        view.error("");
        connection = c;
        intake = in;
        view.connection(c);
    }

    /** {@code c} failed before it connected: closed, and the current session untouched (none: nothing shown). */
    private void failPending(Connection c, SeriesStore s, String reason, ConnectOutcome outcome) {
        if (pending != c) {
            return;
        }
        pending = null;
        c.close();
        if (showing.store() == s) {
            showNothing();
        }
        view.status("Not connected to " + c.title());
        view.error(reason + (showing.store() != null ? " (Still showing " + showing.source() + ".)" : ""));
        outcome.failed(c, reason);
    }

    private void abandonPending() {
        Connection p = pending;
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
     * A new rate or FLOOR_HZ for the in-process sampler: restart it into the same store, so the new
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
        becomeCurrent(local, new LineIntake(showing.store(), msg -> ui.execute(() -> view.error(msg))));
        try {
            spool.attach(intake);
        } catch (IOException e) {
            view.error(spoolError(e));
        }
        start(local, intake, ev -> ui.execute(() -> { if (connection == local) { onEvent(ev); } }));
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
        // Java 17: no pattern switch yet
        if (ev instanceof ConnectionEvent.Connected c) {
            view.status("Connected: " + c.detail());
        } else if (ev instanceof ConnectionEvent.Dropped d) {
            view.status("Link dropped: " + d.reason());
        } else if (ev instanceof ConnectionEvent.Reconnecting r) {
            view.status(String.format(Locale.ROOT, "Reconnecting (attempt %d, in %.1f s)…", r.attempt(), r.delayMs() / 1000.0));
        } else if (ev instanceof ConnectionEvent.Failed f) {
            view.error(f.message());
        }
    }

    /** Stops the live connection, if any (closing the app, opening a capture). */
    public void closeConnection() {
        spool.detach();
        if (connection != null) {
            connection.close();
            connection = null;
            intake = null;
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
        loading(true);
        userRangesAtLoad = window.userRanges();
        window.follow(false);
        return s;
    }

    /** The end of a replay: the whole range, and what happened. True when {@code s} is still shown. */
    public boolean finishReplay(SeriesStore s, CaptureLoader.Result r) {
        loading(false);
        if (showing.store() != s) {
            return false;
        }
        showWholeReplay(s);
        if (r.complete()) {
            view.status(r.message());
        } else {
            view.error(r.message());
        }
        return true;
    }

    /** A replay that could not be read at all. */
    public void failReplay(Path file, String message) {
        loading(false);
        view.error("Cannot open " + file + ": " + message);
    }

    /** The user cancelled reading {@code file}: what was read stays shown. */
    public void cancelReplay(Path file) {
        loading(false);
        view.status("Cancelled opening " + file.getFileName());
    }

    private void loading(boolean on) {
        loading = on;
        view.loading(on);
    }

    private void showWholeReplay(SeriesStore s) {
        // a user who zoomed while the file was loading keeps the range they chose
        if (window.userRanges() == userRangesAtLoad && !Double.isNaN(s.firstX())) {
            window.showAll(s.firstX(), s.latestX());
        }
    }

    /** The name a recording of the shown session is offered under: its host and now (docs/sessions.md). */
    public String recordingName(java.time.Instant now, java.time.ZoneId zone) {
        return RecordingControl.name(showing.store(), now, zone);
    }

    public void startRecording(Path file) {
        recording.start(file, intake);
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
        } else if (loading) {
            showWholeReplay(s);
        }
        recording.pulse();
        String line = status.samplesLine(s, nowNs, showing.origin() != Origin.REPLAY, window.isFollow());
        if (line != null) {
            view.status(line);
        }
    }
}
