package dev.tickbench.core.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.DerivedKind;
import dev.tickbench.core.derived.DerivedValue;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The derived series (docs/derived-series.md) as gauges, as their catalogue entries declare them:
 * percentages become ratios (Prometheus base units), and every sample carries its window in a
 * {@code window} label ({@code "1s"}), because a rate without its window cannot be compared with the
 * same rate taken over another. Labels on attributes ({@code name} of a cpuidle state) are the cadence
 * source's capabilities attributes. A derived series whose entry declares no metric (a process's or
 * a cgroup's rate) is not served.
 */
final class DerivedFamilies {
    private DerivedFamilies() {}

    /** The values the latest sample produced (a level not read on it is not shown with an old value). */
    static void add(Exposition e, SeriesCatalogue catalogue, List<DerivedValue> values, JsonNode capabilities) {
        for (DerivedValue v : values) {
            if (v.kind().entry().metric() == null) {
                continue; // a process's or a cgroup's rate: not on /metrics (bounded cardinality, docs/who.md)
            }
            JsonNode attributes = capabilities == null
                    ? null
                    : capabilities.path("attributes").get(v.kind().source());
            SourceFamilies.gauge(e, catalogue, v.name(), v.value(), Map.of("window", window(v.kind())), attributes);
        }
    }

    private static String window(DerivedKind k) {
        double s = k.windowS();
        return s == Math.rint(s) ? String.format(Locale.ROOT, "%ds", (long) s) : String.format(Locale.ROOT, "%gs", s);
    }
}
