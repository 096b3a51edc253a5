package dev.tickbench.core.export;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.Csv;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.InputFile;
import dev.tickbench.core.capture.OutputFile;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SeriesGlob;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.catalogue.Scale;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedValue;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.DoubleConsumer;

/**
 * Exports a capture as wide CSV: one row per sample tick, columns {@code t_s} (seconds since the
 * first sample's mono_ns), {@code wall} (ISO-8601 UTC, ms), then one column per selected series
 * {@code <source>.<key>}. Counters are their per-tick deltas as captured; a level not emitted on a
 * tick is an empty cell (or, with {@code fillHeld}, the value it held). After the raw columns come the
 * derived series ({@code cpu.busy_pct}, {@code psi.io.some_pct}, {@code cgroup.<path>.usage_cpus}, …,
 * unit in the name, each over its window: docs/derived-series.md), empty until their window is full, then
 * the levels the charts show in another unit, in that unit ({@code thermal_zone0_c}, {@code cpufreq.cpu0_mhz};
 * {@link #unitColumn}), filled exactly where their raw column is. Units, shown units and which keys are
 * levels come from the series catalogue (docs/catalogue.md). Every column: docs/csv.md. Cadences and reasons go to a
 * sidecar {@code <out>.cadences.csv} (series, hz, reason, every_ticks, from_t_s), because they are
 * data and a plain CSV has no place for them.
 *
 * <p>Streams in two passes over the file (first the column set, then the rows), so a capture of
 * any length exports in bounded memory. A corrupt or truncated line ends the export there: every
 * row before it is written and {@link Summary#error()} names the line.
 */
public final class CsvExport {
    /** The {@code wall} column: ISO-8601 UTC to the millisecond. */
    private static final DateTimeFormatter WALL = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    private CsvExport() {}

    /**
     * What to export. Empty {@code series} = every series; {@code fromS}/{@code toS} (null = open)
     * bound {@code t_s}, inclusive; {@code fromWallNs}/{@code toWallNs} (null = open) bound a sample's
     * {@code wall_ns}, inclusive: the workbench's visible range is wall-clock time, and compared there
     * in whole nanoseconds its last sample is the export's last row (docs/csv.md).
     */
    public record Options(List<SeriesGlob> series, boolean fillHeld, Double fromS, Double toS, Long fromWallNs, Long toWallNs) {
        public Options {
            series = List.copyOf(series);
        }

        /** Bounded on {@code t_s} only (the probe's {@code csv --from/--to}). */
        public Options(List<SeriesGlob> series, boolean fillHeld, Double fromS, Double toS) {
            this(series, fillHeld, fromS, toS, null, null);
        }

        public static Options all() {
            return new Options(List.of(), false, null, null);
        }
    }

    /** What was written; {@code error} is the bad line that ended the export early, or null. */
    public record Summary(List<String> columns, long rows, List<String> unmatchedGlobs, Path cadenceFile,
            CaptureFormatException error) {}

    public static Path cadenceFileFor(Path out) {
        return out.resolveSibling(out.getFileName() + ".cadences.csv");
    }

    /**
     * Writes {@code out} and its cadence sidecar, each replaced only once complete ({@link OutputFile}:
     * never written through a name that points at the capture).
     *
     * @throws OutputFile.IsInputException {@code out} or its sidecar is the capture under another name
     */
    public static Summary export(Path capture, Path out, Options options, DoubleConsumer progress) throws IOException {
        return export(capture, out, options, SeriesCatalogue.standard(), progress);
    }

    /** The export with {@code catalogue}'s units and levels (a test's board with a source of its own). */
    public static Summary export(Path capture, Path out, Options options, SeriesCatalogue catalogue, DoubleConsumer progress)
            throws IOException {
        try (InputFile input = InputFile.open(capture)) {
            return export(input, out, options, catalogue, progress);
        }
    }

