package dev.tickbench.app.session;

import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.source.pmu.PmuRatios;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The PMU's derived series, computed from the stream's own counters (docs/pmu.md) and named as the
 * catalogue declares them (its entries say their unit, shown name and chart): IPC and the cache miss
 * ratio per CPU and over all CPUs over {@link PmuRatios}' window, and each software event per second of
 * the time its group counted ({@code enabled_ns}), not of the tick's nominal length. Receiving thread only.
 */
final class PmuDerived {
    /** What each PMU value carries besides the ratio itself ("1 s window"). */
    static final String WINDOW_NOTE = String.format(Locale.ROOT, "%.0f s window", PmuRatios.WINDOW_NS / 1e9);

    /** Where a value goes: the derived series' name and its value (a raw ratio, a rate per second). */
    interface Out {
        void value(String name, double value, String note);
    }

    private PmuRatios ratios = new PmuRatios();
    /** pmu_sw key ({@code cpu0.page_faults}) → its rate's name and the CPU's enabled_ns key; null for the group's own times. */
    private final Map<String, String[]> perSecond = new HashMap<>();

    /** A new session: the windows start empty. */
    void reset() {
        ratios = new PmuRatios();
    }

    void hardware(SourceValues v, long monoNs, Out out) {
        ratios.add(monoNs, v.keys(), v.values(), v.size());
        for (String cpu : ratios.cpus()) {
            String id = cpu.equals(PmuRatios.ALL) ? cpu : "cpu" + cpu;
            ratios.ipc(cpu).ifPresent(r -> out.value("pmu_hw." + id + ".ipc", r, WINDOW_NOTE));
            ratios.cacheMissRatio(cpu).ifPresent(r -> out.value("pmu_hw." + id + ".cache_miss_ratio", r, WINDOW_NOTE));
        }
    }

    void software(SourceValues v, Out out) {
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

    /** {@code cpu0.context_switches} → {@code pmu_sw.cpu0.context_switches_per_s}, {@code cpu0.enabled_ns}; none for the times. */
    private static String[] perSecondNames(String key) {
        int dot = key.indexOf('.');
        if (dot < 0 || key.endsWith("_ns")) {
            return new String[0];
        }
        return new String[] {"pmu_sw." + key + "_per_s", key.substring(0, dot) + ".enabled_ns"};
    }
}
