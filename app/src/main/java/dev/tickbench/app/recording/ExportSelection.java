package dev.tickbench.app.recording;

import dev.tickbench.app.session.Series;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.export.CsvExport;
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
 * Which capture columns a set of plotted series comes from: levels are their own column; a derived
 * series (CPU busy, PSI %, cgroup usage and ratios) exports its own derived column and the raw
 * counters it is computed from, so the CSV holds the kernel's values beside our arithmetic.
 */
public final class ExportSelection {
    private ExportSelection() {}

    /** Capture columns (globs) of the shown series; throttle lines are not samples and have no CSV column. */
    public static List<String> columns(Collection<Series> shown) {
        Set<String> out = new LinkedHashSet<>();
        for (Series s : shown) {
            if (!s.name().startsWith("throttle.")) {
                out.add(s.name());
                String raw = column(s.name());
                if (!raw.equals(s.name())) {
                    out.add(raw);
                }
                String shownUnit = CsvExport.unitColumn(s.name()); // °C, MHz: as the chart shows it
                if (shownUnit != null) {
                    out.add(shownUnit);
                }
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

    /** The raw capture columns (a glob) a derived series is computed from; a level is its own column. */
    static String column(String series) {
        if (series.startsWith("cpu.")) {
            return "stat.cpu.*";
        }
        if (series.startsWith("psi.") && series.endsWith("_pct")) {
            return "pressure." + series.substring(4, series.length() - 4) + "_total"; // psi.io.some_pct -> pressure.io.some_total
        }
        if (series.startsWith("cgroup.")) {
            int dot = series.lastIndexOf('.');
            return "cgroup_cpu." + series.substring("cgroup.".length(), dot) + "|*";
        }
        return series; // levels are columns as they are
    }
}
