package dev.tickbench.app.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.session.LineBreaks;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.capture.CaptureConverter;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.testkit.RouterCapture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureLoaderTest {
    @TempDir
    Path dir;

    @Test
    void replaysAWholeCapture() throws IOException {
        Path f = RouterCapture.small(dir.resolve("board.ndjson.gz"));
        SeriesStore s = SeriesStore.replay();
        long[] last = {0, 0};
        CaptureLoader.Result r = CaptureLoader.load(
                f,
                s,
                (d, t) -> {
                    last[0] = d;
                    last[1] = t;
                },
                () -> false);
        assertTrue(r.complete(), r.message());
        assertEquals(Files.size(f), last[0], "progress ends at the file size");
        assertEquals(RouterCapture.HOST, s.session().hostname());
        // 3000 ticks less the 50 lost in the gap
        assertEquals(2950, s.samples());
        // busy % over 1 s windows (100 ticks): none for the first 99 ticks and the 99 after the gap,
        // and the one NaN point that breaks the line at the gap (docs/workbench-charts.md)
        assertEquals(1, LineBreaks.of(s.series("cpu.busy_pct")));
        assertEquals(2950 - 2 * 99 + 1, s.series("cpu.busy_pct").line().stored());
        assertEquals(30, s.series("thermal_zone0.temp").line().stored());
    }

    @Test
    void aTruncatedCaptureKeepsEverythingBeforeTheBadLineAndNamesIt() throws IOException {
        Path good = RouterCapture.small(dir.resolve("good.ndjson"));
        List<String> lines = Files.readAllLines(good, StandardCharsets.UTF_8);
        Path bad = dir.resolve("bad.ndjson");
        String cut = lines.get(99).substring(0, lines.get(99).length() / 2);
        Files.writeString(bad, String.join("\n", lines.subList(0, 99)) + "\n" + cut + "\n" + lines.get(100) + "\n");
        SeriesStore s = SeriesStore.replay();
        CaptureLoader.Result r = CaptureLoader.load(bad, s, (d, t) -> {}, () -> false);
        assertFalse(r.complete());
        assertEquals(100, r.badLine());
        assertEquals(99, r.lines());
        assertTrue(r.message().startsWith("bad.ndjson is damaged at line 100 ("), r.message());
        assertTrue(s.samples() > 90, "lines before the bad one are shown: " + s.samples());
    }

    /** Decoded in parallel chunks, fed in order: the store holds what a line-by-line read gives. */
    @Test
    void aCaptureOfManyChunksLoadsAsReadLineByLine() throws IOException {
        Path f = dir.resolve("one-minute.ndjson");
        long written = new RouterCapture(100, 60, 10, 3000).write(f);
        assertLoadsAsReadLineByLine(f, written);
    }

    /** The same in format 2: every chunk's decoder starts from the key lists of the lines before it. */
    @Test
    void aFormatTwoCaptureOfManyChunksLoadsAsReadLineByLine() throws IOException {
        Path v1 = dir.resolve("five-minutes-v1.ndjson");
        new RouterCapture(100, 300, 10, 3000).write(v1);
        Path f = dir.resolve("five-minutes-v2.ndjson");
        CaptureConverter.Summary converted = CaptureConverter.convert(v1, f, StreamFormat.V2, false);
        assertEquals(null, converted.error());
        String hello;
        try (var lines = Files.lines(f)) {
            hello = lines.findFirst().orElseThrow();
        }
        assertTrue(hello.contains("\"format\":2"), "format 2: " + hello.substring(0, Math.min(200, hello.length())));
        long lines;
        try (var all = Files.lines(f)) {
            lines = all.count();
        }
        assertLoadsAsReadLineByLine(f, lines);
    }

    private void assertLoadsAsReadLineByLine(Path f, long written) throws IOException {
        assertTrue(Files.size(f) > 2L * ChunkedDecode.CHUNK_BYTES, "several chunks: " + Files.size(f));
        SeriesStore parallel = SeriesStore.replay();
        CaptureLoader.Result r = CaptureLoader.load(f, parallel, (d, t) -> {}, () -> false);
        assertTrue(r.complete(), r.message());
        assertEquals(written, r.lines());
        SeriesStore sequential = sequential(f, -1);
        assertEquals(sequential.samples(), parallel.samples());
        assertEquals(sequential.marks(), parallel.marks(), "kmsg, the gap: the same marks in the same order");
        assertEquals(sequential.series().size(), parallel.series().size());
        for (var s : sequential.series()) {
            var p = parallel.series(s.name());
            assertEquals(s.line().stored(), p.line().stored(), s.name());
            int last = s.line().stored() - 1;
            assertEquals(s.line().y(last), p.line().y(last), s.name() + " last value");
            assertEquals(s.line().x(last), p.line().x(last), s.name() + " last time");
        }
    }

    /** A gzip capture cut off in the middle (a copy interrupted): the whole lines before the cut load, the cut one is named. */
    @Test
    void aTruncatedGzipCaptureNamesTheLineItCut() throws IOException {
        Path whole = RouterCapture.small(dir.resolve("whole.ndjson.gz"));
        byte[] b = Files.readAllBytes(whole);
        Path cut = Files.write(dir.resolve("cut.ndjson.gz"), java.util.Arrays.copyOf(b, b.length * 2 / 3));
        long expectedBad;
        long expectedLines = 0;
        try (var reader = dev.tickbench.core.capture.CaptureReader.open(cut)) {
            while (true) {
                try {
                    if (reader.next() == null) {
                        throw new AssertionError("the cut file reads to its end");
                    }
                    expectedLines++;
                } catch (dev.tickbench.core.capture.CaptureFormatException e) {
                    expectedBad = e.lineNumber();
                    break;
                }
            }
        }
        SeriesStore s = SeriesStore.replay();
        CaptureLoader.Result r = CaptureLoader.load(cut, s, (d, t) -> {}, () -> false);
        assertEquals(expectedBad, r.badLine());
        assertEquals(expectedLines, r.lines());
        assertEquals(
                "cut.ndjson.gz is damaged at line " + expectedBad
                        + " (the file ends inside a compressed block (truncated gzip)); showing the " + expectedLines
                        + " lines before it",
                r.message());
    }

    private static SeriesStore sequential(Path f, long upTo) throws IOException {
        SeriesStore s = SeriesStore.replay();
        try (var reader = dev.tickbench.core.capture.CaptureReader.open(f)) {
            for (dev.tickbench.core.capture.StreamLine l; (l = reader.next()) != null; ) {
                s.accept(l);
            }
        }
        s.flush();
        return s;
    }
}
