package dev.tickbench.app.control;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.ConnectionEvent;
import dev.tickbench.app.intake.Intake;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.Showing.Origin;
import dev.tickbench.app.session.TimeWindow;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The window's connection and the one being tried, each with its {@link Intake}, for the session
 * controller (docs/sessions.md): a new connection starts off the UI thread into a fresh store beside the
 * current session and takes the window over only once it connected; one abandoned or failed before
 * that is closed and changes nothing. The live session goes into the spool from its first line. Driven
 * on the UI thread; what arrives from a connection's thread comes back through {@code ui}.
 */
final class Connections {
    private final Executor ui;
    /** Runs a connection's start, which may read files (this machine's sampler opens every source): never the UI thread. */
    private final Executor starter;

    private final SessionView view;
    private final Spool spool;
    private final SeriesCatalogue catalogue;
    private final TimeWindow window;
    private final RecordingControl recording;
    private final ShownStore shown;
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

    /**
     * @param starter runs a connection's {@link Connection#start}, off the UI thread
     * @param recording stopped when the window's connection changes
     * @param window follows a connection that connected
     */
    Connections(
            Executor ui,
            Executor starter,
            SessionView view,
            Spool spool,
            SeriesCatalogue catalogue,
            TimeWindow window,
            RecordingControl recording,
            ShownStore shown) {
        this.ui = ui;
        this.starter = starter;
        this.view = view;
        this.spool = spool;
        this.catalogue = catalogue;
        this.window = window;
        this.recording = recording;
        this.shown = shown;
    }

    /** The live connection's intake, null when none. */
    Intake live() {
        return live;
    }

    /** {@code c} hears of every store a connection will feed from now on, before its first line (UI thread). */
    void onNewStore(Consumer<SeriesStore> c) {
        newStores.add(c);
    }

    /** One short-lived thread per start: a start that hangs holds up no other. */
    static void startThread(Runnable r) {
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
    void connect(Connection c, ConnectOutcome outcome) {
        abandonPending();
        SeriesStore s = SeriesStore.live(catalogue);
        newStores.forEach(n -> n.accept(s));
        Intake in = new Intake(
                c,
                s,
                msg -> ui.execute(() -> {
                    if (live != null && live.store() == s) {
                        view.error(msg);
                    }
                }));
        pending = in;
        if (shown.store() == null) {
            shown.show(s, c.title(), origin(c), null);
            pendingShown = s;
        }
        view.status("Connecting to " + c.title() + "…");
        // the first line means the connection is up: on its thread, before that line, the spool switches to
        // the new session, so the spool holds it whole (hello first) and the old session's spool until then.
        // Wanted, not pending: a probe process says Connected at its first line, which may be promoted
        // before that line has come through the hand-off to here (the spool then was never attached)
        in.beforeFirstLine(() -> {
            if (wanted(in)) {
                spoolOnto(in, true);
            }
        });
        AtomicBoolean connected = new AtomicBoolean();
        start(in, ev -> {
            if (ev instanceof ConnectionEvent.Connected done && !connected.getAndSet(true)) {
                ui.execute(() -> promote(in, done, outcome));
            } else if (ev instanceof ConnectionEvent.Failed f && !connected.get()) {
                ui.execute(() -> failPending(in, f.message(), outcome));
            } else {
                ui.execute(() -> {
                    if (live == in) {
                        onEvent(ev);
                    }
                });
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
        if (shown.store() != in.store()) {
            shown.show(in.store(), c.title(), origin(c), null);
        }
        window.follow(true);
        becomeCurrent(in);
        view.status(done.said());
        outcome.connected(c);
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
        if (shown.store() == in.store()) {
            showNothing();
        }
        Connection c = in.connection();
        view.status("Not connected to " + c.title());
        view.error(reason
                + (shown.store() != null ? " (Still showing " + shown.now().source() + ".)" : ""));
        outcome.failed(c, reason);
    }

    /** The connection being tried is given up: closed, and its empty tracks shown no more. */
    void abandonPending() {
        Intake p = pending;
        pending = null;
        if (p != null) {
            p.close();
        }
        if (pendingShown != null && shown.store() == pendingShown) {
            showNothing(); // the abandoned connection's empty tracks: whatever comes next is shown in their place
        }
    }

    private void showNothing() {
        pendingShown = null;
        shown.nothing();
    }

    /**
     * A new rate or FLOOR_HZ for this machine: its sampler starts again into the same store, so the new
     * hello is marked on the time axis as a cadence change. Not showing this machine: connect to it.
     */
    void restartLocal(Connection local) {
        if (shown.now().origin() != Origin.LOCAL || shown.store() == null) {
            connect(local, ConnectOutcome.NONE);
            return;
        }
        abandonPending();
        recording.stopQuietly();
        close();
        Intake in = new Intake(local, shown.store(), msg -> ui.execute(() -> view.error(msg)));
        becomeCurrent(in);
        spoolOnto(in, false);
        start(
                in,
                ev -> ui.execute(() -> {
                    if (live == in) {
                        onEvent(ev);
                    }
                }));
    }

    private void onEvent(ConnectionEvent ev) {
        if (ev instanceof ConnectionEvent.Failed) {
            view.error(ev.said());
        } else {
            view.status(ev.said());
        }
    }

    /** The live connection's store shown again, following (a capture was shown beside it); false when none. */
    boolean showLive() {
        Intake in = live;
        if (in == null) {
            return false;
        }
        if (shown.store() != in.store()) {
            Connection c = in.connection();
            shown.show(in.store(), c.title(), origin(c), null);
        }
        window.follow(true);
        view.status("Back to the live session: " + in.connection().title());
        return true;
    }

    /** Stops the live connection, if any (closing the app, another connection): its producer first, then its intake. */
    void close() {
        spool.detach();
        if (live != null) {
            live.close();
            live = null;
            view.connection(null);
        }
    }
}
