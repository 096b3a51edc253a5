package dev.tickbench.core.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.capture.SeriesGlob;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvExportTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"t\"},"
            + "\"host\":{\"hostname\":\"edge-3\",\"board\":null,\"kernel\":\"6.1\",\"cores\":2,\"user_hz\":100},"
            + "\"rate_hz\":100,\"floor_hz\":0,\"started_wall_ns\":1764446400000000000,\"started_mono_ns\":1000,"
            + "\"capabilities\":{\"sources\":{\"stat\":true,\"diskstats\":true,\"thermal_zone0\":true},"
            + "\"cadences\":{\"stat\":{\"hz\":100.0,\"reason\":\"rate\",\"every_ticks\":1},"
            + "\"thermal_zone0\":{\"hz\":1.0,\"reason\":\"declared\",\"every_ticks\":100},"
            + "\"diskstats\":{\"hz\":100.0,\"reason\":\"rate\",\"every_ticks\":1}}}}";
    private static final String S1 =
            "{\"type\":\"sample\",\"seq\":1,\"mono_ns\":1000000000,\"wall_ns\":1764446400010000000,"
                    + "\"dt_ns\":10000000,\"stat\":{\"cpu.user\":3,\"cpu.system\":1,\"procs_running\":2},"
                    + "\"thermal_zone0\":{\"temp\":45000},\"diskstats\":{\"sda.reads\":5,\"sda.in_flight\":1}}";
    private static final String S2 =
            "{\"type\":\"sample\",\"seq\":2,\"mono_ns\":1010000000,\"wall_ns\":1764446400020000000,"
                    + "\"dt_ns\":10000000,\"stat\":{\"cpu.user\":4,\"cpu.system\":0,\"procs_running\":3}}";
    private static final String KMSG = "{\"type\":\"kmsg\",\"mono_ns\":1015000000,\"prio\":6,\"facility\":0,\"seq\":9,"
            + "\"us\":1015000,\"msg\":\"eth0: link up\"}";
    private static final String S3 =
            "{\"type\":\"sample\",\"seq\":3,\"mono_ns\":1020000000,\"wall_ns\":1764446400030000000,"
                    + "\"dt_ns\":10000000,\"stat\":{\"cpu.user\":2,\"procs_running\":1},\"thermal_zone0\":{\"temp\":46000},"
                    + "\"resets\":[\"stat.cpu.system\"]}";
    private static final String HEADER = "t_s,wall,stat.cpu.user,stat.cpu.system,stat.procs_running,thermal_zone0.temp,"
            + "diskstats.sda.reads,diskstats.sda.in_flight,thermal_zone0_c";

    @TempDir
    Path tmp;

    private Path capture(String name, String... lines) throws IOException {
        Path file = tmp.resolve(name);
        try (CaptureWriter w = CaptureWriter.open(file)) {
            for (String l : lines) {
                byte[] b = (l + "\n").getBytes(StandardCharsets.UTF_8);
                w.line(b, 0, b.length);
            }
        }
        return file;
    }

    private List<String> export(Path capture, CsvExport.Options options) throws IOException {
        Path out = tmp.resolve("out.csv");
        CsvExport.Summary s = CsvExport.export(capture, out, options, f -> {});
        assertNull(s.error());
        return Files.readAllLines(out);
    }

    @Test
    void wideRowsWithEmptyCellsWhereALevelWasNotEmitted() throws IOException {
        Path cap = capture("c.ndjson", HELLO, S1, S2, KMSG, S3);
        assertEquals(
                List.of(
                        HEADER,
                        "0.000000,2025-11-29T20:00:00.010Z,3,1,2,45000,5,1,45",
                        // diskstats left out a row whose deltas were all zero: 0; in_flight is a level: empty
                        "0.010000,2025-11-29T20:00:00.020Z,4,0,3,,0,,",
                        // cpu.system was reset on this tick: unknown, so empty
                        "0.020000,2025-11-29T20:00:00.030Z,2,,1,46000,0,,46"),
                export(cap, CsvExport.Options.all()));
    }

    @Test
    void fillHeldCarriesLevelsButNeverCounters() throws IOException {
        Path cap = capture("c.ndjson", HELLO, S1, S2, KMSG, S3);
        assertEquals(
                List.of(
                        HEADER,
                        "0.000000,2025-11-29T20:00:00.010Z,3,1,2,45000,5,1,45",
                        "0.010000,2025-11-29T20:00:00.020Z,4,0,3,45000,0,1,45",
                        "0.020000,2025-11-29T20:00:00.030Z,2,,1,46000,0,1,46"),
                export(cap, new CsvExport.Options(List.of(), true, null, null)));
    }

    @Test
    void globsSelectSeriesAndUnmatchedOnesAreReported() throws IOException {
        Path cap = capture("c.ndjson", HELLO, S1, S2, KMSG, S3);
        Path out = tmp.resolve("sel.csv");
        CsvExport.Summary s = CsvExport.export(
                cap,
                out,
                new CsvExport.Options(
                        List.of(SeriesGlob.of("stat.cpu.*"), SeriesGlob.of("thermal*"), SeriesGlob.of("nope.*")),
                        false,
                        null,
                        null),
                f -> {});
        assertEquals(List.of("stat.cpu.user", "stat.cpu.system", "thermal_zone0.temp", "thermal_zone0_c"), s.columns());
        assertEquals(List.of("nope.*"), s.unmatchedGlobs());
        assertEquals(3, s.rows());
        assertEquals(
                List.of(
                        "t_s,wall,stat.cpu.user,stat.cpu.system,thermal_zone0.temp,thermal_zone0_c",
                        "0.000000,2025-11-29T20:00:00.010Z,3,1,45000,45",
                        "0.010000,2025-11-29T20:00:00.020Z,4,0,,",
                        "0.020000,2025-11-29T20:00:00.030Z,2,,46000,46"),
                Files.readAllLines(out));
        assertEquals(
                List.of(
                        "series,hz,reason,every_ticks,from_t_s",
                        "stat.cpu.user,100.0,rate,1,0.000000",
                        "stat.cpu.system,100.0,rate,1,0.000000",
                        "thermal_zone0.temp,1.0,declared,100,0.000000",
                        "thermal_zone0_c,1.0,declared,100,0.000000"),
                Files.readAllLines(s.cadenceFile()));
        assertEquals(tmp.resolve("sel.csv.cadences.csv"), s.cadenceFile());
    }

    @Test
    void timeRangeKeepsHeldValuesFromBeforeIt() throws IOException {
        Path cap = capture("c.ndjson", HELLO, S1, S2, KMSG, S3);
        assertEquals(
                List.of(HEADER, "0.010000,2025-11-29T20:00:00.020Z,4,0,3,45000,0,1,45"),
                export(cap, new CsvExport.Options(List.of(), true, 0.005, 0.015)));
    }

    @Test
    void aGapAndANewSessionForgetHeldValuesAndListTheNewCadence() throws IOException {
        String hello2 = HELLO.replace(
                "\"hz\":1.0,\"reason\":\"declared\",\"every_ticks\":100",
                "\"hz\":10.0,\"reason\":\"override\",\"every_ticks\":10");
        String s1b = S2.replace("\"seq\":2", "\"seq\":1")
                .replace("1010000000", "3000000000")
                .replace("1764446400020000000", "1764446402010000000");
        Path cap = capture(
                "c.ndjson",
                HELLO,
                S1,
                "{\"type\":\"gap\",\"from_seq\":2,\"to_seq\":200,\"reason\":\"reconnect\"}",
                hello2,
                s1b);
        Path out = tmp.resolve("g.csv");
        CsvExport.Summary s = CsvExport.export(
                cap,
                out,
                new CsvExport.Options(
                        List.of(SeriesGlob.of("thermal_zone0.*"), SeriesGlob.of("stat.cpu.user")), true, null, null),
                f -> {});
        assertEquals(
                List.of(
                        "t_s,wall,stat.cpu.user,thermal_zone0.temp",
                        "0.000000,2025-11-29T20:00:00.010Z,3,45000",
                        "2.000000,2025-11-29T20:00:02.010Z,4,"),
                Files.readAllLines(out));
        assertEquals(
                List.of(
                        "series,hz,reason,every_ticks,from_t_s",
                        "stat.cpu.user,100.0,rate,1,0.000000",
                        "thermal_zone0.temp,1.0,declared,100,0.000000",
                        "thermal_zone0.temp,10.0,override,10,2.000000"),
                Files.readAllLines(s.cadenceFile()));
    }

    @Test
    void truncatedCaptureExportsEverythingBeforeTheBadLine() throws IOException {
        Path cap = tmp.resolve("t.ndjson");
        Files.writeString(
                cap, String.join("\n", HELLO, S1, S2, KMSG, S3) + "\n{\"type\":\"sample\",\"seq\":4,\"mono_n");
        Path out = tmp.resolve("t.csv");
        CsvExport.Summary s = CsvExport.export(cap, out, CsvExport.Options.all(), f -> {});
        assertEquals(6, s.error().lineNumber());
        assertTrue(s.error().getMessage().contains("line 6"), s.error().getMessage());
        assertEquals(3, s.rows());
        assertEquals(4, Files.readAllLines(out).size());
    }

    @Test
    void corruptLineInTheMiddleStopsThereEvenWithGoodLinesAfter() throws IOException {
        Path cap = capture("m.ndjson", HELLO, S1, "{\"type\":\"sample\",\"seq\":2,oops}", S3);
        Path out = tmp.resolve("m.csv");
        CsvExport.Summary s = CsvExport.export(cap, out, CsvExport.Options.all(), f -> {});
        assertEquals(3, s.error().lineNumber());
        assertEquals(1, s.rows());
        // columns only from lines before the bad one: S3's keys are not there
        assertEquals(
                List.of(
                        "t_s,wall,stat.cpu.user,stat.cpu.system,stat.procs_running,thermal_zone0.temp,"
                                + "diskstats.sda.reads,diskstats.sda.in_flight,thermal_zone0_c",
                        "0.000000,2025-11-29T20:00:00.010Z,3,1,2,45000,5,1,45"),
                Files.readAllLines(out));
    }

    @Test
    void gzipCaptureAndProgressToOne() throws IOException {
        Path cap = tmp.resolve("c.ndjson.gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(cap))) {
            o.write((String.join("\n", HELLO, S1, S2, KMSG, S3) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        List<Double> progress = new ArrayList<>();
        CsvExport.Summary s = CsvExport.export(cap, tmp.resolve("z.csv"), CsvExport.Options.all(), progress::add);
        assertEquals(3, s.rows());
        assertEquals(1.0, progress.get(progress.size() - 1));
        for (int i = 1; i < progress.size(); i++) {
            assertTrue(progress.get(i) >= progress.get(i - 1), progress.toString());
        }
    }

    @Test
    void cancelledByInterrupt() throws IOException {
        List<String> lines = new ArrayList<>(List.of(HELLO));
        for (int i = 1; i <= 3000; i++) {
            lines.add(S2.replace("\"seq\":2", "\"seq\":" + i));
        }
        Path cap = capture("big.ndjson", lines.toArray(String[]::new));
        Thread.currentThread().interrupt();
        try {
            assertThrows(
                    InterruptedIOException.class,
                    () -> CsvExport.export(cap, tmp.resolve("x.csv"), CsvExport.Options.all(), f -> {}));
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void secondsAreExactMicroseconds() {
        assertEquals("0.000000", CsvExport.seconds(0));
        assertEquals("1.000001", CsvExport.seconds(1_000_000_600));
        assertEquals("3600.010000", CsvExport.seconds(3_600_010_000_000L));
    }
}