    private static Summary export(InputFile capture, Path out, Options options, SeriesCatalogue catalogue,
            DoubleConsumer progress) throws IOException {
        long total = Math.max(1, Files.size(capture.path()));
        Scan scan = scan(capture, options, catalogue, f -> progress.accept(f / 2));
        Path cadenceFile = cadenceFileFor(out);
        long rows;
        CaptureFormatException error = scan.error;
        try (OutputFile csv = OutputFile.create(out); OutputFile cadences = OutputFile.create(cadenceFile)) {
            List<String[]> cadenceRows;
            try (CaptureReader reader = CaptureReader.open(capture);
                    Writer w = new BufferedWriter(new java.io.OutputStreamWriter(csv.stream(), StandardCharsets.UTF_8), 1 << 16)) {
                RowWriter rw = new RowWriter(scan.columns, options, catalogue, w);
                rows = rw.writeAll(reader, scan.error == null ? Long.MAX_VALUE : scan.error.lineNumber(),
                        () -> progress.accept(0.5 + 0.5 * reader.bytesRead() / total));
                cadenceRows = rw.cadenceRows;
            }
            try (OutputStream c = cadences.stream()) {
                c.write(cadencesCsv(cadenceRows).getBytes(StandardCharsets.UTF_8));
            }
            csv.commit(true, capture);
            cadences.commit(true, capture);
        }
        progress.accept(1.0);
        List<String> unmatched = new ArrayList<>();
        for (SeriesGlob g : options.series()) {
            if (scan.columns.stream().noneMatch(c -> g.matches(c.name()))) {
                unmatched.add(g.glob());
            }
        }
        return new Summary(scan.columns.stream().map(Column::name).toList(), rows, unmatched, cadenceFile, error);
    }

    /**
     * One output column; a derived one has no key and takes its cadence from {@code source}. A raw value
     * is scaled by {@code scale} ({@link Scale#ONE}: as captured; else a level in the unit the charts show).
     */
    record Column(String source, String key, String name, boolean level, boolean derived, Scale scale) {
        Column(String source, String key, String name, boolean level, boolean derived) {
            this(source, key, name, level, derived, Scale.ONE);
        }
    }

    /**
     * A level that the charts show in another unit than the kernel's gets a second column in that unit,
     * named with it: {@code thermal_zone0_c} (°C from m°C), {@code cpufreq.cpu0_mhz} (MHz from kHz): the
     * catalogue entry's CSV column (docs/catalogue.md). Null when the series has none. docs/csv.md lists them.
     */
    public static String unitColumn(String series) {
        int dot = series.indexOf('.');
        if (dot < 0) {
            return null;
        }
        return SeriesCatalogue.standard().stream(series.substring(0, dot), series.substring(dot + 1))
                .map(SeriesMatch::csvColumn).orElse(null);
    }

    private record Scan(List<Column> columns, CaptureFormatException error) {}

    /** Pass 1: every series that occurs, sources in order of first appearance, keys within a source likewise. */
    private static Scan scan(InputFile capture, Options options, SeriesCatalogue catalogue, DoubleConsumer progress)
            throws IOException {
        Map<String, Set<String>> seen = new LinkedHashMap<>();
        Map<String, String> derivedSeen = new LinkedHashMap<>(); // name -> source it derives from
        DerivedSeries derived = new DerivedSeries();
        CaptureFormatException error = null;
        long total = Math.max(1, Files.size(capture.path()));
        try (CaptureReader reader = CaptureReader.open(capture)) {
            long n = 0;
            for (StreamLine line; (line = reader.next()) != null; ) {
                for (DerivedValue v : derived.accept(line)) {
                    derivedSeen.putIfAbsent(v.name(), v.kind().source());
                }
                if (line instanceof SampleLine s) {
                    for (Map.Entry<String, SourceValues> e : s.sources().entrySet()) {
                        Set<String> keys = seen.computeIfAbsent(e.getKey(), k -> new LinkedHashSet<>());
                        for (String k : e.getValue().keys()) {
                            keys.add(k);
                        }
                    }
                }
                if ((++n & 1023) == 0) {
                    checkCancelled();
                    progress.accept((double) reader.bytesRead() / total);
                }
            }
        } catch (CaptureFormatException e) {
            error = e;
        }
        List<Column> columns = new ArrayList<>();
        for (Map.Entry<String, Set<String>> e : seen.entrySet()) {
            for (String key : e.getValue()) {
                String name = e.getKey() + "." + key;
                if (SeriesGlob.anyMatches(options.series(), name)) {
                    columns.add(new Column(e.getKey(), key, name, catalogue.isLevel(e.getKey(), key), false));
                }
            }
        }
        for (Map.Entry<String, String> d : derivedSeen.entrySet()) {
            if (SeriesGlob.anyMatches(options.series(), d.getKey())) {
                columns.add(new Column(d.getValue(), null, d.getKey(), false, true));
            }
        }
        for (Map.Entry<String, Set<String>> e : seen.entrySet()) {
            for (String key : e.getValue()) {
                SeriesMatch m = catalogue.stream(e.getKey(), key).orElse(null);
                String shown = m == null ? null : m.csvColumn();
                if (shown != null && SeriesGlob.anyMatches(options.series(), shown)) {
                    columns.add(new Column(e.getKey(), key, shown, catalogue.isLevel(e.getKey(), key), false,
                            m.entry().display().scale()));
                }
            }
        }
        return new Scan(columns, error);
    }


