package dev.tickbench.app.charts;

/**
 * A track's y axis: no name (the track's label says the unit, and a rotated name does not fit a
 * compact track), no minor ticks (they drew a comb along the axis), and for counts (slab objects,
 * free blocks, slots) whole-number ticks only: "1.5 slots" is not a value the data can take. It is
 * always {@link #WIDTH} wide, so every track's plot area starts at the same x (docs/workbench-charts.md,
 * "Tracks").
 */
final class ValueAxis extends FixedWidthAxis {
    /** Room for the widest label {@link AxisNumbers} writes at a track's height ("-187.5 k") and the tick marks. */
    static final double WIDTH = 58;

    private final boolean integral;

    ValueAxis(boolean integral) {
        super("", WIDTH);
        this.integral = integral;
        setUnit(null);
        getMinorTickStyle().setVisible(false);
        setMinorTickCount(0);
    }

    @Override
    public double computePreferredTickUnit(double axisLength) {
        double unit = super.computePreferredTickUnit(axisLength);
        return integral && !isLogAxis() ? Math.max(1, Math.ceil(unit)) : unit;
    }

    boolean integral() {
        return integral;
    }
}
