package dev.tickbench.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Nothing changed, but nothing is independent either: two 5-minute ranges at 100 Hz of series that wander
 * with correlation times of 0.5 to 3 s (AR(1), as a temperature, a page count or a busy share do). A test
 * that took each sample as an observation would call most of them changed; the block means of
 * docs/diff.md rank none above noise.
 */
class NoiseAt100HzTest {
    private static final int RATE = 100;
    private static final int SECONDS = 600;
    private static final int LEVELS = 24;
    private static final int COUNTERS = 8;
    /** The normal distribution's two-sided 10⁻⁵ point: a test of the samples one by one at that level. */
    private static final double NORMAL_1E5 = 4.417173;

    @Test
    void autocorrelatedNoiseIsNotAChange() throws Exception {
        Random rnd = new Random(100);
        double[] tau = new double[LEVELS + COUNTERS];
        double[] x = new double[tau.length];
        for (int j = 0; j < tau.length; j++) {
            tau[j] = 0.5 + (j % 6) * 0.5;
        }
        double[][] sums = new double[tau.length][2]; // per half: sum and sum of squares, for the naive test
        double[][] squares = new double[tau.length][2];
        Ticks t = new Ticks(RATE, "meminfo", RATE);
        int n = RATE * SECONDS;
        for (int i = 0; i < n; i++) {
            int half = i < n / 2 ? 0 : 1;
            Map<String, Long> mem = new LinkedHashMap<>();
            Map<String, Long> vm = new LinkedHashMap<>();
            for (int j = 0; j < tau.length; j++) {
                double rho = Math.exp(-1.0 / RATE / tau[j]);
                x[j] = rho * x[j] + rnd.nextGaussian() * Math.sqrt(1 - rho * rho);
                long v = j < LEVELS ? Math.round(100_000 + 500 * x[j]) : Math.max(0, Math.round(20 + 8 * x[j]));
                (j < LEVELS ? mem : vm).put((j < LEVELS ? "Level" : "events_") + j, v);
                sums[j][half] += v;
                squares[j][half] += (double) v * v;
            }
            t.tick(10_000_000L, Map.of("meminfo", mem, "vmstat", vm));
        }
        List<RangeSummary> s = SeriesDiff.summarize(
                t.feed(), List.of(DiffRange.seconds(0.0, 299.995), DiffRange.seconds(300.0, null)), List.of("A", "B"));
        DiffResult r = SeriesDiff.compare(s.get(0), s.get(1));
        assertEquals(LEVELS + COUNTERS, r.compared());
        List<String> above = new ArrayList<>();
        r.rows().stream().filter(SeriesChange::aboveNoise).forEach(c -> above.add(c.name() + " " + c.effect()));
        assertEquals(List.of(), above, "no series changed");

        int naive = 0;
        for (int j = 0; j < tau.length; j++) {
            double m = n / 2.0;
            double ma = sums[j][0] / m;
            double mb = sums[j][1] / m;
            double va = squares[j][0] / m - ma * ma;
            double vb = squares[j][1] / m - mb * mb;
            if (Math.abs(mb - ma) / Math.sqrt(va / m + vb / m) > NORMAL_1E5) {
                naive++;
            }
        }
        assertTrue(
                naive >= tau.length / 2,
                "a test of the samples one by one calls " + naive + " of " + tau.length
                        + " changed: the noise here is the hard kind");
    }
}
