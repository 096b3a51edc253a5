package dev.tickbench.app.charts;

import dev.tickbench.core.text.Numbers;
import java.util.function.DoubleSupplier;
import javafx.util.StringConverter;

/**
 * An axis' labels as {@link Numbers#label} writes them (docs/workbench-charts.md, "Numbers"): never
 * E-notation, exactly the decimals the tick spacing needs, and from 100 000 on every label of the axis in
 * one SI step ({@code 50 k} beside {@code 100 k}, not {@code 50 000}).
 */
public final class AxisNumbers extends StringConverter<Number> {
    private final DoubleSupplier tickUnit;
    private final DoubleSupplier extent;

    /**
     * Labels for an axis whose tick spacing {@code tickUnit} gives (0 or NaN: as many decimals as the value
     * has, up to 3) and whose largest value in size {@code extent} gives (NaN: each label its own).
     */
    public AxisNumbers(DoubleSupplier tickUnit, DoubleSupplier extent) {
        this.tickUnit = tickUnit;
        this.extent = extent;
    }

    @Override
    public String toString(Number n) {
        return Numbers.label(n.doubleValue(), tickUnit.getAsDouble(), extent.getAsDouble());
    }

    @Override
    public Number fromString(String s) {
        throw new UnsupportedOperationException("axis labels are not parsed");
    }
}
