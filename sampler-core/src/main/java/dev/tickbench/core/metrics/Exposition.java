package dev.tickbench.core.metrics;

import dev.tickbench.core.text.InertText;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Prometheus text exposition format 0.0.4: metric families, each written once with its HELP and TYPE
 * lines and all its samples together (the format requires a family's lines to be contiguous).
 * Metric and label names are fixed by the callers; only label values come from the data, and those are
 * escaped here.
 */
public final class Exposition {
    /** The Content-Type of a scrape answer. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    /** The metric types of the 0.0.4 format that Tickbench uses. */
    public enum Type {
        COUNTER,
        GAUGE,
        HISTOGRAM;

        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final Map<String, Family> families = new LinkedHashMap<>();

    /** The family {@code name}, created on first use; a second call must give the same type. */
    public Family family(String name, Type type, String help) {
        Family f = families.computeIfAbsent(name, n -> new Family(n, type, help));
        if (f.type != type) {
            throw new IllegalArgumentException(name + " is a " + f.type + ", not a " + type);
        }
        return f;
    }

    /** Shorthand: adds one sample to a counter family. */
    public void counter(String name, String help, double value, String... labels) {
        family(name, Type.COUNTER, help).add(value, labels);
    }

    /**
     * Adds one sample to a counter family with the time it was read ({@code timestampMs}, ms since the epoch),
     * so a rate divides by the time between two reads, not between two scrapes (docs/serve.md, "Read times").
     */
    public void counterAt(String name, String help, double value, long timestampMs, String... labels) {
        family(name, Type.COUNTER, help).addSuffixed("", value, timestampMs, labels);
    }

    /** Shorthand: adds one sample to a gauge family. */
    public void gauge(String name, String help, double value, String... labels) {
        family(name, Type.GAUGE, help).add(value, labels);
    }

    public boolean has(String name) {
        return families.containsKey(name);
    }

    /** The whole text, families in the order they were first named. */
    public String text() {
        return build().toString();
    }

    /**
     * The whole text as UTF-8, encoded straight from the builder: a scrape every 100 ms should not copy
     * its 100 KB answer four times (garbage a small probe heap pays for in GC pauses).
     */
    public ByteBuffer utf8() {
        return StandardCharsets.UTF_8.encode(CharBuffer.wrap(build()));
    }

    private StringBuilder build() {
        int size = 0;
        for (Family f : families.values()) {
            size += f.body.length() + f.help.length() + 2 * f.name.length() + 32;
        }
        StringBuilder sb = new StringBuilder(size);
        for (Family f : families.values()) {
            if (f.body.length() == 0) {
                continue;
            }
            sb.append("# HELP ").append(f.name).append(' ');
            escapeHelp(f.help, sb);
            sb.append('\n');
            sb.append("# TYPE ")
                    .append(f.name)
                    .append(' ')
                    .append(f.type.label())
                    .append('\n');
            sb.append(f.body);
        }
        return sb;
    }

    /** One metric family; samples are rendered as they are added. */
    public static final class Family {
        private final String name;
        private final Type type;
        private final String help;
        private final StringBuilder body = new StringBuilder();

        Family(String name, Type type, String help) {
            this.name = name;
            this.type = type;
            this.help = help;
        }

        /** Adds a sample; {@code labels} alternate name, value. */
        public Family add(double value, String... labels) {
            return addSuffixed("", value, -1, labels);
        }

        /**
         * Adds a histogram: cumulative counts per upper bound (seconds), then the +Inf bucket, sum and
         * count, as the format requires.
         */
        public Family histogram(double[] upperBounds, long[] cumulativeCounts, long count, double sum) {
            if (type != Type.HISTOGRAM) {
                throw new IllegalStateException(name + " is not a histogram");
            }
            for (int i = 0; i < upperBounds.length; i++) {
                addSuffixed("_bucket", cumulativeCounts[i], "le", format(upperBounds[i]));
            }
            addSuffixed("_bucket", count, "le", "+Inf");
            addSuffixed("_sum", sum);
            addSuffixed("_count", count);
            return this;
        }

        private Family addSuffixed(String suffix, double value, String... labels) {
            return addSuffixed(suffix, value, -1, labels);
        }

        /** {@code timestampMs} &lt; 0: none, the scrape's time is the sample's. */
        private Family addSuffixed(String suffix, double value, long timestampMs, String... labels) {
            if (labels.length % 2 != 0) {
                throw new IllegalArgumentException("labels come in name, value pairs: " + name);
            }
            StringBuilder sb = body.append(name).append(suffix);
            if (labels.length > 0) {
                sb.append('{');
                for (int i = 0; i < labels.length; i += 2) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    sb.append(labels[i]).append("=\"");
                    escapeLabelValue(labels[i + 1], sb);
                    sb.append('"');
                }
                sb.append('}');
            }
            sb.append(' ').append(format(value));
            if (timestampMs >= 0) {
                sb.append(' ').append(timestampMs);
            }
            sb.append('\n');
            return this;
        }
    }

    /** Integral values print without a fraction (counters of ticks, bytes); others as Java doubles, which Prometheus parses. */
    static String format(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 9.007199254740992E15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    /**
     * Label values: backslash, double quote and line feed are escaped (0.0.4), after the control and
     * format characters every text output escapes ({@link InertText}): a value is a name the machine gave
     * (an interface, a device, a cgroup), and a scrape read in a terminal must not drive it.
     */
    static void escapeLabelValue(String value, StringBuilder sb) {
        String s = InertText.text(value); // a line feed is the format's own escape below
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '"' -> sb.append("\\\"");
                case '\n' -> sb.append("\\n");
                default -> sb.append(c);
            }
        }
    }

    /** HELP text: backslash and line feed are escaped (0.0.4). */
    static void escapeHelp(String s, StringBuilder sb) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                default -> sb.append(c);
            }
        }
    }
}
