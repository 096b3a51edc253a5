package dev.tickbench.app.trigger;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.dirs.UserDirs;
import dev.tickbench.app.intake.Intake;
import dev.tickbench.core.recorder.FlightRecorder;
import dev.tickbench.core.recorder.RecorderConfig;
import dev.tickbench.core.recorder.SavedCapture;
import dev.tickbench.core.trigger.TriggerLine;
import dev.tickbench.core.trigger.TriggerStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
 * session ({@link TriggerSession}), the firings the stream carried and the captures the flight recorder
 * saved around them ({@link TriggerTap}), as the lists and texts the panel binds to. The recorder starts
 * with every live session that takes triggers, so that the first firing has its pre-seconds too (a
 * directory that cannot be made is said when a trigger is armed, which tries again). UI thread.
 */
public final class TriggersViewModel {
    /** Firings kept in the list: the marks on the tracks are bounded by the store the same way. */
    static final int MAX_FIRED = 200;

    static final String NOWHERE = "Connect to this machine or an SSH host to arm triggers there; a capture shows the"
            + " firings it holds as red lines on the tracks.";

    /**
     * One firing as the panel lists it.
     *
     * @param x the tick's wall time, epoch seconds (where its mark is on every track)
     * @param values what made it fire, in words, its numbers with their units (FiredText)
     */
    public record Fired(String trigger, long count, double x, String expression, String values) {}

    private final Consumer<Path> opener;
    private final TriggerSession session;
    private final TriggerTap tap;
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
    /** The flight recorder's warning shown as the error, until a capture is written again. */
    private String recorderFailing;

    /**
     * @param dir where the flight recorder writes its captures (created when the first trigger is armed)
     * @param opener opens a saved capture the way File ▸ Open does
     */
    public TriggersViewModel(Executor ui, Path dir, Consumer<Path> opener) {
        this.dir = dir;
        this.opener = opener;
        this.session = new TriggerSession(ui, new TriggerSession.Listener() {
            @Override
            public void changed() {
                refresh();
            }

            @Override
            public void fired(TriggerLine t) {
                firedOnStream(t);
            }

            @Override
            public void error(String text) {
                error.set(text);
            }

            @Override
            public void notice(String text) {
                notice.set(text);
            }
        });
        this.tap = new TriggerTap(session, s -> ui.execute(() -> saved(s)), t -> ui.execute(() -> recorderTrouble(t)));
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

    /** The window's live connection's intake changed (null: none, a capture is shown). */
    public void connection(Intake in) {
        Connection c = in == null ? null : in.connection();
        boolean carried = session.connection(c);
        tap.leave();
        available.set(session.available());
        where.set(
                !available.get()
                        ? NOWHERE
                        : "Armed on " + c.title() + "'s session: evaluated on every tick"
                                + (c.thisMachine() ? "" : " by its probe")
                                + ", each firing a red line on every track.");
        error.set("");
        notice.set("");
        if (available.get()) {
            tap.join(in);
            startRecorder(carried); // what was carried is armed on the first hello: a failure is said now
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
        String why = session.arm(text);
        if (why != null) {
            error.set(why);
            return false;
        }
        startRecorder(true);
        refresh();
        return true;
    }

    /** Disarms the trigger named {@code name}; its firings and saved captures stay listed. */
    public boolean disarm(String name) {
        notice.set("");
        String why = session.disarm(name);
        if (why != null) {
            error.set(why);
        }
        refresh();
        return why == null;
    }

    /** Starts the flight recorder unless one runs; {@code say}: a failure is shown in the error. */
    private void startRecorder(boolean say) {
        if (tap.recording()) {
            return;
        }
        try {
            tap.startRecorder(dir, preNs, postNs);
        } catch (IOException | RuntimeException e) {
            if (say) {
                error.set("The trigger is armed, but no capture will be saved: cannot keep captures in " + dir + " ("
                        + e.getMessage() + "). Make that directory writable and arm again.");
            }
        }
    }

    /** Reads the armed set again (the panel asks twice a second, and each stream line about triggers). */
    public void refresh() {
        List<TriggerStatus> now = session.armed();
        if (!now.equals(armed)) {
            armed.setAll(now);
        }
        String text = tap.describe(saved.size());
        if (text == null) {
            text = "Flight recorder: starts with the first trigger armed; captures go to " + dir;
        }
        if (!text.equals(recorderText.get())) { // a property compares by reference: no relayout for the same words
            recorderText.set(text);
        }
    }

    /** Opens a saved capture in the window (the connection ends, as with File ▸ Open). */
    public void open(SavedCapture c) {
        opener.accept(c.file());
    }

    /**
     * The window closes: the tap leaves, and a capture being written is finished with what it has. Done
     * when that capture is on disk, so that whoever closes (the app quitting, a test removing the
     * directory) can wait for it rather than cut it off.
     */
    public CompletableFuture<Void> close() {
        session.close();
        return tap.leave();
    }

    private void saved(SavedCapture s) {
        saved.add(0, s);
        refresh();
        if (s.error() != null) {
            error.set(
                    "The capture " + s.file() + " was cut short: " + s.error() + " (what was written is kept in it).");
        }
    }

    /**
     * The recorder cannot write (a full disk: said once, with what and where), or writes again. A failure
     * is the error until a capture is written again, which is a notice.
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

    private void firedOnStream(TriggerLine t) {
        fired.add(new Fired(
                t.trigger(), t.fired(), t.wallNs() / 1e9, t.expression(), FiredText.of(t.kind(), t.values())));
        if (fired.size() > MAX_FIRED) {
            fired.remove(0, fired.size() - MAX_FIRED);
        }
        refresh();
    }

    public ObservableList<TriggerStatus> armed() {
        return armed;
    }

    public ObservableList<Fired> fired() {
        return fired;
    }

    public ObservableList<SavedCapture> saved() {
        return saved;
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty recorderTextProperty() {
        return recorderText.getReadOnlyProperty();
    }
    /** What happened to requests that were not answered at once (waiting for a stream, sent again on a new one). */
    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }
    /** Where triggers are armed now, or how to get somewhere they can be. */
    public ReadOnlyStringProperty whereProperty() {
        return where.getReadOnlyProperty();
    }
    /** Whether triggers can be armed: a live session (this machine or an SSH host) is the window's. */
    public ReadOnlyBooleanProperty availableProperty() {
        return available.getReadOnlyProperty();
    }
}
