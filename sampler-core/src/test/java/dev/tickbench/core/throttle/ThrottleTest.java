package dev.tickbench.core.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Waits;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The controller of docs/throttle.md, driven second by second through an injected clock. */
class ThrottleTest {
    private static final long S = 1_000_000_000L;

    /** A controller whose clock is the second the test sets. */
    private static final class Driven {
        long second;
        final Throttle throttle;

        Driven(int ceiling) {
            throttle = new Throttle(ceiling, () -> second * S);
        }

        int at(long t, double iowait) {
            second = t;
            return throttle.sample(iowait);
        }

        Throttle.State state() {
            return throttle.state();
        }
    }

    /** The seconds at which effective went up, fed 0 % iowait from t = 0 to {@code until}. */
    private static List<Long> growthTimes(Driven d, long until) {
        List<Long> times = new ArrayList<>();
        int previous = d.throttle.effective();
        for (long t = 0; t <= until; t++) {
            int e = d.at(t, 0.0);
            if (e != previous) {
                times.add(t);
            }
            previous = e;
        }
        return times;
    }

    @Test
    void noIoReachesTheCeilingAtTheDoublingSpread() {
        Driven d = new Driven(8);
        assertEquals(List.of(2L, 6L, 14L, 30L, 62L, 122L, 182L), growthTimes(d, 400));
        Throttle.State s = d.state();
        assertEquals(8, s.effective());
        // 2 → 4 → 8 → 16 → 32 → 60 (capped) and it stays at 60; no throttle ever happened
        assertEquals(60 * S, s.growSpreadNanos());
        assertEquals(OptionalLong.empty(), s.lastThrottleNanos());
        assertEquals(Optional.of(Zone.GREEN), s.zone());
        assertEquals(0, s.redStreak());
    }

    @Test
    void atTheCeilingTheSpreadStopsDoubling() {
        Driven d = new Driven(2);
        assertEquals(List.of(2L), growthTimes(d, 100));
        assertEquals(4 * S, d.state().growSpreadNanos());
    }

    @Test
    void warmUpTasksStagger() {
        // Closed loop: every task spends its first 4 samples loading a reference (80 % iowait each),
        // then computes. Task 0 starts at t = 0; a growth at t launches a task warming from t + 1.
        Driven d = new Driven(4);
        List<Long> launches = new ArrayList<>(List.of(0L));
        List<Long> growth = new ArrayList<>();
        double maxFed = 0;
        int previous = 1;
        for (long t = 0; t < 80; t++) {
            long tt = t;
            long warming = launches.stream().filter(s -> s <= tt && tt <= s + 3).count();
            double iowait = Math.min(100.0, 80.0 * warming);
            maxFed = Math.max(maxFed, iowait);
            int e = d.at(t, iowait);
            if (e > previous) {
                growth.add(t);
                launches.add(t + 1);
            }
            previous = e;
        }
        // growth waits for the smoothed iowait to fall below YELLOW after each warm-up
        assertEquals(List.of(6L, 13L, 21L), growth);
        assertEquals(80.0, maxFed, "two warm-ups never overlapped");
        assertEquals(4, d.state().effective());
    }

    @Test
    void continuousHeavyStaysAtOne() {
        Driven d = new Driven(16);
        for (long t = 0; t < 300; t++) {
            assertEquals(1, d.at(t, 85.0), "t=" + t);
        }
        Throttle.State s = d.state();
        assertEquals(Optional.of(Zone.RED), s.zone());
        assertEquals(300, s.redStreak(), "at effective 1 the streak keeps counting");
        assertEquals(OptionalLong.empty(), s.lastThrottleNanos(), "nothing to throttle at 1");
        assertEquals(2 * S, s.growSpreadNanos());
    }

    @Test
    void beforeAnySampleThereIsNoSmoothedValueNorZone() {
        Throttle.State s = new Driven(4).state();
        assertEquals(1, s.effective());
        assertEquals(4, s.ceiling());
        assertTrue(s.smoothed().isEmpty());
        assertTrue(s.zone().isEmpty());
        assertEquals(2 * S, s.growSpreadNanos());
        assertEquals(0, s.redStreak());
    }

    @Test
    void smoothingStartsWithTheSamplesHeldSoFar() {
        Driven d = new Driven(4);
        double[] fed = {10, 20, 30, 40, 50, 60, 70};
        double[] expected = {10, 15, 20, 25, 30, 40, 50};
        for (int i = 0; i < fed.length; i++) {
            d.at(i, fed[i]);
            assertEquals(expected[i], d.state().smoothed().getAsDouble(), 1e-12, "after sample " + (i + 1));
        }
    }

    @Test
    void redAtEffectiveOneChangesNothingButTheStreakCounts() {
        Driven d = new Driven(4);
        for (int i = 1; i <= 3; i++) {
            assertEquals(1, d.at(i - 1, 90.0));
            assertEquals(i, d.state().redStreak());
        }
        assertEquals(OptionalLong.empty(), d.state().lastThrottleNanos());
        assertEquals(2 * S, d.state().growSpreadNanos());
    }

