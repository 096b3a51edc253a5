package dev.tickbench.app.throttle;

import io.fair_acc.dataset.DataSet;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.ToggleButton;

/**
 * What the window tests read of the I/O concurrency tab, read in its package from the charts and controls the
 * view draws: no method of the view exists for the tests alone.
 */
public final class ThrottleSeen {
    private ThrottleSeen() {}

    /** Points of the what-if line now drawn. */
    public static int whatIfPoints(ThrottleView v) {
        return v.whatIfLine.getDataCount();
    }

    /** The what-if line's y values now drawn. */
    public static double[] whatIfValues(ThrottleView v) {
        return v.whatIfLine.getValues(DataSet.DIM_Y).clone();
    }

    /** Both time axes' ranges now: [min, max] of the iowait chart, then of the effective chart, seconds since the start. */
    public static double[] timeRange(ThrottleView v) {
        return new double[] {v.iowaitX.getMin(), v.iowaitX.getMax(), v.effectiveX.getMin(), v.effectiveX.getMax()};
    }

    /** The workers axis' tick values. */
    public static List<Double> workerTicks(ThrottleView v) {
        List<Double> out = new ArrayList<>();
        v.workersY.getTickMarks().forEach(m -> out.add(m.getValue()));
        return out;
    }

    /** The "Follow live session" toggle. */
    public static ToggleButton live(ThrottleView v) {
        return v.live;
    }

    /** The effective-workers chart (laid out in a pulse once its data changed). */
    public static javafx.scene.Parent effectiveChart(ThrottleView v) {
        return v.effectiveChart;
    }
}
