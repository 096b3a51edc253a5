package dev.tickbench.app.charts;

import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.throttle.ThrottleBands;
import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.AxisMode;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.plugins.Zoomer;
import io.fair_acc.dataset.DataSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.geometry.Point2D;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * One track of the live view: a label column ({@link TrackLegend}) beside a ChartFX chart on the shared
 * time axis, drawn as its catalogue group says (docs/catalogue.md, "Chart groups"): held steps for a
 * group of steps, the y axis from zero or over the data, whole-number ticks for counts, the group's
 * fixed lines (critical trip, throttle bands), change and heartbeat marks for levels, kmsg / session /
 * gap marks. Compact by default; a double-click makes it taller, ▾ collapses it
 * (docs/workbench-charts.md). It draws what the {@link Selection} says is drawn ({@link TrackSeries}
 * keeps the series and their datasets; this places, sizes and ranges the chart) and keeps its own
 * on-screen state: off screen it takes new points without redrawing, and redraws once when it shows.
 */
public final class ChartView extends HBox {
    /** Chart heights: compact (six tracks on a 1000 px screen) and expanded. */
    public static final double COMPACT_HEIGHT = 112;

    public static final double EXPANDED_HEIGHT = 360;
    /** Width of the label column (the overview strip's label lines up with it). */
    public static final double LABEL_WIDTH = 250;
    /** A line at the maximum must not sit on the frame. */
    private static final double Y_PADDING = 0.06;

    private final ChartGroup group;
    private final TrackChart chart;
    private final DefaultNumericAxis xAxis;
    private final ValueAxis yAxis;
    final TrackRenderers renderers;
    final TrackLegend legend;
    final TrackSeries series;
    private boolean expanded;
    private boolean collapsed;
    private boolean onScreen = true;
    final TrackOverlays overlays;
    private final TrackScale scale;
    /** Per drawn line: block min/max, so ranging a zoomed-out replay reads thousands of values, not millions. */
    private final Map<SeriesDataSet, YExtent.Blocks> blocks = new IdentityHashMap<>();

    /** The time range the y axis was last ranged over. */
    double lastMin = Double.NaN;

    double lastMax = Double.NaN;
    /** Told once, after the first redraw on screen with a line of at least two points (the start-up's "first curves"). */
    private Runnable onFirstCurve;

