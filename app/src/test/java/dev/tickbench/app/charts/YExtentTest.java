package dev.tickbench.app.charts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.session.Points;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class YExtentTest {
    private static Points data() {
        // a 90 °C peak at t=5 then 40..44 from t=10
        return Points.of(new double[] {0, 5, 10, 11, 12, 13, 14}, new double[] {50, 90, 40, 41, 44, 42, 43});
    }

    @Test
    void onlyTheVisibleRangeAndTheHeldValueEnteringItCount() {
        YExtent e = new YExtent().series(data(), 11, 13);
        assertEquals(40, e.lo(), 0, "the value held from t=10 enters the view");
        assertEquals(44, e.hi(), 0, "the 90 peak at t=5 is out of view");
        YExtent all = new YExtent().series(data(), 0, 14);
        assertEquals(90, all.hi(), 0);
    }

    @Test
    void aCriticalTripAboveTheDataIsOnScreen() {
        YExtent e = new YExtent().series(data(), 11, 13).value(95);
        double[] r = e.axisRange(0.05, false);
        assertTrue(r[1] > 95 && r[0] < 40, "range " + r[0] + ".." + r[1]);
        assertArrayEquals(new double[] {40 - 2.75, 95 + 2.75}, r, 1e-9);
    }

    @Test
    void percentagesStartAtZeroAndAFlatLineIsNotOnTheFrame() {
        YExtent e = new YExtent().series(data(), 12, 12);
        assertEquals(41, e.lo(), 0);
        assertEquals(44, e.hi(), 0);
        assertArrayEquals(new double[] {0, 44 + 44 * 0.05}, e.axisRange(0.05, true), 1e-9);
        assertArrayEquals(new double[] {7 - 1, 7 + 1}, new YExtent().value(7).axisRange(0.05, false), 1e-9);
        // a disk never busy, a flat 0.3: no axis below 0 for what is never below it
        assertArrayEquals(new double[] {0, 1}, new YExtent().value(0).axisRange(0.05, true), 1e-9);
        assertArrayEquals(new double[] {0, 1}, new YExtent().value(0).axisRange(0.05, false), 1e-9);
        assertArrayEquals(new double[] {0, 1.3}, new YExtent().value(0.3).axisRange(0.05, false), 1e-9);
        assertArrayEquals(new double[] {-6, -4}, new YExtent().value(-5).axisRange(0.05, false), 1e-9);
    }

    @Test
    void valuesNeverBelowZeroGetNoRoomBelowIt() {
        // 1 MiB of Dirty beside 20 000 MiB available: the padding would put the axis at -999
        YExtent e = new YExtent().value(1).value(20_000);
        assertArrayEquals(new double[] {0, 20_000 + 19_999 * 0.05}, e.axisRange(0.05, false), 1e-9);
        YExtent negative = new YExtent().value(-10).value(10);
        assertArrayEquals(new double[] {-11, 11}, negative.axisRange(0.05, false), 1e-9);
    }

    @Test
    void aLogAxisSpansTheValuesAboveZeroPaddedInDecades() {
        // 0 and a negative value have no place on a log axis: 0.5 .. 5000 is four decades
        YExtent e = new YExtent().value(0).value(-3).value(0.5).value(5000);
        assertEquals(0.5, e.loPositive(), 0);
        double pad = Math.pow(10, 4 * 0.05);
        assertArrayEquals(new double[] {0.5 / pad, 5000 * pad}, e.logAxisRange(0.05), 1e-9);
        // a flat line still gets a tenth of a decade's padding a side; nothing above 0 gets one decade around 1
        double flat = Math.pow(10, 0.1 * 0.05);
        assertArrayEquals(
                new double[] {7 / flat, 7 * flat}, new YExtent().value(7).logAxisRange(0.05), 1e-9);
        assertArrayEquals(new double[] {0.1, 10}, new YExtent().value(0).logAxisRange(0.05), 1e-9);
        assertNull(new YExtent().logAxisRange(0.05));
    }

    @Test
    void nothingVisibleIsNoRange() {
        assertNull(new YExtent()
                .series(Points.of(new double[0], new double[0]), 0, 1)
                .axisRange(0.05, false));
        YExtent after = new YExtent().series(data(), 20, 30);
        assertEquals(43, after.hi(), 0, "a held level past its last read still shows its value");
    }

    @Test
    void blockSummariesGiveTheSameRangeAsAFullScanAndFollowTrimming() {
        int n = 5000;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 0.01;
            y[i] = Math.sin(i / 50.0);
        }
        y[2222] = 9; // a one-tick peak inside a summarised block
        y[4999] = -7; // the last block is not complete: never summarised
        Points ds = Points.of(x, y);
        YExtent.Blocks blocks = new YExtent.Blocks();
        double[][] ranges = {{0, 49.99}, {5, 40}, {22.2, 22.25}, {30, 49.99}, {10.24, 20.48}, {-1, 100}};
        for (double[] r : ranges) {
            YExtent scan = new YExtent().series(ds, r[0], r[1]);
            YExtent fast = new YExtent().series(ds, blocks, r[0], r[1]);
            assertEquals(scan.lo(), fast.lo(), 0, "lo over " + r[0] + ".." + r[1]);
            assertEquals(scan.hi(), fast.hi(), 0, "hi over " + r[0] + ".." + r[1]);
            assertEquals(scan.loPositive(), fast.loPositive(), 0, "lowest above 0 over " + r[0] + ".." + r[1]);
        }
        assertEquals(4, blocks.count());
        assertEquals(9, new YExtent().series(ds, blocks, 0, 49.99).hi(), 0);
        assertEquals(-7, new YExtent().series(ds, blocks, 0, 49.99).lo(), 0);
        // a live store trims from the front: the summary starts again
        ds = Points.of(Arrays.copyOfRange(x, 2300, n), Arrays.copyOfRange(y, 2300, n));
        YExtent after = new YExtent().series(ds, blocks, 0, 100);
        assertEquals(new YExtent().series(ds, 0, 100).hi(), after.hi(), 0);
        assertTrue(after.hi() < 9, "the trimmed peak is gone: " + after.hi());
        assertEquals(2, blocks.count());
    }
}
