package dev.tickbench.app.charts;

import io.fair_acc.chartfx.Chart;
import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.chartfx.axes.spi.AbstractAxis;
import io.fair_acc.chartfx.legend.Legend;
import io.fair_acc.chartfx.renderer.Renderer;
import io.fair_acc.chartfx.ui.HiddenSidesPane;
import io.fair_acc.chartfx.ui.geometry.Side;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.scene.Node;
import javafx.scene.layout.Pane;

/** What every ChartFX chart of the workbench gets (the tracks, the I/O concurrency tab, the Path walk's chart). */
public final class Charts {
    private Charts() {}

    /**
     * The chart's canvas and its axes' canvases drawn straight, not through a cached image. ChartFX turns
     * JavaFX's node cache on for each of them (quality hint), which pays when a still image is moved or
     * scaled; a track's canvases change at every follow step, so the renderer drew each changed canvas
     * into its cache image and then the image onto the window: every repaint twice (15 cache rebuilds in
     * each follow step's pulse live; docs/workbench-charts.md, "Redraws").
     */
    public static void uncached(XYChart chart) {
        chart.getCanvas().setCache(false);
        for (Axis a : chart.getAxes()) {
            if (a instanceof AbstractAxis axis) {
                axis.getCanvas().setCache(false);
            }
        }
    }

    /**
     * No ChartFX tool bar. ChartFX keeps one in a hidden side of the chart that slides in over the plot
     * when the mouse comes near its top edge (with the zoomer's buttons), covering the data and taking a
     * click meant for a pin. The workbench's own controls do all it offers (Ctrl+wheel, drag-zoom, Esc).
     */
    public static void withoutToolBar(Chart chart) {
        HiddenSidesPane menu = chart.getMenuPane();
        Node bar = chart.getToolBar();
        // ChartFX puts it back on a side whenever its side is set, and its stylesheet sets that: keep it out
        for (ObjectProperty<Node> side :
                List.of(menu.topProperty(), menu.bottomProperty(), menu.leftProperty(), menu.rightProperty())) {
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

    /**
     * No ChartFX legend at all (a track's cadence badges are its legend). Hidden, ChartFX's own still
     * drew a symbol canvas per series on every redraw of the chart: work for nothing, and changes to
     * nodes nobody sees (JavaFX repaints the whole window for a pulse that has only such changes).
     */
    static void withoutLegend(Chart chart) {
        Pane none = new Pane();
        none.setVisible(false);
        none.setManaged(false);
        chart.setLegend(new Legend() {
            @Override
            public Node getNode() {
                return none;
            }

            @Override
            public Side getSide() {
                return Side.BOTTOM;
            }

            @Override
            public void setSide(Side side) {
                // nowhere to put it
            }

            @Override
            public boolean isVertical() {
                return false;
            }

            @Override
            public void setVertical(boolean vertical) {
                // nothing to lay out
            }

            @Override
            public void updateLegend(List<Renderer> renderers, boolean force) {
                // nothing to list
            }

            @Override
            public void drawLegend() {
                // nothing to draw
            }
        });
    }
}
