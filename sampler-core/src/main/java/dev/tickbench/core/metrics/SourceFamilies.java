package dev.tickbench.core.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.catalogue.Metric;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesMatch;
import java.util.Map;
import java.util.function.Function;

/**
 * Maps one stream value ({@code source.key}) to its Prometheus family, as its series catalogue entry
 * declares it (docs/catalogue.md, "Metrics"): names carry their unit, kernel units are converted to base
 * units by the entry's {@link dev.tickbench.core.catalogue.Unit} (USER_HZ ticks and µs and ms to seconds,
 * kB and sectors to bytes, m°C to celsius, kHz to hertz). Keys the catalogue does not know go to
 * {@code tickbench_other_*} with the source and key as labels, so a newer probe's source still reaches
 * Prometheus.
 */
final class SourceFamilies {
    private SourceFamilies() {}

    /**
     * Adds one value. {@code counter} is true for a cumulative sum of counter deltas, false for a held
     * level; {@code attributes} is the source's capabilities attributes (null when unknown), for labels
     * such as a thermal zone's {@code type}; {@code readMs} the wall time of the counter's last read (ms since
     * the epoch, &lt; 0 for none), served with it.
     */
    static void add(
            Exposition e,
            SeriesCatalogue catalogue,
            String source,
            String key,
            long value,
            boolean counter,
            int userHz,
            JsonNode attributes,
            long readMs) {
        SeriesMatch m = catalogue.stream(source, key).orElse(null);
        Metric metric = m == null ? null : m.entry().metric();
        if (metric == null) {
            other(e, source, key, value, counter);
            return;
        }
        double v = m.unit().toBase(value, userHz);
        String[] labels = metric.labelValues(m.captures(), attribute(attributes));
        if (metric.type() == Metric.Type.COUNTER && readMs >= 0) {
            e.counterAt(metric.family(), metric.help(), v, readMs, labels);
        } else if (metric.type() == Metric.Type.COUNTER) {
            e.counter(metric.family(), metric.help(), v, labels);
        } else {
            e.gauge(metric.family(), metric.help(), v, labels);
        }
    }

    /** A gauge of a value that is not a sample's ({@code throttle.iowait}, {@code cgroup_limits.<path>|quota_us}). */
    static void gauge(Exposition e, SeriesCatalogue catalogue, String series, double value, Map<String, String> extra) {
        gauge(e, catalogue, series, value, extra, null);
    }

    /** As above, with the capabilities attributes of the series' cadence source for its {@code @attr} labels (may be null). */
    static void gauge(
            Exposition e,
            SeriesCatalogue catalogue,
            String series,
            double value,
            Map<String, String> extra,
            JsonNode attributes) {
        SeriesMatch m = catalogue
                .series(series)
                .orElseThrow(() -> new IllegalStateException("no catalogue entry for " + series));
        Metric metric = m.entry().metric();
        Map<String, String> captures = m.captures();
        if (!extra.isEmpty()) {
            captures = new java.util.HashMap<>(captures);
            captures.putAll(extra);
        }
        e.gauge(
                metric.family(),
                metric.help(),
                m.unit().base().apply(value),
                metric.labelValues(captures, attribute(attributes)));
    }

    /** A source attribute by name; a dot descends into nested attributes ({@code cooling_device0.type}). */
    private static Function<String, String> attribute(JsonNode attributes) {
        return name -> {
            JsonNode t = attributes;
            int from = 0;
            while (t != null && from <= name.length()) {
                int dot = name.indexOf('.', from);
                t = t.get(dot < 0 ? name.substring(from) : name.substring(from, dot));
                if (dot < 0) {
                    break;
                }
                from = dot + 1;
            }
            return t == null || t.isNull() || t.isContainerNode() ? null : t.asText();
        };
    }

    private static void other(Exposition e, String source, String key, long value, boolean counter) {
        if (counter) {
            e.counter(
                    "tickbench_other_counter_total",
                    "A counter this probe version has no family for, in kernel units.",
                    value,
                    "source",
                    source,
                    "key",
                    key);
        } else {
            e.gauge(
                    "tickbench_other_level",
                    "A level this probe version has no family for, in kernel units.",
                    value,
                    "source",
                    source,
                    "key",
                    key);
        }
    }
}
