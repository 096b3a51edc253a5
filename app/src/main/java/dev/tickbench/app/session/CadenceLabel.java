package dev.tickbench.app.session;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * The published cadence of a source as the user reads it: "1.0 Hz · declared", and beside it what the
 * source really achieved while the stream's {@code cadence} line says it is more than 1 % off
 * ("100 Hz · rate · 74 Hz achieved"; docs/cadence.md). {@code achievedHz} is NaN while on plan.
 */
public record CadenceLabel(double hz, String reason, double achievedHz) {
    public CadenceLabel(double hz, String reason) {
        this(hz, reason, Double.NaN);
    }

    /** This label with what was achieved ({@code null}: back on plan). */
    public CadenceLabel withAchieved(Double achieved) {
        return new CadenceLabel(hz, reason, achieved == null ? Double.NaN : achieved);
    }

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
        return formatHz(hz) + " · " + reason
                + (Double.isNaN(achievedHz) ? "" : " · " + formatHz(achievedHz) + " achieved");
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
