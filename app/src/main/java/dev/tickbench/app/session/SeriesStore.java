package dev.tickbench.app.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.app.charts.CadenceLabel;
import dev.tickbench.app.charts.ChartGroup;
import dev.tickbench.app.charts.DefaultPicks;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.KmsgGapLine;
import dev.tickbench.core.capture.KmsgLine;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.sampler.SelfLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.core.source.pmu.PmuRatios;
import dev.tickbench.core.derived.DerivedKind;
import dev.tickbench.core.sampler.AchievedCadences;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedValue;
import dev.tickbench.core.derived.DerivedWindow;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Turns decoded stream lines into plotted series. Fed by one receiving thread (a connection or a
 * capture replay); the datasets it owns are appended to in batches by {@link #flush()}, from the same
 * thread, under each dataset's write lock. Holds no JavaFX controls, so it is tested without a toolkit.
 *
 * <p>The shared time axis is wall-clock epoch seconds: sessions from different hosts or reconnects
 * line up, and kmsg's monotonic stamps are moved onto it with the hello's wall/mono pair.
 */
public final class SeriesStore {
    /** Live sessions keep this many points per series (two hours at 100 Hz); replays keep everything. */
    public static final int LIVE_MAX_POINTS = 720_000;
    /** Kept marks (kmsg records, gaps, session changes): a kernel log flood must not grow the heap without end. */
    public static final int MAX_MARKS = 10_000;
    private static final String THROTTLE_CADENCE = "once a second";

    private final Map<String, Series> series = new ConcurrentHashMap<>();
    private final List<Series> order = new CopyOnWriteArrayList<>();
    /** The newest {@link #MAX_MARKS} marks; older ones are counted in {@link #marksDropped()}. */
    private final java.util.ArrayDeque<TimeMark> marks = new java.util.ArrayDeque<>();
    private volatile long marksDropped;
    private final List<StoreListener> listeners = new CopyOnWriteArrayList<>();
    private final int maxPoints;
    private final DerivedSeries derived = new DerivedSeries();

    private volatile SessionInfo session;
    private volatile SelfLine lastSelf; // written on the intake's thread, read on the FX thread
    private JsonNode capabilities;
    private long wallMinusMonoNs;
    private long lastSeq = -1;
    private String pendingGap;
    private volatile double firstX = Double.NaN;
    private volatile double latestX = Double.NaN;
    private volatile long samples;
    private volatile long kmsgDropped;
    /** This session's samples, missed ticks and time span: the published vs achieved rate. */
    private volatile long sessionSamples;
    private volatile long sessionMissed;
    private volatile double sessionFirstX = Double.NaN;
    private volatile double sessionLastX = Double.NaN;
    private volatile long missed;

    public SeriesStore(int maxPoints) {
        this.maxPoints = maxPoints;
    }

    public static SeriesStore live() {
        return new SeriesStore(LIVE_MAX_POINTS);
    }

    public static SeriesStore replay() {
        return new SeriesStore(Integer.MAX_VALUE);
    }

    public void addListener(StoreListener l) {
        listeners.add(l);
    }

    public void accept(StreamLine line) {
        smoothing(line);
        List<DerivedValue> derivedValues = derived.accept(line);
        if (line instanceof Hello h) {
            hello(h);
        } else if (line instanceof SampleLine s) {
            sample(s);
            derived(derivedValues, s.wallNs() / 1e9);
        } else if (line instanceof KmsgLine k) {
            double x = (k.monoNs() + wallMinusMonoNs) / 1e9;
            mark(new TimeMark(TimeMark.Kind.KMSG, x, x, k.msg()));
        } else if (line instanceof KmsgGapLine g) {
            kmsgDropped += g.dropped();
            double x = (g.monoNs() + wallMinusMonoNs) / 1e9;
            mark(new TimeMark(TimeMark.Kind.KMSG, x, x, "kernel log: " + g.dropped() + " records lost here (" + g.reason() + ")"));
        } else if (line instanceof ThrottleLine t) {
            throttle(t);
        } else if (line instanceof GapLine g) {
            pendingGap = g.reason() + " (seq " + g.fromSeq() + "–" + g.toSeq() + ")";
        } else if (line instanceof OtherLine o && o.type().equals(SelfLine.TYPE)) {
            lastSelf = SelfLine.of(o).orElseThrow(); // the probe's own cost, for the status row (docs/sessions.md, "The observer")
        } else {
            AchievedCadences.of(line).filter(a -> session != null).ifPresent(a -> {
                session = CadenceBadges.achieved(a, order, session);
                listeners.forEach(l -> l.sessionStarted(session)); // the same session, its cadences updated
            });
        }
        // cgroup_limits and unknown types carry nothing plotted yet; ignoring them is the format's rule
    }

    private void hello(Hello h) {
        SessionInfo previous = session;
        capabilities = h.capabilities();
        pmu = new PmuRatios();
        wallMinusMonoNs = h.startedWallNs() - h.startedMonoNs();
        lastSeq = -1;
        if (!Double.isNaN(sessionLastX)) {
            breakLines(sessionLastX, Double.POSITIVE_INFINITY, true, Double.NaN); // a new session: the old one's lines end
        }
        sessionSamples = 0;
        sessionMissed = 0;
        sessionFirstX = Double.NaN;
        sessionLastX = Double.NaN;
        SessionInfo info = SessionInfo.of(h);
        session = info;
        for (Series s : order) {
            if (!s.source().equals("throttle")) {
                s.cadence(CadenceLabel.of(capabilities, s.source())); // what this session publishes
            }
        }
        if (previous != null) {
            // a cadence change is only visible as a new hello: mark it on every chart
            String text = "new session: " + info.rateText()
                    + (previous.rateHz() != info.rateHz() || previous.floorHz() != info.floorHz()
                    ? " (was " + previous.rateText() + ")" : "");
            mark(new TimeMark(TimeMark.Kind.SESSION, info.startX(), info.startX(), text));
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
        missedBefore(s, x);
        if (pendingGap != null || (lastSeq >= 0 && s.seq() != lastSeq + 1)) {
            String why = pendingGap != null ? pendingGap : "missing seq " + (lastSeq + 1) + "–" + (s.seq() - 1);
            double from = Double.isNaN(latestX) ? x : latestX;
            mark(new TimeMark(TimeMark.Kind.GAP, from, x, "gap " + String.format(Locale.ROOT, "%.1f s", x - from) + ": " + why));
            pendingGap = null;
        }
        lastSeq = s.seq();
        latestX = Math.max(Double.isNaN(latestX) ? x : latestX, x);
        samples++;
        sessionSamples++;
        if (Double.isNaN(sessionFirstX)) {
            sessionFirstX = x;
        }
        sessionLastX = x;
        kmsgDropped += s.kmsgDropped();
        for (Map.Entry<String, SourceValues> e : s.sources().entrySet()) {
            String source = e.getKey();
            SourceValues v = e.getValue();
            boolean hb = s.heartbeat() != null && s.heartbeat().contains(source);
            if (source.startsWith("thermal_zone")) {
                Long t = v.get("temp");
                if (t != null) {
                    level(source + ".temp", source, ChartGroup.THERMAL, source).add(x, t / 1000.0, hb);
                }
            } else {
                switch (source) {
                    case "cpufreq" -> eachLevel(v, source, ChartGroup.CPU_FREQ, x, 1 / 1000.0, hb);
                    case "slabinfo" -> eachLevel(v, source, ChartGroup.SLAB, x, 1, hb);
                    case "buddyinfo" -> buddy(v, x, hb);
                    case "pmu_hw" -> pmuRatios(v, x, s.monoNs());
                    case "pmu_sw" -> pmuSoftware(v, x);
                    default -> { } // counters are charted as derived series; the rest (vmstat, meminfo, …) are in the CSV
                }
            }
        }
    }

    /**
     * Counts the ticks missed before sample {@code s} and breaks the lines over the hole
     * (docs/workbench-charts.md): a tick is missed when its sequence number never arrived or when the
     * time since the previous sample holds more than one period (rounded) at the published rate. A
     * line breaks when its hole is longer than {@link #BREAK_PERIODS} of its own period (the tick
     * period, or a slower source's published one), or when sequence numbers are missing from a
     * series read every tick.
     */
    private void missedBefore(SampleLine s, double x) {
        SessionInfo info = session;
        double prev = sessionLastX;
        if (lastSeq < 0 || Double.isNaN(prev) || info == null || info.rateHz() <= 0) {
            return;
        }
        double period = 1.0 / info.rateHz();
        double dt = x - prev;
        long bySeq = Math.max(0, s.seq() - lastSeq - 1);
        long byTime = Math.max(0, Math.round(dt / period) - 1);
        long lost = Math.max(bySeq, byTime);
        if (lost == 0) {
            return;
        }
        sessionMissed += lost;
        missed += lost;
        if (bySeq > 0 || dt > BREAK_PERIODS * period) {
            breakLines(prev, dt, bySeq > 0, x);
        }
    }

    /** A hole longer than this many periods breaks a line (docs/workbench-charts.md). */
    public static final double BREAK_PERIODS = 2.5;

    /**
     * Breaks, at {@code x}, every sample series whose own period fits {@link #BREAK_PERIODS} times
     * into {@code holeS}, and every series read every tick when sequence numbers are missing; a level
     * read every tick resumes its value at {@code resumeX} when no sequence number is missing. Throttle
     * lines have their own once-a-second stream and are not broken by holes in the samples.
     */
    private void breakLines(double x, double holeS, boolean seqMissing, double resumeX) {
        double tick = session == null || session.rateHz() <= 0 ? 0 : 1.0 / session.rateHz();
        for (Series s : order) {
            if (s.source().equals("throttle")) {
                continue;
            }
            CadenceLabel c = s.cadence();
            double own = c == null || c.hz() <= 0 ? tick : Math.max(tick, 1.0 / c.hz());
            boolean everyTick = own <= tick * 1.0001;
            if (holeS > BREAK_PERIODS * own || (seqMissing && everyTick)) {
                s.breakAt(x);
                if (!seqMissing && everyTick) {
                    s.resumeAfterBreak(resumeX); // read unchanged at the first sample after the hole
                }
            }
        }
    }

    private void eachLevel(SourceValues v, String source, ChartGroup group, double x, double scale, boolean hb) {
        for (int i = 0; i < v.size(); i++) {
            String key = v.keys()[i];
            level(source + "." + key, key, group, source).add(x, v.values()[i] * scale, hb);
        }
    }

    /**
     * The derived series (busy %, iowait %, PSI %, cgroup usage in CPUs, throttled ratio and time):
     * computed once, in core, over their declared window (docs/derived-series.md), the same numbers
     * the CSV export and /metrics give. Named as the CSV columns ({@code cpu.busy_pct}, …).
     */
    private void derived(List<DerivedValue> values, double x) {
        if (values.isEmpty()) {
            return;
        }
        String quantised = derived.quantisationNote();
        for (DerivedValue v : values) {
            String name = v.name();
            Series s = switch (v.kind()) {
                case CPU_BUSY -> rate(name, "busy", ChartGroup.CPU, "stat");
                case CPU_IOWAIT -> rate(name, "iowait", ChartGroup.CPU, "stat");
                case PSI_SOME -> rate(name, v.subject() + ".some", ChartGroup.PSI, "pressure");
                case PSI_FULL -> rate(name, v.subject() + ".full", ChartGroup.PSI, "pressure");
                case CGROUP_USAGE -> rate(name, v.subject(), ChartGroup.CGROUP_USAGE, "cgroup_cpu");
                case CGROUP_THROTTLED -> rate(name, v.subject(), ChartGroup.CGROUP_THROTTLED, "cgroup_cpu");
                case CGROUP_THROTTLED_TIME -> rate(name, v.subject(), ChartGroup.CGROUP_THROTTLED_TIME, "cgroup_cpu");
            };
            s.note(CadenceBadges.windowNote(name, v.kind(), derived.window(), quantised));
            derivedKinds.putIfAbsent(name, v.kind());
            s.add(x, v.value(), false);
        }
    }

    /** IPC and cache miss ratio per CPU and over all, over PmuRatios' declared window (docs/pmu.md). */
    private PmuRatios pmu = new PmuRatios();

    private void pmuRatios(SourceValues v, double x, long monoNs) {
        pmu.add(monoNs, v.keys(), v.values(), v.size());
        String note = String.format(Locale.ROOT, "%.0f s window", PmuRatios.WINDOW_NS / 1e9);
        for (String cpu : pmu.cpus()) {
            String id = cpu.equals(PmuRatios.ALL) ? cpu : "cpu" + cpu;
            String name = cpu.equals(PmuRatios.ALL) ? "all CPUs" : id;
            pmu.ipc(cpu).ifPresent(r -> {
                Series s = rate("pmu_hw." + id + ".ipc", name, ChartGroup.PMU_IPC, "pmu_hw");
                s.note(note);
                s.add(x, r, false);
            });
            pmu.cacheMissRatio(cpu).ifPresent(r -> {
                Series s = rate("pmu_hw." + id + ".cache_miss_ratio", name, ChartGroup.PMU_CACHE_MISS, "pmu_hw");
                s.note(note);
                s.add(x, 100 * r, false);
            });
        }
    }

    /**
     * Context switches and page faults per second of each CPU: the tick's delta over the time the
     * group counted in it ({@code enabled_ns}), not over the tick's nominal length.
     */
    private void pmuSoftware(SourceValues v, double x) {
        for (int i = 0; i < v.size(); i++) {
            String key = v.keys()[i];
            int dot = key.indexOf('.');
            String field = dot < 0 ? "" : key.substring(dot + 1);
            if (!field.equals("context_switches") && !field.equals("page_faults")) {
                continue;
            }
            String cpu = key.substring(0, dot);
            Long enabledNs = v.get(cpu + ".enabled_ns");
            if (enabledNs != null && enabledNs > 0) {
                String shortName = cpu + (field.equals("page_faults") ? " faults" : " switches");
                rate("pmu_sw." + key, shortName, ChartGroup.PMU_SOFTWARE, "pmu_sw").add(x, v.values()[i] * 1e9 / enabledNs, false);
            }
        }
    }

    private void throttle(ThrottleLine t) {
        double x = t.wallNs() / 1e9;
        CadenceLabel once = new CadenceLabel(1.0, THROTTLE_CADENCE);
        series("throttle.iowait", "iowait raw", "throttle", ChartGroup.THROTTLE, SeriesKind.RATE, once).add(x, t.iowait(), false);
        series("throttle.smoothed", "iowait smoothed", "throttle", ChartGroup.THROTTLE, SeriesKind.RATE, once).add(x, t.smoothed(), false);
        series("throttle.effective", "effective", "throttle", ChartGroup.THROTTLE_EFFECTIVE, SeriesKind.LEVEL, once).add(x, t.effective(), false);
        series("throttle.ceiling", "ceiling", "throttle", ChartGroup.THROTTLE_EFFECTIVE, SeriesKind.LEVEL, once).add(x, t.ceiling(), false);
        latestX = Math.max(Double.isNaN(latestX) ? x : latestX, x);
    }

    private Series level(String name, String shortName, ChartGroup group, String source) {
        return series(name, shortName, group, SeriesKind.LEVEL, source);
    }

    private Series rate(String name, String shortName, ChartGroup group, String source) {
        return series(name, shortName, group, SeriesKind.RATE, source);
    }

    private Series series(String name, String shortName, ChartGroup group, SeriesKind kind, String source) {
        Series s = series.get(name);
        return s != null ? s : series(name, shortName, source, group, kind, CadenceLabel.of(capabilities, source));
    }

    private Series series(String name, String shortName, String source, ChartGroup group, SeriesKind kind, CadenceLabel cadence) {
        Series s = series.get(name);
        if (s == null) {
            s = new Series(name, shortName, source, group, kind, cadence);
            series.put(name, s);
            order.add(s);
            for (StoreListener l : listeners) {
                l.seriesAdded(s);
            }
        }
        return s;
    }

    private void mark(TimeMark m) {
        synchronized (marks) {
            marks.addLast(m);
            if (marks.size() > MAX_MARKS) {
                marks.removeFirst();
                marksDropped++;
            }
        }
        for (StoreListener l : listeners) {
            l.marked(m);
        }
    }

    /** Appends everything pending to the datasets (batched, one write lock per dataset). */
    public void flush() {
        double now = latestX;
        for (Series s : order) {
            s.flush(now, maxPoints);
        }
    }

    public Collection<Series> series() {
        return List.copyOf(order);
    }

    public Series series(String name) {
        return series.get(name);
    }

    public List<Series> series(ChartGroup group) {
        List<Series> out = new ArrayList<>();
        for (Series s : order) {
            if (s.group() == group) {
                out.add(s);
            }
        }
        return out;
    }

    public List<TimeMark> marks() {
        synchronized (marks) {
            return List.copyOf(marks);
        }
    }

    /** Marks dropped to keep {@link #MAX_MARKS}: the "N older events dropped" of the window. */
    public long marksDropped() {
        return marksDropped;
    }

    /** The probe's last self line in this store (null before the first): what it costs, once a second. */
    public SelfLine lastSelf() { return lastSelf; }

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

    public long samples() {
        return samples;
    }

    public long kmsgDropped() {
        return kmsgDropped;
    }

    /** Buddy orders named by what a block is, "Normal · order 3 (32 KiB)", from the session's page size. */
    private void buddy(SourceValues v, double x, boolean hb) {
        Long page = DefaultPicks.pageSize(capabilities);
        for (int i = 0; i < v.size(); i++) {
            String key = v.keys()[i];
            String name = "buddyinfo." + key;
            Series s = series.get(name);
            (s != null ? s : level(name, DefaultPicks.buddyLabel(key, page), ChartGroup.BUDDY, "buddyinfo")).add(x, v.values()[i], hb);
        }
    }

    // ---- smoothing window of the derived series (docs/derived-series.md, "Windows") ----

    /** The window the user chose; the receiving thread applies it before the next line. */
    private volatile DerivedWindow requestedWindow = DerivedWindow.DEFAULT;
    private final Map<String, DerivedKind> derivedKinds = new ConcurrentHashMap<>();

    /**
     * Takes the derived series over {@code w} from the next line on (any thread). The windows start
     * empty, so values come back one window later; what is already plotted keeps the window it was
     * taken over, and the change is marked on the time axis. The badges say the new window at once.
     */
    public void derivedWindow(DerivedWindow w) {
        if (w == null || w == requestedWindow) {
            return;
        }
        requestedWindow = w;
        SessionInfo info = session;
        String quantised = info == null ? null : w.quantisationNote(info.rateHz(), helloUserHz, info.cores());
        derivedKinds.forEach((name, kind) -> series.get(name).note(CadenceBadges.windowNote(name, kind, w, quantised)));
    }

    public DerivedWindow derivedWindow() {
        return requestedWindow;
    }

    private volatile int helloUserHz = 100;

    private void smoothing(StreamLine line) {
        if (line instanceof Hello h) {
            helloUserHz = h.userHz() > 0 ? h.userHz() : 100;
        }
        DerivedWindow want = requestedWindow;
        if (want != derived.window()) {
            derived.window(want);
            if (samples > 0 && !Double.isNaN(latestX)) {
                mark(new TimeMark(TimeMark.Kind.SESSION, latestX, latestX,
                        "smoothing: derived series over a " + want.label() + " window from here"));
            }
        }
    }

    /** Ticks missed over every session of this store (docs/workbench-charts.md). */
    public long missed() {
        return missed;
    }

    /**
     * The current session's published rate, the rate its samples really arrived at (samples over the
     * time from its first to its newest sample) and the ticks it missed; null before two samples.
     */
    public RateStats rateStats() {
        SessionInfo info = session;
        long n = sessionSamples;
        double span = sessionLastX - sessionFirstX;
        if (info == null || n < 2 || !(span > 0)) {
            return null;
        }
        return new RateStats(info.rateHz(), (n - 1) / span, sessionMissed);
    }
}
