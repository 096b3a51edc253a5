package dev.tickbench.app.session;

import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.catalogue.SourceEntry;
import dev.tickbench.core.catalogue.ValueKind;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Where the store's levels go: a stream value the catalogue puts on a chart as it is (docs/catalogue.md),
 * in its shown unit (m°C → °C, kHz → MHz), and the throttle's once-a-second values. Which keys of a source
 * are drawn is looked up once per key, not on every line. Receiving thread only, except the cadences of
 * the series that come from a line of their own, which any thread reads.
 */
final class LevelDrawing {
    /** The throttle's line when the capabilities publish no rate for it (older captures): once a second (FORMAT.md). */
    private static final CadenceLabel THROTTLE_LINE = new CadenceLabel(1.0, CadenceLabel.ONCE_A_SECOND);

    private static final String[] THROTTLE_KEYS = {"iowait", "smoothed", "effective", "ceiling", "grow_spread_s"};

    private final SeriesCatalogue catalogue;
    /** The store's series of an entry, made with its first value. */
    private final Function<SeriesMatch, Series> series;
    /**
     * Per stream source: its keys that are drawn, as catalogue matches (an empty Optional: not drawn);
     * null for a source none of whose values is drawn as it is.
     */
    private final Map<String, Map<String, Optional<SeriesMatch>>> drawnKeys = new HashMap<>();
    /** Series that come from a line of their own, with the cadence they have when the capabilities name none. */
    private final Map<String, CadenceLabel> ownLineCadence = new ConcurrentHashMap<>();

    LevelDrawing(SeriesCatalogue catalogue, Function<SeriesMatch, Series> series) {
        this.catalogue = catalogue;
        this.series = series;
    }

    /** The source's values the catalogue puts on a chart, each in its shown unit. */
    void levels(String source, SourceValues v, double x, boolean heartbeat) {
        Map<String, Optional<SeriesMatch>> keys = drawnKeys.get(source);
        if (keys == null && !drawnKeys.containsKey(source)) {
            keys = drawsLevels(source);
            if (drawnKeys.size() < 4096) { // sources are few; a hostile capture naming thousands does not grow this
                drawnKeys.put(source, keys);
            }
        }
        if (keys == null) {
            return; // nothing of it is drawn (vmstat, meminfo, interrupts: in the CSV): no key is looked at
        }
        for (int i = 0; i < v.size(); i++) {
            String key = v.keys()[i];
            Optional<SeriesMatch> m = keys.get(key);
            if (m == null) {
                // a counter is drawn through its derived series, never as its per-tick delta
                m = catalogue.stream(source, key)
                        .filter(c -> c.group() != null && SeriesKind.of(c) == SeriesKind.LEVEL);
                if (keys.size() < 65_536) { // a kernel names a bounded set; a hostile capture does not grow this
                    keys.put(key, m);
                }
            }
            if (m.isPresent()) {
                series.apply(m.get()).add(x, m.get().toDisplay(v.values()[i]), heartbeat);
            }
        }
    }

    /**
     * An empty cache of {@code source}'s keys when its catalogue entry declares a level drawn on a
     * track of steps, else null: a source the catalogue does not know, or whose values are drawn only
     * through derived series, is passed over whole.
     */
    private Map<String, Optional<SeriesMatch>> drawsLevels(String source) {
        Optional<SourceEntry> e = catalogue.source(source);
        boolean draws = e.isPresent()
                && e.get().series().stream()
                        .anyMatch(x -> x.kind() == ValueKind.LEVEL
                                && x.group() != null
                                && catalogue
                                        .group(x.group())
                                        .map(ChartGroup::steps)
                                        .orElse(false));
        return draws ? new HashMap<>() : null;
    }

    /** The throttle's once-a-second line: its values as the catalogue's {@code throttle.<field>} levels. */
    void throttle(ThrottleLine t) {
        double x = t.wallNs() / 1e9;
        double[] values = {t.iowait(), t.smoothed(), t.effective(), t.ceiling(), t.growSpreadS()};
        for (int i = 0; i < THROTTLE_KEYS.length; i++) {
            Optional<SeriesMatch> m = catalogue.stream("throttle", THROTTLE_KEYS[i]);
            if (m.isPresent() && m.get().group() != null) {
                ownLineCadence.putIfAbsent(m.get().name(), THROTTLE_LINE);
                series.apply(m.get()).add(x, m.get().toDisplay(values[i]), false);
            }
        }
    }

    /** The cadence of a series from a line of its own when the capabilities name none; null for any other. */
    CadenceLabel ownLineCadence(String name) {
        return ownLineCadence.get(name);
    }
}
