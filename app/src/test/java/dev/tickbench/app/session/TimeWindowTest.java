package dev.tickbench.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TimeWindowTest {
    @Test
    void followSlidesAndAUserZoomPauses() {
        TimeWindow w = new TimeWindow();
        w.advance(990, 1000);
        assertEquals(990, w.min(), 0, "a young session is shown from its first sample");
        w.advance(Double.NaN, 1000);
        assertEquals(940, w.min(), 0);
        assertEquals(1000, w.max(), 0);
        w.userRange(950, 960);
        assertFalse(w.isFollow());
        w.advance(Double.NaN, 2000);
        assertEquals(950, w.min(), 0, "paused: new data does not move the window");
        w.toggleFollow();
        assertTrue(w.isFollow());
        w.advance(Double.NaN, 2000);
        assertEquals(1940, w.min(), 0);
    }

    @Test
    void centreOnKeepsTheWidth() {
        TimeWindow w = new TimeWindow();
        w.showAll(100, 200);
        w.centreOn(500);
        assertEquals(450, w.min(), 0);
        assertEquals(550, w.max(), 0);
        w.userRange(10, 5);
        assertEquals(450, w.min(), 0, "an empty range is ignored");
    }
}
