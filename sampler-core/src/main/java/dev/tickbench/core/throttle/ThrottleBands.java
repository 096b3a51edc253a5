package dev.tickbench.core.throttle;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The controller's two zone thresholds (docs/throttle.md): smoothed iowait from {@code yellowPct} holds,
 * from {@code redPct} pushes back. A session publishes the ones its controller ran with in the
 * capabilities' {@code throttle} object ({@code yellow_pct}, {@code red_pct}); readers draw those rather
 * than assume them.
 */
public record ThrottleBands(double yellowPct, double redPct) {
    /** The thresholds of this build's own controller (what a replay here runs with). */
    public static final ThrottleBands CONTROLLER =
            new ThrottleBands(Throttle.YELLOW_THRESHOLD_PCT, Throttle.RED_THRESHOLD_PCT);

    public ThrottleBands {
        if (!(yellowPct >= 0 && yellowPct <= redPct && redPct <= 100)) {
            throw new IllegalArgumentException("throttle bands must satisfy 0 <= yellow <= red <= 100 (%): yellow "
                    + yellowPct + ", red " + redPct);
        }
    }

    /**
     * The bands a capabilities object publishes; empty when it has no {@code throttle} object (the session
     * ran no throttle) or its thresholds are missing or impossible.
     */
    public static Optional<ThrottleBands> fromCapabilities(JsonNode capabilities) {
        if (capabilities == null) {
            return Optional.empty();
        }
        JsonNode t = capabilities.path("throttle");
        JsonNode yellow = t.path("yellow_pct");
        JsonNode red = t.path("red_pct");
        if (!yellow.isNumber() || !red.isNumber()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ThrottleBands(yellow.asDouble(), red.asDouble()));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
