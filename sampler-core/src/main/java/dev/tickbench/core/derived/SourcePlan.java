package dev.tickbench.core.derived;

import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.catalogue.Derivation;
import dev.tickbench.core.catalogue.Scale;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.catalogue.Unit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The derived series computed from one stream source, as the catalogue declares their inputs: each
 * sample's keys matched to the series' inputs by their literal tails ({@code |usage_usec},
 * {@code .some_total}), and gathered by subject (what the key names before the tail: the cgroup path, the
 * PSI resource). A key is an input when it matches the input's pattern and the catalogue declares it; a
 * subject or series whose window the memory could not hold is left out on that sample (counted), not kept.
 *
 * <p>A source read every n slots (a table at 1 Hz in a 100 Hz stream: the hello's cadences) is in one
 * sample in n; the samples between are not holes, and the next read's deltas span them: their slots and
 * {@code dt_ns} are added to it ({@link #between}). A read that did not come when due (half a period
 * late), a gap or the first read of a session leaves the next read's deltas spanning time no
 * window holds, so that read starts the windows and gives no value. A source whose keys come and go (the
 * top-N tables) lets a subject go, memory and all, on the first read that does not carry it.
 * One thread.
 */
final class SourcePlan {
    /** A subject's object and its map entry, beside its series' windows. */
    private static final long SUBJECT_BYTES = 160;

    final String source;
    final DerivedKind[] kinds;
    /** Per kind and input: the literal tail of the input's key. */
    private final String[][] tails;
    /** Per kind: the first input's unit in nanoseconds (or nano-units), 0 until a key resolved it, -1 when none fits. */
    private final long[] nanos;

    private final SeriesCatalogue catalogue;
    /**
     * The source leaves out a row whose deltas are all 0 (diskstats, netdev; FORMAT.md): a known subject
     * the sample does not carry had deltas of 0, not a hole, unless one of its keys was reset.
     */
    private final boolean idleRowsAreZero;
    /** The source's keys are the last interval's top N: a subject absent from a read has ended. */
    private final boolean keysComeAndGo;
    /** The sampled host's USER_HZ: a tick counter's nanoseconds. */
    private int userHz = 100;
    /** The slots between two of the source's reads (the hello's {@code every_ticks}); 1 for every tick. */
    private int everyTicks = 1;
    /** The slots and wall time of the samples since the source's last read, which the next read spans. */
    private long pendingSlots;

    private long pendingNs;
    /** The next read's deltas span time no window holds (a session's first read, a missed read, a gap). */
    private boolean unanchored;
    /** What the current read spans: its own sample and those between it and the previous read. */
    private long spanNs;

    private int spanSlots;
    private final Map<String, Subject> subjects = new LinkedHashMap<>();
    /**
     * The subjects the current sample carried, in the order their first key came; of a source that leaves
     * out idle rows, every subject known and not reset, in the order each first came.
     */
    final List<Subject> now = new ArrayList<>();

    /** One subject: the inputs of each kind this source has for it. */
    static final class Subject {
        final String name;
        final Inputs[] inputs;
        private long stamp = -1;
        /** The memory its windows and entry took, given back when it ends. */
        private long bytes = SUBJECT_BYTES;

        private Subject(String name, int kinds) {
            this.name = name;
            this.inputs = new Inputs[kinds];
        }
    }

    /** One kind's inputs for one subject on the current sample, and the window of its values. */
    static final class Inputs {
        final long[] values;
        final boolean[] present;
        /** Per input: 0 not yet looked at, 1 the key is that input, 2 it is not. */
        private final byte[] verdict;
        /** The window of a CPU-time kind ({@link CpuWindow}), else of two lanes. */
        final CpuWindow cpu;

        final TickWindow window;
        /** The memory its window took. */
        private final long bytes;

        private Inputs(DerivedKind kind, int ticks, TickWindow window, long bytes) {
            values = new long[kind.inputs()];
            present = new boolean[values.length];
            verdict = new byte[values.length];
            cpu = kind.derivation().cpuTime() ? new CpuWindow(ticks) : null;
            this.window = window;
            this.bytes = bytes;
        }

        void clear() {
            if (cpu != null) {
                cpu.clear();
            } else {
                window.clear();
            }
        }
    }

    SourcePlan(String source, List<DerivedKind> kinds, SeriesCatalogue catalogue) {
        this.source = source;
        this.kinds = kinds.toArray(DerivedKind[]::new);
        this.catalogue = catalogue;
        this.idleRowsAreZero = catalogue.omitsIdleRows(source);
        this.keysComeAndGo = catalogue.keysComeAndGo(source);
        tails = new String[this.kinds.length][];
        nanos = new long[this.kinds.length];
        for (int k = 0; k < tails.length; k++) {
            tails[k] = new String[this.kinds[k].inputs()];
            for (int j = 0; j < tails[k].length; j++) {
                tails[k][j] = this.kinds[k].input(j).literalSuffix();
            }
        }
    }

    /** The first input's unit of kind {@code k} in nanoseconds (a µs or µJ counter: 1000), or -1 when none fits. */
    long nanos(int k) {
        return nanos[k];
    }

    /** New windows: every subject starts again. */
    void reset() {
        subjects.clear();
        now.clear();
        clear();
    }

    /**
     * The sampled host, from a hello line: its USER_HZ (a tick counter's unit) and the slots between two
     * of this source's reads ({@code every_ticks} of its cadence; 1 when read on every tick or unknown).
     */
    void host(int userHz, int everyTicks) {
        if (userHz != this.userHz) {
            Arrays.fill(nanos, 0); // a tick's nanoseconds are the host's
        }
        this.userHz = userHz;
        this.everyTicks = Math.max(1, everyTicks);
        clear();
    }

    /**
     * A sample without this source: whether it falls between two of the source's reads (its slots and
     * {@code dt_ns} are kept for the next read to span); false when the source is read on every tick or
     * its read is overdue (half a period late), which is a hole.
     */
    boolean between(int slots, long dtNs) {
        if (everyTicks <= 1) {
            return false;
        }
        pendingSlots += slots;
        pendingNs += dtNs;
        return pendingSlots < everyTicks + everyTicks / 2L;
    }

    /**
     * A sample that carries this source: what its deltas span ({@link #spanNs}, {@link #spanSlots}), and
     * whether they can go into the windows (not when they span time no window holds).
     */
    boolean read(int slots, long dtNs) {
        spanNs = dtNs + pendingNs;
        spanSlots = (int) Math.min(Integer.MAX_VALUE, slots + pendingSlots);
        pendingSlots = 0;
        pendingNs = 0;
        boolean anchored = !unanchored;
        unanchored = false;
        return anchored;
    }

    /** The wall time the current read's deltas span, ns. */
    long spanNs() {
        return spanNs;
    }

    /** The slots the current read's deltas span. */
    int spanSlots() {
        return spanSlots;
    }

    /**
     * Empties every window (a gap, a missed seq, a sample without this source); of a source not read on
     * every tick, the next read's deltas span the hole and only start the windows again.
     */
    void clear() {
        emptyWindows();
        pendingSlots = 0;
        pendingNs = 0;
        unanchored = everyTicks > 1;
    }

    /** Empties every window. */
    void emptyWindows() {
        for (Subject s : subjects.values()) {
            for (Inputs in : s.inputs) {
                if (in != null) {
                    in.clear();
                }
            }
        }
    }

    /**
     * Gathers the inputs of sample number {@code sample} into {@link #now}; a subject the sample did not
     * carry has its windows emptied (a level removed, or reset), or, where the source leaves out idle
     * rows, deltas of 0 unless {@code resets} (the sample's, {@code <source>.<key>}) names one of its keys.
     */
    void gather(SourceValues v, List<String> resets, long sample, int ticks, WindowMemory memory) {
        now.clear();
        if (v == null) {
            clear();
            return;
        }
        String[] keys = v.keys();
        long[] values = v.values();
        for (int i = 0; i < v.size(); i++) {
            String key = keys[i];
            for (int k = 0; k < kinds.length; k++) {
                for (int j = 0; j < tails[k].length; j++) {
                    if (key.endsWith(tails[k][j])) {
                        take(k, j, key, values[i], sample, ticks, memory);
                    }
                }
            }
        }
        for (Iterator<Subject> it = subjects.values().iterator(); it.hasNext(); ) {
            Subject s = it.next();
            if (s.stamp != sample) {
                if (idleRowsAreZero && !wasReset(s, resets)) {
                    idle(s, sample);
                    continue;
                }
                if (keysComeAndGo) {
                    it.remove(); // it left the table: its series ended
                    memory.give(s.bytes);
                    continue;
                }
                for (Inputs in : s.inputs) {
                    if (in != null) {
                        in.clear();
                    }
                }
            }
        }
        if (idleRowsAreZero) {
            now.clear(); // every known subject, idle or not, in the order each first came
            for (Subject s : subjects.values()) {
                if (s.stamp == sample) {
                    now.add(s);
                }
            }
        }
    }

    /** An idle row: each input the subject has is there, with a delta of 0. */
    private static void idle(Subject s, long sample) {
        s.stamp = sample;
        for (Inputs in : s.inputs) {
            if (in != null) {
                for (int j = 0; j < in.values.length; j++) {
                    in.values[j] = 0;
                    in.present[j] = in.verdict[j] == 1;
                }
            }
        }
    }

    /** Whether {@code resets} names one of the subject's input keys: its row was left out for a reset, not idle. */
    private boolean wasReset(Subject s, List<String> resets) {
        if (resets == null || resets.isEmpty()) {
            return false;
        }
        for (String r : resets) {
            if (r.length() > source.length() + s.name.length() + 1
                    && r.startsWith(source)
                    && r.charAt(source.length()) == '.'
                    && r.startsWith(s.name, source.length() + 1)) {
                String tail = r.substring(source.length() + 1 + s.name.length());
                for (String[] t : tails) {
                    if (Arrays.asList(t).contains(tail)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private void take(int k, int j, String key, long value, long sample, int ticks, WindowMemory memory) {
        String name = key.substring(0, key.length() - tails[k][j].length());
        Subject s = subjects.get(name);
        if (s == null) {
            if (!isInput(k, j, key)) {
                return;
            }
            if (!memory.take(SUBJECT_BYTES)) {
                if (j == 0) {
                    memory.starved(); // the series left out on this sample, once (its first input's key)
                }
                return;
            }
            s = new Subject(name, kinds.length);
            subjects.put(name, s);
        }
        if (s.stamp != sample) {
            s.stamp = sample;
            for (Inputs in : s.inputs) {
                if (in != null) {
                    Arrays.fill(in.present, false);
                }
            }
            now.add(s);
        }
        Inputs in = s.inputs[k];
        if (in == null) {
            if (!isInput(k, j, key)) {
                return;
            }
            in = inputs(kinds[k], ticks, memory, j == 0);
            if (in == null) {
                return;
            }
            s.inputs[k] = in;
            s.bytes += in.bytes;
        }
        if (in.verdict[j] == 0) {
            in.verdict[j] = isInput(k, j, key) ? (byte) 1 : (byte) 2;
        }
        if (in.verdict[j] == 1) {
            in.values[j] = value;
            in.present[j] = true;
        }
    }

    /** A kind's inputs for a new subject, or null when its window does not fit (counted once, by its first input). */
    private static Inputs inputs(DerivedKind kind, int ticks, WindowMemory memory, boolean count) {
        if (kind.derivation().cpuTime()) {
            return new Inputs(kind, ticks, null, 0); // the CPU's own window, as the throttle's: not a file's many
        }
        TickWindow w = TickWindow.of(2, ticks, memory, count);
        return w.starved() ? null : new Inputs(kind, ticks, w, TickWindow.bytes(2, ticks));
    }

    /**
     * Whether {@code key} is input {@code j} of kind {@code k}: it matches the input and the catalogue declares
     * it; an input added up with others has the unit of the first of them (sectors and bytes do not add up).
     */
    private boolean isInput(int k, int j, String key) {
        if (!kinds[k].input(j).matches(key)) {
            return false;
        }
        Optional<SeriesMatch> m = catalogue.stream(source, key);
        if (m.isEmpty()) {
            return false;
        }
        if (j == 0 && nanos[k] == 0) {
            nanos[k] = toNanos(m.get().unit());
        }
        int head = sumHead(k, j);
        if (head != j) {
            String subject = key.substring(0, key.length() - tails[k][j].length());
            Optional<SeriesMatch> h = catalogue.stream(source, subject + tails[k][head]);
            if (h.isEmpty() || h.get().unit() != m.get().unit()) {
                return false;
            }
        }
        return j != 0 || nanos[k] > 0 || !needsNanos(kinds[k].derivation());
    }

    /** The first of the inputs that input {@code j} of kind {@code k} is added up with (itself when it is not). */
    private int sumHead(int k, int j) {
        int n = tails[k].length;
        return switch (kinds[k].derivation()) {
            case COUNTER_RATE -> 0;
            case READ_TIME_RATE -> j < n - 1 ? 0 : j;
            case RATIO -> j < n / 2 ? 0 : n / 2;
            default -> j;
        };
    }

    private static boolean needsNanos(Derivation d) {
        return d == Derivation.WALL_SHARE
                || d == Derivation.WALL_RATE
                || d == Derivation.READ_TIME_RATE
                || d == Derivation.COUNTER_RATE;
    }

    /**
     * A unit's size in nano base units (µs: 1000; a USER_HZ tick: 10^9 / USER_HZ), or -1 when it is not a
     * whole number of them.
     */
    private long toNanos(Unit unit) {
        if (unit == Unit.TICKS) {
            return userHz > 0 && 1_000_000_000L % userHz == 0 ? 1_000_000_000L / userHz : -1;
        }
        Scale base = unit.base();
        if (base == null || base.multiply() > Long.MAX_VALUE / 1_000_000_000L) {
            return -1;
        }
        long n = 1_000_000_000L * base.multiply();
        return n % base.divide() == 0 ? n / base.divide() : -1;
    }
}
