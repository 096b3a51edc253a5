package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30 item 3: files crafted to exhaust a reader's memory below the line limit. Every capture
 * command, in a child JVM at the packaged probe's heap (-Xmx32m), stops at the crafted line with
 * {@code FILE line N: …} and exit 1, or (a long but well-formed series) streams it to the end; none runs
 * out of memory. Before the reader limits each of them did (exit 3).
 */
class CraftedCapturesTest {

    @TempDir
    Path dir;

    /** {@code name} gzipped, and {@code h-name} with a real hello first (floors reads nothing without one). */
    private Path crafted(String name, CraftedLines.Lines lines) throws IOException {
        CraftedLines.gzip(dir.resolve("h-" + name), w -> {
            w.write(CraftedLines.HELLO);
            lines.write(w);
        });
        return CraftedLines.gzip(dir.resolve(name), lines);
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
            w.write("{\"type\":\"x\",\"a\":" + "{\"a\":".repeat(300_000) + "1" + "}".repeat(300_001) + "\n");
        });
    }

    /** A schema line naming half a million keys (2 MB). */
    private Path schema() throws IOException {
        return crafted("schema.ndjson.gz", w -> {
            w.write(
                    "{\"type\":\"hello\",\"format\":2,\"schema\":{}}\n{\"type\":\"schema\",\"seq\":1,\"schema\":{\"s\":[");
            repeat(w, "\"a\"", 500_000);
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

    private PackagedProbe.Run probe(String... args) throws IOException, InterruptedException {
        return PackagedProbe.run(dir, args);
    }

    /** Every capture command stops at line {@code line} of {@code f} (one more for floors, behind its hello). */
    private void everyReaderStopsAt(Path f, int line, String what) throws Exception {
        Path withHello = f.resolveSibling("h-" + f.getFileName());
        List<PackagedProbe.Run> runs = List.of(
                probe("csv", f.toString(), "--out", dir.resolve("out.csv").toString()),
                probe(
                        "convert",
                        f.toString(),
                        "--out",
                        dir.resolve("out.ndjson").toString(),
                        "--force"),
                probe("throttle", "replay", "--ceiling", "8", "--input", f.toString()),
                probe("clock", "--capture", f.toString()),
                probe("floors", withHello.toString()));
        for (int i = 0; i < runs.size(); i++) {
            PackagedProbe.Run r = runs.get(i);
            boolean floors = i == runs.size() - 1;
            String where = (floors ? withHello : f) + " line " + (floors ? line + 1 : line) + ": " + what;
            assertEquals(1, r.exit(), r.err());
            assertTrue(r.err().contains(where), "expected '" + where + "' in: " + r.err());
            if (!floors) { // floors adds its other warnings (too short to measure) after the bad line's
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
    void aSchemaLineWithHalfAMillionKeys() throws Exception {
        everyReaderStopsAt(schema(), 2, "more than 32768 values in one line");
    }

    @Test
    void linesThatKeepAddingSeries() throws Exception {
        everyReaderStopsAt(keys(), 2, "more than 32768 distinct series");
    }

    @Test
    void aMillionThrottleLinesAreReplayedInABoundedHeap() throws Exception {
        Path f = throttleLines();
        PackagedProbe.Run replay = probe("throttle", "replay", "--ceiling", "8", "--input", f.toString());
        assertEquals(0, replay.exit(), replay.err());
        assertTrue(replay.out().contains("1000000 values replayed, ceiling 8"), replay.out());
        PackagedProbe.Run floors =
                probe("floors", f.resolveSibling("h-" + f.getFileName()).toString());
        assertEquals(0, floors.exit(), floors.err());
        assertTrue(floors.err().contains("0 sample line(s): too short to measure any change rate"), floors.err());
    }

    /**
     * Issue "Hardening, round 3" item 3: 16 lines of 80 keys of 49 000 characters (1280 series, far under
     * the series limit, 63 MB) killed every reader at 32 MiB, and a name longer than Jackson's 50 000 was
     * called "nested deeper than 32 levels". The issue's file now stops at its second line (longer than
     * a line may be); with 40 keys a line it is the first name that is refused, as a name.
     */
    @Test
    void longNamesAreRefusedAsNames() throws Exception {
        Path issue = CraftedLines.gzip(dir.resolve("long80.ndjson.gz"), w -> CraftedLines.longNames(w, 80));
        everyReaderStopsAtItsSecondLine(issue, "longer than 2 MiB, the limit for one line");
        Path names = CraftedLines.gzip(dir.resolve("long40.ndjson.gz"), w -> CraftedLines.longNames(w, 40));
        everyReaderStopsAtItsSecondLine(names, "a name longer than 8192 bytes (the limit of every reader");
        PackagedProbe.Run diff = probe("diff", names.toString(), names.toString());
        assertTrue(diff.err().contains("line 2"), diff.err()); // it died at 32 MiB too: now it stops there
    }

    /** The long-name files start with a hello: every reader, floors too, stops at line 2 with {@code what}. */
    private void everyReaderStopsAtItsSecondLine(Path f, String what) throws Exception {
        for (List<String> args : List.of(
                List.of("csv", f.toString(), "--out", dir.resolve("out.csv").toString()),
                List.of(
                        "convert",
                        f.toString(),
                        "--out",
                        dir.resolve("out.ndjson").toString(),
                        "--force"),
                List.of("throttle", "replay", "--ceiling", "8", "--input", f.toString()),
                List.of("clock", "--capture", f.toString()),
                List.of("floors", f.toString()))) {
            PackagedProbe.Run r = probe(args.toArray(String[]::new));
            assertEquals(1, r.exit(), args + ": " + r.err());
            assertTrue(r.err().contains(f + " line 2: " + what), args + ": " + r.err());
        }
    }

    /** Names each under the limit, 480 KB of them a line: the series names of a capture stop at 1 MiB. */
    @Test
    void seriesNamesStopAtAMebibyte() throws Exception {
        Path f = crafted("names.ndjson.gz", w -> linesOfNames(w, 4, 60, 7996, "1"));
        everyReaderStopsAt(f, 3, "series names of more than 1 MiB in all");
    }

    /**
     * Names that are no series' (keys of values that are not readings), 960 000 characters of new ones a
     * line: the parser kept up to 6000 of them, whatever their length, for the process's life (50 MB of
     * these). A reader now keeps them for a line at most.
     */
    @Test
    void namesOfNoSeriesAreNotKept() throws Exception {
        Path f = crafted("stray.ndjson.gz", w -> linesOfNames(w, 100, 120, 8000, "null"));
        PackagedProbe.Run convert = probe(
                "convert", f.toString(), "--out", dir.resolve("out.ndjson").toString(), "--force");
        assertEquals(0, convert.exit(), convert.err());
        assertTrue(convert.out().contains("wrote 100 samples"), convert.out());
        PackagedProbe.Run clock = probe("clock", "--capture", f.toString());
        assertEquals(0, clock.exit(), clock.err());
    }

    /** {@code lines} sample lines of {@code keys} new keys of source s, {@code chars} long, each {@code value}. */
    private static void linesOfNames(Writer w, int lines, int keys, int chars, String value) throws IOException {
        for (int line = 0; line < lines; line++) {
            w.write("{\"type\":\"sample\",\"seq\":" + (line + 1) + ",\"mono_ns\":" + (line + 1) + ",\"s\":{");
            for (int k = 0; k < keys; k++) {
                w.write((k == 0 ? "\"" : ",\"") + "n".repeat(chars - 6) + String.format("%06d", line * keys + k) + "\":"
                        + value);
            }
            w.write("}}\n");
        }
    }

    /** A hello claiming 2 million ticks a second made csv and diff allocate windows of 160 MB. */
    @Test
    void aRateAboveTheSamplersIsRefused() throws Exception {
        Path f = crafted("rate.ndjson.gz", w -> {
            w.write(CraftedLines.HELLO.replace("\"rate_hz\":10", "\"rate_hz\":2000000"));
            w.write(
                    "{\"type\":\"sample\",\"seq\":1,\"mono_ns\":1,\"dt_ns\":1000,\"stat\":{\"cpu.user\":1,\"cpu.idle\":1}}\n");
        });
        PackagedProbe.Run csv =
                probe("csv", f.toString(), "--out", dir.resolve("out.csv").toString());
        assertEquals(1, csv.exit(), csv.err());
        assertTrue(csv.err().contains(f + " line 1: a hello's rate_hz above 1000 Hz"), csv.err());
        PackagedProbe.Run diff = probe("diff", f.toString(), f.toString());
        assertTrue(diff.err().contains("line 1"), diff.err());
    }
}
