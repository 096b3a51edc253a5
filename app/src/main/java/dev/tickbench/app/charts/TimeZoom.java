package dev.tickbench.app.charts;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.TimeWindow;
import java.util.Collection;
import javafx.geometry.Bounds;
import javafx.scene.input.ScrollEvent;

/**
 * Ctrl+wheel over the tracks zooms the shared time window around the time under the pointer
 * (docs/workbench-charts.md). Zooming is the window's business, not one chart's: every track shows the
 * same range, so the pane routes the wheel here before any chart's own zoomer sees it.
 */
final class TimeZoom {
    /** One notch (40 px of wheel) zooms in or out by this factor. */
    static final double ZOOM_PER_NOTCH = 0.8;
    /** The span stays between these (seconds): narrower shows no sample, wider than a day says nothing. */
    static final double MIN_SPAN_S = 0.2;

    static final double MAX_SPAN_S = 24 * 3600;

    private final TimeWindow window;

    TimeZoom(TimeWindow window) {
        this.window = window;
    }

    /**
     * Plain wheel: left alone (the scroll pane scrolls the tracks). Ctrl+wheel: consumed, and time
     * zoomed around the time under the pointer on whichever of {@code tracks} it is over.
     */
    void wheel(ScrollEvent e, Collection<ChartView> tracks, SeriesStore store) {
        if (!e.isControlDown() && !e.isShortcutDown()) {
            return;
        }
        e.consume();
        if (e.getDeltaY() == 0) {
            return;
        }
        double factor = Math.pow(ZOOM_PER_NOTCH, e.getDeltaY() / 40.0);
        double at = Double.NaN;
        for (ChartView v : tracks) {
            Bounds p = v.plotBoundsInScene();
            if (v.isOnScreen() && p.contains(e.getSceneX(), e.getSceneY())) {
                at = v.timeAtScene(e.getSceneX());
                break;
            }
        }
        zoom(factor, at, store);
    }

    /**
     * Zooms time by {@code factor} (below 1: in) around {@code at} (NaN: the window's centre). While
     * following, the followed span changes and following goes on (up to {@code store}'s newest sample);
     * otherwise the window shrinks or grows around {@code at} and stays paused.
     */
    void zoom(double factor, double at, SeriesStore store) {
        double min = window.min();
        double max = window.max();
        if (window.isFollow()) {
            double span = Math.max(MIN_SPAN_S, Math.min(MAX_SPAN_S, window.span() * factor));
            window.span(span);
            if (store != null) {
                window.advance(store.firstX(), store.publishedX());
            }
            return;
        }
        if (Double.isNaN(min) || !(max > min)) {
            return;
        }
        double c = Double.isNaN(at) || at < min || at > max ? (min + max) / 2 : at;
        double width = Math.max(MIN_SPAN_S, Math.min(MAX_SPAN_S, (max - min) * factor));
        double left = (c - min) / (max - min);
        window.userRange(c - width * left, c + width * (1 - left));
    }
}
