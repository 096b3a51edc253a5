package dev.tickbench.app.charts;

import dev.tickbench.core.throttle.ThrottleBands;
import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.chartfx.plugins.XRangeIndicator;
import io.fair_acc.chartfx.plugins.YRangeIndicator;
import io.fair_acc.chartfx.plugins.YValueIndicator;
import java.util.List;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;

/**
 * ChartFX indicators with our colours. ChartFX resets their style classes on every layout, so the
 * colour goes into the shapes' inline style (which CSS classes cannot override).
 */
public final class Indicators {
    private Indicators() {}

    /**
     * The throttle's zones over an iowait % axis, as the session published them: YELLOW from its yellow
     * threshold to its red one, RED from there to 100 %. The Live tab's throttle chart and the I/O concurrency tab
     * both draw them with this.
     */
    public static List<YRangeIndicator> throttleBands(Axis y, ThrottleBands bands) {
        return List.of(
                band(y, bands.yellowPct(), bands.redPct(), "YELLOW", "rgba(255,210,0,0.25)"),
                band(y, bands.redPct(), 100, "RED", "rgba(230,40,40,0.22)"));
    }

    /** A horizontal band. */
    private static YRangeIndicator band(Axis y, double from, double to, String text, String fill) {
        YRangeIndicator b = new YRangeIndicator(y, from, to, text) {
            {
                rectangle.setStyle("-fx-fill: " + fill + "; -fx-stroke: null;"); // see gap(): no stroke
                label.setStyle(
                        "-fx-background-color: transparent; -fx-border-color: transparent; -fx-text-fill: -tb-fg; -fx-font-size: 10;");
            }
        };
        b.setEditable(false);
        return b;
    }

    /**
     * A grey vertical band where data was lost (a gap), on every chart. Its word is drawn only when the
     * band is wide enough to hold it: narrow bands side by side ran their labels into each other (the
     * event list names each gap, and the band says where).
     */
    static XRangeIndicator gap(Axis x, double from, double to, String text) {
        XRangeIndicator g = new XRangeIndicator(x, from, to, text) {
            {
                // no stroke, not a transparent one: JavaFX rasterises a transparent stroke around the whole band at
                // every repaint (with many gaps, most of the render thread's time)
                rectangle.setStyle("-fx-fill: rgba(120,120,120,0.30); -fx-stroke: null;");
                label.setStyle(
                        "-fx-background-color: transparent; -fx-border-color: transparent; -fx-text-fill: -tb-fg; -fx-font-size: 10;");
                label.setVisible(false); // shown once the band is laid out wide enough: a narrow one changes nothing
            }

            /**
             * As ChartFX's, but out of view the band and its word are hidden, not taken out of the chart:
             * taken out, they came back in a layout pass when the follow step brought the band in (a gap
             * comes at the window's right end), were styled in a pulse of their own that changed nothing
             * visible, and JavaFX repainted the whole window for it.
             */
            @Override
            public void runPostLayout() {
                if (getChart() == null) {
                    return;
                }
                Bounds plot = getChart().getCanvas().getBoundsInLocal();
                double a = plot.getMinX() + getAxis().getDisplayPosition(getLowerBound());
                double b = plot.getMinX() + getAxis().getDisplayPosition(getUpperBound());
                double from = Math.max(plot.getMinX(), Math.min(a, b));
                double to = Math.min(plot.getMaxX(), Math.max(a, b));
                boolean inView = to > from; // some of it between the plot's ends
                shown(rectangle, inView);
                if (inView) {
                    layout(new BoundingBox(from, plot.getMinY(), to - from, plot.getHeight()));
                }
                // set only when it changes (a changed child asks for another layout), shown again when zoomed in
                shown(label, inView && rectangle.getWidth() >= label.prefWidth(-1) + 4);
            }
        };
        g.setEditable(false);
        return g;
    }

    /** Set only when it changes (a changed child asks for another layout); LabelledMark's nodes too. */
    static void shown(Node n, boolean on) {
        if (n.isVisible() != on) {
            n.setVisible(on);
        }
    }

    /** A fixed horizontal line with a label (a thermal zone's critical trip). */
    static YValueIndicator level(Axis y, double value, String text, String colour) {
        YValueIndicator v = new YValueIndicator(y, value, text) {
            {
                line.setStyle("-fx-stroke: " + colour + "; -fx-stroke-width: 1.5; -fx-stroke-dash-array: 6 4;");
                label.setStyle("-fx-background-color: -tb-indicator-label-bg; -fx-text-fill: -tb-fg; -fx-border-color: "
                        + colour + "; -fx-font-size: 10;");
            }
        };
        v.setEditable(false);
        return v;
    }
}
