package dev.tickbench.app.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.KmsgGapLine;
import dev.tickbench.core.capture.KmsgLine;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.derived.DerivedKind;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedValue;
import dev.tickbench.core.derived.DerivedWindow;
import dev.tickbench.core.derived.PmuDerived;
import dev.tickbench.core.sampler.AchievedCadences;
import dev.tickbench.core.sampler.SelfLine;
import dev.tickbench.core.trigger.TriggerLine;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Turns decoded stream lines into plotted series, by what the series catalogue says of each value
 * (docs/catalogue.md): a stream level with a chart group is drawn as it is, in its shown unit; a
 * counter is drawn through the derived series computed from it (core's {@link DerivedSeries}, and the
 * PMU's ratios and rates, {@link PmuDerived}). Fed by one receiving thread (a connection or a capture
 * replay), every write under its monitor; {@link #flush()} publishes what arrived to every reader at once.
 * No toolkit types: read by the charts, the crosshair, the selection and the exports alike.
 *
 * <p>The shared time axis is wall-clock epoch seconds: sessions from different hosts or reconnects
 * line up, and kmsg's monotonic stamps are moved onto it with the hello's wall/mono pair.
 */
public final class SeriesStore {
    /** Live sessions keep this many points per series (two hours at 100 Hz); replays keep everything. */
    public static final int LIVE_MAX_POINTS = 720_000;
    /**
     * The heap a live store's points may take (docs/workbench-charts.md, "Memory"): a tenth of the heap, at
     * most 48 MB (their arrays' room to grow adds up to a third). Past it the oldest points of every series
     * go, down to three quarters of it.
     */
    public static final long LIVE_MAX_BYTES =
            Math.min(48L << 20, Runtime.getRuntime().maxMemory() / 10);
    /** Kept marks (kmsg records, gaps, session changes): a kernel log flood must not grow the heap without end. */
    public static final int MAX_MARKS = 10_000;
    /** A hole longer than this many periods breaks a line (docs/workbench-charts.md). */
    public static final double BREAK_PERIODS = 2.5;

    private final SeriesCatalogue catalogue;
    private final Map<String, Series> series = new ConcurrentHashMap<>();
    private final List<Series> order = new CopyOnWriteArrayList<>();
    private final MarkLog marks = new MarkLog(MAX_MARKS);
    private final List<StoreListener> listeners = new CopyOnWriteArrayList<>();
    private final int maxPoints;
    /** The bound on all points' memory, Long.MAX_VALUE for none (a replay keeps everything it read). */
    private final long maxBytes;
    /** Epoch seconds before which the memory bound dropped points (NaN: nothing dropped). */
    private volatile double keptFromX = Double.NaN;

    private final DerivedSeries derived;
    private final Smoothing smoothing = new Smoothing();
    /** Each derived name with its kind (a new window notes them all again). */
    private final Map<String, DerivedKind> derivedKinds = new ConcurrentHashMap<>();

    private final DerivedDrawing derivedDrawing;
    private final WhoLog who = new WhoLog(); // named processes and cgroups, for the Who panel (docs/who.md)
    private final WhoPlots whoPlots;

    private final PmuDerived pmu;
    /** Where the PMU's values of the sample at {@link #pmuX} are drawn (one object, not one a sample). */
    private final PmuDerived.Out pmuOut;

    private double pmuX;
    private final Ticks ticks = new Ticks(() -> order);
    private final LevelDrawing levels;

    private volatile SessionInfo session;
    private volatile SelfLine lastSelf; // written on the intake's thread, read on the FX thread
    private JsonNode capabilities;
    private long wallMinusMonoNs;
    private volatile double firstX = Double.NaN;
    private volatile double latestX = Double.NaN;
    /** {@link #latestX} as of the last {@link #flush()}: every point up to it has reached the readers. */
    private volatile double publishedX = Double.NaN;

    private volatile long samples;
    private volatile long kmsgDropped;

    /** A store of the standard catalogue's series keeping {@code maxPoints} per series. */
    public SeriesStore(int maxPoints) {
        this(SeriesCatalogue.standard(), maxPoints);
    }

    public SeriesStore(SeriesCatalogue catalogue, int maxPoints) {
        this(catalogue, maxPoints, Long.MAX_VALUE);
    }

    /** A store keeping {@code maxPoints} per series and all its points in {@code maxBytes} (docs/workbench-charts.md, "Memory"). */
    public SeriesStore(SeriesCatalogue catalogue, int maxPoints, long maxBytes) {
        this.catalogue = catalogue;
        this.maxPoints = maxPoints;
        this.maxBytes = maxBytes;
        this.derived = new DerivedSeries(catalogue);
        this.pmu = new PmuDerived(catalogue);
        this.derivedDrawing = new DerivedDrawing(catalogue, this::series, derivedKinds::putIfAbsent, who);
        this.pmuOut = (name, value, note) -> derivedDrawing.draw(name, value, note, pmuX);
        this.levels = new LevelDrawing(catalogue, this::series);
        this.whoPlots = new WhoPlots(catalogue, this::series, () -> session, this::mark);
        who.plotTo(whoPlots);
    }

    public static SeriesStore live() {
        return live(SeriesCatalogue.standard());
    }

    public static SeriesStore live(SeriesCatalogue catalogue) {
        return new SeriesStore(catalogue, LIVE_MAX_POINTS, LIVE_MAX_BYTES);
    }

    public static SeriesStore replay() {
        return replay(SeriesCatalogue.standard());
    }

    public static SeriesStore replay(SeriesCatalogue catalogue) {
        return new SeriesStore(catalogue, Integer.MAX_VALUE);
    }

    /** What every series of this store is (and so which are drawn, in which unit, on which track). */
    public SeriesCatalogue catalogue() {
        return catalogue;
    }

    public void addListener(StoreListener l) {
        listeners.add(l);
    }

    /** Takes one line (the receiving thread; under the store's monitor, as every write is). */
    public synchronized void accept(StreamLine line) {
        DerivedWindow newWindow = smoothing.apply(line, derived);
        if (newWindow != null && samples > 0 && !Double.isNaN(latestX)) {
            mark(TimeMark.smoothing(latestX, newWindow));
        }
        List<DerivedValue> derivedValues = derived.accept(line);
        if (line instanceof Hello h) {
            hello(h);
        } else if (line instanceof SampleLine s) {
            sample(s);
            // busy %, PSI %, cgroup CPUs…: computed once, in core, over their declared window
            // (docs/derived-series.md), the numbers the CSV export and /metrics give
            derivedDrawing.draw(derivedValues, derived.window(), derived.quantisationNote(), s.wallNs() / 1e9);
        } else if (line instanceof KmsgLine k) {
            double x = (k.monoNs() + wallMinusMonoNs) / 1e9;
            mark(new TimeMark(TimeMark.Kind.KMSG, x, x, k.msg()));
        } else if (line instanceof KmsgGapLine g) {
            kmsgDropped += g.dropped();
            mark(TimeMark.kmsgGap((g.monoNs() + wallMinusMonoNs) / 1e9, g));
        } else if (line instanceof ThrottleLine t) {
            throttle(t);
        } else if (line instanceof GapLine g) {
            ticks.gapLine(g);
        } else if (line instanceof OtherLine o && o.type().equals(SelfLine.TYPE)) {
            lastSelf = SelfLine.of(o)
                    .orElseThrow(); // the probe's own cost, for the status row (docs/sessions.md, "The observer")
        } else if (line instanceof OtherLine o && TriggerLine.TYPE.equals(o.type())) {
            mark(TimeMark.trigger(o.raw())); // a fired trigger: a mark on every track (docs/triggers.md)
        } else if (!(line instanceof OtherLine o && who.event(o))) { // a proc line: a named process came or went

            AchievedCadences.of(line).filter(a -> session != null).ifPresent(a -> {
                session = CadenceBadges.achieved(a, order, session);
                listeners.forEach(l -> l.sessionStarted(session)); // the same session, its cadences updated
            });
        }
        // cgroup_limits and unknown types carry nothing plotted yet; ignoring them is the format's rule
        for (StoreListener l : listeners) {
            l.accepted(line);
        }
    }

    private void hello(Hello h) {
        SessionInfo previous = session;
        capabilities = h.capabilities();
        pmu.reset();
        wallMinusMonoNs = h.startedWallNs() - h.startedMonoNs();
        SessionInfo info = SessionInfo.of(h);
        ticks.newSession(previous); // the old session's lines end at its last tick, by its rate
        session = info;
        for (Series s : order) {
            s.cadence(cadence(s.match())); // what this session publishes
        }
        if (previous != null) {
            mark(TimeMark.newSession(previous, info)); // a cadence change is only visible as a new hello
        }
        for (StoreListener l : listeners) {
            l.sessionStarted(info);
        }
    }

    private void sample(SampleLine s) {
        double x = s.wallNs() / 1e9;
        if (Double.isNaN(firstX)) {
            firstX = x;
        }
        TimeMark hole = ticks.sample(s, x, latestX, session);
        if (hole != null) {
            mark(hole);
        }
        latestX = Math.max(Double.isNaN(latestX) ? x : latestX, x);
        samples++;
        kmsgDropped += s.kmsgDropped();
        pmuX = x;
        for (Map.Entry<String, SourceValues> e : s.sources().entrySet()) {
            String source = e.getKey();
            SourceValues v = e.getValue();
            // the PMU's counters are drawn through what the catalogue derives from them, as core computes it
            who.levels(source, v, x); // a named process's RSS, a named cgroup's memory: only those two sources
            if (!pmu.accept(source, v, s.monoNs(), pmuOut)) {
                levels.levels(
                        source, v, x, s.heartbeat() != null && s.heartbeat().contains(source));
            }
        }
    }

    private void throttle(ThrottleLine t) {
        levels.throttle(t);
        double x = t.wallNs() / 1e9;
        latestX = Math.max(Double.isNaN(latestX) ? x : latestX, x);
    }

    /** What the session publishes for the series' cadence source; a throttle line's rate if it names none. */
    private CadenceLabel cadence(SeriesMatch m) {
        CadenceLabel c = CadenceLabel.of(capabilities, m.cadenceSource());
        return c != null ? c : levels.ownLineCadence(m.name());
    }

    /** The series of {@code m}, made with the session's cadence when it has none yet; also for {@link SeekableReplay}. */
    Series series(SeriesMatch m) {
        Series s = series.get(m.name());
        // the name shown is made once, with the series: this runs for every value of every sample
        return s != null ? s : series(m, DefaultPicks.displayName(m, DefaultPicks.pageSize(capabilities)));
    }

    /** A seekable capture's overview spans {@code first} to {@code last} ({@link SeekableReplay}): no samples of its own. */
    synchronized void extent(double first, double last) {
        firstX = first;
        latestX = last;
    }

    private Series series(SeriesMatch m, String displayName) {
        Series s = series.get(m.name());
        if (s == null) {
            s = new Series(m, displayName, cadence(m));
            series.put(m.name(), s);
            order.add(s);
            for (StoreListener l : listeners) {
                l.seriesAdded(s);
            }
        }
        return s;
    }

    private void mark(TimeMark m) {
        marks.add(m);
        for (StoreListener l : listeners) {
            l.marked(m);
        }
    }

    /** Publishes everything added since the last flush to every reader, in one batch per series, and says so. */
    public synchronized void flush() {
        double now = latestX;
        if (maxBytes != Long.MAX_VALUE) {
            keptFromX = PointBudget.trim(order, maxBytes, latestX, keptFromX);
        }
        for (Series s : order) {
            s.flush(now, maxPoints);
        }
        who.publish();
        publishedX = now;
        for (StoreListener l : listeners) {
            l.flushed();
        }
    }

    /** A capture read whole gets no more points: every series' arrays give back their room to grow (up to a third of what they hold), published again. Receiving thread, after the last line. */
    public synchronized void compact() {
        for (Series s : order) {
            s.compact();
        }
        flush();
    }

    /** Epoch seconds from which the charts hold every point; NaN while the memory bound dropped none (docs/workbench-charts.md, "Memory"). */
    public double keptFromX() {
        return keptFromX;
    }

    public Collection<Series> series() {
        return List.copyOf(order);
    }

    public Series series(String name) {
        return series.get(name);
    }

    /** The series of one chart group, in the order they arrived. */
    public List<Series> series(ChartGroup group) {
        return new ArrayList<>(
                order.stream().filter(s -> s.group().id().equals(group.id())).toList());
    }

    /** The process and cgroup tables' named entries as of the last flush. */
    public WhoLog who() {
        return who;
    }

    /** Draws a named entry on the tracks (docs/who.md, "On the tracks"): its series' names, or none. Any thread. */
    public synchronized List<String> plot(WhoLog.Table table, String name) {
        who.publish(); // its start and exit as far as they came: later ones come as they arrive
        List<String> names = whoPlots.plot(table, name, who);
        flush();
        return names;
    }

    public List<TimeMark> marks() {
        return marks.all();
    }

    /** Marks dropped to keep {@link #MAX_MARKS}: the "N older events dropped" of the window. */
    public long marksDropped() {
        return marks.dropped();
    }

    /** The probe's last self line in this store (null before the first): what it costs, once a second. */
    public SelfLine lastSelf() {
        return lastSelf;
    }

    public SessionInfo session() {
        return session;
    }

    /** Epoch seconds of the first sample, NaN before it. */
    public double firstX() {
        return firstX;
    }

    /** Epoch seconds of the newest sample or throttle line, NaN before it. */
    public double latestX() {
        return latestX;
    }

    /** Epoch seconds of the newest sample or throttle line the last {@link #flush()} published, NaN before it: what the charts follow ({@link #latestX} runs up to a flush period ahead). */
    public double publishedX() {
        return publishedX;
    }

    public long samples() {
        return samples;
    }

    public long kmsgDropped() {
        return kmsgDropped;
    }

    /**
     * Takes the derived series over {@code w} from the next line on (any thread; docs/derived-series.md,
     * "Windows"). The windows start empty, so values come back one window later; what is already plotted
     * keeps the window it was taken over, and the change is marked on the time axis. The badges say the
     * new window at once.
     */
    public void derivedWindow(DerivedWindow w) {
        if (smoothing.request(w)) {
            String quantised = smoothing.quantisationNote(w, session);
            derivedKinds.forEach(
                    (name, kind) -> series.get(name).note(CadenceBadges.windowNote(name, kind, w, quantised)));
        }
    }

    public DerivedWindow derivedWindow() {
        return smoothing.requested();
    }

    /** Ticks missed over every session of this store (docs/workbench-charts.md). */
    public long missed() {
        return ticks.missed();
    }

    /** The session's published rate, the rate its samples really arrived at (samples over the time from its first to its newest) and the ticks it missed; null before two samples. */
    public RateStats rateStats() {
        return ticks.rateStats(session);
    }
}
