package dev.tickbench.core.catalogue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every series Tickbench knows, declared once (docs/catalogue.md): the sources and their series, the
 * derived series, the chart groups. The sampler's generic reader, the CSV export, {@code /metrics}, the
 * floors and the workbench all read it, so a series' unit, scale, name, chart and inputs are the same
 * wherever it goes. Immutable and thread-safe; lookups are cached.
 *
 * <pre>{@code
 * SeriesCatalogue c = SeriesCatalogue.standard();
 * SeriesMatch m = c.series("thermal_zone0.temp").orElseThrow();
 * m.unit();            // MILLICELSIUS, as the stream carries it
 * m.displayUnit();     // "°C"; m.toDisplay(45123) == 45.123
 * m.displayName();     // "thermal_zone0"
 * m.group();           // the "thermal" chart group and its properties
 * c.series("psi.io.some_pct").orElseThrow().inputs();   // ["pressure.io.some_total"]
 * }</pre>
 */
public final class SeriesCatalogue {
    /**
     * Lookups cached per name up to this many names (a kernel names a bounded set; a hostile capture does
     * not grow it): a 32-core server names about 1000 series; 65 536 matches of a crafted capture's
     * {@code slabinfo} keys were 30 MB, kept for the process's life (FORMAT.md "Reader limits").
     */
    private static final int CACHE_LIMIT = 2048;
    /** Sources' entries are shared, so their cache costs 60 bytes a name: every source of a capture at the reader limits. */
    private static final int SOURCE_CACHE_LIMIT = 1 << 15;

    private final List<SourceEntry> sources;
    private final List<ChartGroup> groups;
    private final Map<String, ChartGroup> groupsById = new LinkedHashMap<>();
    private final Map<String, SourceEntry> literalSources = new HashMap<>();
    private final List<SourceEntry> patternedSources = new ArrayList<>();
    /** Derived series by the literal first segment of their name ({@code cpu}, {@code psi}, {@code cgroup}). */
    private final Map<String, List<Derived>> derivedBySegment = new HashMap<>();

    private final List<Derived> patternedDerived = new ArrayList<>();
    private final Map<String, Optional<SourceEntry>> sourceCache = new ConcurrentHashMap<>();
    private final Map<String, Optional<SeriesMatch>> streamCache = new ConcurrentHashMap<>();
    private final Map<String, Optional<SeriesMatch>> seriesCache = new ConcurrentHashMap<>();

    private record Derived(SourceEntry source, SeriesEntry entry) {}

    private SeriesCatalogue(List<SourceEntry> sources, List<ChartGroup> groups) {
        this.sources = List.copyOf(sources);
        this.groups = List.copyOf(groups);
        for (ChartGroup g : groups) {
            if (groupsById.put(g.id(), g) != null) {
                throw new IllegalArgumentException("chart group " + g.id() + " declared twice");
            }
        }
        Set<String> names = new HashSet<>();
        for (SourceEntry s : sources) {
            if (!names.add(s.name().text())) {
                throw new IllegalArgumentException("source " + s.name() + " declared twice");
            }
            if (s.name().isLiteral()) {
                literalSources.put(s.name().text(), s);
            } else {
                patternedSources.add(s);
            }
            for (SeriesEntry e : s.series()) {
                if (e.group() != null && !groupsById.containsKey(e.group())) {
                    throw new IllegalArgumentException(e.name() + ": no chart group " + e.group());
                }
                if (e.kind() == ValueKind.DERIVED) {
                    String seg = firstSegment(e.name());
                    Derived d = new Derived(s, e);
                    if (seg == null) {
                        patternedDerived.add(d);
                    } else {
                        derivedBySegment
                                .computeIfAbsent(seg, k -> new ArrayList<>())
                                .add(d);
                    }
                }
            }
        }
    }

