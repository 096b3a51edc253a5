package dev.tickbench.app.charts;

import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;

/**
 * A vertical value axis of a fixed width, so that charts stacked above each other start their plot
 * areas at the same x and one time lines up across them to the pixel; its labels are {@link
 * AxisNumbers} (75 000, 190 k, never 8E4). ChartFX sizes an axis to its widest label, so two charts
 * whose labels differ ("100" and "1.9E5") had plot areas 10–15 px apart.
 */
public class FixedWidthAxis extends DefaultNumericAxis {
    private final double width;

    /** @param name the axis name (drawn rotated beside the labels), or "" for none */
    public FixedWidthAxis(String name, double width) {
        super(name);
        this.width = width;
        setAnimated(false);
        // on a log axis the ticks are decades, not a spacing: each label as the value reads (0.01, 10, 1 000)
        setTickLabelFormatter(new AxisNumbers(
                () -> isLogAxis() ? Double.NaN : getTickUnit(),
                () -> isLogAxis() ? Double.NaN : Math.max(Math.abs(getMin()), Math.abs(getMax()))));
        setMinWidth(width);
        setMaxWidth(width);
    }

    @Override
    protected double computePrefWidth(double height) {
        double own = super.computePrefWidth(height); // also measures the labels, which places them
        return getSide() != null && getSide().isVertical() ? width : own;
    }
}
