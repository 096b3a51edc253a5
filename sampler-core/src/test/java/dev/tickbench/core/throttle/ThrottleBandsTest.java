package dev.tickbench.core.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ThrottleBandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theBandsAreReadFromWhatTheSessionPublished() throws Exception {
        assertEquals(
                Optional.of(new ThrottleBands(35.0, 80.0)),
                ThrottleBands.fromCapabilities(
                        JSON.readTree("{\"throttle\":{\"ceiling\":8,\"red_pct\":80.0,\"yellow_pct\":35.0}}")));
    }

    @Test
    void theControllersOwnAreTheDocumentedOnes() {
        assertEquals(new ThrottleBands(40.0, 70.0), ThrottleBands.CONTROLLER);
    }

    @Test
    void noThrottleOrImpossibleThresholdsMeanNoBands() throws Exception {
        assertEquals(Optional.empty(), ThrottleBands.fromCapabilities(JSON.readTree("{\"rate_hz\":10}")));
        assertEquals(Optional.empty(), ThrottleBands.fromCapabilities(null));
        assertEquals(
                Optional.empty(),
                ThrottleBands.fromCapabilities(JSON.readTree("{\"throttle\":{\"red_pct\":null,\"yellow_pct\":40}}")));
        assertEquals(
                Optional.empty(),
                ThrottleBands.fromCapabilities(JSON.readTree("{\"throttle\":{\"red_pct\":30,\"yellow_pct\":40}}")));
        assertThrows(IllegalArgumentException.class, () -> new ThrottleBands(40, 170));
    }
}
