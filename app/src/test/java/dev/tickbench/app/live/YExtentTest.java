package dev.tickbench.app.live;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.dataset.spi.DoubleDataSet;
import org.junit.jupiter.api.Test;

class YExtentTest {
    private static DoubleDataSet data() {
        DoubleDataSet ds = new DoubleDataSet("t");
        // a 90 °C peak at t=5 then 40..44 from t=10
        ds.add(new double[] {0, 5, 10, 11, 12, 13, 14}, new double[] {50, 90, 40, 41, 44, 42, 43});
        return ds;
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
    }

    @Test
    void nothingVisibleIsNoRange() {
        assertNull(new YExtent().series(new DoubleDataSet("empty"), 0, 1).axisRange(0.05, false));
        YExtent after = new YExtent().series(data(), 20, 30);
        assertEquals(43, after.hi(), 0, "a held level past its last read still shows its value");
    }
}
