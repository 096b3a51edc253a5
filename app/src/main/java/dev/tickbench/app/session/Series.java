package dev.tickbench.app.session;

import dev.tickbench.app.charts.CadenceLabel;
import dev.tickbench.app.charts.ChartGroup;

import io.fair_acc.dataset.spi.DoubleDataSet;
import io.fair_acc.dataset.events.StateListener;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * One plotted series: its values (a ChartFX dataset, appended in batches) and, for levels, the real
 * emissions split into change and heartbeat marks, so that held steps are never mistaken for reads.
 * Mutated only by {@link SeriesStore}, from its one receiving thread; the pending points are guarded by
 * this series' own monitor (emissions may be counted from another thread), and the datasets are read by
 * the charts under the datasets' own locks.
 *
 * <p>A NaN y in {@link #line()} is a break: samples were missed there (docs/workbench-charts.md), and
 * the line is drawn in two pieces. A level's step is extended to the last tick received before the
 * hole (a held value, like the held tail), so only the marks datasets hold real reads.
 */
public final class Series {
    private final String name;
    private final String shortName;
    private final String source;
    private final ChartGroup group;
    private final SeriesKind kind;
    private volatile CadenceLabel cadence;
    private volatile String note;
    private final QuietDataSet line;
    private final QuietDataSet changeMarks;
    private final QuietDataSet heartbeatMarks;
    private final PointBuffer pendingLine = new PointBuffer();
    private final PointBuffer pendingChange = new PointBuffer();
    private final PointBuffer pendingHeartbeat = new PointBuffer();
    private long emissions;
    private double lastX = Double.NaN;
    private double lastY = Double.NaN;
    private boolean holdTailShown;
    private long breaks;
    /** The level's value when its line was last broken, until it resumes (NaN: nothing to resume). */
    private double heldBeforeBreak = Double.NaN;
    /**
     * Changes with x beyond this are not announced to the chart (it redraws when its window moves
     * there); NaN announces everything. Set from the FX thread ({@link #drawnRange}).
     */
    private volatile double drawnMax = Double.NaN;
    /** The chart is off screen or hidden: nothing is announced until it shows again. */
    private volatile boolean offScreen;

    Series(String name, String shortName, String source, ChartGroup group, SeriesKind kind, CadenceLabel cadence) {
        this.name = name;
        this.shortName = shortName;
        this.source = source;
        this.group = group;
        this.kind = kind;
        this.cadence = cadence;
        this.line = new QuietDataSet(name, 1024);
        if (kind == SeriesKind.LEVEL) {
            this.changeMarks = new QuietDataSet(name + " change", 64);
            this.heartbeatMarks = new QuietDataSet(name + " heartbeat", 16);
        } else {
            this.changeMarks = null;
            this.heartbeatMarks = null;
        }
    }

    /** Series name as everywhere else: {@code <source>.<key>} or a derived name ({@code stat.busy}). */
    public String name() {
        return name;
    }

    /**
     * The badge text: short name and the cadence the current session publishes, e.g.
     * "thermal_zone0 · 1.0 Hz · declared". A new session (rate, FLOOR_HZ) changes it.
     */
    public String label() {
        CadenceLabel c = cadence;
        String n = note;
        return (c == null ? shortName : shortName + " · " + c.text()) + (n == null ? "" : " · " + n);
    }

    /** How the plotted value is derived when the cadence alone does not say it ("1 s window"). */
    void note(String n) {
        note = n;
    }

    /** The source the series comes from ({@code thermal_zone0}, {@code stat}, …; "throttle" for throttle lines). */
    public String source() {
        return source;
    }

    void cadence(CadenceLabel c) {
        cadence = c;
    }

    public ChartGroup group() {
        return group;
    }

    public SeriesKind kind() {
        return kind;
    }

    public CadenceLabel cadence() {
        return cadence;
    }

    public DoubleDataSet line() {
        return line;
    }

    /** Markers at change emissions (null for rate series). */
    public DoubleDataSet changeMarks() {
        return changeMarks;
    }

    /** Markers at heartbeat emissions (null for rate series). */
    public DoubleDataSet heartbeatMarks() {
        return heartbeatMarks;
    }

    /** How many values this series received: the "busiest" order of the slab and buddy pickers. */
    public synchronized long emissions() {
        return emissions;
    }

    synchronized void add(double x, double y, boolean heartbeat) {
        pendingLine.add(x, y);
        if (changeMarks != null) {
            (heartbeat ? pendingHeartbeat : pendingChange).add(x, y);
        }
        emissions++;
        lastX = x;
        lastY = y;
    }

    /**
     * Moves pending points into the datasets, one write lock each. Levels get a trailing "held" point at
     * {@code nowX} so the step reaches the present; it is replaced at the next flush, never a mark.
     */
    synchronized void flush(double nowX, int maxPoints) {
        boolean holdWanted = kind == SeriesKind.LEVEL && !Double.isNaN(lastX) && nowX > lastX;
        if (pendingLine.size() == 0 && !holdWanted && !holdTailShown) {
            return;
        }
        line.lock().writeLockGuard(() -> {
            // the first x this flush adds (a new point, else the held tail moved on to nowX); the old
            // tail's step reaching on to the window's edge waits for the window's next move
            int n = line.getDataCount();
            double from = pendingLine.size() > 0 ? pendingLine.firstX() : nowX;
            line.quiet(quiet(from) && (n + pendingLine.size() + 1 <= maxPoints));
            if (holdTailShown) {
                line.remove(line.getDataCount() - 1, line.getDataCount());
                holdTailShown = false;
            }
            pendingLine.drainTo(line);
            if (holdWanted) {
                line.add(nowX, lastY);
                holdTailShown = true;
            }
            trim(line, maxPoints);
            line.quiet(false);
        });
        if (changeMarks != null) {
            drain(pendingChange, changeMarks, maxPoints);
            drain(pendingHeartbeat, heartbeatMarks, maxPoints);
        }
    }

    /** Number of points in the line (without the held tail; with the held ends and NaN points of breaks). */
    public synchronized int realPointCount() {
        return line.lock().readLockGuard(() -> line.getDataCount() - (holdTailShown ? 1 : 0));
    }

    private void drain(PointBuffer pending, QuietDataSet target, int maxPoints) {
        if (pending.size() == 0) {
            return;
        }
        target.lock().writeLockGuard(() -> {
            target.quiet(quiet(pending.firstX()) && target.getDataCount() + pending.size() <= maxPoints);
            pending.drainTo(target);
            trim(target, maxPoints);
            target.quiet(false);
        });
    }

    private boolean quiet(double fromX) {
        double max = drawnMax;
        return offScreen || (!Double.isNaN(max) && fromX > max);
    }

    /**
     * Ends the line at {@code x}, the last tick received before a hole in the samples: a level's step
     * is held up to there, then a NaN point breaks the line (docs/workbench-charts.md). Nothing
     * happens when nothing was drawn since the last break.
     */
    synchronized void breakAt(double x) {
        if (Double.isNaN(lastX)) {
            heldBeforeBreak = Double.NaN; // unknown since an earlier break: nothing to resume
            return;
        }
        if (kind == SeriesKind.LEVEL && x > lastX) {
            pendingLine.add(x, lastY);
        }
        pendingLine.add(Math.max(x, lastX), Double.NaN);
        heldBeforeBreak = lastY;
        lastX = Double.NaN; // no held tail across the hole: the value there is not known
        breaks++;
    }

    /**
     * A level read every tick resumes at {@code x}, the first sample after a hole in time (its
     * sequence numbers consecutive: the sampler did not tick, nothing was lost): not emitted there, it
     * was read unchanged, because the change filter compares each read with the last emission
     * (docs/workbench-charts.md). After lost sequence numbers it waits for its next emission instead.
     */
    synchronized void resumeAfterBreak(double x) {
        if (kind != SeriesKind.LEVEL || Double.isNaN(heldBeforeBreak) || !Double.isNaN(lastX)) {
            return;
        }
        pendingLine.add(x, heldBeforeBreak);
        lastX = x;
        lastY = heldBeforeBreak;
        heldBeforeBreak = Double.NaN;
    }

    /** How many times the line was broken at missed samples. */
    public synchronized long breaks() {
        return breaks;
    }

    /**
     * What the chart draws (FX thread): changes at x beyond {@code max} are not announced (NaN: all
     * are), and none while {@code onScreen} is false. The chart redraws itself when it shows again or
     * its window moves, reading the datasets as they are then.
     */
    public void drawnRange(double max, boolean onScreen) {
        drawnMax = max;
        offScreen = !onScreen;
    }

    /**
     * A dataset whose change events can be held back while the chart could not show the change (off
     * screen, hidden tab, beyond the visible range): ChartFX redraws a chart on every dataset event.
     * The chart listens to the dataset's state, which the dataset's own events and its axis
     * descriptions (the x range grows with every append) both dirty, so the listeners are wrapped.
     * {@code quiet} is only set while the receiving thread holds the write lock. A state that went
     * dirty while quiet would swallow the next event (listeners hear only clean→dirty), so the first
     * change that is not quiet starts from a clean state.
     */
    static final class QuietDataSet extends DoubleDataSet {
        private volatile boolean quiet;
        private boolean heldBack;
        private final Map<StateListener, StateListener> wrapped = new IdentityHashMap<>();

        QuietDataSet(String name, int capacity) {
            super(name, capacity);
        }

        /** Called with the write lock held, before changing the data. */
        void quiet(boolean q) {
            if (!q && heldBack) {
                getBitState().clear();
                heldBack = false;
            }
            heldBack |= q;
            quiet = q;
        }

        @Override
        public void addListener(StateListener listener) {
            StateListener w = (source, bits) -> {
                if (!quiet) {
                    listener.accept(source, bits);
                }
            };
            synchronized (wrapped) {
                wrapped.put(listener, w);
            }
            super.addListener(w);
        }

        @Override
        public void removeListener(StateListener listener) {
            StateListener w;
            synchronized (wrapped) {
                w = wrapped.remove(listener);
            }
            super.removeListener(w == null ? listener : w);
        }
    }

    /** Live sessions keep a bounded history; replays pass {@code Integer.MAX_VALUE}. */
    private static void trim(DoubleDataSet ds, int maxPoints) {
        int n = ds.getDataCount();
        if (n > maxPoints) {
            ds.remove(0, n - maxPoints * 3 / 4);
        }
    }

    /** What {@link #readStored} hands its reader: the line's arrays (x ascending) and how many of them are stored points. */
    @FunctionalInterface
    public interface StoredPoints<T> {
        T read(double[] x, double[] y, int count);
    }

    /**
     * Runs {@code reader} over the stored points, the held tail left out, under this series' monitor and
     * the line's read lock, so that a flush cannot move them meanwhile: what the crosshair's readout and
     * the range statistics compute from ({@link SeriesQuery}). Not to be called while holding a dataset
     * lock (a chart's layout): the flush takes the monitor first, then the write lock.
     */
    public synchronized <T> T readStored(StoredPoints<T> reader) {
        return line.lock().readLockGuard(() -> reader.read(line.getValues(io.fair_acc.dataset.DataSet.DIM_X),
                line.getValues(io.fair_acc.dataset.DataSet.DIM_Y), line.getDataCount() - (holdTailShown ? 1 : 0)));
    }
}