    private static void checkCancelled() throws InterruptedIOException {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedIOException("CSV export cancelled");
        }
    }

    /** Pass 2: the rows. */
    private static final class RowWriter {
        private final List<Column> columns;
        private final Options options;
        private final SeriesCatalogue catalogue;
        private final Writer w;
        /** source → key → the columns it fills (its raw column and its column in display units). */
        private final Map<String, Map<String, int[]>> index = new HashMap<>();
        private final Map<String, Integer> derivedIndex = new HashMap<>();
        private final DerivedSeries derived = new DerivedSeries();
        private final double[] derivedValues;
        private final long[] values;
        private final boolean[] present;
        private final long[] held;
        private final boolean[] hasHeld;
        private final StringBuilder row = new StringBuilder(4096);
        final List<String[]> cadenceRows = new ArrayList<>();
        private Long mono0;
        private JsonNode sourcesPresent;
        private JsonNode pendingCadences;
        private final Map<String, String> lastCadence = new HashMap<>();

        RowWriter(List<Column> columns, Options options, SeriesCatalogue catalogue, Writer w) {
            this.columns = columns;
            this.options = options;
            this.catalogue = catalogue;
            this.w = w;
            for (int i = 0; i < columns.size(); i++) {
                Column c = columns.get(i);
                if (c.derived()) {
                    derivedIndex.put(c.name(), i);
                } else {
                    int col = i;
                    index.computeIfAbsent(c.source(), k -> new HashMap<>()).merge(c.key(), new int[] {col},
                            (a, b) -> { int[] both = Arrays.copyOf(a, a.length + 1); both[a.length] = b[0]; return both; });
                }
            }
            derivedValues = new double[columns.size()];
            values = new long[columns.size()];
            present = new boolean[columns.size()];
            held = new long[columns.size()];
            hasHeld = new boolean[columns.size()];
        }

        long writeAll(CaptureReader reader, long badLine, Runnable progress) throws IOException {
            row.setLength(0);
            row.append("t_s,wall");
            for (Column c : columns) {
                row.append(',');
                Csv.appendField(row, c.name());
            }
            w.write(row.append('\n').toString());
            long rows = 0;
            long n = 0;
            while (true) {
                StreamLine line;
                try {
                    line = reader.next();
                } catch (CaptureFormatException e) {
                    if (e.lineNumber() >= badLine) {
                        return rows; // pass 1 found it already; everything before it is written
                    }
                    throw e;
                }
                if (line == null) {
                    return rows;
                }
                List<DerivedValue> derivedNow = derived.accept(line);
                if (line instanceof Hello h) {
                    forgetHeld(); // a new session: what the old one held is not known to hold any more
                    sourcesPresent = h.capabilities() == null ? null : h.capabilities().path("sources");
                    pendingCadences = h.capabilities() == null ? null : h.capabilities().path("cadences");
                } else if (line instanceof GapLine) {
                    forgetHeld();
                } else if (line instanceof SampleLine s && sample(s, derivedNow)) {
                    rows++;
                }
                if ((++n & 1023) == 0) {
                    checkCancelled();
                    progress.run();
                }
            }
        }

        private void forgetHeld() {
            java.util.Arrays.fill(hasHeld, false);
        }

        /** Writes the row for one tick when it is in the time range; returns whether it did. */
        private boolean sample(SampleLine s, List<DerivedValue> derivedNow) throws IOException {
            if (mono0 == null) {
                mono0 = s.monoNs();
            }
            long rel = s.monoNs() - mono0;
            double ts = rel / 1e9;
            java.util.Arrays.fill(present, false);
            for (Map.Entry<String, SourceValues> e : s.sources().entrySet()) {
                Map<String, int[]> cols = index.get(e.getKey());
                if (cols == null) {
                    continue;
                }
                SourceValues sv = e.getValue();
                for (int i = 0; i < sv.size(); i++) {
                    int[] cs = cols.get(sv.keys()[i]);
                    if (cs != null) {
                        for (int c : cs) {
                            values[c] = sv.values()[i];
                            present[c] = true;
                            held[c] = sv.values()[i];
                            hasHeld[c] = true;
                        }
                    }
                }
            }
            for (DerivedValue v : derivedNow) {
                Integer c = derivedIndex.get(v.name());
                if (c != null) {
                    derivedValues[c] = v.value();
                    present[c] = true;
                }
            }
            if (pendingCadences != null) {
                noteCadences(ts);
            }
            if ((options.fromS() != null && ts < options.fromS()) || (options.toS() != null && ts > options.toS())
                    || (options.fromWallNs() != null && s.wallNs() < options.fromWallNs())
                    || (options.toWallNs() != null && s.wallNs() > options.toWallNs())) {
                return false;
            }
            row.setLength(0);
            appendSeconds(row, rel);
            row.append(',').append(WALL.format(Instant.ofEpochSecond(0, s.wallNs())));
            for (int c = 0; c < columns.size(); c++) {
                row.append(',');
                Column col = columns.get(c);
                if (present[c] && col.derived()) {
                    appendDecimal(row, derivedValues[c]);
                } else if (present[c]) {
                    appendRaw(row, values[c], col.scale());
                } else if (col.derived()) {
                    continue; // window not full, or emptied by a gap or reset: unknown
                } else if (col.level()) {
                    if (options.fillHeld() && hasHeld[c]) {
                        appendRaw(row, held[c], col.scale());
                    }
                } else if (catalogue.omitsIdleRows(col.source()) && sourcePresent(col.source())
                        && !s.resets().contains(col.name())) {
                    row.append('0'); // the probe leaves out rows whose deltas are all zero
                }
            }
            w.write(row.append('\n').toString());
            return true;
        }

        private boolean sourcePresent(String source) {
            return sourcesPresent != null && sourcesPresent.path(source).asBoolean(false);
        }

        /** A hello's cadences apply from the first tick after it; only changes are listed again. */
        private void noteCadences(double ts) {
            for (Column c : columns) {
                JsonNode cad = pendingCadences.get(c.source());
                String hz = cad == null ? "" : cad.path("hz").asText("");
                String reason = cad == null ? "" : cad.path("reason").asText("");
                String every = cad == null ? "" : cad.path("every_ticks").asText("");
                String text = hz + "," + reason + "," + every;
                if (!Objects.equals(lastCadence.put(c.name(), text), text)) {
                    cadenceRows.add(new String[] {c.name(), hz, reason, every, seconds(Math.round(ts * 1e9))});
                }
            }
            pendingCadences = null;
        }
    }

    private static String cadencesCsv(List<String[]> rows) {
        StringBuilder b = new StringBuilder("series,hz,reason,every_ticks,from_t_s\n");
        for (String[] r : rows) {
            Csv.appendLine(b, Arrays.asList(r));
        }
        return b.toString();
    }

    /** Nanoseconds as seconds with 6 decimals (µs), without floating-point rounding. */
    static String seconds(long ns) {
        StringBuilder b = new StringBuilder();
        appendSeconds(b, ns);
        return b.toString();
    }

    private static void appendSeconds(StringBuilder b, long ns) {
        long us = Math.floorDiv(ns + 500, 1000);
        if (us < 0) {
            b.append('-');
            us = -us;
        }
        b.append(us / 1_000_000).append('.');
        String frac = Long.toString(us % 1_000_000);
        b.append("000000", 0, 6 - frac.length()).append(frac);
    }

    /** A captured value, or that value in a display unit, exactly: 45123 m°C → 45.123. */
    private static void appendRaw(StringBuilder b, long v, Scale scale) {
        if (scale.isOne()) {
            b.append(v);
        } else {
            b.append(scale.exact(v));
        }
    }

    /** A derived value with at most 6 decimals, never in exponent notation. */
    private static void appendDecimal(StringBuilder b, double v) {
        b.append(java.math.BigDecimal.valueOf(Math.round(v * 1e6), 6).stripTrailingZeros().toPlainString());
    }
}
