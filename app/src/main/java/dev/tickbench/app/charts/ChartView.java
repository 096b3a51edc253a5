package dev.tickbench.app.charts;

import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesKind;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.core.throttle.ThrottleBands;
import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.AxisMode;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.plugins.YRangeIndicator;
import io.fair_acc.chartfx.plugins.Zoomer;
import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.LineStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javafx.collections.ListChangeListener;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Rectangle;
import org.controlsfx.control.CheckComboBox;

/**
 * One track of the live view: a label column (title, the cadence badge of every drawn series, for
 * slab and buddy "+N more" and a picker) beside a ChartFX chart on the shared time axis with held
 * steps for levels, change and heartbeat marks, kmsg / session / gap marks, and the group's fixed
 * lines (critical trip, bands). Compact by default; a double-click makes it taller, ▾ collapses it
 * (docs/workbench-charts.md). While it is off screen its datasets hold their events back and the
 * window is not pushed to it: it redraws once when it shows again.
 */
public final class ChartView extends HBox {
    /** Chart heights: compact (six tracks on a 1000 px screen) and expanded. */
    public static final double COMPACT_HEIGHT = 112;
    public static final double EXPANDED_HEIGHT = 360;
    /** Width of the label column (the overview strip's label lines up with it). */
    public static final double LABEL_WIDTH = 250;
    /** Slab and buddy show this many of the busiest series until the user picks. */
    static final int TOP_N = 5;
    /** Older kmsg marks are dropped from the chart (they stay in the event list): plugins are not free. */
    private static final int MAX_MARKS = 100;
    private static final int PIXELS_PER_MARK = 4;

    /** One colour per series, fixed at its first appearance, shared by its line, marks, legend and badge. */
    private static final String[] PALETTE = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
        "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

    private final ChartGroup group;
    private final CountingChart chart;
    private final DefaultNumericAxis xAxis;
    private final ValueAxis yAxis;
    private final ErrorDataSetRenderer lines = renderer(true);
    private final ErrorDataSetRenderer changeMarks = renderer(false);
    private final ErrorDataSetRenderer heartbeatMarks = renderer(false);
    private final Map<String, Series> all = new LinkedHashMap<>();
    private final Set<String> shown = new TreeSet<>();
    private final VBox badges = new VBox(1);
    private final VBox side = new VBox(1);
    private final Button collapse = new Button("▾");
    private final Hyperlink more = new Hyperlink();
    private boolean expanded;
    private boolean collapsed;
    private boolean onScreen = true;
    private final List<io.fair_acc.dataset.DataSet> marksLeftOut = new ArrayList<>();
    private final Map<String, Label> badgeOf = new LinkedHashMap<>();
    private final Deque<KmsgMarker> kmsgMarks = new ArrayDeque<>();
    private final Set<String> trips = new TreeSet<>();
    /** Fixed lines kept on screen whatever the data does: critical trips, band edges. */
    private final List<Double> fixedLines = new ArrayList<>();
    /** The throttle chart's zones (from the session's hello) and their indicators. */
    private ThrottleBands bands;
    private final List<YRangeIndicator> bandIndicators = new ArrayList<>();
    /** Per shown dataset: block min/max, so ranging a zoomed-out replay reads thousands of values, not millions. */
    private final Map<io.fair_acc.dataset.DataSet, YExtent.Blocks> blocks = new java.util.IdentityHashMap<>();
    private final CheckComboBox<String> picker;
    private boolean userPicked;
    private double lastMin = Double.NaN;
    private double lastMax = Double.NaN;
    private boolean updatingPicker;
    private DefaultPicks.Facts memoryFacts = DefaultPicks.Facts.NONE;

