package dev.tickbench.app.export;

import dev.tickbench.app.session.Series;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SeriesGlob;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.catalogue.ReadRule;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.export.CsvExport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which capture columns a set of drawn series comes from, as the catalogue says (docs/catalogue.md): a
 * level is its own column, and its column in the shown unit when it has one ({@code thermal_zone0_c});
 * a derived series (CPU busy, PSI %, cgroup usage and ratios) exports its own derived column and exactly
 * the raw counters it is computed from (its entry's inputs), so the CSV holds the kernel's values beside
 * our arithmetic.
 */
public final class ExportSelection {
    private ExportSelection() {}

    /** Capture columns (globs) of the drawn series; a series with a line of its own (the throttle's) is not a sample column. */
    public static List<String> columns(Collection<Series> drawn) {
        Set<String> out = new LinkedHashSet<>();
        for (Series s : drawn) {
            SeriesMatch m = s.match();
            if (m.source().rule() == ReadRule.OWN_LINE) {
                continue;
            }
            out.add(s.name());
            out.addAll(m.inputs());
            if (m.csvColumn() != null) {
                out.add(m.csvColumn()); // °C, MHz: as the chart shows it
            }
        }
        return List.copyOf(out);
    }

    /**
     * The export of what the window shows: its drawn series and its time range. CsvExport's time is
     * seconds since the capture's first sample; the window's is epoch seconds (the first sample's
     * wall clock is the common point: {@code firstSampleEpochS}, of the file read, which for a spool or
     * a recording is later than the store's). A NaN bound (nothing shown yet) leaves that side open.
     */
    public static CsvExport.Options options(Collection<Series> drawn, double firstSampleEpochS, double fromEpochS,
                                            double toEpochS, boolean fillHeld) {
        double first = firstSampleEpochS;
        Double from = Double.isNaN(first) || Double.isNaN(fromEpochS) ? null : Math.max(0, fromEpochS - first);
        Double to = Double.isNaN(first) || Double.isNaN(toEpochS) ? null : toEpochS - first;
        List<SeriesGlob> globs = columns(drawn).stream().map(SeriesGlob::of).toList();
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
}
