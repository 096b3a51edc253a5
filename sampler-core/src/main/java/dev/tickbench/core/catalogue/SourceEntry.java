package dev.tickbench.core.catalogue;

import java.util.ArrayList;
import java.util.List;

/**
 * One stream source (a kernel file or file set, or a line type of its own), declared once with its series
 * and attributes (docs/catalogue.md). A source with a {@link FileSet} is read by the sampler's generic
 * reader: adding such an entry is all it takes to sample, stream, export and serve a new set of sysfs
 * or procfs numbers.
 *
 * @param name the source name in samples and capabilities (no dots), or a pattern ({@code thermal_zone{n:\d+}})
 * @param kind COUNTER (values are deltas), LEVEL (absolute) or EVENT (its own lines)
 * @param origin where it is read, for a reader ({@code /proc/stat})
 * @param omitsIdleRows a counter source that leaves out a device row whose deltas are all zero
 *     ({@code <dev>.<field>} keys: diskstats, yaffs): a missing row there means 0
 * @param fileSet the files the generic reader reads, or null for a source with its own reader
 * @param series its series, in the order they are matched (the first whose pattern matches a key wins)
 */
public record SourceEntry(NamePattern name, ValueKind kind, ReadRule rule, String origin, String description,
        boolean omitsIdleRows, FileSet fileSet, List<SeriesEntry> series, List<AttributeEntry> attributes) {

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
        if (fileSet != null) {
            checkFileSet(name, kind, rule);
        }
        String prefix = name.text() + ".";
        for (SeriesEntry s : series) {
            if (s.kind() != ValueKind.DERIVED && !s.name().text().startsWith(prefix) && !s.name().text().equals(name.text())) {
                throw new IllegalArgumentException("series " + s.name() + " of source " + name + " must be named "
                        + prefix + "<key>");
            }
        }
    }

    private static void checkFileSet(NamePattern name, ValueKind kind, ReadRule rule) {
        if (!name.isLiteral()) {
            throw new IllegalArgumentException("a file set is one source with one name: " + name);
        }
        boolean ok = kind == ValueKind.COUNTER ? rule == ReadRule.EVERY_TICK
                : kind == ValueKind.LEVEL && (rule == ReadRule.CHANGE || rule == ReadRule.EVERY_TICK);
        if (!ok) {
            throw new IllegalArgumentException(name + ": a file set is a COUNTER read every tick, or a LEVEL stored"
                    + " on CHANGE or every tick (docs/catalogue.md), not " + kind + " " + rule);
        }
    }

    public static SourceEntry of(String name, ValueKind kind, ReadRule rule, String origin, String description) {
        return new SourceEntry(NamePattern.of(name), kind, rule, origin, description, false, null, List.of(), List.of());
    }

    /**
     * A source read by the generic reader: counters every tick (reason rate), levels every tick and
     * stored when one moves (reason change), docs/cadence.md.
     */
    public static SourceEntry fileSet(String name, ValueKind kind, FileSet files, String description) {
        return new SourceEntry(NamePattern.of(name), kind, kind == ValueKind.COUNTER ? ReadRule.EVERY_TICK : ReadRule.CHANGE,
                files.describe(), description, false, files, List.of(), List.of());
    }

    /** This source with {@code more} series after the ones it has. */
    public SourceEntry series(SeriesEntry... more) {
        List<SeriesEntry> all = new ArrayList<>(series);
        all.addAll(List.of(more));
        return new SourceEntry(name, kind, rule, origin, description, omitsIdleRows, fileSet, all, attributes);
    }

    public SourceEntry attributes(AttributeEntry... more) {
        List<AttributeEntry> all = new ArrayList<>(attributes);
        all.addAll(List.of(more));
        return new SourceEntry(name, kind, rule, origin, description, omitsIdleRows, fileSet, series, all);
    }

    public SourceEntry omittingIdleRows() {
        return new SourceEntry(name, kind, rule, origin, description, true, fileSet, series, attributes);
    }

    /** Stored on every read instead of on change (a level file set whose values move all the time). */
    public SourceEntry everyTick() {
        return new SourceEntry(name, kind, ReadRule.EVERY_TICK, origin, description, omitsIdleRows, fileSet, series, attributes);
    }
}
