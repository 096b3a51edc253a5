package dev.tickbench.app.trigger;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.connect.TriggerRequests;
import dev.tickbench.app.dirs.UserDirs;
import dev.tickbench.app.session.LineIntake;
import dev.tickbench.core.recorder.FlightRecorder;
import dev.tickbench.core.recorder.RecorderConfig;
import dev.tickbench.core.recorder.RecorderStats;
import dev.tickbench.core.recorder.SavedCapture;
import dev.tickbench.core.trigger.TriggerLine;
import dev.tickbench.core.trigger.TriggerSet;
import dev.tickbench.core.trigger.TriggerStatus;
import dev.tickbench.core.trigger.TriggerSyntaxException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Triggers panel's state (docs/triggers.md, "For the workbench"): the triggers armed on the live
 * session — this machine or an SSH host — armed and disarmed live (on a probe's {@code stream}, this
 * machine's probe process or one over SSH, through its stdin, the set read back from the stream's
 * {@code triggers} lines; in process on the session's {@link TriggerSet}), the firings the stream
 * carried, and the captures the flight recorder saved around them. The recorder is a tap on the
 * connection's intake, so it keeps the lines the charts draw; it starts with the first trigger armed on
 * a connection (a session with no trigger keeps no ring and writes no directory) and keeps its ring
 * until the connection ends. Driven on the UI thread; what the stream's thread hears comes back
 * through {@code ui}; requests are written on a thread of their own (a link may make a write wait).
 *
 * <p>A new stream on the same connection (a reconnect after the link dropped, a probe process started
 * again after it died) and a new sampler of the same target (Rate, FLOOR_HZ) start with none armed:
 * what was armed is armed again on it, under the same names, with the requests that could not be sent
 * meanwhile.
 */
public final class TriggersViewModel {
    /** Firings kept in the list: the marks on the tracks are bounded by the store the same way. */
    static final int MAX_FIRED = 200;
    /** Made when the first {@code triggers} line is read, not with the window: its first use loads ~350 classes (issue 25). */
    private static final class Json {
        static final com.fasterxml.jackson.databind.ObjectMapper MAPPER = new com.fasterxml.jackson.databind.ObjectMapper();
    }
    private static final byte[] SET_PREFIX = ("{\"type\":\"" + TriggerLine.SET_TYPE + "\",")
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] HELLO_PREFIX = "{\"type\":\"hello\",".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /**
     * One firing as the panel lists it.
     *
     * @param x the tick's wall time, epoch seconds (where its mark is on every track)
     * @param values what made it fire, in words, its numbers with their units (FiredText)
     */
    public record Fired(String trigger, long count, double x, String expression, String values) {}

    private final Executor ui;
    private final Consumer<Path> opener;
    private Path dir;
    private long preNs = RecorderConfig.DEFAULT_PRE_NS;
    private long postNs = RecorderConfig.DEFAULT_POST_NS;
    private final ObservableList<TriggerStatus> armed = FXCollections.observableArrayList();
    private final ObservableList<Fired> fired = FXCollections.observableArrayList();
    private final ObservableList<SavedCapture> saved = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper recorderText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper where = new ReadOnlyStringWrapper(NOWHERE);
    private final ReadOnlyBooleanWrapper available = new ReadOnlyBooleanWrapper();
    static final String NOWHERE = "Connect to this machine or an SSH host to arm triggers there; a capture shows the"
            + " firings it holds as red lines on the tracks.";
    private volatile Connection connection;
    /** The armed set as the probe's last {@code triggers} line said (a probe's stream only). Tap thread writes. */
    private volatile List<TriggerStatus> reported = List.of();
    /** Requests written to the current stream and not answered yet, oldest first: sent again on a new stream. */
    private final InFlight inFlight = new InFlight();
    /** Requests that could not be written (no stream running): sent when the next stream starts. UI thread. */
    private final List<String> pending = new java.util.ArrayList<>();
    /** What was armed on the last sampler of a target, to arm on its next one (a Rate or FLOOR_HZ change). */
    private List<String> carried = List.of();
    private String carriedTitle;
    /** The flight recorder's warning shown as the error, until a capture is written again. */
    private String recorderFailing;
    private java.util.concurrent.ExecutorService sender;
    private LineIntake intake;
    private Tap tap;

    /**
     * @param dir where the flight recorder writes its captures (created when the first trigger is armed)
     * @param opener opens a saved capture the way File ▸ Open does
     */
    public TriggersViewModel(Executor ui, Path dir, Consumer<Path> opener) {
        this.ui = ui;
        this.dir = dir;
        this.opener = opener;
    }

    /** {@code triggered} in the user's data directory ({@link UserDirs#triggered}): kept, not a cache. */
    public static Path defaultDir(UserDirs dirs) {
        return dirs.triggered();
    }

    /** Where and how much the next recorder keeps (the one running goes on as it was). */
    public void recorder(Path dir, Duration pre, Duration post) {
        this.dir = dir;
        this.preNs = pre.toNanos();
        this.postNs = post.toNanos();
    }

    /**
     * The window's live connection changed (null: none, a capture is shown). UI thread. A sampler of the
     * same target replacing the last one (Rate, FLOOR_HZ: the old one ends, the new one follows at once
     * in the same turn of the UI thread) gets what was armed on the last one.
     */
    public void connection(Connection c, LineIntake in) {
        Connection before = connection;
        if (before != null && c == null) {
            List<String> keep = new java.util.ArrayList<>(rearmRequests(set() != null ? List.copyOf(armed) : reported));
            keep.addAll(pending);
            carried = List.copyOf(keep);
            carriedTitle = before.title();
            ui.execute(() -> { if (connection == null) { carried = List.of(); } }); // a capture opened, not a restart
        }
        stopTap();
        connection = c;
        intake = c == null ? null : in;
        reported = List.of();
        inFlight.clear();
        pending.clear();
        available.set(c instanceof LocalConnection || c instanceof TriggerRequests);
        where.set(!available.get() ? NOWHERE : "Armed on " + c.title() + "'s session: evaluated on every tick"
                + (c instanceof LocalConnection ? "" : " by its probe") + ", each firing a red line on every track.");
        error.set("");
        notice.set("");
        if (c != null) {
            if (!carried.isEmpty() && c.title().equals(carriedTitle)) {
                pending.addAll(carried); // sent on its first hello (the tap below sees it)
                startRecorder();
                if (tap == null) {
                    answersTap();
                }
            } else if (available.get()) {
                // the ring runs from the session's first line, so the first firing has its pre-seconds too;
                // a directory that cannot be made is said when a trigger is armed (which tries again)
                startRecorder(false);
            }
            carried = List.of();
        }
        refresh();
    }

    /** Arms {@code expression} on the live session; false (and the error says why) when it could not. */
    public boolean arm(String expression) {
        error.set("");
        notice.set("");
        String text = expression == null ? "" : expression.strip();
        if (!available.get()) {
            error.set("Triggers are armed on a live session: connect to this machine or an SSH host first"
                    + " (a capture shows the firings it holds).");
            return false;
        }
        if (text.isEmpty()) {
            error.set("Type a trigger first, e.g. cpu.iowait_pct > 40 for 2s (docs/triggers.md has the syntax).");
            return false;
        }
        TriggerSet set = set();
        if (set == null) {
            return armOnProbe(text);
        }
        try {
            set.arm(text);
        } catch (TriggerSyntaxException e) {
            refused(text, e);
            return false;
        } catch (IllegalStateException e) {
            error.set("Cannot arm '" + text + "': " + e.getMessage() + ": connect again");
            return false;
        }
        startRecorder();
        refresh();
        return true;
    }

    /**
     * Arms {@code text} on the probe's stream (docs/triggers.md, "Live"): checked here first with the same
     * parser, so a bad expression is refused at once with its column; the probe's answer (and its armed
     * set) arrives in the next {@code triggers} line of its stream. With no stream running (connecting,
     * reconnecting) the request waits for the next one, and the notice says so.
     */
    private boolean armOnProbe(String text) {
        try {
            dev.tickbench.core.trigger.TriggerParser.parse(text, dev.tickbench.core.catalogue.SeriesCatalogue.standard());
        } catch (TriggerSyntaxException e) {
            refused(text, e);
            return false;
        }
        startRecorder(); // before the request: the recorder's tap reads the probe's answer
        if (tap == null && !answersTap()) {
            error.set("Cannot arm '" + text + "': the session's lines cannot be read; connect again.");
            return false;
        }
        request("arm " + text);
        return true;
    }

    /** A tap that only reads the probe's answers (no recorder: its directory failed); false if it cannot start. */
    private boolean answersTap() {
        if (intake == null) {
            return false;
        }
        Tap t = new Tap(null, intake.hasHello());
        try {
            intake.startTap(t);
            tap = t;
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The requests that arm {@code set} again under the same names. */
    static List<String> rearmRequests(List<TriggerStatus> set) {
        return set.stream().map(s -> "arm " + s.labelled()).toList();
    }

    /** Writes {@code line} to the probe's stdin on the sender's thread; kept for the next stream when none runs. */
    private void request(String line) {
        TriggerRequests r = requests();
        if (r == null) {
            unsent(connection, line);
            return;
        }
        Connection c = connection;
        sender().execute(() -> {
            // listed before it is written (one sender thread: in the order written, which the probe answers
            // in), so the stream's thread never waits on a write held up by the link
            inFlight.add(line);
            boolean sent = r.sendTriggerRequest(line);
            if (!sent) {
                if (inFlight.withdraw(line)) { // else a new stream took it over already
                    ui.execute(() -> unsent(c, line));
                }
            }
        });
    }

    private void unsent(Connection c, String line) {
        if (c != connection || c == null) {
            return; // the connection changed meanwhile: the request went with it
        }
        pending.add(line);
        notice.set("'" + line + "' is sent when " + c.title() + "'s probe streams again (it is not streaming now:"
                + " starting or reconnecting).");
    }

    private java.util.concurrent.ExecutorService sender() {
        if (sender == null) {
            sender = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "tickbench-trigger-requests");
                t.setDaemon(true);
                return t;
            });
        }
        return sender;
    }

    /** The live connection's probe stream, which takes requests on its stdin; null for a sampler in this JVM. */
    private TriggerRequests requests() {
        if (connection instanceof LocalConnection l) {
            return l.mode() == LocalConnection.Mode.PROBE_PROCESS ? l : null;
        }
        return connection instanceof TriggerRequests r ? r : null;
    }

    /** A bad expression: its message and the pointer under the column, whichever way it was checked. */
    private void refused(String text, TriggerSyntaxException e) {
        error.set("Cannot arm '" + text + "': " + e.getMessage() + "\n" + e.pointer());
    }

    /** Disarms the trigger named {@code name}; its firings and saved captures stay listed. */
    public boolean disarm(String name) {
        notice.set("");
        TriggerSet set = set();
        if (set == null && available.get()) {
            boolean known = reported.stream().anyMatch(t -> t.name().equals(name));
            if (known) {
                request("disarm " + name);
            } else {
                error.set("No trigger named '" + name + "' is armed on this session.");
            }
            return known;
        }
        boolean done = set != null && set.disarm(name);
        if (!done) {
            error.set("No trigger named '" + name + "' is armed on this session.");
        }
        refresh();
        return done;
    }

    /**
     * A new stream began on the connection (its hello; tap thread): it has none armed. What the last
     * stream had, what was written to it unanswered and what waited are sent to it, in that order.
     */
    private void newStream() {
        List<TriggerStatus> before = reported;
        reported = List.of();
        List<String> again = new java.util.ArrayList<>(rearmRequests(before));
        again.addAll(inFlight.takeAll());
        Connection c = connection;
        ui.execute(() -> {
            if (c == null || c != connection) {
                return; // the tap of a connection that has ended since
            }
            List<String> lines = new java.util.ArrayList<>(again);
            lines.addAll(pending);
            pending.clear();
            if (lines.isEmpty()) {
                refresh();
                return;
            }
            TriggerSet set = set();
            if (set != null) { // a sampler in this JVM replacing the last one: arm on its set
                for (String l : lines) {
                    armInProcess(set, l);
                }
            } else {
                lines.forEach(this::request);
            }
            notice.set("The stream of " + c.title() + " started again: sent to it again: " + String.join("; ", lines));
            refresh();
        });
    }

    private void armInProcess(TriggerSet set, String line) {
        try {
            if (line.startsWith("arm ")) {
                set.arm(line.substring(4));
            } else if (line.startsWith("disarm ")) {
                set.disarm(line.substring(7));
            }
        } catch (TriggerSyntaxException | IllegalStateException e) {
            error.set("Cannot arm '" + line.substring(4) + "' again: " + e.getMessage());
        }
    }

    /** Reads the armed set again (the panel asks twice a second, and each stream line about triggers). */
    public void refresh() {
        TriggerSet set = set();
        List<TriggerStatus> now = set != null ? set.list() : reported;
        if (!now.equals(armed)) {
            armed.setAll(now);
        }
        Tap t = tap;
        String text = t == null || t.recorder == null ? "Flight recorder: starts with the first trigger armed; captures go to " + dir
                : describe(t.recorder.stats(), t.recorder.config(), saved.size());
        if (!text.equals(recorderText.get())) { // a property compares by reference: no relayout for the same words
            recorderText.set(text);
        }
    }

    /** Opens a saved capture in the window (the connection ends, as with File ▸ Open). */
    public void open(SavedCapture c) {
        opener.accept(c.file());
    }

    /** The app closes: the recorder finishes what it has. */
    /**
     * The window closes: the tap stops, and a capture being written is finished with what it has. Done
     * when that capture is on disk, so that whoever closes (the app quitting, a test removing the
     * directory) can wait for it rather than cut it off.
     */
    public java.util.concurrent.CompletableFuture<Void> close() {
        var done = stopTap();
        if (sender != null) {
            sender.shutdownNow();
            sender = null;
        }
        return done;
    }

    private TriggerSet set() {
        return connection instanceof LocalConnection l ? l.triggers() : null;
    }

    private void startRecorder() {
        startRecorder(true);
    }

    /** Starts the tap with its flight recorder, unless one runs; {@code say}: a failure is shown in the error. */
    private void startRecorder(boolean say) {
        if (tap != null && tap.recorder == null) {
            stopTap(); // an answers-only tap (the directory failed before): the recorder's takes its place
        }
        if (tap != null || intake == null) {
            return;
        }
        try {
            Files.createDirectories(dir);
            long ringBytes = Math.max(1L << 20, Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 16));
            RecorderConfig config = new RecorderConfig(dir, preNs, postNs, Math.max(RecorderConfig.DEFAULT_RING_NS, preNs),
                    ringBytes, RecorderConfig.DEFAULT_COOLDOWN_NS, RecorderConfig.DEFAULT_MAX_DISK_BYTES,
                    Math.max(RecorderConfig.DEFAULT_MAX_CAPTURE_NS, preNs + postNs));
            FlightRecorder r = new FlightRecorder(config, s -> ui.execute(() -> saved(s)));
            r.onTrouble(t -> ui.execute(() -> recorderTrouble(t)));
            Tap t = new Tap(r, intake.hasHello());
            intake.startTap(t);
            tap = t;
        } catch (IOException | RuntimeException e) {
            if (say) {
                error.set("The trigger is armed, but no capture will be saved: cannot keep captures in " + dir + " ("
                        + e.getMessage() + "). Make that directory writable and arm again.");
            }
        }
    }

    /** Stops the tap; done when its recorder has written what it had (at once for no tap, or one without a recorder). */
    private java.util.concurrent.CompletableFuture<Void> stopTap() {
        Tap t = tap;
        tap = null;
        if (t == null) {
            return java.util.concurrent.CompletableFuture.completedFuture(null);
        }
        if (intake != null) {
            intake.stopTap(t);
        }
        if (t.recorder == null) {
            return java.util.concurrent.CompletableFuture.completedFuture(null); // a tap that only read the probe's answers
        }
        // an open capture is closed with what it has; the writer may take a moment on a busy disk
        var done = new java.util.concurrent.CompletableFuture<Void>();
        Thread closing = new Thread(() -> {
            try {
                t.recorder.close();
            } finally {
                done.complete(null);
            }
        }, "tickbench-recorder-close");
        closing.setDaemon(true);
        closing.start();
        return done;
    }

    private void saved(SavedCapture s) {
        saved.add(0, s);
        refresh();
        if (s.error() != null) {
            error.set("The capture " + s.file() + " was cut short: " + s.error() + " (what was written is kept in it).");
        }
    }

    /**
     * The recorder cannot write (a full disk: said once, with what and where), or writes again. UI thread.
     * A failure is the error until a capture is written again, which is a notice.
     */
    private void recorderTrouble(FlightRecorder.Trouble t) {
        String text = "The flight recorder: " + t.message() + ".";
        if (!t.over()) {
            recorderFailing = text;
            error.set(text);
            return;
        }
        if (error.get().equals(recorderFailing)) {
            error.set("");
        }
        recorderFailing = null;
        notice.set(text);
    }

    /** A probe's triggers line comes within a second of a change, and not with a firing: its count and state from here (tap thread). */
    private void firedOnStream(TriggerLine t) {
        reported = reported.stream().map(r -> !r.name().equals(t.trigger()) ? r : r.firedAt(t.fired(), t.wallNs())).toList();
    }

    private void fired(TriggerLine t) {
        fired.add(new Fired(t.trigger(), t.fired(), t.wallNs() / 1e9, t.expression(), FiredText.of(t.kind(), t.values())));
        if (fired.size() > MAX_FIRED) {
            fired.remove(0, fired.size() - MAX_FIRED);
        }
        refresh();
    }

    /** {@code saved}: the list's, as the recorder counts a capture only after it told of it. */
    private static String describe(RecorderStats s, RecorderConfig c, int saved) {
        return String.format(Locale.ROOT, "Flight recorder: %.1f s of stream in the ring (%.1f MB); %s; %d saved to %s",
                s.ringSpanNs() / 1e9, s.ringBytes() / 1e6, s.capturing() ? "writing a capture" : "waiting for a trigger",
                saved, c.dir());
    }

    public ObservableList<TriggerStatus> armed() { return armed; }
    public ObservableList<Fired> fired() { return fired; }
    public ObservableList<SavedCapture> saved() { return saved; }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyStringProperty recorderTextProperty() { return recorderText.getReadOnlyProperty(); }
    /** What happened to requests that were not answered at once (waiting for a stream, sent again on a new one). */
    public ReadOnlyStringProperty noticeProperty() { return notice.getReadOnlyProperty(); }
    /** Where triggers are armed now, or how to get somewhere they can be. */
    public ReadOnlyStringProperty whereProperty() { return where.getReadOnlyProperty(); }
    /** Whether triggers can be armed: a live session (this machine or an SSH host) is the window's. */
    public ReadOnlyBooleanProperty availableProperty() { return available.getReadOnlyProperty(); }

    /** The intake's tap: every line into the recorder; firings and set changes back to the panel. */
    private final class Tap implements dev.tickbench.core.capture.LineSink {
        final FlightRecorder recorder;
        /** The intake hands a new tap the current stream's hello first: not a new stream. */
        private boolean skipHello;

        Tap(FlightRecorder recorder, boolean currentHelloFirst) {
            this.recorder = recorder;
            this.skipHello = currentHelloFirst;
        }

        @Override
        public void line(byte[] b, int off, int len) {
            if (recorder != null) {
                recorder.line(b, off, len); // never throws; copies only
            }
            if (startsWith(b, off, len, HELLO_PREFIX)) {
                if (skipHello) {
                    skipHello = false;
                } else {
                    newStream();
                }
            } else if (TriggerLine.is(b, off, len)) {
                try {
                    TriggerLine t = TriggerLine.parse(b, off, len);
                    firedOnStream(t);
                    ui.execute(() -> fired(t));
                } catch (IOException e) {
                    // not a trigger line after all: the store skips it too
                }
            } else if (startsWith(b, off, len, SET_PREFIX)) {
                setLine(b, off, len);
            }
        }
    }

    private static boolean startsWith(byte[] b, int off, int len, byte[] prefix) {
        return len >= prefix.length && java.util.Arrays.equals(b, off, off + prefix.length, prefix, 0, prefix.length);
    }

    /** A {@code triggers} line: the armed set as the probe has it, and its answers to our requests. */
    private void setLine(byte[] b, int off, int len) {
        try {
            com.fasterxml.jackson.databind.JsonNode n = Json.MAPPER.readTree(b, off, len);
            List<TriggerStatus> now = new java.util.ArrayList<>();
            n.path("armed").forEach(t -> now.add(TriggerStatus.of(t)));
            String refused = inFlight.answer(n.path("replies"));
            reported = List.copyOf(now);
            Connection c = connection;
            ui.execute(() -> {
                if (!refused.isEmpty()) {
                    error.set((c == null ? "The probe" : c.title() + "'s probe") + " refused " + refused);
                }
                refresh();
            });
        } catch (IOException e) {
            ui.execute(this::refresh); // not a whole line after all: what was known stays
        }
    }
}
