package dev.tickbench.app.charts;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/** The published cadence of a source as the user reads it: "1.0 Hz · declared". */
public record CadenceLabel(double hz, String reason) {
    /** Reads {@code capabilities.cadences.<source>}; null when the source publishes none. */
    public static CadenceLabel of(JsonNode capabilities, String source) {
        if (capabilities == null) {
            return null;
        }
        JsonNode c = capabilities.path("cadences").path(source);
        if (!c.isObject() || !c.has("hz")) {
            return null;
        }
        return new CadenceLabel(c.get("hz").asDouble(), c.path("reason").asText("?"));
    }

    public String text() {
        return formatHz(hz) + " · " + reason;
    }

    /** One decimal below 10 Hz (5.9 Hz, 1.0 Hz), whole numbers above (100 Hz). */
    public static String formatHz(double hz) {
        return hz < 10 ? String.format(Locale.ROOT, "%.1f Hz", hz) : String.format(Locale.ROOT, "%.0f Hz", hz);
    }

    @Override
    public String toString() {
        return text();
    }
}
