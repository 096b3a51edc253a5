package dev.tickbench.core.cadence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.source.pmu.PmuSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every rule of docs/cadence.md, with its worked examples. */
class CadencePlannerTest {
    private static Plan plan(int rate, int floor, CadenceRule rule) {
        return new CadencePlanner(rate, floor).plan(rule);
    }

    @ParameterizedTest(name = "rate {0} Hz, floor {1} Hz -> every {2}")
    @CsvSource({
        "10, 6, 2", // slabinfo at 10 Hz: every 2 ticks (5 Hz)
        "100, 6, 17", // slabinfo at 100 Hz: every 17 ticks (~5.9 Hz)
        "50, 6, 8", // 8.33 -> 8
        "1, 6, 1", // never below 1
        "9, 6, 2", // 1.5: a half rounds up
        "3, 6, 1", // 0.5 rounds up to 1
        "15, 6, 3", // 2.5 rounds up to 3
        "10, 1, 10", // thermal polling 1000 ms at 10 Hz: every 10 ticks (1 Hz)
    })
    void everyTicksRoundsToNearestHalfUp(int rate, double floor, int every) {
        assertEquals(every, CadencePlanner.everyTicks(rate, floor));
    }

    @Test
    void slabinfoIsBudgetFlooredAndStoredOnChange() {
        Plan p = plan(100, 0, new CadenceRule.SlabInfo());
        assertEquals(new Cadence(100.0 / 17, Reason.BUDGET, 17), p.published());
        assertEquals(17, p.readEveryTicks());
        assertTrue(p.storeOnChange());
        assertEquals(5.0, plan(10, 0, new CadenceRule.SlabInfo()).published().hz());
    }

    @Test
    void thermalFollowsItsDeclaredPollingDelay() {
        Plan declared = plan(10, 0, new CadenceRule.Thermal(1000));
        assertEquals(new Cadence(1.0, Reason.DECLARED, 10), declared.published());
        assertFalse(declared.storeOnChange(), "thermal is stored on every read (sample and hold)");
        assertEquals(
                new Cadence(4.0, Reason.DECLARED, 25),
                plan(100, 0, new CadenceRule.Thermal(250)).published());
    }

    /**
     * At 10 Hz a 110 ms zone rounds to every tick, but the sampler (100 ms) is still faster than the
     * zone: the declaration is the reason, not the rate (issue: the code said declared only when
     * every_ticks > 1).
     */
    @Test
    void aZoneSlowerThanTheSamplerIsDeclaredEvenAtOneTick() {
        assertEquals(
                new Cadence(10.0, Reason.DECLARED, 1),
                plan(10, 0, new CadenceRule.Thermal(110)).published());
        assertEquals(
                new Cadence(10.0, Reason.DECLARED, 1),
                plan(10, 0, new CadenceRule.Thermal(101)).published());
        // equal periods: the sampler is not faster, nothing was slowed by the declaration
        assertEquals(
                new Cadence(10.0, Reason.RATE, 1),
                plan(10, 0, new CadenceRule.Thermal(100)).published());
        assertEquals(
                new Cadence(10.0, Reason.RATE, 1),
                plan(10, 0, new CadenceRule.Thermal(90)).published());
    }

    @Test
    void thermalWithoutDeclaredCadenceOrSlowerSamplerIsRate() {
        assertEquals(
                new Cadence(100.0, Reason.RATE, 1),
                plan(100, 0, new CadenceRule.Thermal(0)).published());
        // 1 Hz sampler, 1000 ms polling: the sampler is not faster than the declared cadence
        assertEquals(
                new Cadence(1.0, Reason.RATE, 1),
                plan(1, 0, new CadenceRule.Thermal(1000)).published());
        // 4 Hz polling at 1 Hz: still every tick
        assertEquals(
                new Cadence(1.0, Reason.RATE, 1),
                plan(1, 0, new CadenceRule.Thermal(250)).published());
    }

    @Test
    void cpufreqIsChangeOrPolicyUnderUserspace() {
        Plan change = plan(100, 0, new CadenceRule.CpuFreq(false));
        assertEquals(new Cadence(100.0, Reason.CHANGE, 1), change.published());
        assertTrue(change.storeOnChange());
        assertEquals(
                Reason.POLICY,
                plan(100, 0, new CadenceRule.CpuFreq(true)).published().reason());
    }

    @Test
    void buddyinfoPublishesRateThoughStoredOnChange() {
        Plan p = plan(50, 0, new CadenceRule.BuddyInfo());
        assertEquals(new Cadence(50.0, Reason.RATE, 1), p.published());
        assertTrue(p.storeOnChange());
    }

