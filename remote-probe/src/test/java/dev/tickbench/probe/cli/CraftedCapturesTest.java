package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import dev.tickbench.testkit.Waits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30 item 3: files crafted to exhaust a reader's memory below the line limit. Every capture
 * command, in a child JVM at the packaged probe's heap (-Xmx32m), stops at the crafted line with
 * {@code FILE line N: …} and exit 1, or (a long but well-formed series) streams it to the end; none runs
 * out of memory. Before the reader limits each of them did (exit 3).
 */
class CraftedCapturesTest {
    /** The packaged launcher's heap (jpackage/): what the probe runs with on a target. */
    static final String PACKAGED_HEAP = "-Xmx32m";
    private static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"host\":{\"hostname\":\"h\",\"cores\":2,"
            + "\"user_hz\":100},\"rate_hz\":10,\"floor_hz\":10,\"started_wall_ns\":1,\"started_mono_ns\":1,"
            + "\"capabilities\":{\"sources\":{\"stat\":true}}}\n";

    @TempDir
    Path dir;

    @FunctionalInterface
    interface Lines {
        void write(Writer w) throws IOException;
    }

    /** {@code name} gzipped, and {@code h-name} with a real hello first (floors reads nothing without one). */
    private Path crafted(String name, Lines lines) throws IOException {
        for (boolean hello : new boolean[] {false, true}) {
            Path f = dir.resolve((hello ? "h-" : "") + name);
            try (Writer w = new BufferedWriter(new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(f), 1 << 16),
                    StandardCharsets.UTF_8), 1 << 16)) {
                if (hello) {
                    w.write(HELLO);
                }
                lines.write(w);
            }
        }
        return dir.resolve(name);
    }

    private static void repeat(Writer w, String item, int times) throws IOException {
        for (int i = 0; i < times; i++) {
            w.write(i == 0 ? item : "," + item);
        }
    }

    /** A line of 700 000 empty objects (a tree of 1.4 million took 130 MB). */
    private Path wide() throws IOException {
        return crafted("wide.ndjson.gz", w -> {
            w.write("{\"type\":\"x\",\"a\":[");
            repeat(w, "{}", (2 << 20) / 3 - 20);
            w.write("]}\n");
        });
    }

    private Path deep() throws IOException {
        return crafted("deep.ndjson.gz", w -> {
            w.write("{\"type\":\"x\",\"a\":" + "{\"a\":".repeat(600_000) + "1" + "}".repeat(600_001) + "\n");
        });
    }

    /** A schema line naming a million keys. */
    private Path schema() throws IOException {
        return crafted("schema.ndjson.gz", w -> {
            w.write("{\"type\":\"hello\",\"format\":2,\"schema\":{}}\n{\"type\":\"schema\",\"seq\":1,\"schema\":{\"s\":[");
            repeat(w, "\"a\"", 1_000_000);
            w.write("]}}\n");
        });
    }

    /** Format 1 sample lines of 20 000 new keys each: distinct series without end. */
    private Path keys() throws IOException {
        return crafted("keys.ndjson.gz", w -> {
            for (int line = 0; line < 4; line++) {
                w.write("{\"type\":\"sample\",\"seq\":" + (line + 1) + ",\"mono_ns\":" + (line + 1) + ",\"s\":{");
                for (int i = 0; i < 20_000; i++) {
                    w.write((i == 0 ? "" : ",") + "\"k" + (line * 20_000 + i) + "\":0");
                }
                w.write("}}\n");
            }
        });
    }

    /** A million throttle lines (a gzip of a few MB): well-formed, so streamed, never held. */
    private Path throttleLines() throws IOException {
        return crafted("throttle.ndjson.gz", w -> {
            for (long i = 1; i <= 1_000_000; i++) {
                w.write("{\"type\":\"throttle\",\"mono_ns\":" + i * 1_000_000_000L + ",\"iowait\":1.5}\n");
            }
        });
    }

    /** {@code out}: the last 4 KiB of stdout. */
    private record Run(int exit, String err, String out) {}

    private Run probe(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                PACKAGED_HEAP, "-XX:+ExitOnOutOfMemoryError", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), ProbeMain.class.getName()));
        cmd.addAll(List.of(args));
        Path out = dir.resolve("stdout");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), List.of(args) + " still running");
        byte[] all = Files.readAllBytes(out);
        String stdout = new String(all, Math.max(0, all.length - 4096), Math.min(all.length, 4096), StandardCharsets.UTF_8);
        assertFalse(stdout.contains("OutOfMemoryError") || err.contains("OutOfMemoryError"), List.of(args) + ": " + err);
        return new Run(p.exitValue(), err, stdout);
    }

    /** Every capture command stops at line {@code line} of {@code f} (one more for floors, behind its hello). */
    private void everyReaderStopsAt(Path f, int line, String what) throws Exception {
        Path withHello = f.resolveSibling("h-" + f.getFileName());
        List<Run> runs = List.of(
                probe("csv", f.toString(), "--out", dir.resolve("out.csv").toString()),
                probe("convert", f.toString(), "--out", dir.resolve("out.ndjson").toString(), "--force"),
                probe("throttle", "replay", "--ceiling", "8", "--input", f.toString()),
                probe("floors", withHello.toString()));
        for (int i = 0; i < runs.size(); i++) {
            Run r = runs.get(i);
            String where = (i == 3 ? withHello : f) + " line " + (i == 3 ? line + 1 : line) + ": " + what;
            assertEquals(1, r.exit(), r.err());
            assertTrue(r.err().contains(where), "expected '" + where + "' in: " + r.err());
            if (i < 3) { // floors adds its other warnings (too short to measure) after the bad line's
                assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
            }
        }
    }

    @Test
    void aLineOfAMillionEmptyObjects() throws Exception {
        everyReaderStopsAt(wide(), 1, "more than 16384 JSON values in one line");
    }

    @Test
    void aLineNestedHundredsOfThousandsDeep() throws Exception {
        everyReaderStopsAt(deep(), 1, "nested deeper than 32 levels");
    }

    @Test
    void aSchemaLineWithAMillionKeys() throws Exception {
        everyReaderStopsAt(schema(), 2, "more than 32768 values in one line");
    }

    @Test
    void linesThatKeepAddingSeries() throws Exception {
        everyReaderStopsAt(keys(), 2, "more than 32768 distinct series");
    }

    @Test
    void aMillionThrottleLinesAreReplayedInABoundedHeap() throws Exception {
        Path f = throttleLines();
        Run replay = probe("throttle", "replay", "--ceiling", "8", "--input", f.toString());
        assertEquals(0, replay.exit(), replay.err());
        assertTrue(replay.out().contains("1000000 values replayed, ceiling 8"), replay.out());
        Run floors = probe("floors", f.resolveSibling("h-" + f.getFileName()).toString());
        assertEquals(0, floors.exit(), floors.err());
        assertTrue(floors.err().contains("0 sample line(s): too short to measure any change rate"), floors.err());
    }

}
