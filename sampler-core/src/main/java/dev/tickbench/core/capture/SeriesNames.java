package dev.tickbench.core.capture;

import java.util.HashMap;
import java.util.Map;

/**
 * The names of a stream's series, each kept once (interned) with a number of its own, and their count
 * and UTF-8 bytes against the reader limits ({@link ReaderLimits#MAX_SERIES},
 * {@link ReaderLimits#MAX_SERIES_NAME_BYTES}): a name is counted when it is first seen, in a sample, a
 * hello's or a schema line's key lists. A file read twice (the CSV export) shares one between its two
 * readers ({@link CaptureReader#open(InputFile, SeriesNames)}), so its names are kept once, and the
 * second pass finds a series' place by its number ({@link #ids}) instead of a map of its own. Not
 * thread-safe.
 */
public final class SeriesNames {
    /** A key's one copy and its series' number. */
    record Key(String name, int id) {}

    /** A source's name, its number and its keys. */
    record Source(String name, int id, Map<String, Key> keys) {}

    private final Map<String, Source> sources = new HashMap<>();
    private int series;
    private long nameBytes;

    SeriesNames() {}

    /** The source named {@code name}, counted as a series (its name once) the first time. */
    Source source(String name) throws ReaderLimits.LimitException {
        Source s = sources.get(name);
        if (s == null) {
            int id = count(ReaderLimits.utf8Length(name));
            s = new Source(name, id, new HashMap<>(4)); // most sources of a crafted file have one key or none
            sources.put(name, s);
        }
        return s;
    }

    /** The one copy of {@code key} of {@code source}, counted (as {@code source.key}) the first time. */
    String key(Source source, String key) throws ReaderLimits.LimitException {
        Key k = source.keys().get(key);
        if (k == null) {
            k = new Key(key, count(ReaderLimits.utf8Length(source.name()) + 1 + ReaderLimits.utf8Length(key)));
            source.keys().put(key, k);
        }
        return k.name();
    }

    /** One more series, whose name takes {@code bytes}; its number. */
    private int count(int bytes) throws ReaderLimits.LimitException {
        if (series >= ReaderLimits.MAX_SERIES) {
            throw ReaderLimits.tooManySeries();
        }
        if (nameBytes + bytes > ReaderLimits.MAX_SERIES_NAME_BYTES) {
            throw ReaderLimits.tooMuchSeriesNames();
        }
        nameBytes += bytes;
        return series++;
    }

    /** Series met so far: their numbers are 0 to this, less one. */
    public int count() {
        return series;
    }

    /**
     * The numbers of {@code keys} of {@code source} in {@code out} (-1 for a name not met), as
     * {@code source.key} series; the source's own number is not among them.
     */
    public void ids(String source, String[] keys, int[] out) {
        Source s = sources.get(source);
        for (int i = 0; i < keys.length; i++) {
            Key k = s == null ? null : s.keys().get(keys[i]);
            out[i] = k == null ? -1 : k.id();
        }
    }

    /** The number of series {@code source.key}, or -1 when it was not met. */
    public int id(String source, String key) {
        Source s = sources.get(source);
        Key k = s == null ? null : s.keys().get(key);
        return k == null ? -1 : k.id();
    }
}
