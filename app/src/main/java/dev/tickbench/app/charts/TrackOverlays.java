package dev.tickbench.app.charts;

import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.throttle.ThrottleBands;
import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.plugins.ChartPlugin;
import io.fair_acc.chartfx.plugins.YRangeIndicator;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a track draws besides its series: the marks of the shared time axis (gaps as grey bands, kmsg
 * and session changes as thin lines) and the fixed lines its catalogue group asks for from the
 * session's hello ({@link ChartGroup.Overlay}: each zone's critical trip, the throttle's YELLOW and RED
 * zones), which the y axis keeps in view ({@link #keepInView}).
 */
final class TrackOverlays {
    /**
     * Older gap bands and labelled marks (triggers, processes) are dropped from the chart (they stay in
     * the event list): plugins are not free. Kernel log records are one node for all ({@link KmsgLines}).
     */
    private static final int MAX_MARKS = 100;

    private final ChartGroup group;
    private final XYChart chart;
    private final DefaultNumericAxis xAxis;
    private final DefaultNumericAxis yAxis;
    /** The labelled lines: fired triggers, a plotted process's start or exit (sessions are all kept). */
    private final Deque<LabelledMark> kmsgMarks = new ArrayDeque<>();

    private final KmsgLines kmsgLines;
    /** Gap bands, the oldest dropped past {@link #MAX_MARKS} like kmsg marks (the events list keeps them all). */
    private final Deque<io.fair_acc.chartfx.plugins.XRangeIndicator> gapMarks = new ArrayDeque<>();

    private final java.util.Set<TimeMark> gapsDrawn = new java.util.LinkedHashSet<>();
    /** Marks that came while the track was off screen, drawn when it comes on screen. */
    private final Deque<TimeMark> waiting = new ArrayDeque<>();

    private final Set<String> trips = new TreeSet<>();
    /** Fixed lines kept on screen whatever the data does: critical trips. */
    private final List<Double> fixedLines = new ArrayList<>();
    /** The throttle bands the session published, and their indicators. */
    private ThrottleBands bands;

    private final List<YRangeIndicator> bandIndicators = new ArrayList<>();

    TrackOverlays(ChartGroup group, XYChart chart, DefaultNumericAxis xAxis, DefaultNumericAxis yAxis) {
        this.group = group;
        this.chart = chart;
        this.xAxis = xAxis;
        this.yAxis = yAxis;
        this.kmsgLines = new KmsgLines(xAxis);
        chart.getPlugins().add(kmsgLines);
    }

    /** The kernel log records drawn (tests). */
    KmsgLines kmsgLines() {
        return kmsgLines;
    }

    /** The fixed lines of this group from the session's hello: critical trips, the throttle's zones. */
    void session(SessionInfo session) {
        if (group.overlays().contains(ChartGroup.Overlay.CRITICAL_TRIP)) {
            session.criticalC().forEach(this::criticalTrip);
        }
        if (group.overlays().contains(ChartGroup.Overlay.THROTTLE_BANDS) && session.throttleBands() != null) {
            throttleBands(session.throttleBands());
        }
    }

    /**
     * The YELLOW and RED zones at the thresholds the session's hello published (docs/throttle.md); a
     * later session with other thresholds replaces them.
     */
    private void throttleBands(ThrottleBands b) {
        if (b.equals(bands)) {
            return;
        }
        chart.getPlugins().removeAll(bandIndicators);
        bandIndicators.clear();
        bandIndicators.addAll(Indicators.throttleBands(yAxis, b));
        chart.getPlugins().addAll(bandIndicators);
        bands = b;
    }

    ThrottleBands throttleBands() {
        return bands;
    }

    private void criticalTrip(String zone, double celsius) {
        if (trips.add(zone)) {
            chart.getPlugins()
                    .add(Indicators.level(
                            yAxis, celsius, zone + " critical " + Math.round(celsius) + " °C", "#d0021b"));
            fixedLines.add(celsius);
        }
    }

    /**
     * Marks of the shared time axis, in the order they came; off screen (scrolled away, a hidden tab) they
     * wait and are drawn when the track comes on screen ({@link #onScreen}): a plugin added where nothing
     * can be seen, alone in a pulse, made JavaFX repaint the whole window. The waiting ones are bounded as
     * the drawn.
     */
    void marks(List<TimeMark> marks, boolean onScreen) {
        if (onScreen) {
            draw(marks);
            return;
        }
        waiting.addAll(marks);
        if (waiting.size() > dev.tickbench.app.session.SeriesStore.MAX_MARKS + 4 * MAX_MARKS) {
            List<TimeMark> kept = newest(List.copyOf(waiting));
            waiting.clear();
            waiting.addAll(kept);
        }
    }

    /** The track came on screen: the marks that came meanwhile. */
    void onScreen() {
        if (!waiting.isEmpty()) {
            List<TimeMark> marks = List.copyOf(waiting);
            waiting.clear();
            draw(marks);
        }
    }

    /**
     * Of {@code marks}, in their order, the ones a track keeps: every session change, the newest kernel log
     * records the store keeps ({@link dev.tickbench.app.session.SeriesStore#MAX_MARKS}), the newest {@link
     * #MAX_MARKS} gaps and the newest {@link #MAX_MARKS} of the other marks.
     */
    private static List<TimeMark> newest(List<TimeMark> marks) {
        int gaps = 0;
        int lines = 0;
        int records = 0;
        boolean[] keep = new boolean[marks.size()];
        for (int i = marks.size() - 1; i >= 0; i--) {
            switch (marks.get(i).kind()) {
                case SESSION -> keep[i] = true;
                case KMSG -> keep[i] = records++ < dev.tickbench.app.session.SeriesStore.MAX_MARKS;
                case GAP, SLIP -> keep[i] = gaps++ < MAX_MARKS;
                default -> keep[i] = lines++ < MAX_MARKS;
            }
        }
        List<TimeMark> kept = new ArrayList<>();
        for (int i = 0; i < keep.length; i++) {
            if (keep[i]) {
                kept.add(marks.get(i));
            }
        }
        return kept;
    }

    /**
     * Draws {@code marks} with one change of the chart's plugins: ChartFX's value indicators each restyle
     * themselves on every change of that list, so marks added one by one cost the square of their number
     * per mark (an hour's capture opened in seconds of it).
     */
    private void draw(List<TimeMark> marks) {
        List<ChartPlugin> added = new ArrayList<>();
        List<ChartPlugin> removed = new ArrayList<>();
        List<TimeMark> records = new ArrayList<>();
        for (TimeMark m : marks.size() > MAX_MARKS ? newest(marks) : marks) {
            switch (m.kind()) {
                case KMSG -> records.add(m);
                case GAP, SLIP -> {
                    if (!gapsDrawn.add(m)) {
                        continue; // told twice (the track was made while the mark was on its way): one band
                    }
                    var g = Indicators.gap(xAxis, m.x(), m.toX(), "gap");
                    added.add(g);
                    gapMarks.addLast(g);
                    if (gapMarks.size() > MAX_MARKS) {
                        drop(gapMarks.removeFirst(), added, removed);
                        gapsDrawn.remove(gapsDrawn.iterator().next());
                    }
                }
                case SESSION, TRIGGER, PROCESS -> {
                    LabelledMark k = new LabelledMark(xAxis, m);
                    added.add(k);
                    if (m.kind() != TimeMark.Kind.SESSION) {
                        kmsgMarks.addLast(k);
                        if (kmsgMarks.size() > MAX_MARKS) {
                            drop(kmsgMarks.removeFirst(), added, removed);
                        }
                    }
                }
            }
        }
        if (!records.isEmpty()) {
            kmsgLines.add(records);
        }
        if (!removed.isEmpty()) {
            chart.getPlugins().removeAll(removed);
        }
        if (!added.isEmpty()) {
            chart.getPlugins().addAll(added);
        }
    }

    /** A mark past the bound: taken off the chart, or never put on it when it came in the same batch. */
    private static void drop(ChartPlugin mark, List<ChartPlugin> added, List<ChartPlugin> removed) {
        if (!added.remove(mark)) {
            removed.add(mark);
        }
    }

    /** The y range must hold the fixed lines: the critical trips, the bands up to 100 %. */
    void keepInView(YExtent e) {
        fixedLines.forEach(e::value);
        if (bands != null) {
            e.value(bands.yellowPct());
            e.value(bands.redPct());
            e.value(100.0);
        }
    }
}
