package dev.tickbench.core.diff;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.catalogue.ValueKind;

/** What the diff needs to know of one series, looked up once in the catalogue (docs/catalogue.md). */
final class SeriesInfo {
    final int id;
    final DiffSeries series;
    /** {@code series.kind() == LEVEL}, asked for every value of every tick. */
    final boolean level;
    /** Null for a series the catalogue does not know: then in the stream's unit, as the CSV's raw column. */
    private final SeriesMatch match;
    /** One step of the value as carried, in the stream's unit: 1 for the kernel's integers, 0 for a derived value. */
    final double resolution;
    /** A counter of a source that leaves out idle rows: a missing row is a delta of 0 (FORMAT.md). */
    final boolean omitsIdleRows;

    private SeriesInfo(int id, DiffSeries series, SeriesMatch match, double resolution, boolean omitsIdleRows) {
        this.id = id;
        this.series = series;
        this.level = series.kind() == ValueKind.LEVEL;
        this.match = match;
        this.resolution = resolution;
        this.omitsIdleRows = omitsIdleRows;
    }

    /** A value of the stream, {@code <source>.<key>}: a level or a counter as the catalogue says (CsvExport's rule). */
    static SeriesInfo stream(int id, SeriesCatalogue c, String source, String key, double resolution) {
        String name = source + "." + key;
        SeriesMatch m = c.stream(source, key).orElse(null);
        boolean level = c.isLevel(source, key);
        ValueKind kind = level ? ValueKind.LEVEL : ValueKind.COUNTER;
        return new SeriesInfo(
                id, identity(name, key, source, kind, m), m, resolution, !level && c.omitsIdleRows(source));
    }

    /** A derived series ({@code cpu.busy_pct}, {@code pmu_hw.all.ipc}): its values as computed, resolution 0. */
    static SeriesInfo derived(int id, SeriesCatalogue c, String name) {
        SeriesMatch m = c.series(name).orElse(null);
        String source = m == null ? name.substring(0, Math.max(0, name.indexOf('.'))) : m.cadenceSource();
        return new SeriesInfo(id, identity(name, name, source, ValueKind.DERIVED, m), m, 0, false);
    }

    private static DiffSeries identity(String name, String key, String source, ValueKind kind, SeriesMatch m) {
        String unit = m == null ? "" : m.displayUnit();
        if (kind == ValueKind.COUNTER) {
            unit = unit.isEmpty() ? "/s" : unit + "/s";
        }
        String display = m == null ? name : m.displayName();
        // a shown name is most often the key, or the name: the one string the reader and the registry hold
        display = display.equals(key) ? key : display.equals(name) ? name : display;
        return new DiffSeries(name, display, source, kind, unit);
    }

    ValueKind kind() {
        return series.kind();
    }

    String source() {
        return series.source();
    }

    /** A number in the stream's unit (or a rate of it), in the shown unit: the catalogue's exact scale. */
    double toDisplay(double raw) {
        return match == null ? raw : match.toDisplay(raw);
    }
}
