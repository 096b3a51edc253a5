package dev.tickbench.app.workbench;

import io.fair_acc.chartfx.Chart;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;

/**
 * What a window still has to draw ({@link WindowFixture#drawn}), read through public API right after a
 * pulse's layout: a layout pass the scene asked for, and every showing ChartFX chart whose state
 * ({@link Chart#getBitState}: an axis, a renderer, a plugin) is still dirty. ChartFX 11.3 takes the
 * events of a chart's datasets into that state in the pulse's pre-layout, draws the chart in its
 * post-layout ({@code Chart.runPostLayout}, a pulse listener the chart added before the test's) and
 * clears the state then: after a pulse, every dataset event from before it has been drawn.
 */
final class Drawn {
    private Drawn() {}

    /** What is still to be drawn in {@code scene}, in words; empty when nothing is. FX thread, after a pulse's layout. */
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
        if (n instanceof Chart c && c.getBitState().isDirty()) {
            out.add("the chart " + name(c));
        }
        if (n instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, out);
            }
        }
    }
}
