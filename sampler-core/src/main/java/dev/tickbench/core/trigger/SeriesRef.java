package dev.tickbench.core.trigger;

import dev.tickbench.core.catalogue.NamePattern;
import dev.tickbench.core.catalogue.Scale;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesEntry;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.catalogue.SourceEntry;
import dev.tickbench.core.catalogue.ValueKind;
import dev.tickbench.core.derived.DerivedKind;
import java.util.Map;
import java.util.Optional;

/**
 * A series a trigger reads, resolved in the series catalogue (docs/catalogue.md) by any name the CSV
 * uses: a stream value ({@code thermal_zone0.temp}, in the stream's unit), its column in the shown unit
 * ({@code thermal_zone0_c}, °C), or a derived series ({@code cpu.iowait_pct}). docs/triggers.md, "Series".
 *
 * @param name the name as the expression gave it
 * @param kind LEVEL (held between emissions), COUNTER (compared as its rate per second) or DERIVED
 * @param source the stream source it is read from (for a derived series, the one it is computed from)
 * @param key the key inside {@code source} (stream values only)
 * @param derived the derived kind, and {@code subject} its PSI resource or cgroup path (derived only)
 * @param scale from the stream's value to the unit of {@code name} ({@link Scale#ONE} but for a shown-unit column)
 * @param unit the unit the expression's number is in, as a user reads it ("°C", "m°C", "ms/s", "%")
 */
public record SeriesRef(
        String name,
        ValueKind kind,
        String source,
        String key,
        DerivedKind derived,
        String subject,
        Scale scale,
        String unit) {

    /** Resolves {@code name}; empty when the catalogue knows no such series (or it is an event: kmsg). */
    static Optional<SeriesRef> resolve(SeriesCatalogue catalogue, String name) {
        Optional<SeriesMatch> m = catalogue.series(name);
        if (m.isPresent()) {
            return of(m.get(), name, Scale.ONE, null);
        }
        return csvColumn(catalogue, name);
    }

    private static Optional<SeriesRef> of(SeriesMatch m, String name, Scale scale, String shownUnit) {
        return switch (m.kind()) {
            case EVENT -> Optional.empty();
            case DERIVED ->
                derivedKind(m.entry())
                        .map(d -> new SeriesRef(
                                name,
                                ValueKind.DERIVED,
                                m.source().name().text(),
                                null,
                                d,
                                subject(d, m),
                                Scale.ONE,
                                m.displayUnit()));
            case LEVEL ->
                Optional.of(new SeriesRef(
                        name,
                        ValueKind.LEVEL,
                        m.captures().get("source"),
                        m.captures().get("key"),
                        null,
                        null,
                        scale,
                        shownUnit != null ? shownUnit : m.unit().symbol()));
            case COUNTER ->
                Optional.of(new SeriesRef(
                        name,
                        ValueKind.COUNTER,
                        m.captures().get("source"),
                        m.captures().get("key"),
                        null,
                        null,
                        scale,
                        m.unit().symbol().isEmpty() ? "per s" : m.unit().symbol() + "/s"));
        };
    }

    private static Optional<DerivedKind> derivedKind(SeriesEntry entry) {
        for (DerivedKind k : DerivedKind.values()) {
            if (k.entry().equals(entry)) {
                return Optional.of(k);
            }
        }
        return Optional.empty(); // derived by another part (PMU ratios): not computed here
    }

    private static String subject(DerivedKind d, SeriesMatch m) {
        return d.subject(m.captures());
    }

    /**
     * A CSV column in the shown unit ({@code {source}_c}, {@code {source}.{key}_mhz}): the stream series
     * whose column it is, found by matching every column template and checking the series formats back
     * to the same column.
     */
    private static Optional<SeriesRef> csvColumn(SeriesCatalogue catalogue, String name) {
        for (SourceEntry s : catalogue.sources()) {
            for (SeriesEntry e : s.series()) {
                if (e.csvColumn() == null || e.kind() == ValueKind.DERIVED) {
                    continue;
                }
                Map<String, String> c = e.csvColumn().match(name);
                if (c == null) {
                    continue;
                }
                String source = c.containsKey("source") ? c.get("source") : format(s.name(), c);
                String key = c.containsKey("key") ? c.get("key") : keyOf(e.name(), c);
                if (source == null || key == null) {
                    continue;
                }
                Optional<SeriesMatch> m = catalogue.stream(source, key);
                if (m.isPresent() && name.equals(m.get().csvColumn())) {
                    return of(
                            m.get(),
                            name,
                            m.get().entry().display().scale(),
                            m.get().displayUnit());
                }
            }
        }
        return Optional.empty();
    }

    /** The key part of a series pattern ({@code thermal_zone{n}.temp} → {@code temp}), formatted from the captures. */
    private static String keyOf(NamePattern series, Map<String, String> captures) {
        int dot = series.text().indexOf('.');
        return dot < 0 ? null : format(NamePattern.of(series.text().substring(dot + 1)), captures);
    }

    private static String format(NamePattern p, Map<String, String> captures) {
        try {
            return p.format(captures);
        } catch (RuntimeException e) {
            return null; // a capture the column does not give
        }
    }

    /** The series' value in the unit of its name. */
    double shown(double raw) {
        return scale.isOne() ? raw : scale.apply(raw);
    }
}
