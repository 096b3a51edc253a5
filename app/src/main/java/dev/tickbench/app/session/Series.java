package dev.tickbench.app.session;

import dev.tickbench.app.charts.CadenceLabel;
import dev.tickbench.app.charts.ChartGroup;

import io.fair_acc.dataset.spi.DoubleDataSet;

/**
 * One plotted series: its values (a ChartFX dataset, appended in batches) and, for levels, the real
 * emissions split into change and heartbeat marks, so that held steps are never mistaken for reads.
 * Mutated only by {@link SeriesStore}, from its one receiving thread; the pending points are guarded by
 * this series' own monitor (emissions may be counted from another thread), and the datasets are read by
 * the charts under the datasets' own locks.
 */
public final class Series {
    private final String name;
    private final String shortName;
    private final String source;
    private final ChartGroup group;
    private final SeriesKind kind;
    private volatile CadenceLabel cadence;
    private volatile String note;
    private final DoubleDataSet line;
    private final DoubleDataSet changeMarks;
    private final DoubleDataSet heartbeatMarks;
    private final PointBuffer pendingLine = new PointBuffer();
    private final PointBuffer pendingChange = new PointBuffer();
    private final PointBuffer pendingHeartbeat = new PointBuffer();
    private long emissions;
    private double lastX = Double.NaN;
    private double lastY = Double.NaN;
    private boolean holdTailShown;

    Series(String name, String shortName, String source, ChartGroup group, SeriesKind kind, CadenceLabel cadence) {
        this.name = name;
        this.shortName = shortName;
        this.source = source;
        this.group = group;
        this.kind = kind;
        this.cadence = cadence;
        this.line = new DoubleDataSet(name, 1024);
        if (kind == SeriesKind.LEVEL) {
            this.changeMarks = new DoubleDataSet(name + " change", 64);
            this.heartbeatMarks = new DoubleDataSet(name + " heartbeat", 16);
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
        });
        if (changeMarks != null) {
            drain(pendingChange, changeMarks, maxPoints);
            drain(pendingHeartbeat, heartbeatMarks, maxPoints);
        }
    }

    /** Number of real points (without the held tail). */
    public synchronized int realPointCount() {
        return line.lock().readLockGuard(() -> line.getDataCount() - (holdTailShown ? 1 : 0));
    }

    private static void drain(PointBuffer pending, DoubleDataSet target, int maxPoints) {
        if (pending.size() == 0) {
            return;
        }
        target.lock().writeLockGuard(() -> {
            pending.drainTo(target);
            trim(target, maxPoints);
        });
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
