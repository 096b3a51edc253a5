package dev.tickbench.app.trigger;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.LocalConnection;
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
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Triggers panel's state (docs/triggers.md, "For the workbench"): the triggers armed on this
 * machine's session, armed and disarmed live (on its probe process through the probe's stdin, the set
 * read back from the stream's {@code triggers} lines; in process on its {@link TriggerSet}), the firings the stream carried, and
 * the captures the flight recorder saved around them. The recorder is a tap on the connection's
 * intake, so it keeps the lines the charts draw; it starts with the first trigger armed on a
 * connection (a session with no trigger keeps no ring and writes no directory) and keeps its ring
 * until the connection ends. Driven on the UI thread; what the stream's thread hears comes back
 * through {@code ui}.
 *
 * <p>Over SSH the probe's {@code stream} takes arm/disarm lines on its stdin; the workbench's SSH
 * connection does not write to it yet, so the panel arms triggers on this machine only and says so.
 */
public final class TriggersViewModel {
    /** Firings kept in the list: the marks on the tracks are bounded by the store the same way. */
    static final int MAX_FIRED = 200;
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();
    private static final byte[] SET_PREFIX = ("{\"type\":\"" + TriggerLine.SET_TYPE + "\",")
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /**
     * One firing as the panel lists it.
     *
     * @param x the tick's wall time, epoch seconds (where its mark is on every track)
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
    private final ReadOnlyStringWrapper recorderText = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper available = new ReadOnlyBooleanWrapper();
    private LocalConnection local;
    /** The armed set as the probe process's last {@code triggers} line said (a probe process only). */
    private volatile List<TriggerStatus> reported = List.of();
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

    /** {@code $XDG_DATA_HOME/tickbench/triggered}, else {@code ~/.local/share/tickbench/triggered}: kept, not a cache. */
    public static Path defaultDir(Map<String, String> env, UserDirs dirs) {
        String data = env.get("XDG_DATA_HOME");
        Path base = data != null && Path.of(data).isAbsolute() ? Path.of(data) : dirs.home().resolve(".local/share");
        return base.resolve("tickbench").resolve("triggered");
    }

    /** Where and how much the next recorder keeps (the one running goes on as it was). */
    public void recorder(Path dir, Duration pre, Duration post) {
        this.dir = dir;
        this.preNs = pre.toNanos();
        this.postNs = post.toNanos();
    }

    /** The window's live connection changed (null: none, a capture is shown). UI thread. */
    public void connection(Connection c, LineIntake in) {
        stopTap();
        local = c instanceof LocalConnection l ? l : null;
        intake = local == null ? null : in;
        reported = List.of();
        available.set(local != null);
        error.set("");
        refresh();
    }

