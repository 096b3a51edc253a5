package dev.tickbench.core.catalogue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * One stream source (a kernel file or file set, or a line type of its own), declared once with its series
 * and attributes (docs/catalogue.md). A source with a {@link Reading} is read by the sampler from what
 * the entry says: its files, its kind and read rule, its idle rows, its level keys, its attributes read
 * from files and its absent reasons; a parse is all a text file adds ({@code Reading#parse}).
 *
 * @param name the source name in samples and capabilities (no dots), or a pattern ({@code thermal_zone{n:\d+}}):
 *     a family, one source per match of its files
 * @param kind COUNTER (values are deltas), LEVEL (absolute) or EVENT (its own lines)
 * @param origin where it is read, for a reader ({@code /proc/stat})
 * @param omitsIdleRows a counter source that leaves out a device row whose deltas are all zero
 *     ({@code <dev>.<field>} keys: diskstats, yaffs): a missing row there means 0
 * @param reading how the sampler reads it from files, or null for a source read its own way (the perf
 *     event groups, the cgroup walk, a line of its own)
 * @param series its series, in the order they are matched (the first whose pattern matches a key wins)
 */
public record SourceEntry(
        NamePattern name,
        ValueKind kind,
        ReadRule rule,
        String origin,
        String description,
        boolean omitsIdleRows,
        Reading reading,
        List<SeriesEntry> series,
        List<AttributeEntry> attributes) {

    public SourceEntry {
        series = List.copyOf(series);
        attributes = List.copyOf(attributes);
        if (kind == ValueKind.DERIVED) {
            throw new IllegalArgumentException("a source is read, not derived: " + name);
        }
        if (name.glob().contains(".")) {
            throw new IllegalArgumentException("a source name has no dots: " + name);
        }
        if (omitsIdleRows && kind != ValueKind.COUNTER) {
            throw new IllegalArgumentException(name + ": only a counter source leaves out idle rows");
        }
        if (reading != null) {
            checkReading(name, kind, rule, reading);
        }
        String prefix = name.text() + ".";
        for (SeriesEntry s : series) {
            if (s.kind() != ValueKind.DERIVED
                    && !s.name().text().startsWith(prefix)
                    && !s.name().text().equals(name.text())) {
                throw new IllegalArgumentException(
                        "series " + s.name() + " of source " + name + " must be named " + prefix + "<key>");
            }
        }
    }

    private static void checkReading(NamePattern name, ValueKind kind, ReadRule rule, Reading r) {
        Set<String> named = new HashSet<>(name.captures());
        named.addAll(r.files().key().captures());
        if (!named.equals(r.files().captures())) {
            throw new IllegalArgumentException(
                    name + ": the source name and the key " + r.files().key() + " must name every capture of the path "
                            + r.files().path() + " and no other");
        }
        if (name.isLiteral() == (r.absentAs() != null)) {
            throw new IllegalArgumentException(name + ": a family of sources (a name with captures), and only one,"
                    + " names what it is listed absent as when none is found");
        }
        if (kind == ValueKind.EVENT
                || rule == ReadRule.HEARTBEAT
                || rule == ReadRule.OWN_LINE
                || rule == ReadRule.TOP_N) {
            throw new IllegalArgumentException(
                    name + ": files are read on ticks, as counters or levels, not " + kind + " " + rule);
        }
        if (r.parse() == null
                && (rule == ReadRule.DECLARED || rule == ReadRule.CHANGE_OR_POLICY || rule == ReadRule.CHOSEN)) {
            throw new IllegalArgumentException(name + ": a reader finds the cadence of " + rule + "; name it");
        }
    }

    public static SourceEntry of(String name, ValueKind kind, ReadRule rule, String origin, String description) {
        return new SourceEntry(
                NamePattern.of(name), kind, rule, origin, description, false, null, List.of(), List.of());
    }

    /**
     * A source read from {@code files} by {@code parse} (docs/catalogue.md, "Adding a source"): the simple
     * name of its class in {@code dev.tickbench.core.source}, or null for one-number files read as they are.
     */
    public static SourceEntry read(
            String name, ValueKind kind, ReadRule rule, FileSet files, String parse, String description) {
        return new SourceEntry(
                NamePattern.of(name),
                kind,
                rule,
                files.describe(),
                description,
                false,
                Reading.of(files, parse),
                List.of(),
                List.of());
    }

    /**
     * A family of sources read from {@code files} by {@code parse}, one per match of the name pattern
     * ({@code thermal_zone{n:\d+}}), and listed absent as {@code absentAs} when none is found.
     */
    public static SourceEntry family(
            String name,
            ValueKind kind,
            ReadRule rule,
            FileSet files,
            String parse,
            String absentAs,
            String description) {
        return new SourceEntry(
                NamePattern.of(name),
                kind,
                rule,
                files.describe(),
                description,
                false,
                new Reading(files, parse, null, null, null, absentAs),
                List.of(),
                List.of());
    }

    /**
     * One-number files read as they are: counters every tick (reason rate), levels every tick and stored
     * when one moves (reason change), docs/cadence.md.
     */
    public static SourceEntry fileSet(String name, ValueKind kind, FileSet files, String description) {
        return read(
                name,
                kind,
                kind == ValueKind.COUNTER ? ReadRule.EVERY_TICK : ReadRule.CHANGE,
                files,
                null,
                description);
    }

    /** The files the sampler reads, or null for a source read its own way. */
    public FileSet fileSet() {
        return reading == null ? null : reading.files();
    }

    /** This source with {@code more} series after the ones it has. */
    public SourceEntry series(SeriesEntry... more) {
        List<SeriesEntry> all = new ArrayList<>(series);
        all.addAll(List.of(more));
        return new SourceEntry(name, kind, rule, origin, description, omitsIdleRows, reading, all, attributes);
    }

    public SourceEntry attributes(AttributeEntry... more) {
        List<AttributeEntry> all = new ArrayList<>(attributes);
        all.addAll(List.of(more));
        return new SourceEntry(name, kind, rule, origin, description, omitsIdleRows, reading, series, all);
    }

    public SourceEntry omittingIdleRows() {
        return new SourceEntry(name, kind, rule, origin, description, true, reading, series, attributes);
    }

    /** Stored on every read instead of on change (a level file set whose values move all the time). */
    public SourceEntry everyTick() {
        return new SourceEntry(
                name, kind, ReadRule.EVERY_TICK, origin, description, omitsIdleRows, reading, series, attributes);
    }

    /** The keys (a pattern) the kernel may step back a little without a reset: {@link Reading#stepsBack()}. */
    public SourceEntry stepsBack(String keys) {
        return reading(r -> r.stepsBack(keys));
    }

    /** Why it is absent when none of its files exists: {@link Reading#missing()}. */
    public SourceEntry missing(String why) {
        return reading(r -> r.missing(why));
    }

    /** What a refused read means for it: {@link Reading#denied()}. */
    public SourceEntry denied(String why) {
        return reading(r -> r.denied(why));
    }

    private SourceEntry reading(UnaryOperator<Reading> change) {
        if (reading == null) {
            throw new IllegalStateException(name + " is not read from files");
        }
        return new SourceEntry(
                name, kind, rule, origin, description, omitsIdleRows, change.apply(reading), series, attributes);
    }
}
