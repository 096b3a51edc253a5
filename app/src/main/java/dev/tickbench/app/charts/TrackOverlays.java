package dev.tickbench.app.charts;

import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.throttle.ThrottleBands;
import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
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
    /** Older kmsg marks are dropped from the chart (they stay in the event list): plugins are not free. */
    private static final int MAX_MARKS = 100;

    private final ChartGroup group;
    private final XYChart chart;
    private final DefaultNumericAxis xAxis;
    private final DefaultNumericAxis yAxis;
    private final Deque<KmsgMarker> kmsgMarks = new ArrayDeque<>();
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
     * A mark of the shared time axis; off screen (scrolled away, a hidden tab) it waits and is drawn
     * when the track comes on screen ({@link #onScreen}): a plugin added where nothing can be seen,
     * alone in a pulse, made JavaFX repaint the whole window. The waiting ones are bounded as the drawn.
     */
    void mark(TimeMark m, boolean onScreen) {
        if (onScreen) {
            mark(m);
            return;
        }
        waiting.addLast(m);
        for (TimeMark.Kind k : TimeMark.Kind.values()) {
            if (k != TimeMark.Kind.SESSION
                    && waiting.stream().filter(w -> w.kind() == k).count() > MAX_MARKS) {
                waiting.stream().filter(w -> w.kind() == k).findFirst().ifPresent(waiting::remove);
            }
        }
    }

    /** The track came on screen: the marks that came meanwhile. */
    void onScreen() {
        while (!waiting.isEmpty()) {
            mark(waiting.removeFirst());
        }
    }

    private void mark(TimeMark m) {
        switch (m.kind()) {
            case GAP, SLIP -> {
                if (!gapsDrawn.add(m)) {
                    return; // told twice (the track was made while the mark was on its way): one band
                }
                var g = Indicators.gap(xAxis, m.x(), m.toX(), "gap");
                chart.getPlugins().add(g);
                gapMarks.addLast(g);
                if (gapMarks.size() > MAX_MARKS) {
                    chart.getPlugins().remove(gapMarks.removeFirst());
                    gapsDrawn.remove(gapsDrawn.iterator().next());
                }
            }
            case KMSG, SESSION, TRIGGER, PROCESS -> {
                KmsgMarker k = new KmsgMarker(xAxis, m);
                chart.getPlugins().add(k);
                if (m.kind() != TimeMark.Kind.SESSION) {
                    kmsgMarks.addLast(k);
                    if (kmsgMarks.size() > MAX_MARKS) {
                        chart.getPlugins().remove(kmsgMarks.removeFirst());
                    }
                }
            }
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