    @Test
    void redThrottlesYellowHoldsAndGreenResetsTheStreak() {
        Driven d = new Driven(4);
        d.at(0, 0);
        d.at(1, 0);
        assertEquals(2, d.at(2, 0));
        assertEquals(4 * S, d.state().growSpreadNanos());
        assertEquals(2, d.at(3, 100)); // [0 0 0 100] = 25: GREEN, spread not elapsed
        assertEquals(Optional.of(Zone.GREEN), d.state().zone());
        assertEquals(2, d.at(4, 100)); // 200/5 = 40 exactly: YELLOW
        assertEquals(Optional.of(Zone.YELLOW), d.state().zone());
        assertEquals(2, d.at(5, 100)); // 60: YELLOW holds
        assertEquals(1, d.at(6, 100)); // 80: RED, streak 1 ≥ 1: throttle
        Throttle.State s = d.state();
        assertEquals(Optional.of(Zone.RED), s.zone());
        assertEquals(OptionalLong.of(6 * S), s.lastThrottleNanos());
        assertEquals(2 * S, s.growSpreadNanos(), "a throttle resets the spread");
        assertEquals(0, s.redStreak(), "a throttle resets the streak");

        assertEquals(1, d.at(7, 0)); // [100 100 100 100 0] = 80: RED at 1
        assertEquals(1, d.state().redStreak());
        assertEquals(1, d.at(8, 0)); // 60: YELLOW keeps the streak
        assertEquals(Optional.of(Zone.YELLOW), d.state().zone());
        assertEquals(1, d.state().redStreak());
        assertEquals(1, d.at(9, 0)); // 40: still YELLOW
        assertEquals(1, d.state().redStreak());
        assertEquals(2, d.at(10, 0)); // 20: GREEN resets the streak; 10 − 6 ≥ 2: grow
        assertEquals(0, d.state().redStreak());
        assertEquals(4 * S, d.state().growSpreadNanos());
        assertEquals(OptionalLong.of(6 * S), d.state().lastThrottleNanos());
    }

    @Test
    void seventyIsRedAndJustBelowIsYellow() {
        assertEquals(Zone.RED, Zone.of(70.0));
        assertEquals(Zone.YELLOW, Zone.of(Math.nextDown(70.0)));
        assertEquals(Zone.YELLOW, Zone.of(40.0));
        assertEquals(Zone.GREEN, Zone.of(Math.nextDown(40.0)));
    }

    @Test
    void yellowDoesNotTouchTheLastActionTime() {
        Driven d = new Driven(4);
        d.at(0, 50);
        d.at(1, 50);
        d.at(2, 50);
        // [50 50 50 0] = 37.5 GREEN; last action is still the construction at t = 0, so 3 ≥ 2 grows
        assertEquals(2, d.at(3, 0));
    }

    @Test
    void setCeilingClampsAtOnceAndLeavesTheSpread() {
        Driven d = new Driven(8);
        growthTimes(d, 14);
        assertEquals(4, d.state().effective());
        assertEquals(16 * S, d.state().growSpreadNanos());
        d.throttle.setCeiling(2);
        assertEquals(2, d.state().effective());
        assertEquals(2, d.state().ceiling());
        assertEquals(16 * S, d.state().growSpreadNanos());
        d.throttle.setCeiling(0);
        assertEquals(0, d.state().ceiling());
        assertEquals(0, d.state().effective(), "a ceiling of 0 pauses");
        d.throttle.setCeiling(8);
        assertEquals(1, d.state().effective(), "raising the ceiling from a pause resumes at 1, no higher");
        assertEquals(16 * S, d.state().growSpreadNanos());
        // growth resumes from the last action (t = 14) with the kept 16 s spread
        assertEquals(1, d.at(29, 0));
        assertEquals(2, d.at(30, 0));
    }

    /**
     * docs/throttle.md: the initial effective is min(1, ceiling), so a ceiling of 0 is a pause that no
     * sample lifts (GREEN cannot grow past the ceiling, RED cannot go below 1); raising the ceiling
     * resumes at 1 and growth follows the spread kept from creation.
     */
    @Test
    void aCeilingOfZeroPausesUntilItRises() {
        Driven d = new Driven(0);
        assertEquals(0, d.state().ceiling());
        assertEquals(0, d.state().effective());
        assertEquals(List.of(), growthTimes(d, 100));
        assertEquals(0, d.at(101, 100.0), "RED at a pause changes nothing");
        assertEquals(0, d.at(102, 100.0));
        d.throttle.setCeiling(3);
        assertEquals(1, d.state().effective());
        for (long t = 103; t < 110; t++) {
            d.at(t, 0.0);
        }
        assertEquals(2, d.state().effective(), "grows again once GREEN: the last action is the creation, long past");
        assertEquals(0, new Driven(-5).state().ceiling(), "below 0 becomes 0");
        assertEquals(0, new Driven(-5).state().effective());
    }

    @Test
    void nonFiniteInputIsRejectedNotAveraged() {
        Driven d = new Driven(4);
        assertThrows(IllegalArgumentException.class, () -> d.at(0, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> d.at(0, Double.POSITIVE_INFINITY));
        assertTrue(d.state().smoothed().isEmpty());
    }

    @Test
    void concurrentCallersNeverSeeEffectiveAboveTheCeiling() throws Exception {
        long[] clock = {0};
        Throttle t = new Throttle(64, () -> clock[0] += S); // each call is 1 s later: always due
        Thread feeder = new Thread(() -> {
            for (int i = 0; i < 20_000; i++) {
                t.sample(0.0);
            }
        });
        feeder.start();
        int violations = 0;
        for (int i = 0; i < 20_000; i++) {
            int ceiling = 1 + (i % 8);
            t.setCeiling(ceiling);
            Throttle.State s = t.state();
            if (s.effective() > s.ceiling() || s.effective() < Math.min(1, s.ceiling())) {
                violations++;
            }
        }
        feeder.join(Waits.DEADLINE.toMillis());
        assertFalse(
                feeder.isAlive(),
                "the feeder thread did not finish its 20,000 samples in " + Waits.DEADLINE.toSeconds() + " s");
        assertEquals(0, violations);
    }
}
