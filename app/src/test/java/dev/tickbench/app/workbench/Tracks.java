package dev.tickbench.app.workbench;

import dev.tickbench.app.charts.ChartView;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;

/**
 * What a user reads off a track and does to it, for the window tests: its axes as ChartFX shows them,
 * where a time lies on screen, its tick labels, the double-click that makes it taller and the ▾ that
 * collapses it. Only the track's public parts and its scene graph. FX thread.
 */
final class Tracks {
    private Tracks() {}

    /** The track's y axis, as its chart holds it. */
    static DefaultNumericAxis yAxis(ChartView v) {
        return (DefaultNumericAxis) v.chart().getYAxis();
    }

    /** The y axis' tick labels as drawn now ("75 000", never "8E4"). */
    static List<String> yTickLabels(ChartView v) {
        return yAxis(v).getTickMarks().stream()
                .filter(m -> m.isVisible())
                .map(m -> m.getText())
                .toList();
    }

    /** Scene x of time {@code t} on the track's x axis. */
    static double sceneXAt(ChartView v, double t) {
        return v.xAxis().localToScene(v.xAxis().getDisplayPosition(t), 0).getX();
    }

    /** A double-click on the track, as the user makes it taller or compact again. */
    static void doubleClick(ChartView v) {
        v.fireEvent(new MouseEvent(
                MouseEvent.MOUSE_CLICKED,
                10,
                10,
                10,
                10,
                MouseButton.PRIMARY,
                2,
                false,
                false,
                false,
                false,
                true,
                false,
                false,
                true,
                false,
                true,
                null));
    }

    /** Collapses the track to its title, or opens it again, with its ▾ / ▸ button (nothing when it already is). */
    static void collapse(ChartView v, boolean on) {
        if (v.isCollapsed() == on) {
            return;
        }
        v.lookupAll(".button").stream()
                .map(n -> (Button) n)
                .filter(b -> b.getText().equals(on ? "▾" : "▸"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(
                        "no " + (on ? "▾" : "▸") + " on the track " + v.group().id()))
                .fire();
    }
}
