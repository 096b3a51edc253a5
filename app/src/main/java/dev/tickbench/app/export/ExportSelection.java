package dev.tickbench.app.export;

import dev.tickbench.app.session.Series;
import dev.tickbench.core.capture.SeriesGlob;
import dev.tickbench.core.catalogue.ReadRule;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.export.CsvExport;
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
     * A sample time on the window's axis (epoch seconds, a double of {@code wall_ns / 1e9}) is exact to a
     * quarter of a microsecond; the export's bounds are widened by this much, so that a sample at either
     * end of the range is in it. Samples are at least 1 ms apart (rate ≤ 1000 Hz): no other is taken in.
     */
    static final long BOUND_SLACK_NS = 1_000;

    /**
     * The export of what the window shows: its drawn series and its time range, compared with each
     * sample's wall clock in nanoseconds (the window's time is wall-clock epoch seconds). The range was
     * once turned into seconds since the file's first sample and compared with the monotonic clock's:
     * the difference of two epoch doubles came out a few hundred nanoseconds short about every other
     * time, and the last sample shown was not exported. A NaN bound (nothing shown yet) leaves that
     * side open.
     */
    public static CsvExport.Options options(
            Collection<Series> drawn, double fromEpochS, double toEpochS, boolean fillHeld) {
        Long from = Double.isNaN(fromEpochS) ? null : (long) Math.floor(fromEpochS * 1e9) - BOUND_SLACK_NS;
        Long to = Double.isNaN(toEpochS) ? null : (long) Math.ceil(toEpochS * 1e9) + BOUND_SLACK_NS;
        List<SeriesGlob> globs = columns(drawn).stream().map(SeriesGlob::of).toList();
        return new CsvExport.Options(globs, fillHeld, null, null, from, to);
    }
}
