package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Captures are never destroyed and never blow up a reader: corrupt files get the same line and exit
 * status from every command, an endless line is refused in a small heap, outputs that are inputs are
 * refused, record never overwrites by accident and a kill -9 loses at most the last second.
 */
class CaptureAbuseTest {
    private static final long WAIT_S = Waits.DEADLINE.toSeconds();

    @TempDir
    Path dir;

    /** The sbc asset capture, uncompressed, cut after {@code keep} lines, then a corrupt line and more. */
    private Path corrupt(int keep) throws IOException {
        List<String> lines;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Path.of(FloorsCommandTest.asset("sbc"))))) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
        }
        List<String> out = new ArrayList<>(lines.subList(0, keep));
        out.add("{\"type\":\"sample\",\"seq\":root:x:0:0:root:/root:/bin/bash");
        out.addAll(lines.subList(keep, keep + 5));
        Path f = dir.resolve("corrupt.ndjson");
        Files.write(f, out);
        return f;
    }

    @Test
    void theSameCorruptFileGivesTheSameLineAndExitEverywhere() throws IOException {
        Path f = corrupt(120);
        String where = f + " line 121";
        Fixtures.Result csv =
                Fixtures.run("csv", f.toString(), "--out", dir.resolve("x.csv").toString());
        Fixtures.Result floors = Fixtures.run("floors", f.toString());
        Fixtures.Result replay = Fixtures.run("throttle", "replay", "--ceiling", "4", "--input", f.toString());
        for (Fixtures.Result r : List.of(csv, floors, replay)) {
            assertEquals(1, r.code(), r.err());
            assertTrue(r.err().contains(where + ": not a valid stream line (invalid JSON at byte 24)"), r.err());
            assertFalse(r.err().contains("root:x"), "file content echoed: " + r.err());
        }
    }

    @Test
    void anEndlessLineIsRefusedInASmallHeap() throws Exception {
        Path bomb = dir.resolve("bomb.ndjson.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(bomb), 1 << 16)) {
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 256; i++) {
                out.write(zeros); // 256 MiB of zeros and no newline: about 250 KB on disk
            }
        }
        List<List<String>> commands = List.of(
                List.of("csv", bomb.toString(), "--out", dir.resolve("bomb.csv").toString()),
                List.of("floors", bomb.toString()),
                List.of("throttle", "replay", "--ceiling", "4", "--input", bomb.toString()));
        for (List<String> args : commands) {
            List<String> cmd = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx64m",
                    "-XX:+ExitOnOutOfMemoryError",
                    "-cp",
                    System.getProperty("java.class.path"),
                    ProbeMain.class.getName()));
            cmd.addAll(args);
            Process p = new ProcessBuilder(cmd)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(WAIT_S, TimeUnit.SECONDS), args + " still running");
            assertEquals(1, p.exitValue(), args + ": " + err);
            assertFalse(err.contains("OutOfMemoryError"), err);
            assertTrue(err.contains("line 1") && err.contains("longer than 2 MiB"), args + ": " + err);
            assertEquals(1, err.strip().lines().count(), "one line: " + err);
        }
    }

    @Test
    void csvRefusesToWriteOverItsInputUnderAnyName() throws IOException {
        Path x = dir.resolve("x.ndjson");
        Files.copy(Path.of(FloorsCommandTest.asset("sbc")), dir.resolve("x.ndjson.gz"));
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dir.resolve("x.ndjson.gz")))) {
            Files.write(x, in.readAllBytes());
        }
        byte[] before = Files.readAllBytes(x);
        Path link = dir.resolve("link.ndjson");
        Files.createSymbolicLink(link, x);
        Path hard = dir.resolve("hard.ndjson");
        Files.createLink(hard, x);
        Files.createDirectories(dir.resolve("sub"));
        for (String out : List.of(
                x.toString(),
                dir.resolve(".").resolve("x.ndjson").toString(),
                link.toString(),
                hard.toString(),
                dir.resolve("sub/../x.ndjson").toString())) {
            Fixtures.Result r = Fixtures.run("csv", x.toString(), "--out", out);
            assertEquals(2, r.code(), out + ": " + r.err());
            assertTrue(r.err().contains("is the input " + x + ": refusing to overwrite it"), r.err());
            assertArrayEquals(before, Files.readAllBytes(x), "the capture is untouched");
        }
        Fixtures.Result sidecar = Fixtures.run(
                "csv", x.toString(), "--out", dir.resolve("x.ndjson").toString().replace(".ndjson", ""));
        assertEquals(0, sidecar.code(), sidecar.err()); // "x" is not "x.ndjson"
    }

    @Test
    void recordNeverOverwritesWithoutForce() throws IOException {
        Path f = dir.resolve("kept.ndjson");
        Files.writeString(f, "precious\n");
        Fixtures.Result r = Fixtures.run("record", "--out", f.toString(), "--duration", "300ms", "--rate", "20");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains(f + " exists: not overwriting a capture"), r.err());
        assertEquals("precious\n", Files.readString(f));
        Fixtures.Result forced =
                Fixtures.run("record", "--out", f.toString(), "--duration", "300ms", "--rate", "20", "--force");
        assertEquals(0, forced.code(), forced.err());
        assertTrue(Files.readString(f).startsWith("{\"type\":\"hello\""));
    }

    @Test
    void aDurationShorterThanOneTickIsBadUsage() {
        Fixtures.Result r = Fixtures.run(
                "record", "--out", dir.resolve("c.ndjson").toString(), "--duration", "50ms", "--rate", "10");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--duration 50ms is shorter than one tick at --rate 10 Hz"), r.err());
        assertFalse(Files.exists(dir.resolve("c.ndjson")));
    }

    @Test
    void benchRatesOutOfRangeAreBadUsage() {
        Fixtures.Result r = Fixtures.run("bench", "--rates", "0");
        assertEquals(2, r.code(), r.err());
        assertEquals(
                "tickbench-probe: --rates: each rate must be from 1 to 1000 Hz, got 0",
                r.err().lines().findFirst().orElse(""));
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void killDuringRecordLosesAtMostTheLastSecond() throws Exception {
        // at 1 Hz a 64 KB write buffer would hold the first ~30 s back: here every line reaches the file
        Path f = dir.resolve("killed.ndjson");
        Process p = Fixtures.start(List.of("record", "--out", f.toString(), "--duration", "10m", "--rate", "1"));
        try {
            Waits.until(
                    () -> "3 samples of a 1 Hz recording in the file (it is flushed every second)",
                    Duration.ofMillis(200),
                    () -> {
                        assertTrue(p.isAlive(), "record ended early");
                        try {
                            return readableSamples(f) >= 3;
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    });
        } finally {
            p.destroyForcibly(); // SIGKILL: no shutdown hook, no close
            p.waitFor(WAIT_S, TimeUnit.SECONDS);
        }
        assertTrue(readableSamples(f) >= 3);
    }

    /** Samples readable from a capture that may end in a cut line. */
    private static int readableSamples(Path f) throws IOException {
        if (!Files.exists(f)) {
            return 0;
        }
        int n = 0;
        try (CaptureReader r = CaptureReader.open(f)) {
            StreamLine first = r.next();
            if (first == null) {
                return 0;
            }
            assertInstanceOf(Hello.class, first);
            for (StreamLine l; (l = r.next()) != null; ) {
                if (l instanceof SampleLine s) {
                    assertEquals(++n, s.seq());
                }
            }
        } catch (CaptureFormatException cutAtTheEnd) {
            // the line being written when it was read
        }
        return n;
    }
}
