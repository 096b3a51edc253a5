package dev.tickbench.app.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class ClockLabelsTest {
    private static String label(double tickUnit, double epochS) {
        return new ClockLabels(() -> tickUnit, ZoneOffset.UTC).toString(epochS);
    }

    @Test
    void decimalsFollowTheTickSpacing() {
        double t = 1_764_446_415.25; // 2025-11-29T20:00:15.250Z
        assertEquals("20:00:15", label(5, t));
        assertEquals("20:00:15.2", label(0.2, t));
        assertEquals("20:00:15.25", label(0.05, t));
        assertEquals("20:00:15.250", label(0.005, t));
    }
}
