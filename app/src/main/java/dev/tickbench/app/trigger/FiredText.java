package dev.tickbench.app.trigger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.text.InertText;
import dev.tickbench.core.text.Numbers;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * What made a trigger fire, as the Fired list reads it: the values of its {@code trigger} line (FORMAT.md,
 * "trigger") in words, each number as the crosshair writes one ({@link Numbers#value}: the decimals
 * its size needs, thousands grouped) with its unit: {@code 93.48 %}, {@code 81.5 °C (was 79 °C)},
 * {@code "Out of memory: Killed process 42" (prio 3, 2 records)}. A client's text (a kernel record) is
 * escaped; a field a newer probe adds is listed as it is named.
 */
final class FiredText {
    private FiredText() {}

    /** The values of a firing of {@code kind} (condition, change, kmsg, psi). */
    static String of(String kind, JsonNode values) {
        if (values == null || !values.isObject() || values.isEmpty()) {
            return "";
        }
        return switch (kind) {
            case "condition", "change" -> series(values);
            case "kmsg" -> kmsg(values);
            case "psi" -> psi(values);
            default -> rest(values, List.of());
        };
    }

    /** {@code 93.483 %}; a change adds the value before it or the counter's delta, and the flat time. */
    private static String series(JsonNode v) {
        String unit = v.path("unit").asText("");
        String value = null;
        List<String> known = new ArrayList<>(List.of("unit", "previous", "delta", "flat_s"));
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!known.contains(e.getKey()) && e.getValue().isNumber()) {
                value = withUnit(e.getValue().asDouble(), unit); // the series, under the name it was armed with
                known.add(e.getKey());
                break;
            }
        }
        StringBuilder b = new StringBuilder(value == null ? "" : value);
        if (v.has("previous")) {
            b.append(" (was ")
                    .append(withUnit(v.path("previous").asDouble(), unit))
                    .append(')');
        }
        if (v.has("delta")) {
            b.append(" (+").append(Numbers.value(v.path("delta").asDouble())).append(" on the tick)");
        }
        if (v.has("flat_s")) {
            b.append(" after ")
                    .append(Numbers.value(v.path("flat_s").asDouble()))
                    .append(" s flat");
        }
        return join(b.toString(), rest(v, known));
    }

    /** {@code "the record" (prio 3, 2 records)}. */
    private static String kmsg(JsonNode v) {
        StringBuilder b = new StringBuilder("\"")
                .append(InertText.line(v.path("msg").asText()))
                .append("\" (prio ")
                .append(v.path("prio").asText("?"));
        long matches = v.path("matches").asLong(1);
        if (matches > 1) {
            b.append(", ").append(matches).append(" records");
        }
        return join(b.append(')').toString(), rest(v, List.of("msg", "prio", "matches", "kmsg_seq", "us")));
    }

    /** {@code 2 events, some avg10 45.2 %, full avg10 3.1 %}: the kernel's averages at the last event. */
    private static String psi(JsonNode v) {
        long events = v.path("events").asLong();
        StringBuilder b = new StringBuilder().append(events).append(events == 1 ? " event" : " events");
        for (String stall : List.of("some", "full")) {
            JsonNode avg = v.get(stall + "_avg10");
            if (avg != null && avg.isNumber()) {
                b.append(", ").append(stall).append(" avg10 ").append(withUnit(avg.asDouble(), "%"));
            }
        }
        return b.toString(); // the file, the threshold and the rest are the expression's own
    }

    /** The fields not in {@code known}, as {@code name value}. */
    private static String rest(JsonNode v, List<String> known) {
        List<String> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!known.contains(e.getKey())) {
                JsonNode x = e.getValue();
                out.add(InertText.line(e.getKey()) + " "
                        + (x.isNumber() ? Numbers.value(x.asDouble()) : InertText.line(x.asText())));
            }
        }
        return String.join(", ", out);
    }

    private static String withUnit(double v, String unit) {
        return Numbers.value(v) + (unit.isEmpty() ? "" : " " + unit);
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + ", " + b;
    }
}