    public ChartView(ChartGroup group, Selection selection, Runnable savePng) {
        this.group = group;
        getStyleClass().add("chart-view");
        xAxis = TimeAxis.forTrack();
        yAxis = new ValueAxis(group.integral());
        // ranged by rangeY over the visible time range, not by ChartFX over all data: a critical trip
        // above the data and a peak long scrolled out of view must not decide what is seen now
        yAxis.setAutoRanging(false);
        yAxis.setAutoGrowRanging(false);
        yAxis.setAutoRangeRounding(false);
        chart = new TrackChart(xAxis, yAxis, this::redrawn);
        chart.setAnimated(false);
        chart.setTitle(null);
        // the coloured cadence badges beside the chart are the legend: ChartFX's legend cannot
        // change a series' name when a new session publishes another cadence
        Charts.withoutLegend(chart);
        Charts.uncached(chart);
        renderers = new TrackRenderers(group.steps());
        chart.getRenderers().setAll(renderers.all());
        Zoomer zoomer = new Zoomer(AxisMode.X);
        zoomer.setAnimated(false);
        zoomer.setSliderVisible(false);
        // the wheel scrolls the track stack and Ctrl+wheel zooms all tracks (ChartsPane), not this one
        zoomer.setZoomScrollFilter(e -> false);
        // a right-click opens the track's menu (TrackScale), it does not zoom out
        zoomer.setZoomOutMouseFilter(e -> false);
        zoomer.setZoomOriginMouseFilter(e -> false);
        chart.getPlugins().add(zoomer);
        Charts.withoutToolBar(chart); // it slid in over the plot and took clicks
        overlays = new TrackOverlays(group, chart, xAxis, yAxis);
        scale = new TrackScale(group.fromZero(), this::rescaled);
        // a right-click (the mouse event, which every platform sends; not all send a context-menu request)
        addEventFilter(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.SECONDARY) {
                scale.menu().show(chart, e.getScreenX(), e.getScreenY());
                e.consume();
            }
        });
        height(COMPACT_HEIGHT);
        chart.setMinWidth(200);
        HBox.setHgrow(chart, Priority.ALWAYS);
        legend = new TrackLegend(group, selection, savePng, () -> setCollapsed(!collapsed));
        series = new TrackSeries(group, selection, renderers, legend);
        addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !collapsed) {
                setExpanded(!expanded);
                e.consume();
            }
        });
        setPadding(new Insets(2, 6, 2, 6));
        getChildren().addAll(legend, chart);
    }

    @Override
    protected double computePrefHeight(double width) {
        return collapsed
                ? super.computePrefHeight(width)
                : snappedTopInset() + chart.prefHeight(-1) + snappedBottomInset();
    }

    @Override
    protected double computeMinHeight(double width) {
        return collapsed
                ? super.computeMinHeight(width)
                : snappedTopInset() + chart.minHeight(-1) + snappedBottomInset();
    }

    /** Taller for reading detail, or back to compact (a double-click on the track). */
    private void setExpanded(boolean on) {
        expanded = on;
        height(on ? EXPANDED_HEIGHT : COMPACT_HEIGHT);
    }

    /**
     * ChartFX's own stylesheet sets the chart's min and pref height, and a stylesheet beats
     * setPrefHeight (the charts were 450 px tall whatever the code said): inline style beats both.
     */
    private void height(double px) {
        chart.setStyle("-fx-min-height: " + px + "px; -fx-pref-height: " + px + "px; -fx-max-height: " + px + "px;");
    }

    /** Collapsed: the title only, no chart (and no redraws: it is off screen); its ▾ / ▸ button. */
    private void setCollapsed(boolean on) {
        collapsed = on;
        chart.setVisible(!on);
        chart.setManaged(!on);
        legend.collapsed(on);
    }

    public boolean isCollapsed() {
        return collapsed;
    }

    /**
     * Whether the chart can be seen (ChartsPane: inside the viewport, on a showing tab, not
     * collapsed). Off screen it takes new points without redrawing; back on screen it redraws once.
     */
    void setOnScreen(boolean on) {
        boolean was = onScreen;
        onScreen = on;
        if (on && !was) {
            renderers.onScreen();
            sync();
            chart.invalidate(); // the data may have moved on while nothing was drawn
            legend.onScreen();
            overlays.onScreen();
        }
    }

    public boolean isOnScreen() {
        return onScreen;
    }

    /** Runs {@code r} once, after the first redraw on screen that drew a line of two points or more. */
    void onFirstCurve(Runnable r) {
        onFirstCurve = r;
    }

    private void redrawn() {
        if (onFirstCurve != null && onScreen && renderers.shownLines().stream().anyMatch(d -> d.getDataCount() >= 2)) {
            Runnable r = onFirstCurve;
            onFirstCurve = null;
            r.run();
        }
    }

    /** This track's drawing figures ({@link ChartDiagnostics}). */
    ChartDiagnostics.Track diagnostics() {
        ColumnRenderer.DrawStats d = renderers.lines().lastDraw();
        int points = 0;
        for (DataSet ds : renderers.shownLines()) {
            points += ((SeriesDataSet) ds).points().size();
        }
        return new ChartDiagnostics.Track(
                chart.redraws(),
                renderers.lines().draws(),
                d.pointsRead(),
                d.appended(),
                d.shown(),
                d.columnsShown(),
                points,
                renderers.marksDrawn());
    }

    /** Time (epoch s) under a scene x, through this chart's x axis (crosshair, Ctrl+wheel zoom). */
    public double timeAtScene(double sceneX) {
        Point2D p = xAxis.sceneToLocal(sceneX, 0);
        return p == null ? Double.NaN : xAxis.getValueForDisplay(p.getX());
    }

    /** The plot area (the x axis' extent across the chart's canvas) in scene coordinates. */
    public Bounds plotBoundsInScene() {
        Bounds a = xAxis.localToScene(xAxis.getBoundsInLocal());
        Bounds c = chart.getCanvas().localToScene(chart.getCanvas().getBoundsInLocal());
        return new javafx.geometry.BoundingBox(a.getMinX(), c.getMinY(), a.getWidth(), c.getHeight());
    }

    public ChartGroup group() {
        return group;
    }

    public XYChart chart() {
        return chart;
    }

    public DefaultNumericAxis xAxis() {
        return xAxis;
    }

    /** A series of this track: its colour, datasets and badge; drawn when the selection says so. */
    public void addSeries(Series s) {
        if (series.add(s)) {
            drawnChanged();
        }
    }

    /** The selection changed what this track draws (a new series, a pick, a new ranking). */
    public void drawnChanged() {
        if (series.drawnChanged(onScreen) == TrackSeries.Change.DATASETS) {
            rangeAgain();
        }
    }

    /** Other datasets are drawn: another pick may need another range, paused or not. */
    private void rangeAgain() {
        if (!Double.isNaN(lastMin) && onScreen) { // off screen: ranged when it comes on screen (ChartsPane)
            rangeY(lastMin, lastMax);
            updateMarks(lastMin, lastMax);
        }
    }

    /**
     * Takes the drawn series' newest points (after the store published a batch, FX thread) and redraws
     * when that changes what can be seen: on screen, and from a time not right of the shown range. Emission
     * marks that were left out while empty join once they have points.
     */
    public void sync() {
        legend.relabel(onScreen);
        switch (series.sync(onScreen, lastMax)) {
            case DATASETS -> rangeAgain();
            case POINTS -> {
                if (!Double.isNaN(lastMin)) {
                    updateMarks(lastMin, lastMax);
                }
            }
            case NONE -> {}
        }
    }

    /** A new session may publish other cadences: the badges say what is true now (off screen: once on screen). */
    public void refreshBadges() {
        legend.refresh(series.series(), onScreen);
    }

    /** Whether any series of this chart (drawn or not) comes from {@code source}. */
    public boolean hasSource(String source) {
        return series.hasSource(source);
    }

    /** Badge texts of every series, drawn or not, e.g. "thermal_zone0 · 1.0 Hz · declared". */
    public List<String> badgeTexts() {
        return legend.badgeTexts();
    }

    /** What the legend shows: the drawn series' badges, then "+N more" when some are not drawn. */
    public List<String> legendTexts() {
        return legend.legendTexts();
    }

    /** The crosshair's rows of this track, or null when the cursor left: its legend says them (CrosshairLayer). */
    void readout(List<Readout.Row> rows) {
        legend.readout(rows);
    }

    /** The legend's lines as shown now: the badges, or the readout at the cursor. */
    List<String> legendShown() {
        return legend.shownTexts();
    }

    /** The label column (the crosshair keeps its cursor while the mouse is there). */
    javafx.scene.Node legend() {
        return legend;
    }

    /** The series picker of a track that draws its top picks; null for one that draws all. */
    public SeriesPicker picker() {
        return legend.picker();
    }

    /** The fixed lines of this group from the session's hello: critical trips, the throttle's zones. */
    void overlays(SessionInfo session) {
        overlays.session(session);
    }

    /** The zones drawn on this chart; null until a session published them (or the group draws none). */
    public ThrottleBands throttleBands() {
        return overlays.throttleBands();
    }

    /**
     * Marks of the shared time axis, in the order they came: gaps, kmsg records, session changes (off
     * screen: once on screen).
     */
    public void marks(List<TimeMark> marks) {
        boolean who = dev.tickbench.app.session.WhoPlots.draws(group);
        // a plotted process's start or exit: on the tracks that draw it
        overlays.marks(
                who
                        ? marks
                        : marks.stream()
                                .filter(m -> m.kind() != TimeMark.Kind.PROCESS)
                                .toList(),
                onScreen);
    }

    /**
     * Ranges the y axis over what [min, max] shows: the drawn series there and the fixed lines, from zero
     * for a group that says so. Called when the visible range moves; returns the range set (null while
     * nothing is drawn).
     */
    public double[] rangeY(double min, double max) {
        lastMin = min;
        lastMax = max;
        YExtent e = new YExtent();
        for (DataSet ds : renderers.shownLines()) {
            SeriesDataSet s = (SeriesDataSet) ds;
            e.series(s.points(), blocks.computeIfAbsent(s, d -> new YExtent.Blocks()), min, max);
        }
        if (e.isEmpty()) {
            return null;
        }
        overlays.keepInView(e);
        double[] r = scale.range(e, Y_PADDING);
        if (r[0] != yAxis.getMin() || r[1] != yAxis.getMax() || yAxis.isLogAxis() != scale.log()) {
            yAxis.setLogAxis(scale.log());
            yAxis.set(r[0], r[1]);
            yAxis.requestAxisLayout();
        }
        return r;
    }

    /** The user changed the track's scale (its context menu): ranged and drawn again over what it shows. */
    private void rescaled() {
        if (!Double.isNaN(lastMin) && rangeY(lastMin, lastMax) != null) {
            chart.invalidate();
        }
    }

    /** Emission marks are drawn while sparse in [min, max] (TrackRenderers.updateMarks). */
    public void updateMarks(double min, double max) {
        renderers.updateMarks(min, max, chart.getWidth(), onScreen);
    }
}
