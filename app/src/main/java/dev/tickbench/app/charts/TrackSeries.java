package dev.tickbench.app.charts;

import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesKind;
import dev.tickbench.core.catalogue.ChartGroup;
import io.fair_acc.dataset.DataSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The series given to one track and which of them it draws, as its {@link Selection} says: each
 * series' colour, fixed at its first appearance and shared by its line, marks and badge, and its
 * datasets (the line; for a level also its change and heartbeat marks), handed to the renderers and
 * the legend. Kept apart from {@link ChartView}, which places, sizes and ranges the chart: what is
 * drawn changes with every pick and batch, and the chart only needs to know whether to range again.
 */
final class TrackSeries {
    /** One colour per series, in the order the series reach the track. */
    private static final String[] PALETTE = {
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"
    };

    /** What a pick or a batch did to what the chart shows. */
    enum Change {
        /** Nothing that can be seen. */
        NONE,
        /** New points inside or left of the shown range. */
        POINTS,
        /** Other datasets are drawn: the y range and the marks may need to change. */
        DATASETS
    }

    /** A series on this track: its datasets (marks only for levels) and its colour. */
    private record Drawing(
            Series series, String colour, SeriesDataSet line, SeriesDataSet changes, SeriesDataSet heartbeats) {}

    private final ChartGroup group;
    private final Selection selection;
    private final TrackRenderers renderers;
    private final TrackLegend legend;
    private final Map<String, Drawing> all = new LinkedHashMap<>();
    private final Set<String> drawn = new TreeSet<>();
    private final List<SeriesDataSet> marksLeftOut = new ArrayList<>();

    TrackSeries(ChartGroup group, Selection selection, TrackRenderers renderers, TrackLegend legend) {
        this.group = group;
        this.selection = selection;
        this.renderers = renderers;
        this.legend = legend;
    }

    /** A series of this track: its colour, datasets and badge; false when the track has it already. */
    boolean add(Series s) {
        if (all.containsKey(s.name())) {
            return false;
        }
        String colour = PALETTE[all.size() % PALETTE.length];
        SeriesDataSet line = new SeriesDataSet(s, SeriesDataSet.Part.LINE);
        line.setStyle("-color-dataset: " + colour + "; -fx-line-width: 1.2;"); // ChartFX's dataset CSS names
        SeriesDataSet changes = null;
        SeriesDataSet heartbeats = null;
        if (s.kind() == SeriesKind.LEVEL) {
            // change emission: small filled dot; heartbeat emission: a larger open square (docs/cadence.md, "The
            // heartbeat")
            changes = new SeriesDataSet(s, SeriesDataSet.Part.CHANGES);
            changes.setStyle("-color-dataset: " + colour + "; -fx-marker-type: circle; -fx-marker-size: 2;");
            heartbeats = new SeriesDataSet(s, SeriesDataSet.Part.HEARTBEATS);
            heartbeats.setStyle("-color-dataset: " + colour
                    + "; -fx-marker-type: rectangle1; -fx-marker-size: 4; -fx-marker-line-width: 1.5;");
        }
        renderers.lines().colour(line, colour);
        all.put(s.name(), new Drawing(s, colour, line, changes, heartbeats));
        legend.add(s, colour);
        return true;
    }

    /** The selection may have changed what this track draws (a new series, a pick, a new ranking). */
    Change drawnChanged(boolean onScreen) {
        Set<String> now = new TreeSet<>(selection.drawnNames(group));
        now.retainAll(all.keySet()); // a series this track has not been given yet is drawn once it is
        if (!now.equals(drawn)) {
            show(now, onScreen);
            return Change.DATASETS;
        }
        legend.drawn(drawn, onScreen); // "+N more" counts every series the track has
        return Change.NONE;
    }

    private void show(Set<String> names, boolean onScreen) {
        marksLeftOut.clear();
        drawn.clear();
        drawn.addAll(names);
        List<DataSet> l = new ArrayList<>();
        List<DataSet> c = new ArrayList<>();
        List<DataSet> h = new ArrayList<>();
        for (Drawing d : all.values()) {
            if (!drawn.contains(d.series().name())) {
                continue;
            }
            d.line().update(); // a series drawn from now on was not kept up to date while it was not
            l.add(d.line());
            if (d.changes() != null) {
                d.changes().update();
                d.heartbeats().update();
                // an empty dataset in a ChartFX 11.3 renderer that draws markers makes the chart redraw
                // on every pulse (its axis ranges never settle): marks join once they have points
                addIfNotEmpty(c, d.changes());
                addIfNotEmpty(h, d.heartbeats());
            }
        }
        renderers.drawn(l, c, h, onScreen);
        legend.drawn(drawn, onScreen);
    }

    private void addIfNotEmpty(List<DataSet> to, SeriesDataSet ds) {
        if (ds.getDataCount() > 0) {
            to.add(ds);
        } else {
            marksLeftOut.add(ds);
        }
    }

    /**
     * Takes the drawn series' newest points and says whether that changes what can be seen: on
     * screen, and from a time not right of {@code shownMax} (NaN: nothing ranged yet). Emission marks
     * that were left out while empty join once they have points.
     */
    Change sync(boolean onScreen, double shownMax) {
        boolean changed = false;
        for (Drawing d : all.values()) {
            if (!drawn.contains(d.series().name())) {
                continue;
            }
            changed |= take(d.line(), onScreen, shownMax);
            if (d.changes() != null) {
                changed |= take(d.changes(), onScreen, shownMax);
                changed |= take(d.heartbeats(), onScreen, shownMax);
            }
        }
        if (marksLeftOut.stream().anyMatch(ds -> ds.getDataCount() > 0)) {
            show(new TreeSet<>(drawn), onScreen);
            return Change.DATASETS;
        }
        return changed ? Change.POINTS : Change.NONE;
    }

    private static boolean take(SeriesDataSet ds, boolean onScreen, double shownMax) {
        double from = ds.update();
        if (Double.isNaN(from)) {
            return false;
        }
        if (onScreen && (Double.isNaN(shownMax) || from <= shownMax)) {
            ds.announce();
            return true;
        }
        return false;
    }

    /** Every series of the track by name, drawn or not. */
    Map<String, Series> series() {
        Map<String, Series> series = new LinkedHashMap<>();
        all.forEach((n, d) -> series.put(n, d.series()));
        return series;
    }

    /** Whether any series of the track (drawn or not) comes from {@code source}. */
    boolean hasSource(String source) {
        return all.values().stream().anyMatch(d -> d.series().source().equals(source));
    }
}
