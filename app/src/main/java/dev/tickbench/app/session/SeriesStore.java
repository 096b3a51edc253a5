package dev.tickbench.app.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.app.charts.CadenceLabel;
import dev.tickbench.app.charts.ChartGroup;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.KmsgLine;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
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
    private static final String THROTTLE_CADENCE = "once a second";

    private final Map<String, Series> series = new ConcurrentHashMap<>();
    private final List<Series> order = new CopyOnWriteArrayList<>();
    private final List<TimeMark> marks = new CopyOnWriteArrayList<>();
    private final List<StoreListener> listeners = new CopyOnWriteArrayList<>();
    private final int maxPoints;

    private volatile SessionInfo session;
    private JsonNode capabilities;
    private long wallMinusMonoNs;
    private long lastSeq = -1;
    private String pendingGap;
    private volatile double firstX = Double.NaN;
    private volatile double latestX = Double.NaN;
    private volatile long samples;
    private volatile long kmsgDropped;

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
        if (line instanceof Hello h) {
            hello(h);
        } else if (line instanceof SampleLine s) {
            sample(s);
        } else if (line instanceof KmsgLine k) {
            double x = (k.monoNs() + wallMinusMonoNs) / 1e9;
            mark(new TimeMark(TimeMark.Kind.KMSG, x, x, k.msg()));
        } else if (line instanceof ThrottleLine t) {
            throttle(t);
        } else if (line instanceof GapLine g) {
            pendingGap = g.reason() + " (seq " + g.fromSeq() + "–" + g.toSeq() + ")";
        }
        // cgroup_limits and unknown types carry nothing plotted yet; ignoring them is the format's rule
    }

    private void hello(Hello h) {
        SessionInfo previous = session;
        capabilities = h.capabilities();
        wallMinusMonoNs = h.startedWallNs() - h.startedMonoNs();
        lastSeq = -1;
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
        if (pendingGap != null || (lastSeq >= 0 && s.seq() != lastSeq + 1)) {
            String why = pendingGap != null ? pendingGap : "missing seq " + (lastSeq + 1) + "–" + (s.seq() - 1);
            double from = Double.isNaN(latestX) ? x : latestX;
            mark(new TimeMark(TimeMark.Kind.GAP, from, x, "gap " + String.format(Locale.ROOT, "%.1f s", x - from) + ": " + why));
            pendingGap = null;
        }
        lastSeq = s.seq();
        latestX = Math.max(Double.isNaN(latestX) ? x : latestX, x);
        samples++;
        kmsgDropped += s.kmsgDropped();
        double dtUs = s.dtNs() / 1000.0;
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
                    case "buddyinfo" -> eachLevel(v, source, ChartGroup.BUDDY, x, 1, hb);
                    case "stat" -> stat(v, x);
                    case "pressure" -> pressure(v, x, dtUs);
                    case "cgroup_cpu" -> cgroup(v, x, dtUs);
                    default -> { } // counted sources without a chart yet (vmstat, meminfo, …) are in the CSV
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
     * CPU busy and iowait in % of all CPU time of the tick: busy = Δnon-idle / Δtotal, so bounded by
     * construction. Each field's delta counts from 0 up: with NO_HZ the kernel's idle and iowait can
     * step back a jiffy, and a negative part would push the others' share above 100 %. Nothing when the
     * tick has no time (missing ≠ zero).
     */
    private void stat(SourceValues v, double x) {
        Long user = v.get("cpu.user");
        Long idleDelta = v.get("cpu.idle");
        if (user == null || idleDelta == null) {
            return;
        }
        long total = 0;
        for (String f : new String[] {"user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal"}) {
            Long d = v.get("cpu." + f);
            total += d == null ? 0 : Math.max(0, d);
        }
        if (total <= 0) {
            return;
        }
        Long iowait = v.get("cpu.iowait");
        long io = iowait == null ? 0 : Math.max(0, iowait);
        long idle = Math.max(0, idleDelta);
        rate("stat.busy", "busy", ChartGroup.CPU, "stat").add(x, 100.0 * (total - idle - io) / total, false);
        if (iowait != null) {
            rate("stat.iowait", "iowait", ChartGroup.CPU, "stat").add(x, 100.0 * io / total, false);
        }
    }

    /** PSI averages over this much wall time (see {@link WindowedRate}: the kernel's totals move in lumps). */
    static final double PSI_WINDOW_S = 1.0;
    private final Map<String, WindowedRate> psiWindows = new java.util.HashMap<>();

    /** PSI "some"/"full" as the share of wall time stalled over the last {@link #PSI_WINDOW_S}, from the µs totals' deltas. */
    private void pressure(SourceValues v, double x, double dtUs) {
        if (dtUs <= 0) {
            return;
        }
        for (int i = 0; i < v.size(); i++) {
            String key = v.keys()[i];
            String shortName = key.replace("_total", "");
            double pct = psiWindows.computeIfAbsent(key, k -> new WindowedRate(PSI_WINDOW_S)).add(x, v.values()[i], dtUs);
            Series s = rate("pressure." + key, shortName, ChartGroup.PSI, "pressure");
            s.note(String.format(Locale.ROOT, "%.0f s window", PSI_WINDOW_S));
            s.add(x, pct, false);
        }
    }

    /** cgroup_cpu keys are {@code <level path>|<field>}: throttled-period ratio and usage in CPUs per level. */
    private void cgroup(SourceValues v, double x, double dtUs) {
        Map<String, long[]> perLevel = new java.util.LinkedHashMap<>(); // nr_periods, nr_throttled, usage_usec (-1 = missing)
        for (int i = 0; i < v.size(); i++) {
            String key = v.keys()[i];
            int bar = key.lastIndexOf('|');
            if (bar < 0) {
                continue;
            }
            long[] f = perLevel.computeIfAbsent(key.substring(0, bar), k -> new long[] {-1, -1, -1});
            switch (key.substring(bar + 1)) {
                case "nr_periods" -> f[0] = v.values()[i];
                case "nr_throttled" -> f[1] = v.values()[i];
                case "usage_usec" -> f[2] = v.values()[i];
                default -> { }
            }
        }
        for (Map.Entry<String, long[]> e : perLevel.entrySet()) {
            String path = e.getKey();
            long[] f = e.getValue();
            if (f[0] > 0 && f[1] >= 0) {
                rate("cgroup_cpu." + path + "|throttled_ratio", path, ChartGroup.CGROUP_THROTTLED, "cgroup_cpu")
                        .add(x, 100.0 * f[1] / f[0], false);
            }
            if (f[2] >= 0 && dtUs > 0) {
                rate("cgroup_cpu." + path + "|usage", path, ChartGroup.CGROUP_USAGE, "cgroup_cpu").add(x, f[2] / dtUs, false);
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
        marks.add(m);
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
        return List.copyOf(marks);
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

    public long samples() {
        return samples;
    }

    public long kmsgDropped() {
        return kmsgDropped;
    }
}
