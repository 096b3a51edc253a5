package dev.tickbench.app.session;

import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.text.InertText;

/**
 * One plotted series: what it is (its catalogue entry: shown name and unit, chart group; its published
 * cadence) and its points, and for levels the real emissions split into change and heartbeat marks, so
 * that held steps are never mistaken for reads. Written only by {@link SeriesStore}, under its
 * monitor; read by any thread through {@link #line()}, {@link #changeMarks()} and {@link
 * #heartbeatMarks()}, immutable views of what the last {@link SeriesStore#flush()} published.
 *
 * <p>A NaN y in {@link #line()} is a break: samples were missed there (docs/workbench-charts.md), and
 * the line is drawn in two pieces. A level's step is extended to the last tick received before the
 * hole (a held value, like the held tail), so only the marks hold real reads.
 */
public final class Series {
    private final SeriesMatch match;
    private final String displayName;
    private final SeriesKind kind;
    private volatile CadenceLabel cadence;
    private volatile String note;
    /** Written by the one thread that notes and sets cadences; read by any. */
    private volatile long labelChanges;

    private final PointLog line;
    private final PointLog changeMarks;
    private final PointLog heartbeatMarks;
    private volatile long emissions;
    private double lastX = Double.NaN;
    private double lastY = Double.NaN;
    /** The level's value when its line was last broken, until it resumes (NaN: nothing to resume). */
    private double heldBeforeBreak = Double.NaN;

    /**
     * @param match the catalogue's entry for this series' name (it has a chart group)
     * @param displayName its short name on badges and legends (the catalogue's, or {@link DefaultPicks#displayName})
     * @param cadence what the session publishes for the series' cadence source; null when nothing
     */
    Series(SeriesMatch match, String displayName, CadenceLabel cadence) {
        this.match = match;
        this.displayName = InertText.line(displayName); // a name the machine gave (an interface's) may hold a control
        this.kind = SeriesKind.of(match);
        this.cadence = cadence;
        this.line = new PointLog(1024);
        if (kind == SeriesKind.LEVEL) {
            this.changeMarks = new PointLog(64);
            this.heartbeatMarks = new PointLog(16);
        } else {
            this.changeMarks = null;
            this.heartbeatMarks = null;
        }
    }

    /** Series name as everywhere else: {@code <source>.<key>} or a derived name ({@code cpu.busy_pct}). */
    public String name() {
        return match.name();
    }

    /** The short name on the badge and legend: "thermal_zone0", "busy", "io.some", "Normal · order 3 (32 KiB)". */
    public String displayName() {
        return displayName;
    }

    /** The unit the chart, the crosshair and the range statistics show the values in: "°C", "MHz", "%". */
    public String unit() {
        return match.displayUnit();
    }

    /**
     * The badge text: short name and the cadence the current session publishes, e.g.
     * "thermal_zone0 · 1.0 Hz · declared". A new session (rate, FLOOR_HZ) changes it.
     */
    public String label() {
        CadenceLabel c = cadence;
        String n = note;
        return (c == null ? displayName() : displayName() + " · " + c.text()) + (n == null ? "" : " · " + n);
    }

    /** How the plotted value is derived when the cadence alone does not say it ("1 s window"). */
    void note(String n) {
        if (!java.util.Objects.equals(n, note)) {
            note = n;
            labelChanges++;
        }
    }

    /**
     * How often {@link #label} changed: a reader that saw the same count saw the same label, without
     * building it (a track's badges, at each batch).
     */
    public long labelChanges() {
        return labelChanges;
    }

    /**
     * The stream source whose published cadence the series has ({@code thermal_zone0}, {@code stat} for
     * CPU busy, {@code throttle}): what the sources panel names and Ctrl+F finds.
     */
    public String source() {
        return match.cadenceSource();
    }

    /** Everything the catalogue says about this series (its entry, captures, inputs). */
    public SeriesMatch match() {
        return match;
    }

    void cadence(CadenceLabel c) {
        if (!java.util.Objects.equals(c, cadence)) {
            cadence = c;
            labelChanges++;
        }
    }

    /** The track that draws it and how (docs/catalogue.md, "Chart groups"). */
    public ChartGroup group() {
        return match.group();
    }

    public SeriesKind kind() {
        return kind;
    }

    public CadenceLabel cadence() {
        return cadence;
    }

    /** The line as the last flush published it: every point, the breaks and a level's held tail. */
    public Points line() {
        return line.view();
    }

    /** Markers at change emissions (null for rate series). */
    public Points changeMarks() {
        return changeMarks == null ? null : changeMarks.view();
    }

    /** Markers at heartbeat emissions (null for rate series). */
    public Points heartbeatMarks() {
        return heartbeatMarks == null ? null : heartbeatMarks.view();
    }

    /** How many values this series received. */
    public long emissions() {
        return emissions;
    }

