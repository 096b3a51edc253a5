package dev.tickbench.core.derived;

import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.source.pmu.PmuRatios;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The PMU's derived series, computed once from the stream's own counters (docs/pmu.md) for every reader
 * (the workbench's charts, {@code /metrics}) and named as the catalogue declares them: IPC and the cache
 * miss ratio per CPU and over all CPUs over {@link PmuRatios}' window, and each software event per second
 * of the time its group counted ({@code enabled_ns}), not of the tick's nominal length. One thread.
 */
public final class PmuDerived {
    /** What each PMU ratio carries besides its value ("1 s window"). */
    public static final String WINDOW_NOTE = String.format(Locale.ROOT, "%.0f s window", PmuRatios.WINDOW_NS / 1e9);
    /** The ratios' window as a {@code /metrics} label value ("1s"). */
    public static final String WINDOW_LABEL = (PmuRatios.WINDOW_NS / 1_000_000_000L) + "s";

    /** Where a value goes: the derived series' name and its value (a raw ratio, a rate per second). */
    public interface Out {
        void value(String name, double value, String note);
    }

    private PmuRatios ratios = new PmuRatios();
    /** pmu_sw key ({@code cpu0.page_faults}) → its rate's name and the CPU's enabled_ns key; empty for the group's own times. */
    private final Map<String, String[]> perSecond = new HashMap<>();

    /** A new session: the windows start empty. */
    public void reset() {
        ratios = new PmuRatios();
    }

    /** Adds a {@code pmu_hw} sample's deltas to the window. */
    public void add(SourceValues hardware, long monoNs) {
        ratios.add(monoNs, hardware.keys(), hardware.values(), hardware.size());
    }

    /** Adds a {@code pmu_hw} sample, then gives the ratios over the window. */
    public void hardware(SourceValues v, long monoNs, Out out) {
        add(v, monoNs);
        ratios(out);
    }

    /**
     * The ratios over the window: every CPU's IPC ({@code pmu_hw.cpu0.ipc}, {@code pmu_hw.all.ipc}),
     * then every CPU's cache miss ratio (one family after the other, as {@code /metrics} serves them).
     */
    public void ratios(Out out) {
        for (String cpu : ratios.cpus()) {
            ratios.ipc(cpu).ifPresent(r -> out.value(series(cpu, "ipc"), r, WINDOW_NOTE));
        }
        for (String cpu : ratios.cpus()) {
            ratios.cacheMissRatio(cpu).ifPresent(r -> out.value(series(cpu, "cache_miss_ratio"), r, WINDOW_NOTE));
        }
    }

    /** A {@code pmu_sw} sample's events per second of the time their group counted. */
    public void software(SourceValues v, Out out) {
        for (int i = 0; i < v.size(); i++) {
            String[] names = perSecond.computeIfAbsent(v.keys()[i], PmuDerived::perSecondNames);
            if (names.length == 0) {
                continue;
            }
            Long enabledNs = v.get(names[1]);
            if (enabledNs != null && enabledNs > 0) {
                out.value(names[0], v.values()[i] * 1e9 / enabledNs, null);
            }
        }
    }

    /** {@code pmu_hw.cpu0.ipc}, {@code pmu_hw.all.ipc}: the derived series' names (docs/pmu.md). */
    private static String series(String cpu, String ratio) {
        return "pmu_hw." + (cpu.equals(PmuRatios.ALL) ? cpu : "cpu" + cpu) + "." + ratio;
    }

    /** {@code cpu0.context_switches} → {@code pmu_sw.cpu0.context_switches_per_s}, {@code cpu0.enabled_ns}; none for the times. */
    private static String[] perSecondNames(String key) {
        int dot = key.indexOf('.');
        if (dot < 0 || key.endsWith("_ns")) {
            return new String[0];
        }
        return new String[] {"pmu_sw." + key + "_per_s", key.substring(0, dot) + ".enabled_ns"};
    }
}
