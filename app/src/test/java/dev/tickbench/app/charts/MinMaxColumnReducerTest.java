package dev.tickbench.app.charts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class MinMaxColumnReducerTest {
    private final MinMaxColumnReducer reducer = new MinMaxColumnReducer();

    private int reduce(double[] x, double[] y) {
        int n = x.length;
        return reducer.reducePoints(x, y, null, null, new double[n], new double[n], new String[n], new boolean[n], 0, n);
    }

    @Test
    void aOneSampleSpikeSurvives() {
        int n = 100_000; // 100 000 points onto 100 pixel columns
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i / 1000.0;
            y[i] = 10 + (i % 7) * 0.01;
        }
        y[54_321] = 99;   // a throttling burst, one tick wide
        y[12_345] = -5;   // and a dip
        int m = reduce(x, y);
        assertTrue(m <= 4 * 100, "at most four points per column, got " + m);
        double[] kept = Arrays.copyOf(y, m);
        assertEquals(99, Arrays.stream(kept).max().orElseThrow(), 0);
        assertEquals(-5, Arrays.stream(kept).min().orElseThrow(), 0);
    }

    @Test
    void keepsFirstMinMaxLastInOrder() {
        double[] x = {0.1, 0.2, 0.3, 0.4, 0.5, 1.1};
        double[] y = {5, 9, 1, 4, 3, 7};
        int m = reduce(x, y);
        assertEquals(5, m);
        assertArrayEquals(new double[] {5, 9, 1, 3, 7}, Arrays.copyOf(y, m));
        assertArrayEquals(new double[] {0.1, 0.2, 0.3, 0.5, 1.1}, Arrays.copyOf(x, m));
    }

    @Test
    void sparseDataIsUntouched() {
        double[] x = {0, 10, 20};
        double[] y = {1, 2, 3};
        assertEquals(3, reduce(x, y));
        assertArrayEquals(new double[] {1, 2, 3}, y);
    }

    @Test
    void respectsTheIndexWindow() {
        double[] x = {0, 1, 1.5, 2, 3};
        double[] y = {100, 1, 2, 3, 100};
        int m = reducer.reducePoints(x, y, null, null, null, null, null, null, 1, 4);
        assertEquals(3, m);
        assertArrayEquals(new double[] {1, 2, 3}, Arrays.copyOf(y, m));
    }

    /** A break (missed samples) in the middle of a crowded pixel column is kept, in order, as one NaN. */
    @Test
    void aBreakInsideAColumnSurvives() {
        double[] x = {0.1, 0.2, 0.3, 0.35, 0.4, 0.5, 0.6, 1.1};
        double[] y = {5, 9, 1, Double.NaN, Double.NaN, 4, 3, 7};
        int m = reduce(x, y);
        // column 0 before the break: first 5, max 9, min/last 1; the break; column 0 after it: 4, 3; column 1: 7
        assertArrayEquals(new double[] {5, 9, 1, Double.NaN, 4, 3, 7}, Arrays.copyOf(y, m));
        assertArrayEquals(new double[] {0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 1.1}, Arrays.copyOf(x, m));
    }
}