    /** Arms {@code expression} on this machine's session; false (and the error says why) when it could not. */
    public boolean arm(String expression) {
        error.set("");
        String text = expression == null ? "" : expression.strip();
        TriggerSet set = set();
        boolean probe = set == null && viaProbe();
        if (set == null && !probe) {
            error.set("Triggers are armed on this machine's session: connect to this machine first"
                    + " (over SSH, arm them with the probe's stream --trigger for now).");
            return false;
        }
        if (text.isEmpty()) {
            error.set("Type a trigger first, e.g. cpu.iowait_pct > 40 for 2s (docs/triggers.md has the syntax).");
            return false;
        }
        if (probe) {
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

    /** This machine sampled by a probe process: requests go to its stdin, the armed set comes back in its stream. */
    private boolean viaProbe() {
        return local != null && local.mode() == LocalConnection.Mode.PROBE_PROCESS;
    }

    /**
     * Arms {@code text} on the probe process (docs/triggers.md, "Live"): checked here first with the same
     * parser, so a bad expression is refused at once with its column; the probe's answer (and its armed
     * set) arrives in the next {@code triggers} line of its stream.
     */
    private boolean armOnProbe(String text) {
        try {
            dev.tickbench.core.trigger.TriggerParser.parse(text, dev.tickbench.core.catalogue.SeriesCatalogue.standard());
        } catch (TriggerSyntaxException e) {
            refused(text, e);
            return false;
        }
        startRecorder(); // before the request: the recorder's tap reads the probe's answer
        if (tap == null && intake != null) { // no recorder (its directory failed): a tap that only reads answers
            Tap t = new Tap(null);
            try {
                intake.startTap(t);
                tap = t;
            } catch (IOException e) {
                error.set("Cannot arm '" + text + "': the session's lines cannot be read (" + e.getMessage() + "); connect again.");
                return false;
            }
        }
        if (!local.sendTriggerRequest("arm " + text)) {
            error.set("Cannot arm '" + text + "': this machine's probe process is not running now; connect again.");
            return false;
        }
        return true;
    }

    /** A bad expression: its message and the pointer under the column, whichever way it was checked. */
    private void refused(String text, TriggerSyntaxException e) {
        error.set("Cannot arm '" + text + "': " + e.getMessage() + "\n" + e.pointer());
    }

    /** Disarms the trigger named {@code name}; its firings and saved captures stay listed. */
    public boolean disarm(String name) {
        if (set() == null && viaProbe()) {
            boolean known = reported.stream().anyMatch(t -> t.name().equals(name));
            boolean done = known && local.sendTriggerRequest("disarm " + name);
            if (!done) {
                error.set("No trigger named '" + name + "' is armed on this session.");
            }
            return done;
        }
        TriggerSet set = set();
        boolean done = set != null && set.disarm(name);
        if (!done) {
            error.set("No trigger named '" + name + "' is armed on this session.");
        }
        refresh();
        return done;
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
    public void close() {
        stopTap();
    }

    private TriggerSet set() {
        return local == null ? null : local.triggers();
    }

    private void startRecorder() {
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
            Tap t = new Tap(r);
            intake.startTap(t);
            tap = t;
        } catch (IOException | RuntimeException e) {
            error.set("The trigger is armed, but no capture will be saved: cannot keep captures in " + dir + " ("
                    + e.getMessage() + "). Make that directory writable and arm again.");
        }
    }

    private void stopTap() {
        Tap t = tap;
        tap = null;
        if (t != null) {
            if (intake != null) {
                intake.stopTap(t);
            }
            if (t.recorder == null) {
                return; // a tap that only read the probe's answers
            }
            // an open capture is closed with what it has; the writer may take a moment on a busy disk
            Thread closing = new Thread(() -> t.recorder.close(), "tickbench-recorder-close");
            closing.setDaemon(true);
            closing.start();
        }
    }

    private void saved(SavedCapture s) {
        saved.add(0, s);
        refresh();
        if (s.error() != null) {
            error.set("The capture " + s.file() + " was cut short: " + s.error() + " (what was written is kept in it).");
        }
    }

    private void fired(TriggerLine t) {
        // a probe's triggers line comes when the set changes, not when one fires: its count and state from here
        reported = reported.stream().map(r -> !r.name().equals(t.trigger()) ? r
                : new TriggerStatus(r.name(), r.expression(), r.kind(), dev.tickbench.core.trigger.TriggerState.FIRED, t.fired(),
                        r.absent(), t.wallNs())).toList();
        fired.add(new Fired(t.trigger(), t.fired(), t.wallNs() / 1e9, t.expression(), String.valueOf(t.values())));
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
    /** Whether triggers can be armed: this machine's session is the live one. */
    public ReadOnlyBooleanProperty availableProperty() { return available.getReadOnlyProperty(); }

    /** The intake's tap: every line into the recorder; firings and set changes back to the panel. */
    private final class Tap implements dev.tickbench.core.capture.LineSink {
        final FlightRecorder recorder;

        Tap(FlightRecorder recorder) {
            this.recorder = recorder;
        }

        @Override
        public void line(byte[] b, int off, int len) {
            if (recorder != null) {
                recorder.line(b, off, len); // never throws; copies only
            }
            if (TriggerLine.is(b, off, len)) {
                try {
                    TriggerLine t = TriggerLine.parse(b, off, len);
                    ui.execute(() -> fired(t));
                } catch (IOException e) {
                    // not a trigger line after all: the store skips it too
                }
            } else if (len >= SET_PREFIX.length && java.util.Arrays.equals(b, off, off + SET_PREFIX.length, SET_PREFIX, 0,
                    SET_PREFIX.length)) {
                setLine(b, off, len);
            }
        }
    }

    /** A {@code triggers} line: the armed set as the probe has it, and its answers to our requests. */
    private void setLine(byte[] b, int off, int len) {
        try {
            com.fasterxml.jackson.databind.JsonNode n = JSON.readTree(b, off, len);
            List<TriggerStatus> now = new java.util.ArrayList<>();
            n.path("armed").forEach(t -> now.add(TriggerStatus.of(t)));
            StringBuilder refused = new StringBuilder();
            for (com.fasterxml.jackson.databind.JsonNode r : n.path("replies")) {
                if (!r.path("ok").asBoolean()) {
                    refused.append(refused.length() == 0 ? "" : "; ").append(r.path("error").asText());
                }
            }
            reported = List.copyOf(now);
            ui.execute(() -> {
                if (refused.length() > 0) {
                    error.set("This machine's probe refused it: " + refused);
                }
                refresh();
            });
        } catch (IOException e) {
            ui.execute(this::refresh); // not a whole line after all: what was known stays
        }
    }
}
