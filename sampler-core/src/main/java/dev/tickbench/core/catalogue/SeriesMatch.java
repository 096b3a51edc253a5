package dev.tickbench.core.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A series name looked up in the catalogue: its entry, its source's entry, its chart group and the
 * parts of the name ({@code captures}, with {@code source}, {@code key} and {@code name} added), from
 * which everything about this one series is formed.
 */
public record SeriesMatch(
        String name, SourceEntry source, SeriesEntry entry, ChartGroup group, Map<String, String> captures) {
    public SeriesMatch {
        captures = Map.copyOf(captures);
    }

    public ValueKind kind() {
        return entry.kind();
    }

    /** The unit the stream carries the value in. */
    public Unit unit() {
        return entry.unit();
    }

    /** The short name on a badge or legend: "thermal_zone0", "cpu0", "io.some". */
    public String displayName() {
        return entry.display().name().format(captures);
    }

    /** The unit shown on charts and in the crosshair: "°C", "MHz", "%". */
    public String displayUnit() {
        return entry.display().unit();
    }

    /** A stream value in the shown unit. */
    public double toDisplay(double raw) {
        return entry.display().toShown(raw);
    }

    /** The CSV column in the shown unit ({@code thermal_zone0_c}), or null when the raw column is all. */
    public String csvColumn() {
        return entry.csvColumn() == null ? null : entry.csvColumn().format(captures);
    }

    /** Globs of the series a derived one is computed from ({@code pressure.io.some_total}); empty for the rest. */
    public List<String> inputs() {
        List<String> out = new ArrayList<>();
        for (NamePattern p : entry.inputs()) {
            out.add(p.format(captures));
        }
        return out;
    }

    /** The stream source whose published cadence this series has: its own, or the one it is derived from. */
    public String cadenceSource() {
        return entry.kind() == ValueKind.DERIVED ? source.name().text() : captures.get("source");
    }
}