    /** A value (in the shown unit) at {@code x}; seen from the next flush. Receiving thread. */
    void add(double x, double y, boolean heartbeat) {
        line.add(x, y);
        if (changeMarks != null) {
            (heartbeat ? heartbeatMarks : changeMarks).add(x, y);
        }
        emissions++;
        lastX = x;
        lastY = y;
    }

    /**
     * Replaces the line with {@code line} and a level's marks with {@code changes} and {@code heartbeats}
     * (null for a rate series), seen from the next flush as a line drawn anew: a seekable capture's
     * overview with the blocks read around what is shown ({@link SeekableReplay}). Receiving thread.
     */
    void replace(Points line, Points changes, Points heartbeats) {
        this.line.replace(copyX(line), copyY(line), line.size());
        if (changeMarks != null) {
            changeMarks.replace(copyX(changes), copyY(changes), changes.size());
            heartbeatMarks.replace(copyX(heartbeats), copyY(heartbeats), heartbeats.size());
        }
        int last = line.size() - 1;
        lastX = last >= 0 && !Double.isNaN(line.y(last)) ? line.x(last) : Double.NaN;
        lastY = last >= 0 ? line.y(last) : Double.NaN;
    }

    private static double[] copyX(Points p) {
        double[] a = new double[Math.max(16, p.size())];
        for (int i = 0; i < p.size(); i++) {
            a[i] = p.x(i);
        }
        return a;
    }

    private static double[] copyY(Points p) {
        double[] a = new double[Math.max(16, p.size())];
        for (int i = 0; i < p.size(); i++) {
            a[i] = p.y(i);
        }
        return a;
    }

    /**
     * Publishes what was added since the last flush. Levels get a trailing "held" point at {@code nowX}
     * so the step reaches the present; it is replaced at the next flush, never a mark. Receiving thread.
     */
    void flush(double nowX, int maxPoints) {
        boolean hold = kind == SeriesKind.LEVEL && !Double.isNaN(lastX) && nowX > lastX;
        line.publish(hold ? nowX : Double.NaN, hold ? lastY : Double.NaN, maxPoints);
        if (changeMarks != null) {
            changeMarks.publish(Double.NaN, Double.NaN, maxPoints);
            heartbeatMarks.publish(Double.NaN, Double.NaN, maxPoints);
        }
    }

    /** Points this series stores in all, published or not: its line and its marks (the store's memory bound). */
    long storedPoints() {
        return line.size() + (changeMarks == null ? 0 : changeMarks.size() + heartbeatMarks.size());
    }

    /** Its oldest stored point's time, NaN when it has none. Receiving thread. */
    double firstStoredX() {
        return line.firstX();
    }

    /**
     * Drops what is older than {@code cutoff} from the line and the marks, seen from the next flush; a
     * level keeps its last read before it, and its mark, since that value holds at the cutoff (a slab
     * cache that last changed an hour ago still has its step). Receiving thread.
     */
    void trimBefore(double cutoff) {
        boolean level = kind == SeriesKind.LEVEL;
        line.trimBefore(cutoff, level);
        if (changeMarks != null) {
            changeMarks.trimBefore(cutoff, level);
            heartbeatMarks.trimBefore(cutoff, false);
        }
    }

    /** Points its arrays have room for, line and marks (tests: what it holds in memory). */
    long capacity() {
        return line.capacity() + (changeMarks == null ? 0 : changeMarks.capacity() + heartbeatMarks.capacity());
    }

    /** Gives its arrays' room to grow back (a replay read whole); seen from the next flush. Receiving thread. */
    void compact() {
        line.compact();
        if (changeMarks != null) {
            changeMarks.compact();
            heartbeatMarks.compact();
        }
    }

    /**
     * Ends the line at {@code x}, the last tick received before a hole in the samples: a level's step
     * is held up to there, then a NaN point breaks the line (docs/workbench-charts.md). Nothing
     * happens when nothing was drawn since the last break.
     */
    void breakAt(double x) {
        if (Double.isNaN(lastX)) {
            heldBeforeBreak = Double.NaN; // unknown since an earlier break: nothing to resume
            return;
        }
        if (kind == SeriesKind.LEVEL && x > lastX) {
            line.add(x, lastY);
        }
        line.add(Math.max(x, lastX), Double.NaN);
        heldBeforeBreak = lastY;
        lastX = Double.NaN; // no held tail across the hole: the value there is not known
    }

    /**
     * A level read every tick resumes at {@code x}, the first sample after a hole in time (its
     * sequence numbers consecutive: the sampler did not tick, nothing was lost): not emitted there, it
     * was read unchanged, because the change filter compares each read with the last emission
     * (docs/workbench-charts.md). After lost sequence numbers it waits for its next emission instead.
     */
    void resumeAfterBreak(double x) {
        if (kind != SeriesKind.LEVEL || Double.isNaN(heldBeforeBreak) || !Double.isNaN(lastX)) {
            return;
        }
        line.add(x, heldBeforeBreak);
        lastX = x;
        lastY = heldBeforeBreak;
        heldBeforeBreak = Double.NaN;
    }

    @Override
    public String toString() {
        return name();
    }
}
