package dev.tickbench.app.workbench;

import io.fair_acc.chartfx.Chart;
import io.fair_acc.dataset.events.BitState;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;

/**
 * What a window still has to draw ({@link WindowFixture#drawn}): a layout pass the scene asked for,
 * and every showing ChartFX chart whose state is dirty. ChartFX 11.3 redraws a chart in the pulse
 * after its state went dirty (an axis, a renderer, a dataset event: {@code Chart.runPostLayout}) and
 * clears the state then; the datasets' events gather in the chart's {@code dataSetState} first, which
 * ChartFX does not expose, hence the one reflective read.
 */
final class Drawn {
    private static final Field DATA_SET_STATE;

    static {
        try {
            DATA_SET_STATE = Chart.class.getDeclaredField("dataSetState");
            DATA_SET_STATE.setAccessible(true);
        } catch (NoSuchFieldException e) {
            throw new ExceptionInInitializerError("ChartFX's Chart has no dataSetState field: " + e);
        }
    }

    private Drawn() {}

    /** What is still to be drawn in {@code scene}, in words; empty when nothing is. FX thread. */
    static String pending(Scene scene) {
        List<String> out = new ArrayList<>();
        if (scene.getRoot().isNeedsLayout()) {
            out.add("a layout pass");
        }
        collect(scene.getRoot(), out);
        return String.join(", ", out);
    }

    /** The chart's track (ChartView's group) or its title. */
    private static String name(Chart c) {
        for (Node n = c; n != null; n = n.getParent()) {
            if (n instanceof dev.tickbench.app.charts.ChartView v) {
                return v.group().id();
            }
        }
        return "'" + c.getTitle() + "'";
    }

    private static void collect(Node n, List<String> out) {
        if (!n.isVisible()) {
            return; // a hidden tab or a collapsed track: not drawn, so nothing pending there
        }
        if (n instanceof Chart c) {
            BitState dataSets;
            try {
                dataSets = (BitState) DATA_SET_STATE.get(c);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            if (c.getBitState().isDirty() || dataSets.isDirty()) {
                out.add("the chart " + name(c));
            }
        }
        if (n instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, out);
            }
        }
    }
}
