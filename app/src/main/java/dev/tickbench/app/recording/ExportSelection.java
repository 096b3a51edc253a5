package dev.tickbench.app.recording;

import dev.tickbench.app.session.Series;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.CsvExport;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import java.io.IOException;
import java.nio.file.Path;
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
     * wall clock is the common point: {@code firstSampleEpochS}, of the file read, which for a spool or
     * a recording is later than the store's). A NaN bound (nothing shown yet) leaves that side open.
     */
    public static CsvExport.Options options(Collection<Series> shown, double firstSampleEpochS, double fromEpochS,
                                            double toEpochS, boolean fillHeld) {
        double first = firstSampleEpochS;
        Double from = Double.isNaN(first) || Double.isNaN(fromEpochS) ? null : Math.max(0, fromEpochS - first);
        Double to = Double.isNaN(first) || Double.isNaN(toEpochS) ? null : toEpochS - first;
        List<SeriesGlob> globs = columns(shown).stream().map(SeriesGlob::of).toList();
        return new CsvExport.Options(globs, fillHeld, from, to);
    }

    /** Wall clock (epoch s) of the capture's first sample; NaN when it has none. */
    public static double firstSampleEpochS(Path capture) throws IOException {
        try (CaptureReader r = CaptureReader.open(capture)) {
            for (StreamLine line; (line = r.next()) != null; ) {
                if (line instanceof SampleLine s) {
                    return s.wallNs() / 1e9;
                }
            }
        }
        return Double.NaN;
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
