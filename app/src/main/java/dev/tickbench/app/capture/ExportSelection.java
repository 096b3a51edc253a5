package dev.tickbench.app.capture;

import dev.tickbench.app.live.Series;
import dev.tickbench.app.live.SeriesStore;
import dev.tickbench.core.capture.CsvExport;
import dev.tickbench.core.capture.SeriesGlob;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which capture columns a set of plotted series comes from: levels are their own column; derived
 * series (CPU busy, PSI %, cgroup ratios) export the raw counters they are computed from, so the CSV
 * holds the kernel's values, not our arithmetic.
 */
public final class ExportSelection {
    private ExportSelection() {}

    /** Capture columns (globs) of the shown series; throttle lines are not samples and have no CSV column. */
    public static List<String> columns(Collection<Series> shown) {
        Set<String> out = new LinkedHashSet<>();
        for (Series s : shown) {
            if (!s.name().startsWith("throttle.")) {
                out.add(column(s.name()));
            }
        }
        return List.copyOf(out);
    }

    /**
     * The export of what the window shows: its series and its time range. CsvExport's time is
     * seconds since the capture's first sample; the window's is epoch seconds (the first sample's
     * wall clock is the common point). A NaN bound (nothing shown yet) leaves that side open.
     */
    public static CsvExport.Options options(Collection<Series> shown, SeriesStore store, double fromEpochS, double toEpochS,
                                            boolean fillHeld) {
        double first = store == null ? Double.NaN : store.firstX();
        Double from = Double.isNaN(first) || Double.isNaN(fromEpochS) ? null : Math.max(0, fromEpochS - first);
        Double to = Double.isNaN(first) || Double.isNaN(toEpochS) ? null : toEpochS - first;
        List<SeriesGlob> globs = columns(shown).stream().map(SeriesGlob::of).toList();
        return new CsvExport.Options(globs, fillHeld, from, to);
    }

    static String column(String series) {
        if (series.equals("stat.busy") || series.equals("stat.iowait")) {
            return "stat.cpu.*";
        }
        if (series.startsWith("cgroup_cpu.")) {
            int bar = series.lastIndexOf('|');
            return series.substring(0, bar + 1) + "*";
        }
        return series; // levels, pressure totals and throttle fields are columns as they are
    }
}
