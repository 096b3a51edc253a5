package dev.tickbench.core.derived;

import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Computes every {@link DerivedKind} from the stream's own per-tick deltas, each over its window
 * (docs/derived-series.md). The one place these numbers are made: the workbench's charts, CSV export,
 * {@code /metrics} and the throttle's iowait (the same {@link CpuTime} over the same ticks) agree.
 *
 * <p>Windows are whole ticks of the chosen {@link DerivedWindow} (1 s unless told otherwise) and rates
 * divide by the ticks' own {@code dt_ns}, so a value spans exactly the samples it was made from. A window is emitted only once
 * it is full; a new session, a gap, a missed seq, a reset counter or a missing field empties it.
 * A cgroup's rates divide by the time between that level's own reads ({@code read_ns}), not by the
 * tick's {@code dt_ns}. A share of wall time is capped at its physical bound (PSI at 100 %, cgroup usage
 * at the host's CPU count from the hello line) only as a last resort, and every capped value is counted
 * ({@link #capped}): the kernel adds stall time and charges running time in lumps (docs/derived-series.md).
 * Not thread-safe: one feeding thread.
 */
public final class DerivedSeries {
    /** The last: the level's own read interval, {@code CgroupCpuSource.READ_NS} (FORMAT.md). */
    private static final String[] CGROUP_FIELDS = {"usage_usec", "nr_throttled", "nr_periods", "throttled_usec", "read_ns"};
    /** Index of the level's own read interval in {@link #CGROUP_FIELDS}. */
    private static final int READ = 4;
    /** The key the kernel fills with 0 for compatibility: no psi.cpu.full_pct is derived from it. */
    public static final String SYSTEM_CPU_FULL = "cpu.full_total";

    private int rateHz;
    private DerivedWindow window;
    /** USER_HZ of the sampled host (the hello's {@code user_hz}), for the quantisation note. */
    private int userHz = 100;
    /** CPUs of the sampled host (from the hello line), 0 when unknown: the cap of a usage in CPUs. */
    private int cores;
    private long lastSeq = -1;
    /** Samples taken: the stamp of the windows a sample carried ({@link #clearUnstamped}). */
    private long ticks;
    private CpuWindow cpu;
    private final long[] cpuDeltas = CpuTime.newFields();
    private final Map<String, TickWindow> psi = new LinkedHashMap<>();
    private final Map<String, CgroupWindows> cgroups = new LinkedHashMap<>();
    /** Values that came out above their physical bound and were capped at it (a last resort, counted). */
    private long capped;
    /** cpuidle {@code cpuN.stateS.time} and RAPL {@code <zone>.energy_uj} keys, each over wall time. */
    private final Map<String, TickWindow> idleStates = new LinkedHashMap<>();
    private final Map<String, TickWindow> raplZones = new LinkedHashMap<>();

    /** Per cgroup level: usage vs wall, throttled vs periods, throttled time vs wall. */
    private static final class CgroupWindows {
        /** The level of every cgroup whose windows the memory could not hold (nothing is derived for it). */
        private static final CgroupWindows STARVED = new CgroupWindows(1, WindowMemory.of(0));
        /** The object and its fields, beside its windows. */
        private static final long OVERHEAD = 160;
        final TickWindow usage;
        final TickWindow throttled;
        final TickWindow throttledTime;
        final long[] fields = new long[CGROUP_FIELDS.length];
        final boolean[] present = new boolean[CGROUP_FIELDS.length];

        private CgroupWindows(int ticks, WindowMemory memory) {
            usage = TickWindow.of(2, ticks, memory);
            throttled = TickWindow.of(2, ticks, memory);
            throttledTime = TickWindow.of(2, ticks, memory);
        }

        /** The level's windows, or {@link #STARVED} (not counted: the caller counts a level once a sample). */
        static CgroupWindows of(int ticks, WindowMemory memory) {
            return memory.take(OVERHEAD) ? new CgroupWindows(ticks, memory) : STARVED;
        }
    }

    /**
     * What the windows of a reader of files take at most ({@link #forFiles()}): at 1000 Hz, 1 s windows
     * of about 100 series (20 KB each); at 100 Hz, of about 800 (FORMAT.md "Reader limits").
     */
    public static final long FILE_WINDOW_BYTES = 2L << 20;
    /** The windows' memory, granted afresh when they are made anew; and windows refused before it. */
    private final long windowBytes;
    private WindowMemory memory;
    private long leftOutBefore;

    /** A model for a stream at {@code rateHz} (a hello line sets it again), over 1 s windows. */
    public DerivedSeries(int rateHz) {
        this(rateHz, Long.MAX_VALUE);
    }

    private DerivedSeries(int rateHz, long windowBytes) {
        this.window = DerivedWindow.DEFAULT;
        this.windowBytes = windowBytes;
        start(rateHz);
    }

    /**
     * A model for a reader of files (the CSV export, the diff), which waits for the hello line to learn
     * the rate: its windows take at most {@link #FILE_WINDOW_BYTES}, granted in the order the stream
     * asks for them; the derived series whose window found it spent are left out ({@link #leftOut()}).
     */
    public static DerivedSeries forFiles() {
        return new DerivedSeries(1, FILE_WINDOW_BYTES);
    }

    /** A model that waits for the hello line to learn the rate, over 1 s windows. */
    public DerivedSeries() {
        this(1);
    }

    /** A model that waits for the hello line to learn the rate, over {@code window}. */
    public DerivedSeries(DerivedWindow window) {
        this(1);
        window(window);
    }

    private void start(int rate) {
        rateHz = Math.max(1, rate);
        windows();
        lastSeq = -1;
    }

    /** Empty windows of the current length: every series starts again and is back one window later. */
    private void windows() {
        if (memory != null) {
            leftOutBefore += memory.starvedWindows();
        }
        memory = windowBytes == Long.MAX_VALUE ? WindowMemory.unbounded() : WindowMemory.of(windowBytes);
        cpu = new CpuWindow(window.ticks(rateHz));
        psi.clear();
        cgroups.clear();
        idleStates.clear();
        raplZones.clear();
    }

    /**
     * Takes every series over {@code w} from the next sample on. The windows start empty (a sum of ticks
     * taken for another length is not reused), so values come back one new window later.
     */
    public void window(DerivedWindow w) {
        if (w != null && w != window) {
            window = w;
            windows();
        }
    }

    public DerivedWindow window() {
        return window;
    }

    /** The ticks a window spans at the current rate. */
    public int windowTicks() {
        return cpu.slots();
    }

    /**
     * How many values were capped at their physical bound since this model was made: a PSI share above
     * 100 % (the kernel adds stall time in lumps), a cgroup's usage above the host's CPUs (what the
     * per-level read times leave of the kernel's charging lumps). Should stay near 0; docs/derived-series.md.
     */
    public long capped() {
        return capped;
    }

    /**
     * Derived series left out because their window did not fit the memory of a reader of files
     * ({@link #forFiles()}), the most on one sample (each session's, added up): their values are
     * missing, not zero. Always 0 for a live stream's model.
     */
    public long leftOut() {
        return leftOutBefore + memory.starvedWindows();
    }

    /** The stream's rate (from the hello line). */
    public int rateHz() {
        return rateHz;
    }

    /**
     * The badge's note on busy and iowait when jiffy quantisation dominates at this rate and window on
     * this host (USER_HZ and CPUs from the hello line), else null: see {@link DerivedWindow#quantisationNote}.
     */
    public String quantisationNote() {
        return window.quantisationNote(rateHz, userHz, cores);
    }

    /**
     * Takes one stream line; returns the derived values of a sample line (in a stable order: CPU, PSI,
     * cgroup levels leaf first), empty for other lines and for windows not full yet.
     */
    public List<DerivedValue> accept(StreamLine line) {
        if (line instanceof Hello h) {
            start(h.rateHz());
            cores = Math.max(0, h.cores());
            userHz = h.userHz() > 0 ? h.userHz() : 100;
        } else if (line instanceof GapLine) {
            clear();
        } else if (line instanceof SampleLine s) {
            return sample(s);
        }
        return List.of();
    }

    private void clear() {
        cpu.clear();
        psi.values().forEach(TickWindow::clear);
        idleStates.values().forEach(TickWindow::clear);
        raplZones.values().forEach(TickWindow::clear);
        for (CgroupWindows w : cgroups.values()) {
            w.usage.clear();
            w.throttled.clear();
            w.throttledTime.clear();
        }
    }

    private List<DerivedValue> sample(SampleLine s) {
        ticks++;
        memory.nextSample();
        if (lastSeq >= 0 && s.seq() != lastSeq + 1) {
            clear(); // the deltas of the missed ticks are not in any window
        }
        lastSeq = s.seq();
        List<DerivedValue> out = new ArrayList<>();
        long dtNs = s.dtNs();
        if (dtNs <= 0) {
            clear();
            return out;
        }
        int slots = s.slots();
        cpu(s.sources().get("stat"), slots, out);
        pressure(s.sources().get("pressure"), dtNs, slots, out);
        cgroup(s.sources().get("cgroup_cpu"), dtNs, slots, out);
        overWall(s.sources().get("cpuidle"), ".time", idleStates, 1000, dtNs, slots, DerivedKind.CPUIDLE_RESIDENCY, out);
        overWall(s.sources().get("rapl"), ".energy_uj", raplZones, 1000, dtNs, slots, DerivedKind.RAPL_POWER, out);
        return out;
    }

    private void cpu(SourceValues stat, int slots, List<DerivedValue> out) {
        if (stat == null || !fill(stat)) {
            cpu.clear();
            return;
        }
        cpu.add(cpuDeltas, slots);
        CpuTime.Shares sh = cpu.shares();
        if (sh != null) {
            out.add(new DerivedValue(DerivedKind.CPU_BUSY, null, sh.busyPct(), cpu.slots()));
            out.add(new DerivedValue(DerivedKind.CPU_IOWAIT, null, sh.iowaitPct(), cpu.slots()));
        }
    }

    /** The tick's aggregate cpu deltas; false when a field that must be there is not (a reset). */
    private boolean fill(SourceValues stat) {
        for (int i = 0; i < CpuTime.FIELDS.length; i++) {
            Long d = stat.get(CpuTime.statKey(i));
            if (d == null && i < CpuTime.MIN_FIELDS) {
                return false;
            }
            cpuDeltas[i] = d == null ? 0 : d;
        }
        return true;
    }

    private void pressure(SourceValues v, long dtNs, int slots, List<DerivedValue> out) {
        if (v == null) {
            psi.values().forEach(TickWindow::clear);
            return;
        }
        for (int i = 0; i < v.size(); i++) {
            String key = v.keys()[i];
            boolean some = key.endsWith(".some_total");
            if ((!some && !key.endsWith(".full_total")) || key.equals(SYSTEM_CPU_FULL)) {
                continue; // cpu full is undefined system-wide: older captures carry the kernel's 0 (Pressure)
            }
            TickWindow w = window(psi, key);
            if (w == null) {
                continue;
            }
            w.stamp = ticks;
            w.add(v.values()[i] * 1000, dtNs, slots);
            if (w.full()) {
                String resource = key.substring(0, key.indexOf('.'));
                out.add(new DerivedValue(some ? DerivedKind.PSI_SOME : DerivedKind.PSI_FULL, resource,
                        bounded(100.0 * w.sum(0) / w.sum(1), 100.0), w.ticks()));
            }
        }
        clearUnstamped(psi);
    }

    /**
     * The window of {@code key}, made if it is new; null when the memory could not hold it: it is left
     * out on this sample (and counted), not kept, so that a file of many series keeps no entry for each.
     */
    private TickWindow window(Map<String, TickWindow> windows, String key) {
        TickWindow w = windows.get(key);
        if (w == null) {
            w = TickWindow.of(2, window.ticks(rateHz), memory);
            if (w.starved()) {
                return null;
            }
            windows.put(key, w);
        }
        return w;
    }

    /**
     * Empties the windows whose key the tick did not carry (a reset, or a value the source did not carry):
     * by their stamp, not by looking each up in the tick's values, which took the square of the keys.
     */
    private void clearUnstamped(Map<String, TickWindow> windows) {
        for (TickWindow w : windows.values()) {
            if (w.stamp != ticks) {
                w.clear();
            }
        }
    }

    /**
     * Each key ending in {@code suffix} over wall time: Σ(value × {@code toNs}) / Σ{@code dt_ns}, in %
     * for a share ({@link DerivedKind#CPUIDLE_RESIDENCY}: µs idle per µs, capped at 100 like PSI, the
     * kernel adding an idle period when it ends) and as is for a rate ({@link DerivedKind#RAPL_POWER}:
     * µJ per µs is W). The subject is the key without the suffix.
     */
    private void overWall(SourceValues v, String suffix, Map<String, TickWindow> windows, long toNs, long dtNs, int slots,
            DerivedKind kind,
            List<DerivedValue> out) {
        if (v == null) {
            windows.values().forEach(TickWindow::clear);
            return;
        }
        boolean share = kind.unit().equals("%");
        for (int i = 0; i < v.size(); i++) {
            String key = v.keys()[i];
            if (!key.endsWith(suffix)) {
                continue;
            }
            TickWindow w = window(windows, key);
            if (w == null) {
                continue;
            }
            w.stamp = ticks;
            w.add(v.values()[i] * toNs, dtNs, slots);
            if (w.full() && w.sum(1) > 0) {
                double ratio = (double) w.sum(0) / w.sum(1);
                out.add(new DerivedValue(kind, key.substring(0, key.length() - suffix.length()),
                        share ? bounded(100.0 * ratio, 100.0) : ratio, w.ticks()));
            }
        }
        clearUnstamped(windows);
    }

    private void cgroup(SourceValues v, long dtNs, int slots, List<DerivedValue> out) {
        if (v == null) {
            cgroups.values().forEach(w -> {
                w.usage.clear();
                w.throttled.clear();
                w.throttledTime.clear();
            });
            return;
        }
        for (CgroupWindows w : cgroups.values()) {
            java.util.Arrays.fill(w.present, false);
        }
        Map<String, CgroupWindows> seen = new LinkedHashMap<>();
        for (int i = 0; i < v.size(); i++) {
            String key = v.keys()[i];
            int bar = key.lastIndexOf('|');
            if (bar < 0) {
                continue;
            }
            int f = field(key.substring(bar + 1));
            if (f < 0) {
                continue;
            }
            String path = key.substring(0, bar);
            CgroupWindows w = cgroups.get(path);
            if (w == null) {
                w = CgroupWindows.of(window.ticks(rateHz), memory);
                if (w == CgroupWindows.STARVED) {
                    if (seen.putIfAbsent(path, w) == null) {
                        memory.starved(3); // its three series, left out on this sample, not kept
                    }
                    continue;
                }
                cgroups.put(path, w);
            }
            w.fields[f] = v.values()[i];
            w.present[f] = true;
            seen.put(path, w);
        }
        for (Map.Entry<String, CgroupWindows> e : cgroups.entrySet()) {
            if (!seen.containsKey(e.getKey())) {
                e.getValue().usage.clear(); // the level was not read this tick (removed, or a reset)
                e.getValue().throttled.clear();
                e.getValue().throttledTime.clear();
            }
        }
        for (Map.Entry<String, CgroupWindows> e : seen.entrySet()) {
            String path = e.getKey();
            CgroupWindows w = e.getValue();
            if (w == CgroupWindows.STARVED) {
                continue;
            }
            // the time between this level's own reads (read_ns); captures before it: the tick's dt
            long wallNs = w.present[READ] && w.fields[READ] > 0 ? w.fields[READ] : dtNs;
            if (add(w, 0, w.usage, -1, wallNs, slots)) {
                double cpus = w.usage.sum(0) * 1000.0 / w.usage.sum(1);
                out.add(new DerivedValue(DerivedKind.CGROUP_USAGE, path, cores > 0 ? bounded(cpus, cores) : cpus,
                        w.usage.ticks()));
            }
            if (add(w, 1, w.throttled, 2, 0, slots) && w.throttled.sum(1) > 0) {
                out.add(new DerivedValue(DerivedKind.CGROUP_THROTTLED, path,
                        100.0 * w.throttled.sum(0) / w.throttled.sum(1), w.throttled.ticks()));
            }
            if (add(w, 3, w.throttledTime, -1, wallNs, slots)) {
                out.add(new DerivedValue(DerivedKind.CGROUP_THROTTLED_TIME, path,
                        w.throttledTime.sum(0) * 1000.0 / w.throttledTime.sum(1), w.throttledTime.ticks()));
            }
        }
    }

    /**
     * Adds field {@code num} over field {@code den} (or over {@code dtNs} when {@code den < 0}) to the
     * window; a missing field empties it. Returns whether the window is full.
     */
    private static boolean add(CgroupWindows w, int num, TickWindow window, int den, long dtNs, int slots) {
        if (!w.present[num] || (den >= 0 && !w.present[den])) {
            window.clear();
            return false;
        }
        window.add(w.fields[num], den >= 0 ? w.fields[den] : dtNs, slots);
        return window.full();
    }

    /** {@code v}, or {@code bound} when it is above it (counted in {@link #capped}). */
    private double bounded(double v, double bound) {
        if (v > bound) {
            capped++;
            return bound;
        }
        return v;
    }

    private static int field(String name) {
        for (int i = 0; i < CGROUP_FIELDS.length; i++) {
            if (CGROUP_FIELDS[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }
}
