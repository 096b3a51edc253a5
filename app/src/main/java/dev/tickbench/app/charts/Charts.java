package dev.tickbench.app.charts;

import io.fair_acc.chartfx.Chart;
import io.fair_acc.chartfx.ui.HiddenSidesPane;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.scene.Node;

/** What every ChartFX chart of the workbench gets (the tracks, the Throttle tab, the Path walk's chart). */
public final class Charts {
    private Charts() {}

    /**
     * No ChartFX tool bar. ChartFX keeps one in a hidden side of the chart that slides in over the plot
     * when the mouse comes near its top edge (with the zoomer's buttons), covering the data and taking a
     * click meant for a pin. The workbench's own controls do all it offers (Ctrl+wheel, drag-zoom, Esc).
     */
    public static void withoutToolBar(Chart chart) {
        HiddenSidesPane menu = chart.getMenuPane();
        Node bar = chart.getToolBar();
        // ChartFX puts it back on a side whenever its side is set, and its stylesheet sets that: keep it out
        for (ObjectProperty<Node> side : List.of(menu.topProperty(), menu.bottomProperty(), menu.leftProperty(), menu.rightProperty())) {
            side.addListener((o, was, now) -> {
                if (now == bar) {
                    side.set(null);
                }
            });
            if (side.get() == bar) {
                side.set(null);
            }
        }
        bar.setVisible(false);
        bar.setManaged(false);
    }
}