    public ChartView(ChartGroup group, Runnable savePng) {
        this.group = group;
        getStyleClass().add("chart-view");
        xAxis = new TimeAxis(null); // the time axis needs no name; its clock labels say what it is
        xAxis.setUnit(null); // ChartFX prints "time []" for an empty unit
        xAxis.setTimeAxis(true); // time-aligned tick units (1 s, 5 s, 1 min …); our labels below
        xAxis.setTickLabelFormatter(new ClockLabels(xAxis::getTickUnit, java.time.ZoneId.systemDefault()));
        xAxis.setAutoRanging(false);
        xAxis.setAutoGrowRanging(false);
        xAxis.setAnimated(false);
        xAxis.getMinorTickStyle().setVisible(false);
        yAxis = new ValueAxis(group.integral());
        // ranged by rangeY over the visible time range, not by ChartFX over all data: a critical trip
        // above the data and a peak long scrolled out of view must not decide what is seen now
        yAxis.setAutoRanging(false);
        yAxis.setAutoGrowRanging(false);
        yAxis.setAutoRangeRounding(false);
        chart = new CountingChart(xAxis, yAxis);
        chart.setAnimated(false);
        chart.setTitle(null);
        // the coloured cadence badges beside the chart are the legend: ChartFX's legend cannot
        // change a series' name when a new session publishes another cadence
        chart.setLegendVisible(false);
        chart.getRenderers().setAll(lines, changeMarks, heartbeatMarks);
        lines.setPolyLineStyle(group == ChartGroup.THERMAL || group == ChartGroup.CPU_FREQ || group == ChartGroup.SLAB
                || group == ChartGroup.BUDDY || group == ChartGroup.THROTTLE_EFFECTIVE ? LineStyle.ZERO_ORDER_HOLDER : LineStyle.NORMAL);
        Zoomer zoomer = new Zoomer(AxisMode.X);
        zoomer.setAnimated(false);
        zoomer.setSliderVisible(false);
        // the wheel scrolls the track stack and Ctrl+wheel zooms all tracks (ChartsPane), not this one
        zoomer.setZoomScrollFilter(e -> false);
        chart.getPlugins().add(zoomer);
        height(COMPACT_HEIGHT);
        chart.setMinWidth(200);
        HBox.setHgrow(chart, Priority.ALWAYS);

        Label title = new Label(group.title() + " (" + group.unit() + ")");
        title.getStyleClass().add("chart-title");
        // one line: a wrapped title made the track taller and its height flip between two layouts
        title.setStyle("-fx-font-size: 11.5px;");
        title.setMinWidth(0);
        title.setTooltip(new Tooltip(title.getText()));
        collapse.getStyleClass().add("small");
        collapse.setStyle("-fx-background-color: transparent; -fx-padding: 0 3 0 0;");
        collapse.setTooltip(new Tooltip("Collapse / expand this group"));
        collapse.setOnAction(e -> setCollapsed(!collapsed));
        Button png = new Button("PNG");
        png.getStyleClass().add("small");
        png.setOnAction(e -> savePng.run());
        png.setMinWidth(Region.USE_PREF_SIZE); // the title gives way, not the button
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox.setHgrow(title, Priority.SOMETIMES);
        HBox header = new HBox(4, collapse, title, spacer, png);
        header.setAlignment(Pos.CENTER_LEFT);
        side.getChildren().addAll(header, badges);
        more.setStyle("-fx-font-size: 11px; -fx-padding: 0 2 0 2;");
        more.setVisible(false);
        more.setManaged(false);
        if (group.picked()) {
            picker = new CheckComboBox<>();
            picker.setTitle("Pick…");
            picker.setStyle("-fx-font-size: 11px;");
            picker.setPrefWidth(90);
            picker.getCheckModel().getCheckedItems().addListener((ListChangeListener<String>) c -> {
                if (!updatingPicker) {
                    userPicked = true;
                    show(new TreeSet<>(picker.getCheckModel().getCheckedItems()));
                }
            });
            more.setOnAction(e -> picker.show());
            HBox pick = new HBox(4, more, picker);
            pick.setAlignment(Pos.CENTER_LEFT);
            side.getChildren().add(1, pick); // under the title: a long legend is cut at the bottom, never the picker
        } else {
            picker = null;
        }
        side.setMinWidth(LABEL_WIDTH);
        side.setPrefWidth(LABEL_WIDTH);
        side.setMaxWidth(LABEL_WIDTH);
        side.setPadding(new Insets(2, 6, 2, 0));
        Tooltip.install(side, new Tooltip("Double-click: taller / compact"));
        addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !collapsed) {
                setExpanded(!expanded);
                e.consume();
            }
        });
        setPadding(new Insets(2, 6, 2, 6));
        // the track is as tall as its chart: a label column with more lines is cut, not the screen's
        // six tracks (docs/workbench-charts.md)
        side.setMinHeight(0);
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(side.widthProperty());
        clip.heightProperty().bind(side.heightProperty());
        side.setClip(clip);
        getChildren().addAll(side, chart);
    }

    @Override
    protected double computePrefHeight(double width) {
        return collapsed ? super.computePrefHeight(width)
                : snappedTopInset() + chart.prefHeight(-1) + snappedBottomInset();
    }

    @Override
    protected double computeMinHeight(double width) {
        return collapsed ? super.computeMinHeight(width)
                : snappedTopInset() + chart.minHeight(-1) + snappedBottomInset();
    }

    /** Taller for reading detail, or back to compact (a double-click on the track does the same). */
    public void setExpanded(boolean on) {
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

    public boolean isExpanded() {
        return expanded;
    }

    /** Collapsed: the title only, no chart (and no redraws: it is off screen). */
    public void setCollapsed(boolean on) {
        collapsed = on;
        collapse.setText(on ? "▸" : "▾");
        chart.setVisible(!on);
        chart.setManaged(!on);
        for (javafx.scene.Node n : side.getChildren().subList(1, side.getChildren().size())) {
            n.setVisible(!on);
            n.setManaged(!on);
        }
    }

    public boolean isCollapsed() {
        return collapsed;
    }

    /**
     * Whether the chart can be seen (ChartsPane: inside the viewport, on a showing tab, not
     * collapsed). Off screen its series hold their events back; back on screen it redraws once.
     */
    void setOnScreen(boolean on, double drawnMax) {
        boolean was = onScreen;
        onScreen = on;
        for (Series s : all.values()) {
            s.drawnRange(drawnMax, on && shown.contains(s.name()));
        }
        if (on && !was) {
            chart.invalidate(); // the data may have moved on while nothing was drawn
        }
    }

    public boolean isOnScreen() {
        return onScreen;
    }

    /** How often ChartFX redrew this chart's canvas (tests: nothing changes, nothing is drawn). */
    public long redraws() {
        return chart.redraws;
    }

    /** Time (epoch s) under a scene x, through this chart's x axis (crosshair, Ctrl+wheel zoom). */
    public double timeAtScene(double sceneX) {
        Point2D p = xAxis.sceneToLocal(sceneX, 0);
        return p == null ? Double.NaN : xAxis.getValueForDisplay(p.getX());
    }

    /** Scene x of time {@code t} on this chart's x axis. */
    public double sceneXAt(double t) {
        return xAxis.localToScene(xAxis.getDisplayPosition(t), 0).getX();
    }

    /** The plot area (the x axis' extent across the chart's canvas) in scene coordinates. */
    public Bounds plotBoundsInScene() {
        Bounds a = xAxis.localToScene(xAxis.getBoundsInLocal());
        Bounds c = chart.getCanvas().localToScene(chart.getCanvas().getBoundsInLocal());
        return new javafx.geometry.BoundingBox(a.getMinX(), c.getMinY(), a.getWidth(), c.getHeight());
    }

    /** Counts canvas redraws: the honest measure of "not redrawn while nothing changes". */
    private static final class CountingChart extends XYChart {
        private long redraws;

        CountingChart(DefaultNumericAxis x, DefaultNumericAxis y) {
            super(x, y);
        }

        @Override
        protected void redrawCanvas() {
            redraws++;
            super.redrawCanvas();
        }
    }

    private static ErrorDataSetRenderer renderer(boolean line) {
        ErrorDataSetRenderer r = new ErrorDataSetRenderer();
        r.setErrorStyle(ErrorStyle.NONE);
        r.setRendererDataReducer(new MinMaxColumnReducer());
        r.setPointReduction(true);
        r.setMinRequiredReductionSize(2);
        r.setAssumeSortedData(true);
        r.setDrawBars(false);
        r.setDrawBubbles(false);
        // NaN is a break at missed samples (docs/workbench-charts.md); without this ChartFX draws it at the axis minimum
        r.setAllowNaNs(true);
        if (line) {
            r.setDrawMarker(false);
        } else {
            r.setPolyLineStyle(LineStyle.NONE);
            r.setDrawMarker(true);
            r.setShowInLegend(false);
        }
        return r;
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

    public void addSeries(Series s) {
        if (all.putIfAbsent(s.name(), s) != null) {
            return;
        }
        String colour = PALETTE[(all.size() - 1) % PALETTE.length];
        s.line().setStyle("-color-dataset: " + colour + "; -fx-line-width: 1.2;"); // ChartFX's dataset CSS names
        if (s.changeMarks() != null) {
            // change emission: small filled dot; heartbeat emission: a larger open square (docs/cadence.md, "The heartbeat")
            s.changeMarks().setStyle("-color-dataset: " + colour + "; -fx-marker-type: circle; -fx-marker-size: 2;");
            s.heartbeatMarks().setStyle("-color-dataset: " + colour + "; -fx-marker-type: rectangle1; -fx-marker-size: 4; -fx-marker-line-width: 1.5;");
        }
        Label badge = new Label(s.label());
        badge.getStyleClass().add("cadence-badge");
        badge.setStyle("-fx-border-color: " + colour + "; -fx-border-width: 0 0 0 4; -fx-font-size: 10px; -fx-padding: 0 4 0 4;");
        badge.setMaxWidth(LABEL_WIDTH - 8);
        badgeOf.put(s.name(), badge);
        if (picker != null) {
            updatingPicker = true;
            picker.getItems().add(s.name());
            updatingPicker = false;
            if (!userPicked) {
                pickBusiest();
            }
            legend();
        } else {
            Set<String> next = new TreeSet<>(shown);
            next.add(s.name());
            show(next);
        }
    }

    /**
     * Slab / buddy: the N default picks of {@link DefaultPicks} (slab caches holding most memory, the
     * orders of the zone holding most free memory), until the user picks others.
     */
    public void pickBusiest() {
        if (picker == null || userPicked) {
            return;
        }
        Set<String> top = DefaultPicks.pick(group, all.values(), memoryFacts, TOP_N);
        if (!top.equals(shown)) {
            updatingPicker = true;
            picker.getCheckModel().clearChecks();
            top.forEach(n -> picker.getCheckModel().check(n));
            updatingPicker = false;
            show(top);
        }
    }

    private void show(Set<String> names) {
        marksLeftOut.clear();
        shown.clear();
        shown.addAll(names);
        List<io.fair_acc.dataset.DataSet> l = new ArrayList<>();
        List<io.fair_acc.dataset.DataSet> c = new ArrayList<>();
        List<io.fair_acc.dataset.DataSet> h = new ArrayList<>();
        for (Series s : all.values()) {
            if (!shown.contains(s.name())) {
                continue;
            }
            l.add(s.line());
            if (s.kind() == SeriesKind.LEVEL && s.changeMarks() != null) {
                // an empty dataset in a ChartFX 11.3 renderer that draws markers makes the chart redraw
                // on every pulse (its axis ranges never settle): marks join once they have points
                addIfNotEmpty(c, s.changeMarks());
                addIfNotEmpty(h, s.heartbeatMarks());
            }
        }
        lines.getDatasets().setAll(l);
        changeMarks.getDatasets().setAll(c);
        heartbeatMarks.getDatasets().setAll(h);
        legend();
        for (Series s : all.values()) {
            s.drawnRange(lastMax, onScreen && shown.contains(s.name()));
        }
        if (!Double.isNaN(lastMin)) {
            rangeY(lastMin, lastMax); // another pick may need another range, paused or not
        }
    }

    private void addIfNotEmpty(List<io.fair_acc.dataset.DataSet> to, io.fair_acc.dataset.DataSet ds) {
        if (ds.lock().readLockGuard(ds::getDataCount) > 0) {
            to.add(ds);
        } else {
            marksLeftOut.add(ds);
        }
    }

    /** Adds the emission marks that were left out while empty and have points now (a few times a second at most). */
    public void refreshMarks() {
        if (marksLeftOut.stream().anyMatch(ds -> ds.lock().readLockGuard(ds::getDataCount) > 0)) {
            int before = changeMarks.getDatasets().size() + heartbeatMarks.getDatasets().size();
            show(new TreeSet<>(shown));
            if (changeMarks.getDatasets().size() + heartbeatMarks.getDatasets().size() != before && !Double.isNaN(lastMin)) {
                updateMarks(lastMin, lastMax);
            }
        }
    }

    /** The legend lists what is drawn, in the series' order; the rest is one "+N more" away. */
    private void legend() {
        List<Label> legend = new ArrayList<>();
        badgeOf.forEach((name, b) -> { if (shown.contains(name)) { legend.add(b); } });
        badges.getChildren().setAll(legend);
        int hidden = all.size() - shown.size();
        more.setText("+" + hidden + " more");
        more.setVisible(picker != null && hidden > 0);
        more.setManaged(more.isVisible());
    }

    /** A new session may publish other cadences: the badges say what is true now. */
    public void refreshBadges() {
        all.forEach((name, s) -> badgeOf.get(name).setText(s.label()));
    }

    /** Whether any series of this chart (shown or not) comes from {@code source}. */
    public boolean hasSource(String source) {
        for (Series s : all.values()) {
            if (s.source().equals(source)) {
                return true;
            }
        }
        return false;
    }

    /** Names of the series drawn now (all, or the picked ones). */
    public Set<String> shownSeries() {
        return Set.copyOf(shown);
    }

    public List<Series> shownSeriesObjects() {
        List<Series> out = new ArrayList<>();
        all.values().forEach(s -> { if (shown.contains(s.name())) { out.add(s); } });
        return out;
    }

    /** Badge texts of every series, drawn or not, e.g. "thermal_zone0 · 1.0 Hz · declared". */
    public List<String> badgeTexts() {
        List<String> out = new ArrayList<>();
        badgeOf.values().forEach(b -> out.add(b.getText()));
        return out;
    }

    /** What the legend shows: the drawn series' badges, then "+N more" when some are not drawn. */
    public List<String> legendTexts() {
        List<String> out = new ArrayList<>();
        badges.getChildren().forEach(n -> out.add(((Label) n).getText()));
        if (more.isVisible()) {
            out.add(more.getText());
        }
        return out;
    }

    /** Opens the series picker ("+N more"); false when this chart has none. */
    public boolean openPicker() {
        if (picker == null) {
            return false;
        }
        picker.show();
        return true;
    }

    /**
     * The throttle chart's YELLOW and RED zones, at the thresholds the session's hello published
     * (docs/throttle.md); a later session with other thresholds replaces them. Other charts ignore it.
     */
    public void throttleBands(ThrottleBands b) {
        if (group != ChartGroup.THROTTLE || b.equals(bands)) {
            return;
        }
        chart.getPlugins().removeAll(bandIndicators);
        bandIndicators.clear();
        bandIndicators.addAll(Indicators.throttleBands(yAxis, b));
        chart.getPlugins().addAll(bandIndicators);
        bands = b;
    }

    /** The zones drawn on the throttle chart; null until a session published them. */
    public ThrottleBands throttleBands() {
        return bands;
    }

    public void criticalTrip(String zone, double celsius) {
        if (group == ChartGroup.THERMAL && trips.add(zone)) {
            chart.getPlugins().add(Indicators.level(yAxis, celsius, zone + " critical " + Math.round(celsius) + " °C", "#d0021b"));
            fixedLines.add(celsius);
        }
    }

    public void mark(TimeMark m) {
        switch (m.kind()) {
            case GAP -> {
                chart.getPlugins().add(Indicators.gap(xAxis, m.x(), m.toX(), "gap"));
            }
            case KMSG, SESSION -> {
                KmsgMarker k = new KmsgMarker(xAxis, m);
                chart.getPlugins().add(k);
                if (m.kind() == TimeMark.Kind.KMSG) {
                    kmsgMarks.addLast(k);
                    if (kmsgMarks.size() > MAX_MARKS) {
                        chart.getPlugins().remove(kmsgMarks.removeFirst());
                    }
                }
            }
        }
    }

    /** A line at the maximum must not sit on the frame. */
    private static final double Y_PADDING = 0.06;

    /**
     * Ranges the y axis over what [min, max] shows: the shown series there and the fixed lines. Called
     * when the visible range moves; returns the range set (null while nothing is shown).
     */
    public double[] rangeY(double min, double max) {
        lastMin = min;
        lastMax = max;
        YExtent e = new YExtent();
        for (io.fair_acc.dataset.DataSet ds : lines.getDatasets()) {
            e.series(ds, blocks.computeIfAbsent(ds, d -> new YExtent.Blocks()), min, max);
        }
        if (e.isEmpty()) {
            return null;
        }
        fixedLines.forEach(e::value);
        if (bands != null) {
            e.value(bands.yellowPct());
            e.value(bands.redPct());
            e.value(100.0);
        }
        boolean zero = group == ChartGroup.CPU || group == ChartGroup.THROTTLE || group == ChartGroup.PSI
                || group == ChartGroup.CGROUP_THROTTLED || group == ChartGroup.CGROUP_THROTTLED_TIME
                || group == ChartGroup.CGROUP_USAGE
                || group == ChartGroup.PMU_IPC || group == ChartGroup.PMU_CACHE_MISS || group == ChartGroup.PMU_SOFTWARE;
        double[] r = e.axisRange(Y_PADDING, zero);
        if (r[0] != yAxis.getMin() || r[1] != yAxis.getMax()) {
            yAxis.set(r[0], r[1]);
            yAxis.requestAxisLayout();
        }
        return r;
    }

    public DefaultNumericAxis yAxis() {
        return yAxis;
    }

    /** The visible time range last pushed to this chart (NaN before the first). */
    double shownMax() {
        return lastMax;
    }

    /**
     * Emission marks are drawn only while they stay sparse (no markers on dense series): when the
     * visible range holds more marks than one per {@link #PIXELS_PER_MARK} pixels, the steps alone
     * are drawn. Counting is two binary searches per series on its sorted marks.
     */
    public void updateMarks(double min, double max) {
        int marks = 0;
        for (io.fair_acc.dataset.DataSet ds : changeMarks.getDatasets()) {
            marks += countIn(ds, min, max);
        }
        for (io.fair_acc.dataset.DataSet ds : heartbeatMarks.getDatasets()) {
            marks += countIn(ds, min, max);
        }
        double width = Math.max(200, chart.getWidth());
        boolean draw = marks <= width / PIXELS_PER_MARK;
        changeMarks.setDrawMarker(draw);
        heartbeatMarks.setDrawMarker(draw);
    }

    private static int countIn(io.fair_acc.dataset.DataSet ds, double min, double max) {
        return ds.lock().readLockGuard(() -> {
            int n = ds.getDataCount();
            if (n == 0) {
                return 0;
            }
            int from = ds.getIndex(io.fair_acc.dataset.DataSet.DIM_X, min);
            int to = ds.getIndex(io.fair_acc.dataset.DataSet.DIM_X, max);
            return Math.max(0, to - from + 1);
        });
    }

    /** Marks drawn now (tests). */
    public boolean marksDrawn() {
        return changeMarks.isDrawMarker();
    }

    /** Total points in the shown line datasets (tests: "the chart receives points"). */
    public int pointCount() {
        int n = 0;
        for (io.fair_acc.dataset.DataSet ds : lines.getDatasets()) {
            n += ds.lock().readLockGuard(ds::getDataCount);
        }
        return n;
    }

    /** The session's slab object sizes and page size, for the default picks (a new session may change them). */
    public void memoryFacts(DefaultPicks.Facts facts) {
        memoryFacts = facts == null ? DefaultPicks.Facts.NONE : facts;
    }
}
