package dev.tickbench.app.session;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/** The published cadence of a source as the user reads it: "1.0 Hz · declared". */
public record CadenceLabel(double hz, String reason) {
    /** The throttle's own line, once a second (docs/throttle.md): its reason when the capabilities name none. */
    static final String ONCE_A_SECOND = "once a second";

    /**
     * What {@code capabilities} publish for {@code source}: {@code cadences.<source>}, or for a source
     * with a line of its own (the throttle) the {@code hz} of its own block, {@code capabilities.<source>.hz};
     * null when the source publishes none.
     */
    public static CadenceLabel of(JsonNode capabilities, String source) {
        if (capabilities == null) {
            return null;
        }
        JsonNode c = capabilities.path("cadences").path(source);
        if (c.isObject() && c.has("hz")) {
            return new CadenceLabel(c.get("hz").asDouble(), c.path("reason").asText("?"));
        }
        JsonNode own = capabilities.path(source).path("hz");
        if (own.isNumber() && own.asDouble() > 0) {
            return new CadenceLabel(own.asDouble(), own.asDouble() == 1.0 ? ONCE_A_SECOND : "own line");
        }
        return null;
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