    @Test
    void mtdEveryTenSecondsPublishesBudget() {
        Plan p = plan(10, 0, new CadenceRule.Mtd());
        assertEquals(new Cadence(0.1, Reason.BUDGET, 100), p.published());
        assertTrue(p.storeOnChange());
        assertEquals(1000, plan(100, 0, new CadenceRule.Mtd()).readEveryTicks());
    }

    @Test
    void countersAreAlwaysRateEveryTick() {
        for (int floor : new int[] {0, 3, 100, 1000}) {
            Plan p = plan(100, floor, new CadenceRule.EveryTick());
            assertEquals(new Cadence(100.0, Reason.RATE, 1), p.published());
            assertFalse(p.storeOnChange());
        }
    }

    @Test
    void floorHzPutsThermalSlabAndMtdOnOneCadenceWithOverride() {
        for (CadenceRule r : new CadenceRule[] {
            new CadenceRule.Thermal(1000), new CadenceRule.Thermal(0), new CadenceRule.SlabInfo(), new CadenceRule.Mtd()
        }) {
            Plan p = plan(100, 3, r);
            assertEquals(new Cadence(100.0 / 33, Reason.OVERRIDE, 33), p.published(), r.toString());
            assertEquals(33, p.readEveryTicks());
            assertFalse(p.storeOnChange(), "FLOOR_HZ turns the change filter off");
        }
    }

    @Test
    void floorHzKeepsCpufreqAndBuddyReadEveryTickButPublishesOverride() {
        for (CadenceRule r : new CadenceRule[] {new CadenceRule.CpuFreq(true), new CadenceRule.BuddyInfo()}) {
            Plan p = plan(100, 3, r);
            assertEquals(new Cadence(100.0 / 33, Reason.OVERRIDE, 33), p.published());
            assertEquals(1, p.readEveryTicks(), "read and emitted every tick with or without FLOOR_HZ");
            assertFalse(p.storeOnChange());
        }
    }

    @Test
    void floorHzAtOrAboveRateReadsEverythingEveryTick() {
        for (int floor : new int[] {100, 1000}) {
            for (CadenceRule r : new CadenceRule[] {
                new CadenceRule.Thermal(1000),
                new CadenceRule.SlabInfo(),
                new CadenceRule.Mtd(),
                new CadenceRule.CpuFreq(false),
                new CadenceRule.BuddyInfo()
            }) {
                Plan p = plan(100, floor, r);
                assertEquals(new Cadence(100.0, Reason.OVERRIDE, 1), p.published());
                assertEquals(1, p.readEveryTicks());
            }
        }
    }

    /** The perf event groups' default cadence, 10 Hz, chosen: a whole number of ticks, never above the rate. */
    @ParameterizedTest(name = "rate {0} Hz -> every {1} ticks, {2} Hz")
    @CsvSource({
        "100, 10, 10.0", // every 10th tick
        "50, 5, 10.0",
        "10, 1, 10.0", // every tick
        "15, 2, 7.5", // 1.5: a half rounds up
        "5, 1, 5.0", // capped at the rate: every tick
    })
    void thePmuGroupsAreReadAtTheirChosenTenHz(int rate, int every, double hz) {
        Plan p = plan(rate, 0, new CadenceRule.Chosen(PmuSource.DEFAULT_HZ));
        assertEquals(new Cadence(hz, Reason.POLICY, every), p.published());
        assertEquals(every, p.readEveryTicks());
        assertFalse(p.storeOnChange(), "every read of a counter is sent");
    }

    @Test
    void floorHzOverridesThePmuGroupsCadenceLikeEveryChosenOne() {
        CadenceRule pmu = new CadenceRule.Chosen(PmuSource.DEFAULT_HZ);
        Plan p = plan(100, 25, pmu);
        assertEquals(new Cadence(25.0, Reason.OVERRIDE, 4), p.published());
        assertEquals(4, p.readEveryTicks(), "read at the override, not at 10 Hz");
        Plan slower = plan(100, 2, pmu);
        assertEquals(new Cadence(2.0, Reason.OVERRIDE, 50), slower.published());
        assertEquals(50, slower.readEveryTicks());
        Plan all = plan(100, 100, pmu);
        assertEquals(new Cadence(100.0, Reason.OVERRIDE, 1), all.published());
        assertEquals(1, all.readEveryTicks());
    }

    @Test
    void ratesAndFloorsOutOfRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CadencePlanner(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new CadencePlanner(1001, 0));
        assertThrows(IllegalArgumentException.class, () -> new CadencePlanner(10, -1));
        assertThrows(IllegalArgumentException.class, () -> new CadencePlanner(10, 1001));
    }

    @Test
    void reasonLabelsAreLowerCase() {
        assertEquals("declared", Reason.DECLARED.label());
        assertEquals(Reason.OVERRIDE, Reason.parse("override"));
    }
}
