package dev.tickbench.core.source.pmu;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Ratios of pairs of events (instructions per cycle and the cache miss ratio, or the pairs the catalogue's
 * PMU ratios name), per CPU and over all CPUs, from the {@code pmu_hw} deltas of each sample, summed over a sliding window of {@link #WINDOW_NS}: a mostly idle CPU counts a
 * few thousand cycles per 10 ms tick, and a ratio of two such counts jumps around; over a second it
 * settles. A ratio is a ratio of sums (never a mean of per-tick ratios), and absent when its
 * denominator is zero in the window (missing, not zero). "all" sums every CPU whose pair was counted
 * in the tick. Ticks without an estimate for a CPU (the group never ran) add nothing for it.
 */
public final class PmuRatios {
    public static final long WINDOW_NS = 1_000_000_000L;
    public static final String ALL = "all";
    /** Instructions per cycle, then cache misses per cache reference: {@link #ipc}, {@link #cacheMissRatio}. */
    private static final List<Pair> STANDARD =
            List.of(new Pair("instructions", "cycles"), new Pair("cache_misses", "cache_references"));

    /** A ratio of two events' sums: {@code numerator / denominator}. */
    public record Pair(String numerator, String denominator) {}

    private final long windowNs;
    private final int fields;
    /** Event name → its fields: 2p for the numerator of pair p, 2p + 1 for its denominator. */
    private final Map<String, int[]> events = new HashMap<>();

    private final Map<String, Window> windows = new TreeMap<>();

    public PmuRatios() {
        this(WINDOW_NS);
    }

    PmuRatios(long windowNs) {
        this(windowNs, STANDARD);
    }

    /** The ratios of {@code pairs} (as the catalogue's PMU ratios declare them) over {@link #WINDOW_NS}. */
    public PmuRatios(List<Pair> pairs) {
        this(WINDOW_NS, pairs);
    }

    private PmuRatios(long windowNs, List<Pair> pairs) {
        this.windowNs = windowNs;
        this.fields = 2 * pairs.size();
        for (int p = 0; p < pairs.size(); p++) {
            field(pairs.get(p).numerator(), 2 * p);
            field(pairs.get(p).denominator(), 2 * p + 1);
        }
    }

    private void field(String event, int f) {
        int[] old = events.getOrDefault(event, new int[0]);
        int[] now = Arrays.copyOf(old, old.length + 1);
        now[old.length] = f;
        events.put(event, now);
    }

    private long[] unset() {
        long[] f = new long[fields];
        Arrays.fill(f, -1);
        return f;
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
            int[] fs = events.get(k.substring(dot + 1));
            if (fs != null) {
                long[] f = tick.computeIfAbsent(k.substring(3, dot), c -> unset());
                for (int field : fs) {
                    f[field] = values[i];
                }
            }
        }
        long[] all = unset();
        for (Map.Entry<String, long[]> e : tick.entrySet()) {
            long[] f = e.getValue();
            windows.computeIfAbsent(e.getKey(), c -> new Window(fields)).add(monoNs, f);
            for (int p = 0; p < fields; p += 2) {
                if (f[p] >= 0 && f[p + 1] >= 0) {
                    all[p] = Math.max(all[p], 0) + f[p];
                    all[p + 1] = Math.max(all[p + 1], 0) + f[p + 1];
                }
            }
        }
        if (!tick.isEmpty()) {
            windows.computeIfAbsent(ALL, c -> new Window(fields)).add(monoNs, all);
        }
        for (Window w : windows.values()) {
            w.expire(monoNs, windowNs); // also the CPUs this tick did not carry
        }
    }

    /** The CPUs seen ({@code "0"}, {@code "1"}…) and {@link #ALL}. */
    public List<String> cpus() {
        return new ArrayList<>(windows.keySet());
    }

    /** Instructions per cycle over the window, for a CPU or {@link #ALL} (of the standard pairs). */
    public OptionalDouble ipc(String cpu) {
        return ratio(cpu, 0);
    }

    /** Cache misses per cache reference over the window (0…1), for a CPU or {@link #ALL} (of the standard pairs). */
    public OptionalDouble cacheMissRatio(String cpu) {
        return ratio(cpu, 1);
    }

    /** Pair {@code p}'s ratio over the window, for a CPU or {@link #ALL}. */
    public OptionalDouble ratio(String cpu, int p) {
        Window w = windows.get(cpu);
        return w == null ? OptionalDouble.empty() : ratio(w.sums[2 * p], w.sums[2 * p + 1]);
    }

    /** {@code num / den}; absent when nothing was counted in the denominator. */
    public static OptionalDouble ratio(long num, long den) {
        return den > 0 && num >= 0 ? OptionalDouble.of((double) num / den) : OptionalDouble.empty();
    }

    /** Per-tick deltas of one CPU inside the window, pair by pair (a pair missing on a tick adds nothing). */
    private static final class Window {
        private final ArrayDeque<long[]> ticks =
                new ArrayDeque<>(); // {mono, then each pair's numerator and denominator}
        private final long[] sums;

        Window(int fields) {
            sums = new long[fields];
        }

        void add(long monoNs, long[] f) {
            long[] t = new long[sums.length + 1];
            t[0] = monoNs;
            for (int p = 0; p < sums.length; p += 2) {
                if (f[p] >= 0 && f[p + 1] >= 0) {
                    t[p + 1] = f[p];
                    t[p + 2] = f[p + 1];
                }
            }
            ticks.addLast(t);
            for (int i = 0; i < sums.length; i++) {
                sums[i] += t[i + 1];
            }
        }

        void expire(long monoNs, long windowNs) {
            while (!ticks.isEmpty() && ticks.peekFirst()[0] <= monoNs - windowNs) {
                long[] old = ticks.removeFirst();
                for (int i = 0; i < sums.length; i++) {
                    sums[i] -= old[i + 1];
                }
            }
        }
    }
}
