package dev.tickbench.core.catalogue;

/**
 * How a series is shown: its short name on a badge or legend (a template of its captures and
 * {@code {source}}, {@code {key}}, {@code {name}}), the unit the chart and crosshair show, and the
 * scale from the stream's unit to it (cpufreq kHz ÷ 1000 = MHz).
 */
public record Display(NamePattern name, String unit, Scale scale) {
    public static Display of(String name, String unit, Scale scale) {
        return new Display(NamePattern.of(name), unit, scale);
    }

    /** The raw value in the shown unit. */
    public double toShown(double raw) {
        return scale.apply(raw);
    }
}
