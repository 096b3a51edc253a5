package dev.tickbench.core.floors;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tickbench.core.cadence.Cadence;
import dev.tickbench.core.cadence.Reason;
import dev.tickbench.core.catalogue.NaturalOrder;
import org.junit.jupiter.api.Test;

class FloorRulesTest {
    @Test
    void needIsTheRateRoundedUpToTwoDigitsCappedAtTheSamplerRate() {
        assertEquals(6.0, FloorRules.needHz(6.0, 50));
        assertEquals(6.0, FloorRules.needHz(5.96, 50));
        assertEquals(6.1, FloorRules.needHz(6.04, 50));
        assertEquals(6.0, FloorRules.needHz(150 / 24.9986, 50)); // timing noise is not rounded up
        assertEquals(0.08, FloorRules.needHz(2 / 24.9986, 50));
        assertEquals(0.084, FloorRules.needHz(0.0833, 50));
        assertEquals(17.0, FloorRules.needHz(16.6, 50));
        assertEquals(49.0, FloorRules.needHz(48.8, 50));
        assertEquals(50.0, FloorRules.needHz(49.6, 50));
        assertEquals(100.0, FloorRules.needHz(99.2, 1000));
        assertEquals(0.0, FloorRules.needHz(0, 50));
    }

    @Test
    void verdictsHaveATolerance() {
        assertEquals(Verdict.OK, FloorRules.verdict(6.25, 6.1, 0.04));
        assertEquals(Verdict.OK, FloorRules.verdict(6.25, 7.8, 0.04)); // within 1.25 x
        assertEquals(Verdict.TOO_SLOW, FloorRules.verdict(6.25, 11, 0.04));
        assertEquals(Verdict.OK, FloorRules.verdict(6.25, 1.6, 0.04)); // not more than 4 x
        assertEquals(Verdict.WASTEFUL, FloorRules.verdict(6.25, 1.5, 0.04));
        // nothing changed in a 25 s capture: 0.1 Hz is within 4 x of one change per capture
        assertEquals(Verdict.OK, FloorRules.verdict(0.1, 0, 0.04));
        assertEquals(Verdict.WASTEFUL, FloorRules.verdict(50, 0, 0.04));
    }

    @Test
    void shippedIsWhatTheSamplerRunsAtTheCaptureRate() {
        assertEquals(new Cadence(6.25, Reason.BUDGET, 8), FloorRules.shipped(LevelKind.SLABINFO, 50, 0, false));
        assertEquals(new Cadence(0.1, Reason.BUDGET, 500), FloorRules.shipped(LevelKind.MTD, 50, 0, false));
        assertEquals(new Cadence(1.0, Reason.DECLARED, 50), FloorRules.shipped(LevelKind.THERMAL, 50, 1000, false));
        assertEquals(new Cadence(50.0, Reason.RATE, 1), FloorRules.shipped(LevelKind.THERMAL, 50, 0, false));
        assertEquals(new Cadence(50.0, Reason.CHANGE, 1), FloorRules.shipped(LevelKind.CPUFREQ, 50, 0, false));
        assertEquals(new Cadence(50.0, Reason.POLICY, 1), FloorRules.shipped(LevelKind.CPUFREQ, 50, 0, true));
        assertEquals(new Cadence(50.0, Reason.RATE, 1), FloorRules.shipped(LevelKind.BUDDYINFO, 50, 0, false));
    }

    @Test
    void rowsSortNumbersAsNumbers() {
        java.util.List<String> l = new java.util.ArrayList<>(
                java.util.List.of("cpu10", "cpu2", "cpu1", "thermal_zone10", "thermal_zone9"));
        l.sort(NaturalOrder.NATURAL);
        assertEquals(java.util.List.of("cpu1", "cpu2", "cpu10", "thermal_zone9", "thermal_zone10"), l);
    }
}
