package dev.tickbench.core.catalogue;

import java.util.ArrayList;
import java.util.List;

/**
 * One series family, declared once (docs/catalogue.md, "Series"): its name pattern, kind, the unit the
 * stream carries it in, what it means, how it is shown, its CSV column in the shown unit, its chart
 * group, for a derived series the series it is computed from, and its Prometheus family.
 *
 * @param name the full series name: {@code <source>.<key>} for a stream value
 *     ({@code thermal_zone{n:\d+}.temp}), the derived name for a derived one ({@code psi.{resource}.some_pct})
 * @param unit the unit of the value in the stream (or, derived, as computed)
 * @param csvColumn the CSV column in the shown unit ({@code {source}_c}), or null: the raw column only
 * @param group the chart group id, or null when no chart draws it (it is in the CSV and {@code /metrics})
 * @param inputs for a derived series, the series (globs over their captures) it is computed from
 * @param derivation for a derived series, how it is computed from its inputs; null for the rest
 * @param metric its {@code /metrics} family, or null ({@code tickbench_other_*} then carries a stream value)
 */
public record SeriesEntry(
        NamePattern name,
        ValueKind kind,
        Unit unit,
        String description,
        Display display,
        NamePattern csvColumn,
        String group,
        List<NamePattern> inputs,
        Derivation derivation,
        Metric metric) {

    public SeriesEntry {
        inputs = List.copyOf(inputs);
        for (NamePattern in : inputs) {
            if (!name.captures().containsAll(in.captures())) {
                throw new IllegalArgumentException(
                        "input " + in + " of " + name + " uses a capture the name does not have");
            }
        }
        if (kind == ValueKind.DERIVED && inputs.isEmpty()) {
            throw new IllegalArgumentException("derived series " + name + " names no inputs");
        }
        if (kind != ValueKind.DERIVED && (!inputs.isEmpty() || derivation != null)) {
            throw new IllegalArgumentException(name + " is read, not derived: it has no inputs");
        }
        if (kind == ValueKind.DERIVED && derivation == null) {
            throw new IllegalArgumentException("derived series " + name + " names no derivation");
        }
        if (csvColumn != null && !display.scale().terminates()) {
            throw new IllegalArgumentException(name + ": a CSV column in the shown unit needs a scale that divides"
                    + " by 2s and 5s only (exact decimals), not " + display.scale());
        }
        if (name.captures().contains("source")
                || name.captures().contains("key")
                || name.captures().contains("name")) {
            throw new IllegalArgumentException(
                    name + ": {source}, {key} and {name} are given by every match, not captured");
        }
    }

    private static SeriesEntry of(
            String name,
            ValueKind kind,
            Unit unit,
            String description,
            String shownName,
            List<NamePattern> inputs,
            Derivation derivation) {
        return new SeriesEntry(
                NamePattern.of(name),
                kind,
                unit,
                description,
                Display.of(shownName, unit.symbol(), Scale.ONE),
                null,
                null,
                inputs,
                derivation,
                null);
    }

    /** A cumulative count read from the kernel. */
    public static SeriesEntry counter(String name, Unit unit, String description) {
        return of(name, ValueKind.COUNTER, unit, description, "{key}", List.of(), null);
    }

    /** A value that holds between reads. */
    public static SeriesEntry level(String name, Unit unit, String description) {
        return of(name, ValueKind.LEVEL, unit, description, "{key}", List.of(), null);
    }

    /** A timestamped event (its own line type). */
    public static SeriesEntry event(String name, String description) {
        return of(name, ValueKind.EVENT, Unit.TEXT, description, "{name}", List.of(), null);
    }

    /**
     * A series computed {@code how} from {@code inputs}: {@code <source>.<key>} patterns of one source with
     * this name's captures (a capture may narrow its own regex: {@code pressure.{resource:(?!cpu\.)[^.]+}.full_total}).
     */
    public static SeriesEntry derived(String name, Unit unit, String description, Derivation how, String... inputs) {
        List<NamePattern> in = new ArrayList<>();
        for (String i : inputs) {
            in.add(NamePattern.of(i));
        }
        return of(name, ValueKind.DERIVED, unit, description, "{name}", in, how);
    }

    /** Shown under {@code shownName} (a template), in the stream's unit. */
    public SeriesEntry shown(String shownName) {
        return shown(shownName, display.unit(), display.scale());
    }

    /** Shown under {@code shownName} in {@code shownUnit}: the stream value × {@code scale}. */
    public SeriesEntry shown(String shownName, String shownUnit, Scale scale) {
        return new SeriesEntry(
                name,
                kind,
                unit,
                description,
                Display.of(shownName, shownUnit, scale),
                csvColumn,
                group,
                inputs,
                derivation,
                metric);
    }

    /** Also exported in the shown unit, as the column {@code template} names ({@code {source}_c}). */
    public SeriesEntry csv(String template) {
        return new SeriesEntry(
                name, kind, unit, description, display, NamePattern.of(template), group, inputs, derivation, metric);
    }

    public SeriesEntry group(String groupId) {
        return new SeriesEntry(name, kind, unit, description, display, csvColumn, groupId, inputs, derivation, metric);
    }

    public SeriesEntry metric(Metric m) {
        return new SeriesEntry(name, kind, unit, description, display, csvColumn, group, inputs, derivation, m);
    }
}
