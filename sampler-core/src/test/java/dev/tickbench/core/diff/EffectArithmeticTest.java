package dev.tickbench.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The effect of docs/diff.md worked out by hand on hand-built ticks at 10 Hz: A is the first 20 s, B the
 * next 20 s. Each expected value is computed here from the rule, {@code Δ / √(n_A² + n_B² + q² + (0.1·L)²
 * + 25·q·L)} (the last term for levels), with the means and noises the ticks make.
 */
class EffectArithmeticTest {
    private static final long TICK = 100_000_000L;
    private static final DiffRange A = DiffRange.seconds(0.0, 19.95);
    private static final DiffRange B = DiffRange.seconds(20.0, null);

    private static DiffResult rank(Ticks t) throws Exception {
        List<RangeSummary> s = SeriesDiff.summarize(t.feed(), List.of(A, B), List.of("A", "B"));
        return SeriesDiff.compare(s.get(0), s.get(1));
    }

    private static SeriesChange row(DiffResult r, String name) {
        return KnownChangesTest.find(r, name);
    }

    /** 200 ticks of {@code source.key} at {@code a}, then 200 at {@code b}. */
    private static Ticks level(String source, String key, long a, long b) {
        Ticks t = new Ticks(10, source, 10);
        for (int i = 0; i < 400; i++) {
            t.tick(TICK, Ticks.source(source, key, i < 200 ? a : b));
        }
        return t;
    }

    @Test
    void aLevelConstantInEachRangeHasNoNoiseAndItsExactValueAsMean() throws Exception {
        SeriesChange c = row(rank(level("slabinfo", "kmalloc-1k", 988, 1000)), "slabinfo.kmalloc-1k");
        assertEquals(988.0, c.a().mean(), 0.0, "988 in every sample is 988, to the last bit");
        assertEquals(0.0, c.a().noise(), 0.0, "and moves by exactly nothing");
        assertEquals(1000.0, c.b().mean(), 0.0);
        assertEquals(0.0, c.b().noise(), 0.0);
        assertEquals(19, c.a().noiseSteps(), "20 seconds: 19 pairs of neighbours");
        // q = 1 object, L = 1000: √(1 + 100² + 25 × 1000) = √35001
        assertEquals(Math.sqrt(35_001), c.spread(), 1e-9);
        assertEquals(12 / Math.sqrt(35_001), c.effect(), 1e-12);
        assertEquals(0.0641, c.effect(), 5e-5);
    }

    @Test
    void oneObjectLessIsFarBelowNoise() throws Exception {
        SeriesChange c = row(rank(level("slabinfo", "request_sock_TCP", 96, 95)), "slabinfo.request_sock_TCP");
        // L = 96: √(1 + 9.6² + 25 × 96) = √2493.16
        assertEquals(-1 / Math.sqrt(1 + 9.6 * 9.6 + 25 * 96), c.effect(), 1e-12);
        assertEquals(-0.0200, c.effect(), 5e-5);
        assertTrue(!c.aboveNoise());
    }

    @Test
    void aCacheGrowingThroughoutBIsAChangeNotNoise() throws Exception {
        Ticks t = new Ticks(10, "slabinfo", 10);
        for (int i = 0; i < 400; i++) {
            // A: 100,000 objects; B: 1,000 more on each tick, 10,000 a second, to 300,000
            t.tick(TICK, Ticks.source("slabinfo", "dentry", i < 200 ? 100_000 : 100_000 + 1_000L * (i - 199)));
        }
        SeriesChange c = row(rank(t), "slabinfo.dentry");
        assertEquals(100_000.0, c.a().mean(), 0.0);
        assertEquals(0.0, c.a().noise(), 0.0);
        // B's values are 101,000 … 300,000, each held for one tick: their mean is 200,500
        assertEquals(200_500.0, c.b().mean(), 1e-6);
        // each second's mean is 10,000 above the one before: √(19 × 10,000² / (2 × 19)) = 10,000 / √2
        assertEquals(10_000 / Math.sqrt(2), c.b().noise(), 1e-6);
        double spread = Math.sqrt(Math.pow(10_000 / Math.sqrt(2), 2) + 1 + Math.pow(20_050, 2) + 25 * 200_500.0);
        assertEquals(100_500 / spread, c.effect(), 1e-9);
        assertEquals(4.701, c.effect(), 5e-4); // the block-means test called this "below noise"
    }