    /** The first dot-separated segment of a pattern when it is literal, else null. */
    private static String firstSegment(NamePattern p) {
        String prefix = p.literalPrefix();
        int dot = prefix.indexOf('.');
        if (dot >= 0) {
            return prefix.substring(0, dot);
        }
        return p.isLiteral() ? prefix : null;
    }

    /** A catalogue of exactly these sources and groups (checked: every group a series names exists). */
    public static SeriesCatalogue of(List<SourceEntry> sources, List<ChartGroup> groups) {
        return new SeriesCatalogue(sources, groups);
    }

    /** What the probe and the workbench ship: every source of FORMAT.md and every derived series. */
    public static SeriesCatalogue standard() {
        return StandardCatalogue.INSTANCE;
    }

    /** This catalogue and {@code more} sources after its own (a new file set, a test's board). */
    public SeriesCatalogue with(SourceEntry... more) {
        List<SourceEntry> all = new ArrayList<>(sources);
        all.addAll(List.of(more));
        return new SeriesCatalogue(all, groups);
    }

    /** This catalogue without the named sources (a test that declares one its own way). */
    public SeriesCatalogue without(String... names) {
        List<String> drop = List.of(names);
        return new SeriesCatalogue(
                sources.stream().filter(s -> !drop.contains(s.name().text())).toList(), groups);
    }

    /** This catalogue and another chart group, drawn after the others. */
    public SeriesCatalogue with(ChartGroup group) {
        List<ChartGroup> all = new ArrayList<>(groups);
        all.add(group);
        return new SeriesCatalogue(sources, all);
    }

    public List<SourceEntry> sources() {
        return sources;
    }

    /** The chart groups in display order. */
    public List<ChartGroup> groups() {
        return groups;
    }

    public Optional<ChartGroup> group(String id) {
        return Optional.ofNullable(groupsById.get(id));
    }

    /** The sources the sampler reads from files ({@link SourceEntry#reading()} set), in the catalogue's order. */
    public List<SourceEntry> readFromFiles() {
        return sources.stream().filter(s -> s.reading() != null).toList();
    }

    /** The entry of a stream source name ({@code stat}, {@code thermal_zone3}). */
    public Optional<SourceEntry> source(String name) {
        Optional<SourceEntry> cached = sourceCache.get(name);
        if (cached != null) {
            return cached;
        }
        SourceEntry s = literalSources.get(name);
        for (int i = 0; s == null && i < patternedSources.size(); i++) {
            if (patternedSources.get(i).name().matches(name)) {
                s = patternedSources.get(i);
            }
        }
        Optional<SourceEntry> found = Optional.ofNullable(s);
        if (sourceCache.size() < SOURCE_CACHE_LIMIT) {
            sourceCache.put(name, found);
        }
        return found;
    }

    /**
     * A value of the stream, {@code <source>.<key>}: the first series of the source whose pattern
     * matches (never a derived one); empty for a source or key the catalogue does not know.
     */
    public Optional<SeriesMatch> stream(String source, String key) {
        String name = source + "." + key;
        Optional<SeriesMatch> cached = streamCache.get(name);
        if (cached != null) {
            return cached;
        }
        Optional<SeriesMatch> found = Optional.empty();
        Optional<SourceEntry> s = source(source);
        if (s.isPresent()) {
            for (SeriesEntry e : s.get().series()) {
                if (e.kind() != ValueKind.DERIVED) {
                    Map<String, String> c = e.name().match(name);
                    if (c != null) {
                        found = Optional.of(match(name, s.get(), e, c, source, key));
                        break;
                    }
                }
            }
        }
        return cache(streamCache, name, found);
    }

