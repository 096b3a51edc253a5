package dev.tickbench.app.charts;

import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;

/**
 * A track's y axis: no name (the track's label says the unit, and a rotated name does not fit a
 * compact track), no minor ticks (they drew a comb along the axis), and for counts (slab objects,
 * free blocks, slots) whole-number ticks only: "1.5 slots" is not a value the data can take.
 */
final class ValueAxis extends DefaultNumericAxis {
    private final boolean integral;

    ValueAxis(boolean integral) {
        super("");
        this.integral = integral;
        setUnit(null);
        setAnimated(false);
        getMinorTickStyle().setVisible(false);
        setMinorTickCount(0);
    }

    @Override
    public double computePreferredTickUnit(double axisLength) {
        double unit = super.computePreferredTickUnit(axisLength);
        return integral ? Math.max(1, Math.ceil(unit)) : unit;
    }

    boolean integral() {
        return integral;
    }
}
