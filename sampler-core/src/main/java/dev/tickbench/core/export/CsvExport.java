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
import dev.tickbench.core.capture.SeriesNames;
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
import java.util.HashSet;
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
    private static final DateTimeFormatter WALL =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private CsvExport() {}

    /**
     * What to export. Empty {@code series} = every series; {@code fromS}/{@code toS} (null = open)
     * bound {@code t_s}, inclusive; {@code fromWallNs}/{@code toWallNs} (null = open) bound a sample's
     * {@code wall_ns}, inclusive: the workbench's visible range is wall-clock time, and compared there
     * in whole nanoseconds its last sample is the export's last row (docs/csv.md).
     */
    public record Options(
            List<SeriesGlob> series, boolean fillHeld, Double fromS, Double toS, Long fromWallNs, Long toWallNs) {
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

    /**
     * What was written; {@code error} is the bad line that ended the export early, or null;
     * {@code derivedLeftOut} the derived series whose window did not fit a file reader's memory
     * ({@link DerivedSeries#forFiles()}): their columns are not in the file.
     */
    public record Summary(
            List<String> columns,
            long rows,
            List<String> unmatchedGlobs,
            Path cadenceFile,
            CaptureFormatException error,
            long derivedLeftOut) {}

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
    public static Summary export(
            Path capture, Path out, Options options, SeriesCatalogue catalogue, DoubleConsumer progress)
            throws IOException {
        try (InputFile input = InputFile.open(capture)) {
            return export(input, out, options, catalogue, progress);
        }
    }

    private static Summary export(
            InputFile capture, Path out, Options options, SeriesCatalogue catalogue, DoubleConsumer progress)
            throws IOException {
        long total = Math.max(1, Files.size(capture.path()));
        Scan scan = scan(capture, options, catalogue, f -> progress.accept(f / 2));
        Path cadenceFile = cadenceFileFor(out);
        long rows;
        CaptureFormatException error = scan.error;
        try (OutputFile csv = OutputFile.create(out);
                OutputFile cadences = OutputFile.create(cadenceFile)) {
            try (CaptureReader reader = CaptureReader.open(capture, scan.names);
                    Writer w = writer(csv.stream());
                    Writer c = writer(cadences.stream())) {
                RowWriter rw = new RowWriter(scan.columns, scan.names, options, catalogue, w, c);
                rows = rw.writeAll(
                        reader,
                        scan.error == null ? Long.MAX_VALUE : scan.error.lineNumber(),
                        () -> progress.accept(0.5 + 0.5 * reader.bytesRead() / total));
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
        return new Summary(
                scan.columns.stream().map(Column::name).toList(),
                rows,
                unmatched,
                cadenceFile,
                error,
                scan.derivedLeftOut);
    }

    private static Writer writer(OutputStream out) {
        return new BufferedWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
    }

    /**
     * One output column; a derived one has no key and takes its cadence from {@code source}. A raw value
     * is scaled by {@code scale} ({@link Scale#ONE}: as captured; else a level in the unit the charts show).
     * {@code shown} is the name of a derived column or of one in display units; a raw column's name is
     * {@code source.key}, made when it is written, not kept (32 768 of them are 2 MB).
     */
    record Column(String source, String key, String shown, boolean level, boolean derived, Scale scale) {
        Column(String source, String key, String shown, boolean level, boolean derived) {
            this(source, key, shown, level, derived, Scale.ONE);
        }

        String name() {
            return shown != null ? shown : source + "." + key;
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
                .map(SeriesMatch::csvColumn)
                .orElse(null);
    }

    /** The columns, the line that ended the scan (or null), and the series names it met, which pass 2 shares. */
    private record Scan(List<Column> columns, CaptureFormatException error, SeriesNames names, long derivedLeftOut) {}

    /** Pass 1: every series that occurs, sources in order of first appearance, keys within a source likewise. */
    private static Scan scan(InputFile capture, Options options, SeriesCatalogue catalogue, DoubleConsumer progress)
            throws IOException {
        Map<String, Set<String>> seen = new LinkedHashMap<>();
        Map<String, String> derivedSeen = new LinkedHashMap<>(); // name -> source it derives from
        DerivedSeries derived = DerivedSeries.forFiles(catalogue);
        CaptureFormatException error = null;
        long total = Math.max(1, Files.size(capture.path()));
        CaptureReader reader = CaptureReader.open(capture);
        try (reader) {
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
                    columns.add(new Column(e.getKey(), key, null, catalogue.isLevel(e.getKey(), key), false));
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
                    columns.add(new Column(
                            e.getKey(),
                            key,
                            shown,
                            catalogue.isLevel(e.getKey(), key),
                            false,
                            m.entry().display().scale()));
                }
            }
        }
        return new Scan(columns, error, reader.seriesNames(), derived.leftOut());
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
        /** The cadence sidecar, a row written whenever a series' cadence changes. */
        private final Writer cadences;
        /**
         * The series' numbers ({@link SeriesNames}, shared with the reader), and by number the column a
         * series fills and its column in display units (-1: none): arrays, not a map of maps, for 32 768 series.
         */
        private final SeriesNames names;

        private final int[] rawColumn;
        private final int[] unitColumn;
        private int[] ids = new int[64];
        private final Map<String, Integer> derivedIndex = new HashMap<>();
        private final DerivedSeries derived;
        private final double[] derivedValues;
        /** Whether a column has a value on this tick; the value (a level's held since) and whether one is held. */
        private final boolean[] present;

        private final long[] held;
        private final boolean[] hasHeld;
        /** Levels of a source whose keys come and go (the tables): absent from a read of it, a level has ended. */
        private final boolean[] endsWithKey;

        private final StringBuilder row = new StringBuilder(4096);
        private Long mono0;
        private JsonNode sourcesPresent;
        private JsonNode pendingCadences;
        /** Each source's cadence as last written (its series all take it). */
        private final Map<String, String> lastCadence = new HashMap<>();

        RowWriter(
                List<Column> columns,
                SeriesNames names,
                Options options,
                SeriesCatalogue catalogue,
                Writer w,
                Writer cadences) {
            this.columns = columns;
            this.names = names;
            this.options = options;
            this.catalogue = catalogue;
            this.derived = DerivedSeries.forFiles(catalogue);
            this.w = w;
            this.cadences = cadences;
            rawColumn = new int[names.count()];
            unitColumn = new int[names.count()];
            Arrays.fill(rawColumn, -1);
            Arrays.fill(unitColumn, -1);
            for (int i = 0; i < columns.size(); i++) {
                Column c = columns.get(i);
                if (c.derived()) {
                    derivedIndex.put(c.name(), i);
                } else {
                    (c.shown() == null ? rawColumn : unitColumn)[names.id(c.source(), c.key())] = i;
                }
            }
            derivedValues = new double[columns.size()];
            endsWithKey = new boolean[columns.size()];
            for (int i = 0; i < columns.size(); i++) {
                Column c = columns.get(i);
                endsWithKey[i] = c.level() && !c.derived() && catalogue.keysComeAndGo(c.source());
            }
            present = new boolean[columns.size()];
            held = new long[columns.size()];
            hasHeld = new boolean[columns.size()];
        }

        long writeAll(CaptureReader reader, long badLine, Runnable progress) throws IOException {
            w.write("t_s,wall");
            for (Column c : columns) { // a column at a time: the header of 32 768 columns is a MiB
                row.setLength(0);
                Csv.appendField(row.append(','), c.name());
                w.append(row);
            }
            w.write('\n');
            cadences.write("series,hz,reason,every_ticks,from_t_s\n");
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
                    sourcesPresent =
                            h.capabilities() == null ? null : h.capabilities().path("sources");
                    pendingCadences =
                            h.capabilities() == null ? null : h.capabilities().path("cadences");
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

        private void fill(int column, long value) {
            if (column >= 0) {
                present[column] = true;
                held[column] = value;
                hasHeld[column] = true;
            }
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
                SourceValues sv = e.getValue();
                if (ids.length < sv.size()) {
                    ids = new int[Math.max(sv.size(), ids.length * 2)];
                }
                names.ids(e.getKey(), sv.keys(), ids);
                for (int i = 0; i < sv.size(); i++) {
                    int id = ids[i];
                    if (id >= 0
                            && id
                                    < rawColumn
                                            .length) { // a series pass 1 did not meet (a file still written): no column
                        fill(rawColumn[id], sv.values()[i]);
                        fill(unitColumn[id], sv.values()[i]);
                    }
                }
            }
            for (int c = 0; c < endsWithKey.length; c++) {
                if (endsWithKey[c]
                        && !present[c]
                        && s.sources().containsKey(columns.get(c).source())) {
                    hasHeld[c] = false; // read without it: the process exited or left the table, it holds nothing
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
                writeCadences(ts);
            }
            if ((options.fromS() != null && ts < options.fromS())
                    || (options.toS() != null && ts > options.toS())
                    || (options.fromWallNs() != null && s.wallNs() < options.fromWallNs())
                    || (options.toWallNs() != null && s.wallNs() > options.toWallNs())) {
                return false;
            }
            Set<String> resets = s.resets().isEmpty() ? Set.of() : new HashSet<>(s.resets()); // looked up per column
            row.setLength(0);
            appendSeconds(row, rel);
            row.append(',').append(WALL.format(Instant.ofEpochSecond(0, s.wallNs())));
            for (int c = 0; c < columns.size(); c++) {
                row.append(',');
                Column col = columns.get(c);
                if (present[c] && col.derived()) {
                    appendDecimal(row, derivedValues[c]);
                } else if (present[c]) {
                    appendRaw(row, held[c], col.scale());
                } else if (col.derived()) {
                    continue; // window not full, or emptied by a gap or reset: unknown
                } else if (col.level()) {
                    if (options.fillHeld() && hasHeld[c]) {
                        appendRaw(row, held[c], col.scale());
                    }
                } else if (catalogue.omitsIdleRows(col.source())
                        && sourcePresent(col.source())
                        && (resets.isEmpty() || !resets.contains(col.name()))) {
                    row.append('0'); // the probe leaves out rows whose deltas are all zero
                }
            }
            w.write(row.append('\n').toString());
            return true;
        }

        private boolean sourcePresent(String source) {
            return sourcesPresent != null && sourcesPresent.path(source).asBoolean(false);
        }

        /**
         * A hello's cadences apply from the first tick after it; only changes are written again, a row
         * for each series of a source whose cadence changed.
         */
        private void writeCadences(double ts) throws IOException {
            Map<String, Boolean> changed = new HashMap<>();
            String from = seconds(Math.round(ts * 1e9));
            List<String> fields = new ArrayList<>(5);
            for (Column c : columns) {
                Boolean moved = changed.get(c.source());
                if (moved == null) {
                    String text = cadence(pendingCadences.get(c.source()));
                    moved = !Objects.equals(lastCadence.put(c.source(), text), text);
                    changed.put(c.source(), moved);
                }
                if (moved) {
                    JsonNode cad = pendingCadences.get(c.source());
                    fields.clear();
                    fields.add(c.name());
                    fields.add(cad == null ? "" : cad.path("hz").asText(""));
                    fields.add(cad == null ? "" : cad.path("reason").asText(""));
                    fields.add(cad == null ? "" : cad.path("every_ticks").asText(""));
                    fields.add(from);
                    row.setLength(0);
                    Csv.appendLine(row, fields);
                    cadences.append(row);
                }
            }
            pendingCadences = null;
        }

        private static String cadence(JsonNode cad) {
            return cad == null
                    ? ",,"
                    : cad.path("hz").asText("") + "," + cad.path("reason").asText("") + ","
                            + cad.path("every_ticks").asText("");
        }
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
        b.append(java.math.BigDecimal.valueOf(Math.round(v * 1e6), 6)
                .stripTrailingZeros()
                .toPlainString());
    }
}