    /**
     * Any series by name, as charts, the crosshair and the CSV name it: a derived one
     * ({@code cgroup./a/b.usage_cpus}, {@code pmu_hw.cpu0.ipc}) is looked up first, then
     * {@code <source>.<key>} of the stream (split at the first dot: source names have none).
     */
    public Optional<SeriesMatch> series(String name) {
        Optional<SeriesMatch> cached = seriesCache.get(name);
        if (cached != null) {
            return cached;
        }
        int dot = name.indexOf('.');
        String seg = dot < 0 ? name : name.substring(0, dot);
        Optional<SeriesMatch> found = derived(name, derivedBySegment.getOrDefault(seg, List.of()));
        if (found.isEmpty()) {
            found = derived(name, patternedDerived);
        }
        if (found.isEmpty()) {
            found = dot < 0 ? wholeSource(name) : stream(seg, name.substring(dot + 1));
        }
        return cache(seriesCache, name, found);
    }

    /** A series named as its source ({@code kmsg}). */
    private Optional<SeriesMatch> wholeSource(String name) {
        Optional<SourceEntry> s = source(name);
        if (s.isPresent()) {
            for (SeriesEntry e : s.get().series()) {
                if (e.kind() != ValueKind.DERIVED && e.name().matches(name)) {
                    return Optional.of(match(name, s.get(), e, e.name().match(name), name, ""));
                }
            }
        }
        return Optional.empty();
    }

    private Optional<SeriesMatch> derived(String name, List<Derived> candidates) {
        for (Derived d : candidates) {
            Map<String, String> c = d.entry().name().match(name);
            if (c != null) {
                int dot = name.indexOf('.');
                return Optional.of(match(
                        name,
                        d.source(),
                        d.entry(),
                        c,
                        dot < 0 ? name : name.substring(0, dot),
                        dot < 0 ? "" : name.substring(dot + 1)));
            }
        }
        return Optional.empty();
    }

    private SeriesMatch match(
            String name, SourceEntry s, SeriesEntry e, Map<String, String> captures, String source, String key) {
        Map<String, String> all = new LinkedHashMap<>(captures);
        all.put("source", source);
        all.put("key", key);
        all.put("name", name);
        return new SeriesMatch(name, s, e, e.group() == null ? null : groupsById.get(e.group()), all);
    }

    private static <T> Optional<T> cache(Map<String, Optional<T>> cache, String name, Optional<T> value) {
        if (cache.size() < CACHE_LIMIT) {
            cache.put(name, value);
        }
        return value;
    }

    /** A declared series by its pattern as written ({@code psi.{resource}.some_pct}): for code that names one. */
    public Optional<SeriesEntry> declared(String pattern) {
        for (SourceEntry s : sources) {
            for (SeriesEntry e : s.series()) {
                if (e.name().text().equals(pattern)) {
                    return Optional.of(e);
                }
            }
        }
        return Optional.empty();
    }

    /** The source a declared series belongs to (for a derived one: the source its cadence comes from). */
    public Optional<SourceEntry> sourceOf(SeriesEntry entry) {
        for (SourceEntry s : sources) {
            if (s.series().contains(entry)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** Sources whose values are deltas since the previous sample (FORMAT.md). */
    public boolean isCounterSource(String source) {
        return source(source).map(s -> s.kind() == ValueKind.COUNTER).orElse(false);
    }

    /**
     * True when {@code source.key} is carried absolute: every key of a level source (and of a source the
     * catalogue does not know), and the keys of a counter source its catalogue entry declares LEVEL
     * ({@code stat.procs_running}, {@code diskstats.<dev>.in_flight}, vmstat's page counts).
     */
    public boolean isLevel(String source, String key) {
        if (!isCounterSource(source)) {
            return true;
        }
        return stream(source, key).map(m -> m.kind() == ValueKind.LEVEL).orElse(false);
    }

    /** A counter source that leaves out idle device rows: there, a missing row is a delta of 0. */
    public boolean omitsIdleRows(String source) {
        return source(source).map(SourceEntry::omitsIdleRows).orElse(false);
    }

    /**
     * A source whose keys are the last interval's top N (the process and cgroup tables, {@link ReadRule#TOP_N}):
     * a key absent from a read of it has ended, it is not held.
     */
    public boolean keysComeAndGo(String source) {
        return source(source).map(s -> s.rule() == ReadRule.TOP_N).orElse(false);
    }
}
