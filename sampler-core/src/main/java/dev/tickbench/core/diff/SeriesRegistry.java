package dev.tickbench.core.diff;

import dev.tickbench.core.capture.ReaderLimits;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.DerivedKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every series one pass has met, numbered in the order met, so that accumulators are arrays and a tick
 * costs no map lookups once its key lists are known. At most {@link #MAX_SERIES}; the rest are left out
 * and the summary says so.
 */
final class SeriesRegistry {
    /**
     * Half the distinct series a capture reader keeps (FORMAT.md, "Reader limits"): a pass keeps two
     * ranges of each series, their sums, sketches and statistics, beside the reader's own names and the
     * catalogue's, and a capture at the readers' limit is then ranked in the probe's 32 MiB heap
     * (DiffBoundedMemoryTest). Real captures hold about a thousand.
     */
    static final int MAX_SERIES = ReaderLimits.MAX_SERIES / 2;

    private final SeriesCatalogue catalogue;
    private final List<SeriesInfo> all = new ArrayList<>();
    private final Map<String, SeriesInfo> byName = new HashMap<>();
    private final Map<String, SourceSlots> sources = new HashMap<>();
    private final Map<DerivedKind, Map<String, SeriesInfo>> derived = new HashMap<>();
    private boolean full;

    SeriesRegistry(SeriesCatalogue catalogue) {
        this.catalogue = catalogue;
    }

    int size() {
        return all.size();
    }

    SeriesInfo get(int id) {
        return all.get(id);
    }

    /** Whether series were met after the first {@link #MAX_SERIES}: they are not compared. */
    boolean full() {
        return full;
    }

    /** The key cache of one stream source. */
    SourceSlots source(String name) {
        SourceSlots s = sources.get(name);
        if (s == null) {
            s = new SourceSlots(this, name, catalogue.keysComeAndGo(name));
            sources.put(name, s);
        }
        return s;
    }

    /** A new session (a hello): which idle rows a source has is learnt again. */
    void newSession() {
        sources.values().forEach(SourceSlots::forgetRows);
    }

    SeriesInfo stream(String source, String key, double resolution) {
        return register(source + "." + key, id -> SeriesInfo.stream(id, catalogue, source, key, resolution));
    }

    SeriesInfo derived(DerivedKind kind, String subject) {
        Map<String, SeriesInfo> bySubject = derived.computeIfAbsent(kind, k -> new HashMap<>());
        String k = subject == null ? "" : subject;
        SeriesInfo s = bySubject.get(k);
        if (s == null) {
            s = derivedNamed(kind.name(subject));
            if (s != null) {
                bySubject.put(k, s);
            }
        }
        return s;
    }

    SeriesInfo derivedNamed(String name) {
        return register(name, id -> SeriesInfo.derived(id, catalogue, name));
    }

    private SeriesInfo register(String name, java.util.function.IntFunction<SeriesInfo> make) {
        SeriesInfo s = byName.get(name);
        if (s != null) {
            return s;
        }
        if (all.size() >= MAX_SERIES) {
            full = true;
            return null;
        }
        s = make.apply(all.size());
        all.add(s);
        byName.put(name, s);
        return s;
    }
}
