package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --format}: format 2 by default, format 1 on request, the same values either way; a bad value is refused. */
class FormatFlagTest {
    @TempDir
    Path tmp;

    private Path record(String name, String... extra) {
        Path out = tmp.resolve(name);
        List<String> args =
                new ArrayList<>(List.of("record", "--out", out.toString(), "--duration", "300ms", "--rate", "20"));
        args.addAll(List.of(Fixtures.roots("router-arm")));
        args.addAll(List.of(extra));
        Fixtures.Result r = Fixtures.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        return out;
    }

    private static SampleLine firstSample(Path capture, int format) throws Exception {
        try (CaptureReader r = CaptureReader.open(capture)) {
            assertEquals(format, assertInstanceOf(Hello.class, r.next()).format());
            for (StreamLine l; (l = r.next()) != null; ) {
                if (l instanceof SampleLine s) {
                    return s;
                }
            }
        }
        throw new AssertionError("no sample in " + capture);
    }

    @Test
    void formatTwoByDefaultFormatOneOnRequestSameValues() throws Exception {
        Path v2 = record("v2.ndjson");
        Path v1 = record("v1.ndjson", "--format", "1");
        String v2Text = samplesText(v2);
        String v1Text = samplesText(v1);
        assertTrue(
                v2Text.contains("\"stat\":[") && !v2Text.contains("\"stat\":{"), "format 2 carries stat by position");
        assertTrue(
                v1Text.contains("\"stat\":{\"cpu.user\":") && !v1Text.contains("\"stat\":["), "format 1 names values");
        // the board tree does not move: the first tick of both runs carries the same values
        SampleLine a = firstSample(v1, 1);
        SampleLine b = firstSample(v2, 2);
        assertEquals(a.sources().keySet(), b.sources().keySet());
        assertTrue(
                a.sources().containsKey("slabinfo") && a.sources().containsKey("thermal_zone0"),
                a.sources().keySet().toString());
        for (Map.Entry<String, SourceValues> e : a.sources().entrySet()) {
            assertArrayEquals(e.getValue().keys(), b.sources().get(e.getKey()).keys(), e.getKey());
            assertArrayEquals(e.getValue().values(), b.sources().get(e.getKey()).values(), e.getKey());
        }
        // the same tick's line, not the files: a busy machine records another number of ticks in 300 ms
        int v1Line = firstSampleText(v1Text).length();
        int v2Line = firstSampleText(v2Text).length();
        assertTrue(v2Line < v1Line, "format 2's first sample is smaller: " + v2Line + " against " + v1Line + " chars");
    }

    private static String firstSampleText(String samples) {
        int end = samples.indexOf('\n');
        return end < 0 ? samples : samples.substring(0, end);
    }

    private static String samplesText(Path capture) throws java.io.IOException {
        return String.join(
                "\n",
                Files.readAllLines(capture).stream()
                        .filter(l -> l.startsWith("{\"type\":\"sample\""))
                        .toList());
    }

    /** The committed format 1 capture (sampler-core's test resources), copied out of the test-jar. */
    private Path v1Capture() throws java.io.IOException {
        Path f = tmp.resolve("v1.ndjson.gz");
        try (var in = getClass().getResourceAsStream("/captures/v1-vm-100hz.ndjson.gz")) {
            Files.copy(in, f);
        }
        return f;
    }

    @Test
    void convertThenCsvGivesTheSameTableAsTheFormatOneCapture() throws Exception {
        Path v1 = v1Capture();
        Path v2 = tmp.resolve("v2.ndjson.gz");
        Fixtures.Result conv = Fixtures.run("convert", v1.toString(), "--out", v2.toString());
        assertEquals(0, conv.code(), conv.err());
        assertTrue(conv.out().contains("wrote 262 samples in format 2"), conv.out());
        // its index beside it, built in a pass of its own: the blocks the seekable reader finds
        var seekable = dev.tickbench.core.capture.SeekableCapture.open(v2, 64);
        assertTrue(
                conv.out().contains("indexed " + seekable.index().blocks().size() + " blocks in " + v2 + ".idx"),
                conv.out());
        assertEquals(
                2,
                Fixtures.run("convert", v1.toString(), "--out", v2.toString()).code(),
                "never replaced without --force");
        assertEquals(
                0,
                Fixtures.run("convert", v1.toString(), "--out", v2.toString(), "--force")
                        .code());
        for (Path c : List.of(v1, v2)) {
            Fixtures.Result r = Fixtures.run(
                    "csv",
                    c.toString(),
                    "--out",
                    tmp.resolve(c.getFileName() + ".csv").toString());
            assertEquals(0, r.code(), r.err());
        }
        assertEquals(
                Files.readAllLines(tmp.resolve("v1.ndjson.gz.csv")),
                Files.readAllLines(tmp.resolve("v2.ndjson.gz.csv")));
        assertEquals(
                Files.readAllLines(tmp.resolve("v1.ndjson.gz.csv.cadences.csv")),
                Files.readAllLines(tmp.resolve("v2.ndjson.gz.csv.cadences.csv")));
        assertTrue(Files.size(v2) < Files.size(v1));
    }

    @Test
    void aBadFormatIsAUsageError() {
        for (String bad : List.of("3", "two")) {
            Fixtures.Result r = Fixtures.run("stream", "--format", bad);
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains("--format must be 1 or 2, got " + (bad.equals("3") ? "3" : "'two'")), r.err());
        }
    }
}
