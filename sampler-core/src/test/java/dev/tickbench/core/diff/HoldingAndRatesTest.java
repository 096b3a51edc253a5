package dev.tickbench.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The rules of docs/diff.md on hand-built ticks (an in-memory session, as the workbench holds one): a
 * level weighted by how long each value held, never by how often it was emitted; a counter as the rate of
 * its deltas over the time they cover; a break ends what was held.
 */
class HoldingAndRatesTest {
    private static final long TICK = 10_000_000L; // 100 Hz
    private static final DiffRange A = DiffRange.seconds(0.0, 99.995);
    private static final DiffRange B = DiffRange.seconds(100.0, null);

    @Test
    void aHeldLevelThatChangesOnceInAIsWeightedByTimeNotByEmissions() throws Exception {
        Ticks t = new Ticks(100, "cpufreq", 100);
        t.tick(TICK, Ticks.source("cpufreq", "cpu0", 1_000_000)); // 1000 MHz, stored once and held 90 s
        for (int i = 2; i <= 9000; i++) {
            t.tick(TICK, Map.of());
        }
        for (int i = 9001; i <= 10_000; i++) {
            t.tick(TICK, Ticks.source("cpufreq", "cpu0", 2_000_000)); // 2000 MHz, then emitted on each of 1000 ticks
        }
        for (int i = 10_001; i <= 20_000; i++) {
            t.tick(TICK, i == 15_000 ? Ticks.source("cpufreq", "cpu0", 2_000_000) : Map.of()); // B: held, one heartbeat
        }
        List<RangeSummary> s = SeriesDiff.summarize(t.feed(), List.of(A, B), List.of("A", "B"));
        SeriesStats a = s.get(0).series().get("cpufreq.cpu0");
        assertEquals("MHz", a.series().unit());
        assertEquals(1100.0, a.mean(), 1e-9, "90 s at 1000 MHz and 10 s at 2000 MHz");
        double byEmissions = (1000.0 + 1000 * 2000.0) / 1001;
        assertNotEquals(byEmissions, a.mean(), 1, "not " + byEmissions + ", the mean of the emissions");
        assertEquals(2000.0, a.p99(), "2000 MHz held 10 % of the time: the p99");
        assertEquals(1001, a.observations(), "fresh reads: the first emission and the thousand after the change");
        assertEquals(100.0, a.seconds(), 1e-9);
        SeriesStats b = s.get(1).series().get("cpufreq.cpu0");
        assertEquals(2000.0, b.mean(), 1e-9, "carried into B from A, where it was stored last");
        assertEquals(100.0, b.seconds(), 1e-9);
        assertEquals(1, b.observations());
        SeriesChange c = SeriesDiff.compare(s.get(0), s.get(1)).rows().get(0);
        assertEquals(900.0, c.meanChange(), 1e-9);
        // A's seconds are 90 of 1000 MHz, then 10 of 2000: one step of 1000 among 99 neighbouring pairs
        assertEquals(99, a.noiseSteps());
        assertEquals(1000 / Math.sqrt(2 * 99), a.noise(), 1e-9);
        assertEquals(0.0, b.noise(), 0.0, "held at 2000 throughout B");
    }

    @Test
    void aCounterIsComparedAsTheRateOfItsDeltasOverTheirTime() throws Exception {
        Ticks t = new Ticks(100);
        for (int i = 0; i < 1000; i++) {
            t.tick(5_000_000L, Ticks.source("stat", "ctxt", 2)); // 400/s over 5 ms
            t.tick(15_000_000L, Ticks.source("stat", "ctxt", 2)); // 133/s over 15 ms
        }
        SeriesStats ctxt = SeriesDiff.summarize(t.feed(), List.of(DiffRange.whole()), List.of("all"))
                .get(0)
                .series()
                .get("stat.ctxt");
        assertEquals("/s", ctxt.series().unit());
        assertEquals(200.0, ctxt.mean(), 1e-9, "4 switches per 20 ms, not the mean of the ticks' rates (267)");
        assertEquals(
                200.0,
                ctxt.p99(),
                1e-9,
                "the p99 of its seconds: a quarter of the ticks run at 400/s, every second at 200/s");
        assertEquals(2000, ctxt.observations());
        assertEquals(20.0, ctxt.seconds(), 1e-9);
    }