    @Test
    void aCounterIsComparedByItsRateAndTheSpreadOfItsSeconds() throws Exception {
        Ticks t = new Ticks(10);
        for (int i = 0; i < 400; i++) {
            // A: 10 a tick, 100/s; B: 150/s and 250/s in turn, second by second: 200/s
            long perTick = i < 200 ? 10 : (i / 10) % 2 == 0 ? 15 : 25;
            t.tick(TICK, Ticks.source("stat", "ctxt", perTick));
        }
        SeriesChange c = row(rank(t), "stat.ctxt");
        assertEquals(100.0, c.a().mean(), 1e-9);
        assertEquals(200.0, c.b().mean(), 1e-9);
        assertEquals(0.0, c.a().noise(), 1e-9);
        assertEquals(100 / Math.sqrt(2), c.b().noise(), 1e-9, "steps of ±100/s: √(100² / 2)");
        assertEquals(1.0, c.a().resolution(), "one event a second");
        // a counter has no count term: √(100² / 2 + 1 + 20²) = √5401
        assertEquals(100 / Math.sqrt(5_401), c.effect(), 1e-9);
        assertEquals(1.3607, c.effect(), 5e-5);
    }

    @Test
    void aShareNearItsBoundIsMeasuredByItsDistanceToIt() throws Exception {
        Ticks t = new Ticks(10);
        for (int i = 0; i < 410; i++) {
            // busy 88.8 % then, from 20 s on, 99.9 %; B starts a second later, where the 1 s window holds B's ticks
            // only
            boolean before = i < 200;
            Map<String, Long> stat = new LinkedHashMap<>();
            stat.put("cpu.user", before ? 888L : 999L);
            stat.put("cpu.nice", 0L);
            stat.put("cpu.system", 0L);
            stat.put("cpu.idle", before ? 112L : 1L);
            stat.put("cpu.iowait", 0L);
            t.tick(TICK, Map.of("stat", stat));
        }
        List<RangeSummary> s =
                SeriesDiff.summarize(t.feed(), List.of(A, DiffRange.seconds(21.0, null)), List.of("A", "B"));
        SeriesChange c = row(SeriesDiff.compare(s.get(0), s.get(1)), "cpu.busy_pct");
        assertEquals(88.8, c.a().mean(), 1e-9);
        assertEquals(99.9, c.b().mean(), 1e-9);
        assertEquals(0.0, c.a().noise(), 0.0);
        assertEquals(0.0, c.b().noise(), 0.0);
        // L = max(min(88.8, 11.2), min(99.9, 0.1)) = 11.2: idle went from 11.2 % to 0.1 %; q = 0
        assertEquals(11.1 / 1.12, c.effect(), 1e-9);
        assertEquals(9.9107, c.effect(), 5e-5);
    }

    @Test
    void aBuddyOrderIsAShareOfItsZonesFreeMemory() throws Exception {
        Ticks t = new Ticks(10, "buddyinfo", 10);
        for (int i = 0; i < 400; i++) {
            Map<String, Long> orders = new LinkedHashMap<>();
            orders.put("0.Normal.0", 1000L);
            orders.put("0.Normal.1", 100L);
            orders.put("0.Normal.2", i < 200 ? 10L : 0L); // 40 pages of the zone's 1,240 free pages moved
            t.tick(TICK, Map.of("buddyinfo", orders));
        }
        SeriesChange c = row(rank(t), "buddyinfo.0.Normal.2");
        // L = 1,240 pages / 2² = 310 blocks of order 2: √(1 + 31² + 25 × 310) = √8712
        assertEquals(-10 / Math.sqrt(8_712), c.effect(), 1e-12);
        assertEquals(-0.1071, c.effect(), 5e-5); // against its own count of 10 it would be −0.63
    }

    @Test
    void oneCounterUnderTwoNamesIsOneRow() throws Exception {
        Ticks t = new Ticks(10, "meminfo", 10);
        for (int i = 0; i < 400; i++) {
            long pages = i < 200 ? 250_000 : 500_000;
            t.tick(TICK, Map.of("meminfo", Map.of("AnonPages", pages * 4), "vmstat", Map.of("nr_anon_pages", pages)));
        }
        DiffResult r = rank(t);
        SeriesChange c = row(r, "meminfo.AnonPages");
        assertEquals(List.of("vmstat.nr_anon_pages"), c.sameAs());
        assertTrue(r.rows().stream().noneMatch(x -> x.name().equals("vmstat.nr_anon_pages")), "not a row of its own");
        assertEquals(1, r.compared());
    }
}
