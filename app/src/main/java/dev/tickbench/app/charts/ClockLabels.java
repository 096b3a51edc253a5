package dev.tickbench.app.charts;

import dev.tickbench.core.text.Numbers;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.DoubleSupplier;
import javafx.util.StringConverter;

/**
 * Wall-clock tick labels for the shared time axis (epoch seconds) with as many decimals as the tick
 * spacing needs to write every tick exactly: at 100 Hz a zoomed axis ticks every 0.05 s, and
 * "21:38:15, 21:38:15" says nothing; ticks 1.5 s apart read ":43.0, :44.5, :46.0", not ":43, :45, :46".
 */
public final class ClockLabels extends StringConverter<Number> {
    private static final DateTimeFormatter[] FORMATS = {
        DateTimeFormatter.ofPattern("HH:mm:ss"), DateTimeFormatter.ofPattern("HH:mm:ss.S"),
        DateTimeFormatter.ofPattern("HH:mm:ss.SS"), DateTimeFormatter.ofPattern("HH:mm:ss.SSS")
    };
    private final DoubleSupplier tickUnit;
    private final ZoneId zone;

    public ClockLabels(DoubleSupplier tickUnit, ZoneId zone) {
        this.tickUnit = tickUnit;
        this.zone = zone;
    }

    @Override
    public String toString(Number epochS) {
        double unit = tickUnit.getAsDouble();
        int decimals =
                !(unit > 0) || Double.isInfinite(unit) ? 0 : Math.min(FORMATS.length - 1, Numbers.decimals(unit));
        long ms = Math.round(epochS.doubleValue() * 1000);
        return FORMATS[decimals].withZone(zone).format(Instant.ofEpochMilli(ms));
    }

    @Override
    public Number fromString(String s) {
        throw new UnsupportedOperationException("tick labels are not parsed");
    }
}
