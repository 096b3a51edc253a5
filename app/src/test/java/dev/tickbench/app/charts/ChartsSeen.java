package dev.tickbench.app.charts;

import dev.tickbench.app.session.TimeMark;
import java.util.List;
import javafx.scene.control.ScrollPane;

/**
 * What the window tests read of the charts that the charts' public face does not offer, read in the
 * charts package from the state the charts themselves draw from: no method of the charts exists for the
 * tests alone.
 */
public final class ChartsSeen {
    private ChartsSeen() {}

    /** The marks {@code view} draws on its time axis as lines (kmsg records, session starts, fired triggers), oldest first. */
    public static List<TimeMark> marks(ChartView view) {
        return view.chart().getPlugins().stream()
                .filter(KmsgMarker.class::isInstance)
                .map(p -> ((KmsgMarker) p).mark())
                .toList();
    }

    /** The x of time {@code t} in the overview strip's own coordinates: where a drag there grabs. */
    public static double xAt(OverviewStrip strip, double t) {
        return strip.xOf(t);
    }

    /** The series names {@code picker} lists now, in its order, after its filter. */
    public static List<String> listed(SeriesPicker picker) {
        return picker.shown.stream().map(SeriesPicker.Item::name).toList();
    }

    /** The overview strip above the tracks. */
    public static OverviewStrip overview(ChartsPane charts) {
        return charts.overview.strip();
    }

    /** The pins' and range's panel below the charts; null until the crosshair's area was made. */
    public static CrosshairPanel panel(Crosshair crosshair) {
        return crosshair.panel;
    }

    /** What the panel's CSV export reported, as it says it beside its button. */
    public static String exportResult(CrosshairPanel panel) {
        return panel.exportResult.getText();
    }

    /** The scroll pane around the tracks. */
    public static ScrollPane scroll(ChartsPane charts) {
        return charts.scroll;
    }
}