    @Test
    void aSourceReadAtItsOwnCadenceIsARateOverTheTimeItsReadCovers() throws Exception {
        // 100 Hz ticks; the PMU group on every 10th (500 switches in 100 ms of enabled_ns: 5000/s), the process
        // table on every 100th (50 USER_HZ ticks of one process in 1 s of read_ns: 50/s); the ticks' dt is 10 ms
        Ticks t = new Ticks(100);
        for (int i = 1; i <= 2000; i++) {
            Map<String, Map<String, Long>> sources = new LinkedHashMap<>();
            if (i % 10 == 0) {
                Map<String, Long> pmu = new LinkedHashMap<>();
                pmu.put("cpu0.context_switches", 500L);
                pmu.put("cpu0.enabled_ns", 100_000_000L);
                pmu.put("cpu0.running_ns", 50_000_000L);
                sources.put("pmu_sw", pmu);
            }
            if (i % 100 == 0) {
                Map<String, Long> procs = new LinkedHashMap<>();
                procs.put("burn/42@7|cpu_user", 50L);
                procs.put("burn/42@7|read_ns", 1_000_000_000L);
                sources.put("procs", procs);
            }
            t.tick(TICK, sources);
        }
        // the second range begins 50 ms before a PMU read and 950 ms before a table read: of those reads
        // only the part in the range counts, with its share of the delta
        List<RangeSummary> r = SeriesDiff.summarize(
                t.feed(), List.of(DiffRange.whole(), DiffRange.seconds(5.05, 15.0)), List.of("all", "late"));
        for (RangeSummary range : r) {
            Map<String, SeriesStats> series = range.series();
            SeriesStats switches = series.get("pmu_sw.cpu0.context_switches");
            assertEquals(5000.0, switches.mean(), 1e-6, range + ": over enabled_ns, not the tick's 10 ms (50 000/s)");
            assertEquals(5000.0, switches.p99(), 1e-6);
            assertEquals(5e8, series.get("pmu_sw.cpu0.running_ns").mean(), 1e-3, "counted half the time");
            assertEquals(50.0, series.get("procs.burn/42@7|cpu_user").mean(), 1e-9, "over read_ns (not 5 000/s)");
            assertFalse(series.containsKey("pmu_sw.cpu0.enabled_ns"), "the time a rate divides by is not a rate");
            assertFalse(series.containsKey("procs.burn/42@7|read_ns"));
        }
        assertEquals(20.0, r.get(0).series().get("pmu_sw.cpu0.context_switches").seconds(), 1e-9);
        assertEquals(200, r.get(0).series().get("pmu_sw.cpu0.context_switches").observations());
        assertEquals(
                9.95,
                r.get(1).series().get("pmu_sw.cpu0.context_switches").seconds(),
                1e-9,
                "reads 510..1500: the first counts its 50 ms in the range");
        assertEquals(9.95, r.get(1).series().get("procs.burn/42@7|cpu_user").seconds(), 1e-9, "0.95 s + 9 × 1 s");
    }

    @Test
    void aCountersP99IsThatOfItsSeconds() throws Exception {
        Ticks t = new Ticks(100);
        for (int s = 0; s < 100; s++) {
            for (int i = 0; i < 100; i++) {
                t.tick(
                        TICK,
                        Ticks.source(
                                "stat", "ctxt", s == 42 || s == 43 ? 30 : i % 10 == 0 ? 10 : 0)); // two busy seconds
            }
        }
        SeriesStats ctxt = SeriesDiff.summarize(t.feed(), List.of(DiffRange.whole()), List.of("all"))
                .get(0)
                .series()
                .get("stat.ctxt");
        assertEquals((98 * 100.0 + 2 * 3000) / 100, ctxt.mean(), 1e-9);
        assertEquals(3000.0, ctxt.p99(), 1e-9, "the two seconds at 3000/s are the top 2 % of the time");
        assertEquals(
                100.0,
                SeriesDiff.summarize(t.feed(), List.of(DiffRange.seconds(0.0, 40.0)), List.of("quiet"))
                        .get(0)
                        .series()
                        .get("stat.ctxt")
                        .p99(),
                1e-9,
                "not the 1000/s of a tick with 10 switches");
    }

    @Test
    void aGapEndsWhatWasHeldUntilItIsStoredAgain() throws Exception {
        Ticks t = new Ticks(100);
        t.tick(TICK, Ticks.source("cpufreq", "cpu0", 1_000_000));
        for (int i = 2; i <= 5000; i++) {
            t.tick(TICK, Map.of());
        }
        t.gap();
        for (int i = 5002; i <= 8000; i++) {
            t.tick(TICK, Map.of()); // after the gap nothing is known: not the value before it
        }
        for (int i = 8001; i <= 10_000; i++) {
            t.tick(TICK, i == 8001 ? Ticks.source("cpufreq", "cpu0", 3_000_000) : Map.of());
        }
        SeriesStats s = SeriesDiff.summarize(t.feed(), List.of(DiffRange.whole()), List.of("all"))
                .get(0)
                .series()
                .get("cpufreq.cpu0");
        assertEquals(70.0, s.seconds(), 1e-9, "50 s before the gap, 20 s after the next emission");
        assertEquals((50 * 1000.0 + 20 * 3000.0) / 70, s.mean(), 1e-9);
    }

    @Test
    void aWallClockRangeTakesTheSamplesOfThatTime() throws Exception {
        Ticks t = new Ticks(100);
        for (int i = 1; i <= 3000; i++) {
            t.tick(TICK, Ticks.source("stat", "ctxt", i <= 1000 ? 1 : 5));
        }
        long from = Ticks.WALL0 + 10_000_000_000L + TICK; // the 1001st tick on
        List<RangeSummary> s = SeriesDiff.summarize(
                t.feed(),
                List.of(DiffRange.wall(from, null), DiffRange.seconds(10.0, null)),
                List.of("wall", "since start"));
        assertEquals(2000, s.get(0).samples());
        assertEquals(s.get(1).series().get("stat.ctxt"), s.get(0).series().get("stat.ctxt"));
        assertEquals(500.0, s.get(0).series().get("stat.ctxt").mean(), 1e-9);
    }

    @Test
    void aRangeWithoutSamplesHasNoSeries() throws Exception {
        Ticks t = new Ticks(100);
        t.tick(TICK, Ticks.source("stat", "ctxt", 1));
        RangeSummary s = SeriesDiff.summarize(t.feed(), List.of(DiffRange.seconds(50.0, 60.0)), List.of("late"))
                .get(0);
        assertEquals(0, s.samples());
        assertEquals(Map.of(), s.series());
        assertTrue(Double.isNaN(s.firstS()));
    }
}
