package dev.tickbench.core.source.pmu;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Instructions per cycle and the cache miss ratio, per CPU and over all CPUs, from the {@code pmu_hw}
 * deltas of each sample, summed over a sliding window of {@link #WINDOW_NS}: a mostly idle CPU counts a
 * few thousand cycles per 10 ms tick, and a ratio of two such counts jumps around; over a second it
 * settles. A ratio is a ratio of sums (never a mean of per-tick ratios), and absent when its
 * denominator is zero in the window (missing, not zero). "all" sums every CPU whose pair was counted
 * in the tick. Ticks without an estimate for a CPU (the group never ran) add nothing for it.
 */
public final class PmuRatios {
    public static final long WINDOW_NS = 1_000_000_000L;
    public static final String ALL = "all";
    private static final int INSTRUCTIONS = 0;
    private static final int CYCLES = 1;
    private static final int REFERENCES = 2;
    private static final int MISSES = 3;

    private final long windowNs;
    private final Map<String, Window> windows = new TreeMap<>();

    public PmuRatios() {
        this(WINDOW_NS);
    }

    PmuRatios(long windowNs) {
        this.windowNs = windowNs;
    }

    /** Takes one sample's {@code pmu_hw} keys and deltas ({@code cpu<N>.<event>}). */
    public void add(long monoNs, String[] keys, long[] values, int size) {
        Map<String, long[]> tick = new TreeMap<>();
        for (int i = 0; i < size; i++) {
            String k = keys[i];
            int dot = k.indexOf('.');
            if (dot <= 3 || !k.startsWith("cpu")) {
                continue;
            }
            int field = switch (k.substring(dot + 1)) {
                case "instructions" -> INSTRUCTIONS;
                case "cycles" -> CYCLES;
                case "cache_references" -> REFERENCES;
                case "cache_misses" -> MISSES;
                default -> -1;
            };
            if (field >= 0) {
                tick.computeIfAbsent(k.substring(3, dot), c -> new long[] {-1, -1, -1, -1})[field] = values[i];
            }
        }
        long[] all = {-1, -1, -1, -1};
        for (Map.Entry<String, long[]> e : tick.entrySet()) {
            long[] f = e.getValue();
            windows.computeIfAbsent(e.getKey(), c -> new Window()).add(monoNs, f);
            for (int p = 0; p < 4; p += 2) {
                if (f[p] >= 0 && f[p + 1] >= 0) {
                    all[p] = Math.max(all[p], 0) + f[p];
                    all[p + 1] = Math.max(all[p + 1], 0) + f[p + 1];
                }
            }
        }
        if (!tick.isEmpty()) {
            windows.computeIfAbsent(ALL, c -> new Window()).add(monoNs, all);
        }
        for (Window w : windows.values()) {
            w.expire(monoNs, windowNs); // also the CPUs this tick did not carry
        }
    }

    /** The CPUs seen ({@code "0"}, {@code "1"}…) and {@link #ALL}. */
    public List<String> cpus() {
        return new ArrayList<>(windows.keySet());
    }

    /** Instructions per cycle over the window, for a CPU or {@link #ALL}. */
    public OptionalDouble ipc(String cpu) {
        Window w = windows.get(cpu);
        return w == null ? OptionalDouble.empty() : ratio(w.sums[INSTRUCTIONS], w.sums[CYCLES]);
    }

    /** Cache misses per cache reference over the window (0…1), for a CPU or {@link #ALL}. */
    public OptionalDouble cacheMissRatio(String cpu) {
        Window w = windows.get(cpu);
        return w == null ? OptionalDouble.empty() : ratio(w.sums[MISSES], w.sums[REFERENCES]);
    }

    /** {@code num / den}; absent when nothing was counted in the denominator. */
    public static OptionalDouble ratio(long num, long den) {
        return den > 0 && num >= 0 ? OptionalDouble.of((double) num / den) : OptionalDouble.empty();
    }

    /** Per-tick deltas of one CPU inside the window, pair by pair (a pair missing on a tick adds nothing). */
    private static final class Window {
        private final ArrayDeque<long[]> ticks = new ArrayDeque<>(); // {mono, instr, cycles, refs, misses}
        private final long[] sums = new long[4];

        void add(long monoNs, long[] f) {
            long[] t = {monoNs, 0, 0, 0, 0};
            for (int p = 0; p < 4; p += 2) {
                if (f[p] >= 0 && f[p + 1] >= 0) {
                    t[p + 1] = f[p];
                    t[p + 2] = f[p + 1];
                }
            }
            ticks.addLast(t);
            for (int i = 0; i < 4; i++) {
                sums[i] += t[i + 1];
            }
        }

        void expire(long monoNs, long windowNs) {
            while (!ticks.isEmpty() && ticks.peekFirst()[0] <= monoNs - windowNs) {
                long[] old = ticks.removeFirst();
                for (int i = 0; i < 4; i++) {
                    sums[i] -= old[i + 1];
                }
            }
        }
    }
}
