package dev.tickbench.app.charts;

import dev.tickbench.app.session.CadenceLabel;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesKind;
import dev.tickbench.app.session.SeriesQuery;
import dev.tickbench.core.capture.Csv;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Statistics of every drawn series over a selected time range, from the stored points (docs/crosshair.md):
 * min / mean / max / p99 and the count of fresh reads, exportable as CSV with each series' unit and
 * published cadence, so that no number leaves without the rate it was read at.
 *
 * @param from range start, epoch seconds
 * @param to range end
 */
public record RangeStats(double from, double to, List<Row> rows) {
    public static final List<String> CSV_HEADER = List.of(
            "series",
            "unit",
            "kind",
            "cadence_hz",
            "cadence_reason",
            "from",
            "to",
            "seconds",
            "fresh_reads",
            "min",
            "mean",
            "max",
            "p99");

    public record Row(Series series, SeriesQuery.Stats stats) {}

    public static RangeStats of(SeriesQuery query, List<Series> drawn, double a, double b) {
        double from = Math.min(a, b);
        double to = Math.max(a, b);
        List<Row> rows = new ArrayList<>();
        for (Series s : drawn) {
            rows.add(new Row(s, query.stats(s, from, to)));
        }
        return new RangeStats(from, to, List.copyOf(rows));
    }

    public Row row(String name) {
        for (Row r : rows) {
            if (r.series().name().equals(name)) {
                return r;
            }
        }
        return null;
    }

    /** "14:02:03.120 – 14:02:08.120 (5.000 s)" */
    public String rangeText() {
        return Readout.clock(from) + " – " + Readout.clock(to) + String.format(Locale.ROOT, " (%.3f s)", to - from);
    }

    /** The CSV: a header, then one line per series; a series with no data in the range has empty value fields. */
    public String csv() {
        StringBuilder b = new StringBuilder();
        Csv.appendLine(b, CSV_HEADER);
        String fromText = Instant.ofEpochMilli(Math.round(from * 1000)).toString();
        String toText = Instant.ofEpochMilli(Math.round(to * 1000)).toString();
        for (Row r : rows) {
            Series s = r.series();
            SeriesQuery.Stats st = r.stats();
            CadenceLabel c = s.cadence();
            Csv.appendLine(
                    b,
                    Arrays.asList(
                            s.name(),
                            s.unit(),
                            s.kind() == SeriesKind.LEVEL ? "level" : "rate",
                            c == null ? null : plain(c.hz()),
                            c == null ? null : c.reason(),
                            fromText,
                            toText,
                            String.format(Locale.ROOT, "%.3f", to - from),
                            Integer.toString(st.freshReads()),
                            plain(st.min()),
                            plain(st.mean()),
                            plain(st.max()),
                            plain(st.p99())));
        }
        return b.toString();
    }

    public void write(Path file) throws IOException {
        Files.writeString(file, csv(), StandardCharsets.UTF_8);
    }

    /** Full precision without an exponent; NaN (no data) is an empty field, never 0. */
    private static String plain(double v) {
        if (Double.isNaN(v)) {
            return null;
        }
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
