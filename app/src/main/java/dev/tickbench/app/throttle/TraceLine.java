package dev.tickbench.app.throttle;

import io.fair_acc.dataset.AxisDescription;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.events.ChartBits;
import io.fair_acc.dataset.spi.AbstractDataSet;

/**
 * One line of the I/O concurrency tab: arrays the view replaces whole, on the FX thread, and never
 * edits. A ChartFX chart holds its datasets' read locks from a layout until the next pulse's end, and
 * a layout runs outside a pulse too (a chart added to a scene runs one at once); a {@code DoubleDataSet}
 * written by the FX thread in between waits on that lock for ever, and the window freezes. Replacing
 * the arrays needs no lock: the FX thread is the only writer and the only reader
 * (docs/workbench-charts.md, "Datasets the views replace").
 */
final class TraceLine extends AbstractDataSet<TraceLine> {
    private static final double[] NONE = {};

    private double[] x = NONE;
    private double[] y = NONE;

    TraceLine(String name) {
        super(name, 2);
    }

    /** Shows these points (x ascending; the arrays are the line's from now on); FX thread. */
    void show(double[] xs, double[] ys) {
        if (xs.length != ys.length) {
            throw new IllegalArgumentException(xs.length + " times for " + ys.length + " values");
        }
        x = xs;
        y = ys;
        getAxisDescriptions().forEach(AxisDescription::clear); // the chart recomputes the limits
        fireInvalidated(ChartBits.DataSetData);
    }

    /** Shows no points; FX thread. */
    void clear() {
        show(NONE, NONE);
    }

    @Override
    public double get(int dim, int index) {
        return dim == DataSet.DIM_X ? x[index] : y[index];
    }

    @Override
    public int getDataCount() {
        return x == null ? 0 : x.length; // ChartFX's constructor may ask before the fields are set
    }

    @Override
    public double[] getValues(int dim) {
        return (dim == DataSet.DIM_X ? x : y).clone();
    }

    @Override
    public DataSet set(DataSet other, boolean copy) {
        throw new UnsupportedOperationException("a trace line is replaced by the view, not set from another dataset");
    }
}
