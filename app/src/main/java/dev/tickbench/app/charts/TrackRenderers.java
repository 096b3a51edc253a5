package dev.tickbench.app.charts;

import io.fair_acc.chartfx.renderer.Renderer;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.DataSet;
import java.util.List;

/**
 * A track's renderers (ChartView): its lines, and the change and heartbeat marks of its levels while
 * they stay sparse. What is drawn is kept here as it changes; it reaches the renderers while the track
 * is on screen, and once it comes on screen: ChartFX makes a node for each dataset a renderer is given,
 * and nodes changed where nothing can be seen, alone in a pulse, made JavaFX repaint the whole window.
 */
final class TrackRenderers {
    /** Marks are drawn while the visible range holds at most one per this many pixels. */
    private static final int PIXELS_PER_MARK = 4;

    private final ColumnRenderer lines;
    private final ErrorDataSetRenderer changeMarks = TrackChart.markRenderer();
    private final ErrorDataSetRenderer heartbeatMarks = TrackChart.markRenderer();
    private List<DataSet> shownLines = List.of();
    /** The drawn series' emission marks that hold points. */
    private List<DataSet> changeSets = List.of();

    private List<DataSet> beatSets = List.of();
    private boolean marksOn = true;
    private boolean stale;

    TrackRenderers(boolean steps) {
        lines = new ColumnRenderer(steps);
    }

    List<Renderer> all() {
        return List.of(lines, changeMarks, heartbeatMarks);
    }

    ColumnRenderer lines() {
        return lines;
    }

    /** The lines drawn now, as the chart has them once on screen. */
    List<DataSet> shownLines() {
        return shownLines;
    }

    /** What is drawn: the lines, and the emission marks that hold points. */
    void drawn(List<DataSet> l, List<DataSet> changes, List<DataSet> beats, boolean onScreen) {
        shownLines = List.copyOf(l);
        changeSets = List.copyOf(changes);
        beatSets = List.copyOf(beats);
        apply(onScreen);
    }

    /**
     * Emission marks are drawn only while they stay sparse (no markers on dense series): when [min, max]
     * holds more marks than one per {@link #PIXELS_PER_MARK} pixels of {@code width}, the steps alone are
     * drawn. Counting is two binary searches per series on its sorted marks.
     */
    void updateMarks(double min, double max, double width, boolean onScreen) {
        int marks = 0;
        for (DataSet ds : changeSets) {
            marks += ((SeriesDataSet) ds).points().countStoredIn(min, max);
        }
        for (DataSet ds : beatSets) {
            marks += ((SeriesDataSet) ds).points().countStoredIn(min, max);
        }
        boolean draw = marks <= Math.max(200, width) / PIXELS_PER_MARK;
        if (draw != marksOn) {
            marksOn = draw;
            apply(onScreen);
        }
    }

    boolean marksDrawn() {
        return marksOn;
    }

    /** The track came on screen: its renderers get what changed meanwhile. */
    void onScreen() {
        if (stale) {
            apply(true);
        }
    }

    /** Dense marks are not drawn, so not read either: out of their renderers, not merely hidden. */
    private void apply(boolean onScreen) {
        stale = !onScreen;
        if (stale) {
            return;
        }
        if (!lines.getDatasets().equals(shownLines)) {
            lines.getDatasets().setAll(shownLines);
        }
        changeMarks.setDrawMarker(marksOn);
        heartbeatMarks.setDrawMarker(marksOn);
        List<DataSet> c = marksOn ? changeSets : List.of();
        List<DataSet> h = marksOn ? beatSets : List.of();
        if (!changeMarks.getDatasets().equals(c)) {
            changeMarks.getDatasets().setAll(c);
        }
        if (!heartbeatMarks.getDatasets().equals(h)) {
            heartbeatMarks.getDatasets().setAll(h);
        }
    }
}
