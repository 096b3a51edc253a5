package dev.tickbench.app.charts;

import dev.tickbench.app.session.Points;
import dev.tickbench.app.session.Series;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.events.ChartBits;
import io.fair_acc.dataset.spi.AbstractDataSet;
import java.util.function.Function;

/**
 * A series' points as ChartFX draws them: a dataset over the store's {@link Points} views, without a
 * copy. The chart holds the view it draws; {@link #update} takes the series' newest one on the FX thread
 * and says from which time the drawing changed, and only {@link #announce} makes the chart redraw. So
 * the chart, not the store, decides what it redraws: nothing while it is off screen, nothing for points
 * right of the time it shows (docs/workbench-charts.md, "Redraws"). Read-only: ChartFX never edits it.
 */
final class SeriesDataSet extends AbstractDataSet<SeriesDataSet> {
    /** Which of a series' point sets: its line, or a level's change or heartbeat emissions. */
    enum Part {
        LINE(Series::line, ""),
        CHANGES(Series::changeMarks, " change"),
        HEARTBEATS(Series::heartbeatMarks, " heartbeat");

        final Function<Series, Points> points;
        final String suffix;

        Part(Function<Series, Points> points, String suffix) {
            this.points = points;
            this.suffix = suffix;
        }
    }

    private final Series series;
    private final Part part;
    private Points shown;
    /** The y range of the points seen so far (kept as views come, read when ChartFX asks for limits). */
    private double yMin = Double.POSITIVE_INFINITY;

    private double yMax = Double.NEGATIVE_INFINITY;

    SeriesDataSet(Series series, Part part) {
        super(series.name() + part.suffix, 2);
        this.series = series;
        this.part = part;
        shown = current();
        scan(shown, 0);
    }

    private Points current() {
        Points p = part.points.apply(series);
        return p == null ? series.line() : p;
    }

    Series series() {
        return series;
    }

    /** What the chart draws now. */
    Points points() {
        return shown;
    }

    /**
     * Takes the series' newest points (FX thread); returns the first time whose drawing changed, NaN when
     * nothing did. The chart sees them at its next redraw, whoever causes it.
     */
    double update() {
        Points now = current();
        if (now == shown) {
            return Double.NaN;
        }
        double from = now.changedSince(shown);
        long added = now.appended() - shown.appended();
        shown = now;
        scan(now, (int) Math.max(0, now.stored() - added));
        return from;
    }

    private void scan(Points p, int from) {
        for (int i = from; i < p.size(); i++) {
            double y = p.y(i);
            if (!Double.isNaN(y)) {
                yMin = Math.min(yMin, y);
                yMax = Math.max(yMax, y);
            }
        }
    }

    /** Tells the chart its data changed: it redraws in the next pulse. */
    void announce() {
        fireInvalidated(ChartBits.DataSetData);
    }

    @Override
    public double get(int dim, int index) {
        return dim == DataSet.DIM_X ? shown.x(index) : shown.y(index);
    }

    @Override
    public int getDataCount() {
        return shown == null ? 0 : shown.size(); // ChartFX's constructor may ask before this one ran
    }

    /**
     * The index nearest to x, by the points themselves: ChartFX's default first trusts the axis
     * descriptions, which here are only brought up to date when the chart asks ({@link #recomputeLimits}).
     */
    @Override
    public int getIndex(int dim, double... x) {
        int n = getDataCount();
        if (dim != DataSet.DIM_X || n == 0 || !Double.isFinite(x[0])) {
            return dim != DataSet.DIM_X ? super.getIndex(dim, x) : 0;
        }
        if (x[0] <= shown.x(0)) {
            return 0;
        }
        if (x[0] >= shown.x(n - 1)) {
            return n - 1;
        }
        return AbstractDataSet.binarySearch(x[0], 0, n - 1, i -> shown.x(i));
    }

    /** The limits without a pass over every point: x from the ends (ascending), y as the views were seen. */
    @Override
    public DataSet recomputeLimits(int dim) {
        if (shown.isEmpty()) {
            getAxisDescription(dim).clear();
        } else if (dim == DataSet.DIM_X) {
            getAxisDescription(dim).set(shown.x(0), shown.x(shown.size() - 1));
        } else if (yMin <= yMax) {
            getAxisDescription(dim).set(yMin, yMax);
        }
        return this;
    }

    @Override
    public DataSet set(DataSet other, boolean copy) {
        throw new UnsupportedOperationException("a series' points are the store's; the chart only reads them");
    }

    @Override
    public String toString() {
        return getName() + " (" + shown + ")";
    }
}
