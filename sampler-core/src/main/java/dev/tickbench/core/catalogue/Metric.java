package dev.tickbench.core.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The Prometheus family a series is served as on {@code /metrics}: its name (with the base unit in it,
 * {@code _total} for a counter), type, HELP text and labels. The value is converted to the base unit by
 * the series' {@link Unit}. docs/catalogue.md, "Metrics".
 */
public record Metric(String family, Type type, String help, List<Label> labels) {
    public enum Type {
        COUNTER,
        GAUGE
    }

    /**
     * One label: {@code value} is a template of the series' captures ({@code {cpu}}, and {@code {source}},
     * {@code {key}}, {@code {window}} where the reader has them), a literal ({@code some}), or
     * {@code @attr}: the source's capabilities attribute {@code attr} (itself a template, a dot descending
     * into nested attributes: {@code @{device}.type}), the label left out when the source publishes none.
     */
    public record Label(String name, String value, NamePattern template, boolean attribute) {
        public static Label of(String name, String value) {
            boolean attr = value.startsWith("@");
            return new Label(name, value, NamePattern.of(attr ? value.substring(1) : value), attr);
        }

        /** The label's value, or null when it names an attribute the source does not publish. */
        public String resolve(Map<String, String> captures, Function<String, String> attributes) {
            String v = template.format(captures);
            return attribute ? attributes.apply(v) : v;
        }
    }

    public Metric {
        labels = List.copyOf(labels);
        if (!family.matches("tickbench_[a-z0-9_]+")) {
            throw new IllegalArgumentException("a metric family is tickbench_ and lower-case words: " + family);
        }
        if (type == Type.COUNTER && !family.endsWith("_total")) {
            throw new IllegalArgumentException("a counter family ends in _total: " + family);
        }
    }

    public static Metric counter(String family, String help, String... labelPairs) {
        return new Metric(family, Type.COUNTER, help, labels(labelPairs));
    }

    public static Metric gauge(String family, String help, String... labelPairs) {
        return new Metric(family, Type.GAUGE, help, labels(labelPairs));
    }

    private static List<Label> labels(String[] pairs) {
        if (pairs.length % 2 != 0) {
            throw new IllegalArgumentException("labels come in name, value pairs");
        }
        List<Label> out = new ArrayList<>();
        for (int i = 0; i < pairs.length; i += 2) {
            out.add(Label.of(pairs[i], pairs[i + 1]));
        }
        return out;
    }

    /**
     * The labels as Exposition takes them (name, value, name, value…), in declaration order; a label on
     * an attribute the source lacks is left out.
     */
    public String[] labelValues(Map<String, String> captures, Function<String, String> attribute) {
        String[] out = new String[labels.size() * 2];
        int n = 0;
        for (Label l : labels) {
            String v = l.resolve(captures, attribute);
            if (v != null) {
                out[n++] = l.name();
                out[n++] = v;
            }
        }
        return n == out.length ? out : java.util.Arrays.copyOf(out, n);
    }
}
