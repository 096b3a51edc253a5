package dev.tickbench.app.charts;

import dev.tickbench.app.session.TimeMark;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.text.Text;

/**
 * What the window tests read of the charts that the charts' public face does not offer, read in the
 * charts package from the state the charts themselves draw from: no method of the charts exists for the
 * tests alone.
 */
public final class ChartsSeen {
    private ChartsSeen() {}

    /**
     * The marks {@code view} draws on its time axis as lines: its kernel log records, oldest first, then its
     * labelled lines (session starts, fired triggers, process starts and exits), oldest first.
     */
    public static List<TimeMark> marks(ChartView view) {
        List<TimeMark> out = new ArrayList<>(view.overlays.kmsgLines().marks());
        view.chart().getPlugins().stream()
                .filter(LabelledMark.class::isInstance)
                .map(p -> ((LabelledMark) p).mark())
                .forEach(out::add);
        return out;
    }

    /** What hovering {@code view}'s kernel log lines at the pixel of time {@code t} shows. */
    public static String kmsgTextAt(ChartView view, double t) {
        double px = view.chart().getCanvas().getBoundsInLocal().getMinX()
                + view.xAxis().getDisplayPosition(t);
        return view.overlays.kmsgLines().textNear(px);
    }

    /** The kernel log lines {@code view} draws now: one a pixel column with a record in view. */
    public static int kmsgLinesDrawn(ChartView view) {
        return view.overlays.kmsgLines().lines.getElements().size() / 2;
    }

    /** The x of time {@code t} in the overview strip's own coordinates: where a drag there grabs. */
    public static double xAt(OverviewStrip strip, double t) {
        return strip.xOf(t);
    }

    /** The series names {@code picker} lists now, in its order, after its filter. */
    public static List<String> listed(SeriesPicker picker) {
        return picker.shown.stream().map(SeriesPicker.Item::name).toList();
    }

    /** {@code view}'s y axis. */
    public static io.fair_acc.chartfx.axes.Axis yAxis(ChartView view) {
        return view.chart().getYAxis();
    }

    /**
     * The lowest, highest and lowest-above-0 value of the lines {@code view} draws, over the time range its y
     * axis was last ranged over (what it ranges over: its data in view; no fixed lines counted).
     */
    public static double[] shownExtent(ChartView view) {
        YExtent e = new YExtent();
        for (var ds : view.renderers.shownLines()) {
            e.series(((SeriesDataSet) ds).points(), view.lastMin, view.lastMax);
        }
        return new double[] {e.lo(), e.hi(), e.loPositive()};
    }

    /** Each series' colour on {@code view}, line and badge, "line|badge" by name (null while never drawn). */
    public static java.util.Map<String, String> colours(ChartView view) {
        java.util.Map<String, String> out = new java.util.TreeMap<>();
        for (String name : view.series.series().keySet()) {
            String line = view.series.colourOf(name);
            out.put(name, line == null ? null : line + "|" + view.legend.badgeColour(name));
        }
        return out;
    }

    /** What the track's label column lists under its title now: the shared cadence line, if shown, then the badges. */
    public static List<String> legend(ChartView view) {
        List<String> out = new ArrayList<>(view.legend.sharedShown());
        out.addAll(view.legendShown());
        return out;
    }

    /** The track's offer of series new among its top picks: its text ("" when none) and its tooltip. */
    public static String[] offered(ChartView view) {
        return view.legend.offered();
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

    /** The title of each track: a chart's in its label column, a waiting track's beside its placeholder. */
    public static List<Label> titles(List<? extends Node> tracks) {
        List<Label> out = new ArrayList<>();
        for (Node track : tracks) {
            Node title = (track instanceof ChartView v ? v.legend() : track).lookup(".chart-title");
            if (title instanceof Label l) {
                out.add(l);
            }
        }
        return out;
    }

    /**
     * The titles of {@code tracks} that are cut, each as it is shown (ending in "…") with the width it
     * had and the width it asked for; none when every title is shown whole.
     */
    public static List<String> cutTitles(List<? extends Node> tracks) {
        List<String> out = new ArrayList<>();
        for (Label l : titles(tracks)) {
            // what the label's skin draws: its text, or what is left of it with "…"
            String shown = l.lookup(".text") instanceof Text t ? t.getText() : "(not drawn)";
            if (!shown.equals(l.getText())) {
                out.add(shown + " (" + Math.round(l.getWidth()) + " of " + Math.round(l.prefWidth(-1)) + " px)");
            }
        }
        return out;
    }
}
