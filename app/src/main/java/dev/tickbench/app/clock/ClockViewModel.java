package dev.tickbench.app.clock;

import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.TimeWindow;
import dev.tickbench.core.clock.ClockReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The "Why is the clock low?" panel's model (docs/clock.md, "For the workbench"): the verdict of the
 * core over the range the user looks at — the Shift+drag range when there is one, else the visible
 * window (while following live: the last span seconds) — for the store the window shows. Live, from
 * the lines the panel keeps of the session ({@link ClockLines}, fed by the store as it decodes them),
 * judged again at most once a second ({@link #LIVE_EVERY_NS}); a range older than those lines is read
 * from a copy of the session's spool. From a capture, from the file ({@link ClockFile}), again when the
 * range changes; a range that changes while the file is read cancels that reading. The judging runs on
 * the work executor with its progress shown, never on the UI thread.
 *
 * <p>UI thread only (a test's plain executor will do); no toolkit. What it shows is a {@link ClockState}
 * its listeners hear on the UI thread.
 */
public final class ClockViewModel {
    /** Live, the verdict is judged again at most this often. */
    public static final long LIVE_EVERY_NS = 1_000_000_000L;

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("HH:mm:ss.S").withZone(ZoneId.systemDefault());

    /** A range to judge and how the panel names it. */
    private record Want(double from, double to, String scope) {}

    /** One judging: cancelled when no longer wanted. */
    private static final class Job {
        final Want want;
        volatile boolean cancelled;

        Job(Want want) {
            this.want = want;
        }
    }

    private final TimeWindow window;
    private final Spool spool;
    private final Executor ui;
    private final Executor work;
    /** The lines kept of each live store, from its first line on (a store no longer shown is let go). */
    private final Map<SeriesStore, ClockLines> kept = new WeakHashMap<>();

    private final List<Consumer<ClockState>> listeners = new CopyOnWriteArrayList<>();
    private SeriesStore store;
    private ClockLines lines;
    private Path replayFile;
    /** The replay's index, read once for every range judged. */
    private final ClockFile.Indexes indexes = new ClockFile.Indexes();

    private double rangeFrom = Double.NaN;
    private double rangeTo = Double.NaN;
    private boolean active = true;
    private boolean loading;
    private Want judged;
    /** Live: the newest kept sample and the count of samples kept when the shown verdict was judged. */
    private double judgedLatest = Double.NaN;

    private long judgedReceived = -1;
    private Job running;
    private long lastStartNs;
    private boolean started;
    private ClockState state = ClockState.WAITING;

    /**
     * @param window the time window every chart shows
     * @param spool the live session's spool: a live range older than the kept lines is read from it
     * @param ui runs a result on the UI thread
     * @param work runs the judging (the app's {@code Background.shared()})
     */
    public ClockViewModel(TimeWindow window, Spool spool, Executor ui, Executor work) {
        this.window = window;
        this.spool = spool;
        this.ui = ui;
        this.work = work;
    }

    /** A new store: the panel keeps the lines its verdict reads from its first line on (before any arrives). */
    public void created(SeriesStore s) {
        ClockLines l = new ClockLines();
        kept.put(s, l);
        s.addListener(l);
    }

    /**
     * What the window shows now: {@code s} (null: nothing), from {@code replay} when it is a capture
     * (null: live). Whatever was judged for the store before goes.
     */
    public void show(SeriesStore s, Path replay) {
        cancelRunning();
        store = s;
        replayFile = replay;
        lines = replay == null && s != null ? kept.get(s) : null;
        judged = null;
        judgedLatest = Double.NaN;
        judgedReceived = -1;
        rangeFrom = Double.NaN;
        rangeTo = Double.NaN;
        set(ClockState.WAITING);
    }

    /** The Shift+drag range (epoch s); NaN, NaN when there is none. */
    public void range(double from, double to) {
        rangeFrom = Math.min(from, to);
        rangeTo = Math.max(from, to);
    }

    /** Whether the panel can be seen (not folded, its tab shown): a panel nobody sees judges nothing. */
    public void active(boolean on) {
        active = on;
    }

    /** A capture is being read into the store: its verdict waits for the whole range to be there. */
    public void loading(boolean on) {
        loading = on;
    }

    public ClockState state() {
        return state;
    }

    public void addListener(Consumer<ClockState> l) {
        listeners.add(l);
    }

    /** Whether the shown store is live (the panel judges its kept lines), not a capture. */
    public boolean isLive() {
        return lines != null;
    }

    /**
     * Judges the range looked at when it changed or, live, when new samples reached it — live at most
     * once every {@link #LIVE_EVERY_NS}. Called a few times a second on the UI thread.
     */
    public void pulse(long nowNs) {
        if (store == null || !active || (loading && lines == null)) {
            return;
        }
        Want want = want();
        if (want == null) {
            return;
        }
        if (running != null) {
            if (lines == null && !want.equals(running.want)) {
                running.cancelled = true; // a capture read for a range no longer looked at
            }
            return;
        }
        // live, new samples matter when they can be in the range: not while paused on the past
        boolean newData = lines != null
                && lines.received() != judgedReceived
                && (Double.isNaN(judgedLatest) || want.to + ClockRange.EPS_S > judgedLatest);
        if (want.equals(judged) && !newData) {
            return;
        }
        if (lines != null && started && nowNs - lastStartNs < LIVE_EVERY_NS) {
            return;
        }
        started = true;
        lastStartNs = nowNs;
        start(want);
    }

    /** The Shift+drag range, else the visible window; null before the window shows anything. */
    private Want want() {
        if (!Double.isNaN(rangeFrom) && rangeTo > rangeFrom) {
            return new Want(rangeFrom, rangeTo, "selected range " + time(rangeFrom) + " – " + time(rangeTo));
        }
        double min = window.min();
        double max = window.max();
        if (Double.isNaN(min) || Double.isNaN(max) || !(max > min)) {
            return null;
        }
        if (lines != null && window.isFollow()) {
            return new Want(min, max, String.format(Locale.ROOT, "last %s s, live", seconds(window.span())));
        }
        return new Want(min, max, "visible range " + time(min) + " – " + time(max));
    }

    private static String seconds(double s) {
        return s == Math.rint(s) ? Long.toString((long) s) : String.format(Locale.ROOT, "%.1f", s);
    }

    private static String time(double epochS) {
        return TIME.format(Instant.ofEpochMilli(Math.round(epochS * 1000)));
    }

    private void start(Want want) {
        Job job = new Job(want);
        running = job;
        if (lines != null) {
            ClockLines.Snapshot snap = lines.snapshot();
            if (snap.covers(want.from)) {
                work.execute(() -> done(job, snap, snap.judge(want.from, want.to), null));
                return;
            }
            set(state.busy("Copying the session's spool to judge the clock…", -1));
            work.execute(() -> fromSpool(job, snap));
            return;
        }
        Path file = replayFile;
        if (file == null) {
            running = null;
            return;
        }
        set(state.busy("Judging the clock from " + file.getFileName() + "…", 0));
        work.execute(() -> fromFile(job, file, indexes, file.getFileName().toString(), null));
    }

    /** A live range older than the kept lines: from a copy of the spool (it holds the last half hour or more). */
    private void fromSpool(Job job, ClockLines.Snapshot latest) {
        Path copy = null;
        try {
            Path current = spool.currentFile();
            if (current == null) {
                failed(
                        job,
                        "The clock cannot be judged before " + time(job.want.from) + " here: the session's spool is not"
                                + " kept (see the error above); record (R) to keep it");
                return;
            }
            copy = Files.createTempFile(current.getParent(), "clock-", ".ndjson");
            spool.snapshot(copy);
            fromFile(job, copy, ClockFile.Indexes.NONE, "the session's spool", latest);
        } catch (IOException | RuntimeException e) {
            failed(
                    job,
                    "Cannot copy the session's spool in " + Spool.defaultDir() + " to judge the clock: "
                            + e.getMessage());
        } finally {
            if (copy != null) {
                try {
                    Files.deleteIfExists(copy);
                } catch (IOException e) {
                    // a temporary copy in the spool's folder: the next start deletes what dead workbenches left there
                }
            }
        }
    }

    private void fromFile(Job job, Path file, ClockFile.Indexes index, String name, ClockLines.Snapshot latest) {
        try {
            ClockFile.Result r = ClockFile.judge(
                    file,
                    index,
                    job.want.from,
                    job.want.to,
                    f -> ui.execute(() -> {
                        if (running == job) {
                            set(state.busy("Judging the clock from " + name + "…", f));
                        }
                    }),
                    () -> job.cancelled);
            if (!r.cancelled()) {
                done(job, latest, r.report(), r.readError());
            } else {
                done(job, latest, null, null);
            }
        } catch (IOException | RuntimeException e) {
            failed(job, "Cannot judge the clock from " + file + ": " + e.getMessage());
        }
    }

    /**
     * On the work thread: the verdict for {@code job} (null: cancelled), shown on the UI thread if still
     * wanted; {@code kept} is what the live lines held when it was judged (null for a capture).
     */
    private void done(Job job, ClockLines.Snapshot kept, ClockReport report, String readError) {
        ui.execute(() -> {
            if (running != job) {
                return; // the store changed meanwhile
            }
            running = null;
            if (report == null || job.cancelled) {
                set(state.busy(null, 0));
                return;
            }
            judged = job.want;
            if (kept != null) {
                judgedLatest = kept.latestS();
                judgedReceived = kept.received();
            }
            set(ClockState.of(job.want.scope, report, readError));
        });
    }

    private void failed(Job job, String why) {
        ui.execute(() -> {
            if (running == job) {
                running = null;
                judged = job.want;
                set(state.failed(why));
            }
        });
    }

    private void cancelRunning() {
        if (running != null) {
            running.cancelled = true;
            running = null;
        }
    }

    private void set(ClockState s) {
        state = s;
        listeners.forEach(l -> l.accept(s));
    }
}
