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
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.controlsfx.control.CheckComboBox;

/**
 * One chart of the live view: a header with the title, the cadence badge of every series and (for
 * slab and buddy) a picker; a ChartFX chart on the shared time axis with held steps for levels, change
 * and heartbeat marks, kmsg / session / gap marks, and the group's fixed lines (critical trip, bands).
 */
public final class ChartView extends VBox {
    /** Slab and buddy show this many of the busiest series until the user picks. */
    static final int TOP_N = 5;
    /** Older kmsg marks are dropped from the chart (they stay in the event list): plugins are not free. */
    private static final int MAX_MARKS = 100;
    private static final int PIXELS_PER_MARK = 4;

    /** One colour per series, fixed at its first appearance, shared by its line, marks, legend and badge. */
    private static final String[] PALETTE = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
        "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

    private final ChartGroup group;
    private final XYChart chart;
    private final DefaultNumericAxis xAxis;
    private final DefaultNumericAxis yAxis;
    private final ErrorDataSetRenderer lines = renderer(true);
    private final ErrorDataSetRenderer changeMarks = renderer(false);
    private final ErrorDataSetRenderer heartbeatMarks = renderer(false);
    private final Map<String, Series> all = new LinkedHashMap<>();
    private final Set<String> shown = new TreeSet<>();
    private final FlowPane badges = new FlowPane(8, 2);
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
        xAxis = new TimeAxis("time");
        xAxis.setUnit(null); // ChartFX prints "time []" for an empty unit
        xAxis.setTimeAxis(true); // time-aligned tick units (1 s, 5 s, 1 min …); our labels below
        xAxis.setTickLabelFormatter(new ClockLabels(xAxis::getTickUnit, java.time.ZoneId.systemDefault()));
        xAxis.setAutoRanging(false);
        xAxis.setAutoGrowRanging(false);
        xAxis.setAnimated(false);
        yAxis = new DefaultNumericAxis(group.unit());
        yAxis.setUnit(null);
        yAxis.setAnimated(false);
        // ranged by rangeY over the visible time range, not by ChartFX over all data: a critical trip
        // above the data and a peak long scrolled out of view must not decide what is seen now
        yAxis.setAutoRanging(false);
        yAxis.setAutoGrowRanging(false);
        yAxis.setAutoRangeRounding(false);
        yAxis.setMinorTickCount(2); // ChartFX's ten per major tick drew a solid comb along the axis
        chart = new XYChart(xAxis, yAxis);
        chart.setAnimated(false);
        chart.setTitle(null);
        // the coloured cadence badges above the chart are the legend: ChartFX's legend cannot
        // change a series' name when a new session publishes another cadence
        chart.setLegendVisible(false);
        chart.getRenderers().setAll(lines, changeMarks, heartbeatMarks);
        lines.setPolyLineStyle(group == ChartGroup.THERMAL || group == ChartGroup.CPU_FREQ || group == ChartGroup.SLAB
                || group == ChartGroup.BUDDY || group == ChartGroup.THROTTLE_EFFECTIVE ? LineStyle.ZERO_ORDER_HOLDER : LineStyle.NORMAL);
        Zoomer zoomer = new Zoomer(AxisMode.X);
        zoomer.setAnimated(false);
        zoomer.setSliderVisible(false);
        chart.getPlugins().add(zoomer);
        chart.setPrefHeight(group == ChartGroup.THROTTLE_EFFECTIVE ? 180 : 240);
        chart.setMinHeight(160);

        Label title = new Label(group.title() + " (" + group.unit() + ")");
        title.getStyleClass().add("chart-title");
        Button png = new Button("PNG");
        png.getStyleClass().add("small");
        png.setOnAction(e -> savePng.run());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(8, title, spacer);
        header.setAlignment(Pos.CENTER_LEFT);
        if (group.picked()) {
            picker = new CheckComboBox<>();
            picker.setTitle("Pick…");
            picker.getCheckModel().getCheckedItems().addListener((ListChangeListener<String>) c -> {
                if (!updatingPicker) {
                    userPicked = true;
                    show(new TreeSet<>(picker.getCheckModel().getCheckedItems()));
                }
            });
            header.getChildren().add(picker);
        } else {
            picker = null;
        }
        header.getChildren().add(png);
        badges.getStyleClass().add("badges");
        setPadding(new Insets(4, 6, 4, 6));
        getChildren().addAll(header, badges, chart);
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
        badge.setStyle("-fx-border-color: " + colour + "; -fx-border-width: 0 0 0 4;");
        badges.getChildren().add(badge);
        badgeOf.put(s.name(), badge);
        if (picker != null) {
            updatingPicker = true;
            picker.getItems().add(s.name());
            updatingPicker = false;
            if (!userPicked) {
                pickBusiest();
            }
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
                c.add(s.changeMarks());
                h.add(s.heartbeatMarks());
            }
        }
        lines.getDatasets().setAll(l);
        changeMarks.getDatasets().setAll(c);
        heartbeatMarks.getDatasets().setAll(h);
        badgeOf.forEach((name, b) -> b.setDisable(!shown.contains(name)));
        if (!Double.isNaN(lastMin)) {
            rangeY(lastMin, lastMax); // another pick may need another range, paused or not
        }
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

    /** Badge texts, e.g. "thermal_zone0 · 1.0 Hz · declared". */
    public List<String> badgeTexts() {
        List<String> out = new ArrayList<>();
        badges.getChildren().forEach(n -> out.add(((Label) n).getText()));
        return out;
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
