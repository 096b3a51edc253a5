package dev.tickbench.app.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TimeAxisTest {
    @Test
    void labelsAtTheEndsAreDrawnFlushInsteadOfCut() {
        assertEquals(30, TimeAxis.inside(0, 60, 800), 0, "the first label's left edge at 0");
        assertEquals(30, TimeAxis.inside(7, 60, 800), 0);
        assertEquals(400, TimeAxis.inside(400, 60, 800), 0, "labels inside stay on their tick");
        assertEquals(770, TimeAxis.inside(795, 60, 800), 0, "the last label's right edge at the end");
        assertEquals(20, TimeAxis.inside(5, 60, 40), 0, "an axis narrower than a label: centred");
    }
}
