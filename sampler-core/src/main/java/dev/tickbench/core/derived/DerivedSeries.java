package dev.tickbench.core.derived;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.catalogue.Derivation;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.Unit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Computes every {@link DerivedKind} from the stream's own per-tick deltas, each over its window
 * (docs/derived-series.md). The one place these numbers are made: the workbench's charts, CSV export,
 * {@code /metrics} and the throttle's iowait (the same {@link CpuTime} over the same ticks) agree. Which
 * series there are, what each takes and how it is computed are the catalogue's derived entries
 * (docs/catalogue.md): this class names no source and no key.
 *
 * <p>Windows are whole ticks of the chosen {@link DerivedWindow} (1 s unless told otherwise) and rates
 * divide by the ticks' own {@code dt_ns}, so a value spans exactly the samples it was made from. A window is emitted only once
 * it is full; a new session, a gap, a missed seq, a reset counter or a missing field empties it (a row
 * left out by a source that leaves out idle rows is deltas of 0, not a missing field).
 * A cgroup's rates divide by the time between that level's own reads ({@code read_ns}), not by the
 * tick's {@code dt_ns}. A share of wall time is capped at its physical bound (PSI at 100 %, cgroup usage
 * at the host's CPU count from the hello line) only as a last resort, and every capped value is counted
 * ({@link #capped}): the kernel adds stall time and charges running time in lumps (docs/derived-series.md).
 * A source read every n slots (the process and cgroup tables at 1 Hz) gives values on its reads, each
 * read's deltas spanning the samples since the previous one ({@link SourcePlan}).
 * Not thread-safe: one feeding thread.
 */
public final class DerivedSeries {
    /** One plan per input source, in the order their values come out ({@link Derivation}). */
    private final List<SourcePlan> plans = new ArrayList<>();

    private int rateHz;
    private DerivedWindow window;
    /** USER_HZ of the sampled host (the hello's {@code user_hz}), for the quantisation note. */
    private int userHz = 100;
    /** CPUs of the sampled host (from the hello line), 0 when unknown: the cap of a usage in CPUs. */
    private int cores;

    private long lastSeq = -1;
    /** Samples taken: the stamp of the subjects a sample carried. */
    private long ticks;
    /** Values that came out above their physical bound and were capped at it (a last resort, counted). */
    private long capped;

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
        this(SeriesCatalogue.standard(), rateHz, Long.MAX_VALUE);
    }

    private DerivedSeries(SeriesCatalogue catalogue, int rateHz, long windowBytes) {
        this.window = DerivedWindow.DEFAULT;
        this.windowBytes = windowBytes;
        List<DerivedKind> declared = DerivedKind.of(catalogue);
        List<DerivedKind> byDerivation = new ArrayList<>(declared);
        byDerivation.sort(Comparator.comparing(DerivedKind::derivation)); // stable: the catalogue's order within one
        Map<String, List<DerivedKind>> bySource = new LinkedHashMap<>();
        for (DerivedKind k : byDerivation) {
            bySource.computeIfAbsent(k.inputSource(), s -> new ArrayList<>());
        }
        for (DerivedKind k : declared) {
            bySource.get(k.inputSource()).add(k); // a subject's series come out in the catalogue's order
        }
        bySource.forEach((source, ks) -> plans.add(new SourcePlan(source, ks, catalogue)));
        start(rateHz);
    }

    /**
     * A model for a reader of files (the CSV export, the diff), which waits for the hello line to learn
     * the rate: its windows take at most {@link #FILE_WINDOW_BYTES}, granted in the order the stream
     * asks for them; the derived series whose window found it spent are left out ({@link #leftOut()}).
     */
    public static DerivedSeries forFiles() {
        return forFiles(SeriesCatalogue.standard());
    }

    /** A model for a reader of files of the derived series {@code catalogue} declares. */
    public static DerivedSeries forFiles(SeriesCatalogue catalogue) {
        return new DerivedSeries(catalogue, 1, FILE_WINDOW_BYTES);
    }

    /** A model that waits for the hello line to learn the rate, over 1 s windows. */
    public DerivedSeries() {
        this(1);
    }

    /** A model of the derived series {@code catalogue} declares, which waits for the hello line, over 1 s windows. */
    public DerivedSeries(SeriesCatalogue catalogue) {
        this(catalogue, 1, Long.MAX_VALUE);
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
        plans.forEach(SourcePlan::reset);
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
        return window.ticks(rateHz);
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
     * cgroup levels leaf first, then the rest: {@link Derivation}), empty for
     * other lines and for windows not full yet.
     */
    public List<DerivedValue> accept(StreamLine line) {
        if (line instanceof Hello h) {
            start(h.rateHz());
            cores = Math.max(0, h.cores());
            userHz = h.userHz() > 0 ? h.userHz() : 100;
            for (SourcePlan p : plans) {
                p.host(userHz, everyTicks(h.capabilities(), p.source));
            }
        } else if (line instanceof GapLine) {
            plans.forEach(SourcePlan::clear);
        } else if (line instanceof SampleLine s) {
            return sample(s);
        }
        return List.of();
    }

    /** The slots between two reads of {@code source} the hello announces ({@code cadences}), 1 when it names none. */
    private static int everyTicks(JsonNode capabilities, String source) {
        if (capabilities == null) {
            return 1;
        }
        JsonNode n = capabilities.path("cadences").path(source).path("every_ticks");
        return n.canConvertToInt() && n.asInt() > 0 ? n.asInt() : 1;
    }

    private List<DerivedValue> sample(SampleLine s) {
        ticks++;
        memory.nextSample();
        if (lastSeq >= 0 && s.seq() != lastSeq + 1) {
            plans.forEach(SourcePlan::clear); // the deltas of the missed ticks are not in any window
        }
        lastSeq = s.seq();
        List<DerivedValue> out = new ArrayList<>();
        long dtNs = s.dtNs();
        if (dtNs <= 0) {
            plans.forEach(SourcePlan::clear);
            return out;
        }
        int slots = s.slots();
        int length = window.ticks(rateHz);
        for (SourcePlan p : plans) {
            SourceValues values = s.sources().get(p.source);
            if (values == null && p.between(slots, dtNs)) {
                continue; // not due on this sample: its next read spans it
            }
            boolean anchored = values != null && p.read(slots, dtNs);
            p.gather(values, s.resets(), ticks, length, memory);
            if (values != null && !anchored) {
                p.emptyWindows(); // its deltas span time no window holds: the windows start after them
                continue;
            }
            for (SourcePlan.Subject subject : p.now) {
                for (int k = 0; k < p.kinds.length; k++) {
                    SourcePlan.Inputs in = subject.inputs[k];
                    if (in != null) {
                        compute(
                                p.kinds[k],
                                subject.name.isEmpty() ? null : subject.name,
                                in,
                                p.nanos(k),
                                p.spanNs(),
                                p.spanSlots(),
                                out);
                    }
                }
            }
        }
        return out;
    }

    /** Adds one sample of a kind's inputs to its window and, once the window is full, its value; a missing input empties it. */
    private void compute(
            DerivedKind kind,
            String subject,
            SourcePlan.Inputs in,
            long nanos,
            long dtNs,
            int slots,
            List<DerivedValue> out) {
        long[] v = in.values;
        boolean[] present = in.present;
        TickWindow w = in.window;
        switch (kind.derivation()) {
            case CPU_BUSY, CPU_IOWAIT -> {
                for (int i = 0; i < v.length; i++) {
                    if (!present[i] && i < CpuTime.MIN_FIELDS) {
                        in.cpu.clear(); // a field that must be there is not (a reset)
                        return;
                    }
                    v[i] = present[i] ? v[i] : 0;
                }
                in.cpu.add(v, slots);
                CpuTime.Shares sh = in.cpu.shares();
                if (sh != null) {
                    double share = kind.derivation() == Derivation.CPU_BUSY ? sh.busyPct() : sh.iowaitPct();
                    out.add(new DerivedValue(kind, subject, share, in.cpu.slots()));
                }
            }
            case WALL_SHARE -> {
                if (add(in, v[0] * nanos, dtNs, slots)) {
                    out.add(new DerivedValue(kind, subject, bounded(100.0 * w.sum(0) / w.sum(1), 100.0), w.ticks()));
                }
            }
            case WALL_RATE -> {
                if (add(in, v[0] * nanos, dtNs, slots) && w.sum(1) > 0) {
                    double ratio = (double) w.sum(0) / w.sum(1);
                    out.add(new DerivedValue(
                            kind,
                            subject,
                            kind.unitIs(Unit.PERCENT) ? bounded(100.0 * ratio, 100.0) : ratio,
                            w.ticks()));
                }
            }
            case READ_TIME_RATE -> {
                // the time between this level's or entry's own reads (read_ns); captures before it: the tick's dt
                int time = v.length - 1;
                long sum = v[0];
                for (int i = 1; i < time; i++) {
                    if (!present[i]) {
                        w.clear();
                        return;
                    }
                    sum += v[i];
                }
                long wallNs = present[time] && v[time] > 0 ? v[time] : dtNs;
                if (add(in, sum, wallNs, slots)) {
                    double perSecond = w.sum(0) * (double) nanos / w.sum(1);
                    double value = kind.unitIs(Unit.PERCENT)
                            ? bounded(100.0 * perSecond, 100.0)
                            : kind.unitIs(Unit.CPUS) && cores > 0 ? bounded(perSecond, cores) : perSecond;
                    out.add(new DerivedValue(kind, subject, value, w.ticks()));
                }
            }
            case COUNTER_RATE -> {
                long sum = 0;
                for (int i = 0; i < v.length; i++) {
                    if (!present[i]) {
                        w.clear();
                        return;
                    }
                    sum += v[i];
                }
                if (add(in, sum, dtNs, slots) && w.sum(1) > 0) {
                    // the sum in the counter's unit, scaled once: bytes × 10^9 per tick would overflow at 9 GB
                    out.add(new DerivedValue(kind, subject, w.sum(0) * (double) nanos / w.sum(1), w.ticks()));
                }
            }
            case RATIO -> {
                int half = v.length / 2;
                long over = 0;
                long under = 0;
                for (int i = 0; i < v.length; i++) {
                    if (!present[i]) {
                        w.clear();
                        return;
                    }
                    if (i < half) {
                        over += v[i];
                    } else {
                        under += v[i];
                    }
                }
                if (add(in, over, under, slots) && w.sum(1) > 0) {
                    out.add(new DerivedValue(
                            kind,
                            subject,
                            kind.unitIs(Unit.PERCENT) ? 100.0 * w.sum(0) / w.sum(1) : (double) w.sum(0) / w.sum(1),
                            w.ticks()));
                }
            }
            default -> throw new IllegalStateException(kind + ": " + kind.derivation() + " is the PMU's");
        }
    }

    /** Adds the first input ({@code a}) over {@code b} to the window; a missing first input empties it. Whether it is full. */
    private static boolean add(SourcePlan.Inputs in, long a, long b, int slots) {
        if (!in.present[0]) {
            in.window.clear();
            return false;
        }
        in.window.add(a, b, slots);
        return in.window.full();
    }

    /** {@code v}, or {@code bound} when it is above it (counted in {@link #capped}). */
    private double bounded(double v, double bound) {
        if (v > bound) {
            capped++;
            return bound;
        }
        return v;
    }
}
