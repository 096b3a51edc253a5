package dev.tickbench.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The p99 of docs/diff.md: weighted by time, exact for few distinct values, within 0.4 % otherwise. */
class QuantileSketchTest {
    @Test
    void fewDistinctValuesAreExactAndWeightedByTime() {
        QuantileSketch s = new QuantileSketch(new QuantileSketch.Budget());
        s.add(1000, 90); // held 90 s
        s.add(2000, 10); // held 10 s: 10 % of the time, so the p99 (and the p91) is 2000
        for (int i = 0; i < 500; i++) {
            s.add(1000, 0.0); // an empty weight is nothing
        }
        assertEquals(2000, s.quantile(0.99));
        assertEquals(2000, s.quantile(0.91));
        assertEquals(1000, s.quantile(0.90));
        assertEquals(1000, s.quantile(0.5));
        assertEquals(100, s.totalWeight(), 1e-12);
    }

    @Test
    void manyDistinctValuesAreWithinTheBound() {
        Random rnd = new Random(1);
        int n = 20_000;
        double[] v = new double[n];
        double[] w = new double[n];
        QuantileSketch s = new QuantileSketch(new QuantileSketch.Budget());
        for (int i = 0; i < n; i++) {
            v[i] = Math.exp(rnd.nextGaussian() * 2) * 1000; // four decades of log-normal values
            w[i] = 0.005 + rnd.nextDouble() * 0.01; // a tick's dt, jittered
            s.add(v[i], w[i]);
        }
        for (double q : new double[] {0.5, 0.9, 0.99, 0.999}) {
            double exact = weightedQuantile(v, w, q);
            double got = s.quantile(q);
            assertTrue(
                    Math.abs(got - exact) <= QuantileSketch.RELATIVE_ERROR * exact,
                    "q " + q + ": " + got + " against " + exact);
        }
    }

    @Test
    void negativeValuesAndZeroKeepTheirOrder() {
        QuantileSketch s = new QuantileSketch(new QuantileSketch.Budget());
        for (int i = 0; i < 200; i++) {
            s.add(-1000 - i, 1); // 200 s below zero, many values: the sketch, not the exact table
        }
        s.add(0, 700);
        s.add(5, 100);
        assertEquals(-1099.5, s.quantile(0.1), 1099.5 * QuantileSketch.RELATIVE_ERROR);
        assertEquals(0.0, s.quantile(0.85));
        assertEquals(5.0, s.quantile(0.99), 5 * QuantileSketch.RELATIVE_ERROR);
    }

    @Test
    void aRangeWiderThanTheBucketsFoldsItsSmallEndAndKeepsTheP99() {
        QuantileSketch s = new QuantileSketch(new QuantileSketch.Budget());
        Random rnd = new Random(2);
        for (int i = 0; i < 10_000; i++) {
            s.add(1e-9 * (1 + rnd.nextDouble()), 1); // 20 decades below what matters
        }
        double[] top = new double[90_000];
        for (int i = 0; i < top.length; i++) {
            top[i] = 1e12 * (1 + rnd.nextDouble());
            s.add(top[i], 1);
        }
        double[] all = Arrays.copyOf(top, top.length);
        Arrays.sort(all);
        double exact = all[(int) Math.ceil(0.99 * 100_000) - 10_000 - 1];
        assertEquals(exact, s.quantile(0.99), exact * QuantileSketch.RELATIVE_ERROR);
        assertTrue(s.quantile(0.05) >= 1e-9, "the folded small values are not lost, only merged");
    }

    @Test
    void nothingAddedHasNoQuantile() {
        assertTrue(Double.isNaN(new QuantileSketch(new QuantileSketch.Budget()).quantile(0.99)));
    }

    @Test
    void sketchesShareOneBudgetAndCoarsenRatherThanGrowPastIt() {
        Random rnd = new Random(2);
        QuantileSketch s = new QuantileSketch(new QuantileSketch.Budget(2_000));
        int n = 5_000;
        double[] v = new double[n];
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = Math.exp(rnd.nextGaussian()) * 100;
            w[i] = 1;
            s.add(v[i], w[i]);
        }
        double error = s.relativeError();
        assertTrue(error > QuantileSketch.RELATIVE_ERROR, "coarser than 2^-8 in 2,000 bytes: " + error);
        double exact = weightedQuantile(v, w, 0.99);
        assertTrue(
                Math.abs(s.quantile(0.99) - exact) <= error * exact,
                s.quantile(0.99) + " against " + exact + " ± " + error);
        // 100 bytes hold neither a table of values (2 × 80) nor a run of buckets (144): a second value
        // leaves the sketch without a quantile, and it says so
        QuantileSketch starved = new QuantileSketch(new QuantileSketch.Budget(100));
        starved.add(3, 1);
        assertEquals(3.0, starved.quantile(0.99), 0.0, "one value needs no table");
        starved.add(7, 1);
        assertTrue(Double.isNaN(starved.quantile(0.99)), "two values and no memory: no p99, not a guess");
        assertTrue(Double.isNaN(starved.relativeError()));
    }

    private static double weightedQuantile(double[] v, double[] w, double q) {
        Integer[] order = new Integer[v.length];
        double total = 0;
        for (int i = 0; i < v.length; i++) {
            order[i] = i;
            total += w[i];
        }
        Arrays.sort(order, (x, y) -> Double.compare(v[x], v[y]));
        double cum = 0;
        for (Integer i : order) {
            cum += w[i];
            if (cum >= q * total) {
                return v[i];
            }
        }
        return v[order[order.length - 1]];
    }
}
