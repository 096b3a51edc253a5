package dev.tickbench.core.derived;

import dev.tickbench.core.capture.CaptureIndexWriter;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.catalogue.ValueKind;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a stream line puts on the workbench's tracks, by the catalogue's rules (docs/catalogue.md): each
 * plotted series' name, the time and the value in its shown unit. A level on a track of held steps is
 * drawn as it is; a counter through its derived series (core's {@link DerivedSeries} over the default
 * window, and the PMU's, {@link PmuDerived}); the throttle's line as its levels. The points a capture's
 * index summarises per block (FORMAT.md, "Seekable captures"). One thread.
 */
public final class PlottedValues implements CaptureIndexWriter.Summaries {
    /** Where a point goes: its series, its time (epoch seconds) and its value in the series' shown unit. */
    public interface Out {
        void point(SeriesMatch series, double x, double value);
    }

    private static final String[] THROTTLE_KEYS = {"iowait", "smoothed", "effective", "ceiling", "grow_spread_s"};
    /**
     * Bounds on the caches, which a capture naming thousands of sources or keys must not grow (what is past
     * them is looked up again each time: slower, within the readers' memory, FORMAT.md "Reader limits").
     */
    private static final int MAX_SOURCES = 512;

    private static final int MAX_KEYS = 4096;

    private final SeriesCatalogue catalogue;
    private final DerivedSeries derived;
    private final PmuDerived pmu;
    /** Per source, each key's drawn series (empty: not drawn); null for a source none of whose levels is drawn. */
    private final Map<String, Map<String, Optional<SeriesMatch>>> levelKeys = new HashMap<>();

    private final Map<String, Optional<SeriesMatch>> named = new HashMap<>();
    private double pmuX;
    private Out pmuTo;
    private final PmuDerived.Out pmuOut = (name, value, note) -> point(pmuTo, name, pmuX, value);

    /**
     * The points of {@code catalogue}'s series, the derived ones over windows within a file reader's
     * budget ({@link DerivedSeries#forFiles}: a capture of thousands of counters does not hold gigabytes of
     * windows; a series past it has no points here, as in a CSV export).
     */
    public PlottedValues(SeriesCatalogue catalogue) {
        this.catalogue = catalogue;
        this.derived = DerivedSeries.forFiles(catalogue);
        this.pmu = new PmuDerived(catalogue);
    }

    /** A capture index's summaries: each point of {@code line} by its series' name. */
    @Override
    public void accept(StreamLine line, Point out) {
        accept(line, (series, x, value) -> out.point(series.name(), value));
    }

    /** The plotted points of {@code line}, to {@code out}. */
    public void accept(StreamLine line, Out out) {
        List<DerivedValue> values = derived.accept(line);
        if (line instanceof Hello || line instanceof GapLine) {
            if (line instanceof Hello) {
                pmu.reset();
            }
            return;
        }
        if (line instanceof ThrottleLine t) {
            throttle(t, out);
            return;
        }
        if (!(line instanceof SampleLine s)) {
            return;
        }
        double x = s.wallNs() / 1e9;
        pmuX = x;
        pmuTo = out;
        for (Map.Entry<String, SourceValues> e : s.sources().entrySet()) {
            if (!pmu.accept(e.getKey(), e.getValue(), s.monoNs(), pmuOut)) {
                levels(e.getKey(), e.getValue(), x, out);
            }
        }
        for (DerivedValue v : values) {
            if (v.kind().entry().group() != null) {
                point(out, v.name(), x, v.value());
            }
        }
    }

    private void levels(String source, SourceValues v, double x, Out out) {
        Map<String, Optional<SeriesMatch>> keys = levelKeys.get(source);
        if (keys == null && !levelKeys.containsKey(source)) {
            keys = drawsLevels(source) ? new HashMap<>() : null;
            if (levelKeys.size() < MAX_SOURCES) {
                levelKeys.put(source, keys);
            }
        }
        if (keys == null) {
            return;
        }
        for (int i = 0; i < v.size(); i++) {
            String key = v.keys()[i];
            Optional<SeriesMatch> m = keys.get(key);
            if (m == null) {
                m = catalogue.stream(source, key).filter(PlottedValues::heldLevel);
                if (keys.size() < MAX_KEYS) {
                    keys.put(key, m);
                }
            }
            if (m.isPresent()) {
                out.point(m.get(), x, m.get().toDisplay(v.values()[i]));
            }
        }
    }

    /** A level on a track of held steps (thermal, cpufreq, slab, buddy); a counter is drawn through its derived series. */
    static boolean heldLevel(SeriesMatch m) {
        return m.kind() == ValueKind.LEVEL && m.group() != null && m.group().steps();
    }

    private boolean drawsLevels(String source) {
        return catalogue
                .source(source)
                .map(e -> e.series().stream()
                        .anyMatch(x -> x.kind() == ValueKind.LEVEL
                                && x.group() != null
                                && catalogue
                                        .group(x.group())
                                        .map(ChartGroup::steps)
                                        .orElse(false)))
                .orElse(false);
    }

    private void throttle(ThrottleLine t, Out out) {
        double x = t.wallNs() / 1e9;
        double[] values = {t.iowait(), t.smoothed(), t.effective(), t.ceiling(), t.growSpreadS()};
        for (int i = 0; i < THROTTLE_KEYS.length; i++) {
            Optional<SeriesMatch> m = catalogue.stream("throttle", THROTTLE_KEYS[i]);
            if (m.isPresent() && m.get().group() != null) {
                out.point(m.get(), x, m.get().toDisplay(values[i]));
            }
        }
    }

    private void point(Out out, String name, double x, double value) {
        Optional<SeriesMatch> m = named.get(name);
        if (m == null) {
            m = catalogue.series(name).filter(s -> s.group() != null);
            if (named.size() < MAX_KEYS) {
                named.put(name, m);
            }
        }
        if (m.isPresent()) {
            out.point(m.get(), x, m.get().toDisplay(value));
        }
    }
}
