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
 * series' colour, given when it is first drawn and kept (docs/workbench-charts.md, "Tracks"), shared by
 * its line, marks and badge, and its
 * datasets (the line; for a level also its change and heartbeat marks), handed to the renderers and
 * the legend. Kept apart from {@link ChartView}, which places, sizes and ranges the chart: what is
 * drawn changes with every pick and batch, and the chart only needs to know whether to range again.
 */
final class TrackSeries {
    /** The colours of a track's lines: a series drawn takes the first one no other drawn series has. */
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

    /** A series on this track: its datasets (marks only for levels) and its colour (null until drawn). */
    private static final class Drawing {
        final Series series;
        final SeriesDataSet line;
        final SeriesDataSet changes;
        final SeriesDataSet heartbeats;
        String colour;

        Drawing(Series series, SeriesDataSet line, SeriesDataSet changes, SeriesDataSet heartbeats) {
            this.series = series;
            this.line = line;
            this.changes = changes;
            this.heartbeats = heartbeats;
        }
    }

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

    /** A series of this track: its datasets and badge; false when the track has it already. */
    boolean add(Series s) {
        if (all.containsKey(s.name())) {
            return false;
        }
        SeriesDataSet line = new SeriesDataSet(s, SeriesDataSet.Part.LINE);
        SeriesDataSet changes = null;
        SeriesDataSet heartbeats = null;
        if (s.kind() == SeriesKind.LEVEL) {
            changes = new SeriesDataSet(s, SeriesDataSet.Part.CHANGES);
            heartbeats = new SeriesDataSet(s, SeriesDataSet.Part.HEARTBEATS);
        }
        all.put(s.name(), new Drawing(s, line, changes, heartbeats));
        legend.add(s);
        return true;
    }

    /**
     * Colours the series about to be drawn: one drawn before keeps its colour; one drawn for the first
     * time, or whose colour another drawn line took meanwhile, takes the first colour no drawn line has.
     */
    private void colour(Set<String> names) {
        Set<String> taken = new java.util.HashSet<>();
        List<Drawing> uncoloured = new ArrayList<>();
        for (Drawing d : all.values()) {
            if (!names.contains(d.series.name())) {
                continue;
            }
            if (d.colour != null && drawn.contains(d.series.name())) {
                taken.add(d.colour); // on screen now: its colour is what the user knows it by
            } else {
                uncoloured.add(d);
            }
        }
        for (Drawing d : uncoloured) {
            if (d.colour == null || !taken.add(d.colour)) {
                String c = free(taken);
                taken.add(c);
                paint(d, c);
            }
        }
    }

    private static String free(Set<String> taken) {
        for (String c : PALETTE) {
            if (!taken.contains(c)) {
                return c;
            }
        }
        return PALETTE[taken.size() % PALETTE.length]; // more lines than colours: they share
    }

    private void paint(Drawing d, String colour) {
        d.colour = colour;
        d.line.setStyle("-color-dataset: " + colour + "; -fx-line-width: 1.2;"); // ChartFX's dataset CSS names
        if (d.changes != null) {
            // change emission: small filled dot; heartbeat emission: a larger open square (docs/cadence.md, "The
            // heartbeat")
            d.changes.setStyle("-color-dataset: " + colour + "; -fx-marker-type: circle; -fx-marker-size: 2;");
            d.heartbeats.setStyle("-color-dataset: " + colour
                    + "; -fx-marker-type: rectangle1; -fx-marker-size: 4; -fx-marker-line-width: 1.5;");
        }
        renderers.lines().colour(d.line, colour);
        legend.colour(d.series.name(), colour);
    }

    /** The colour of {@code name}'s line: null while it has never been drawn (tests). */
    String colourOf(String name) {
        Drawing d = all.get(name);
        return d == null ? null : d.colour;
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
        colour(names);
        marksLeftOut.clear();
        drawn.clear();
        drawn.addAll(names);
        List<DataSet> l = new ArrayList<>();
        List<DataSet> c = new ArrayList<>();
        List<DataSet> h = new ArrayList<>();
        for (Drawing d : all.values()) {
            if (!drawn.contains(d.series.name())) {
                continue;
            }
            d.line.update(); // a series drawn from now on was not kept up to date while it was not
            l.add(d.line);
            if (d.changes != null) {
                d.changes.update();
                d.heartbeats.update();
                // an empty dataset in a ChartFX 11.3 renderer that draws markers makes the chart redraw
                // on every pulse (its axis ranges never settle): marks join once they have points
                addIfNotEmpty(c, d.changes);
                addIfNotEmpty(h, d.heartbeats);
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
            if (!drawn.contains(d.series.name())) {
                continue;
            }
            changed |= take(d.line, onScreen, shownMax);
            if (d.changes != null) {
                changed |= take(d.changes, onScreen, shownMax);
                changed |= take(d.heartbeats, onScreen, shownMax);
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
        all.forEach((n, d) -> series.put(n, d.series));
        return series;
    }

    /** Whether any series of the track (drawn or not) comes from {@code source}. */
    boolean hasSource(String source) {
        return all.values().stream().anyMatch(d -> d.series.source().equals(source));
    }
}
