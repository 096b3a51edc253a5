package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.ReaderLimits;
import dev.tickbench.testkit.Waits;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tickbench-probe diff} within the readers' limits (FORMAT.md "Reader limits") in the packaged
 * probe's JVM (jpackage/build.sh's {@code PROBE_JAVA_OPTS}: the serial collector, a 32 MiB heap): in a
 * child JVM it ranks a capture of nearly as many series as a reader accepts — two ranges of it, and two
 * copies of it — keeping the first 16,384 and saying so, and stops where the other readers stop on a
 * file that names more.
 */
class DiffBoundedMemoryTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":%d,\"host\":{\"hostname\":\"h\",\"cores\":2,"
            + "\"user_hz\":100},\"rate_hz\":10,\"floor_hz\":10,\"started_wall_ns\":1,\"started_mono_ns\":1,"
            + "\"capabilities\":{\"sources\":{\"stat\":true}}%s}\n";
    /**
     * Sources of the capture at the limit, and keys in each: a sample line of all of them is as long as a
     * reader accepts (its other fields aside), and they are nearly as many series as a reader keeps.
     */
    private static final int SOURCES = 3;

    private static final int KEYS = (ReaderLimits.MAX_VALUES_PER_LINE - 16) / SOURCES;
    /** The series one comparison keeps: half a reader's. */
    private static final int KEPT = ReaderLimits.MAX_SERIES / 2;

    /** The packaged probe's JVM options (jpackage/build.sh, PROBE_JAVA_OPTS), those that bound its memory. */
    static final List<String> PACKAGED_JVM = PackagedProbe.JVM_FLAGS;

    @TempDir
    Path dir;

    @FunctionalInterface
    interface Lines {
        void write(Writer w) throws IOException;
    }

    private Path gzip(String name, Lines lines) throws IOException {
        Path f = dir.resolve(name);
        try (Writer w = new BufferedWriter(
                new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(f), 1 << 16), StandardCharsets.UTF_8),
                1 << 16)) {
            lines.write(w);
        }
        return f;
    }

    private static String sample(int seq) {
        long ns = seq * 100_000_000L;
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + ns + ",\"wall_ns\":" + ns
                + ",\"dt_ns\":100000000";
    }

    /**
     * Format 2: {@value #SOURCES} sources of {@link #KEYS} levels each, 32,754 series with the sources, and
     * 40 samples in which every value moves, so that every series has its own sums and quantile sketch in
     * each range.
     */
    private Path atTheLimit(String name) throws IOException {
        return gzip(name, w -> {
            w.write(String.format(HELLO, 2, ",\"schema\":{}"));
            for (int s = 0; s < SOURCES; s++) {
                w.write("{\"type\":\"schema\",\"seq\":1,\"schema\":{\"src" + s + "\":[");
                for (int k = 0; k < KEYS; k++) {
                    w.write((k == 0 ? "\"" : ",\"") + "slab-cache-" + k + "\"");
                }
                w.write("]}}\n");
            }
            for (int seq = 1; seq <= 40; seq++) {
                w.write(sample(seq));
                for (int s = 0; s < SOURCES; s++) {
                    w.write(",\"src" + s + "\":[");
                    for (int k = 0; k < KEYS; k++) {
                        w.write((k == 0 ? "" : ",") + (1000 + (k * 7 + seq * 13) % 997));
                    }
                    w.write("]");
                }
                w.write("}\n");
            }
        });
    }

    /** Format 1: {@code lines} sample lines of {@code keys} slab caches, new ones on each line when {@code fresh}. */
    private Path slabs(String name, int lines, int keys, boolean fresh) throws IOException {
        return gzip(name, w -> {
            w.write(String.format(HELLO, 1, ""));
            for (int line = 0; line < lines; line++) {
                w.write(sample(line + 1) + ",\"slabinfo\":{");
                for (int i = 0; i < keys; i++) {
                    w.write((i == 0 ? "" : ",") + "\"kmalloc-cg-" + (fresh ? line * keys + i : i) + "\":"
                            + (1000 + i + line));
                }
                w.write("}}\n");
            }
        });
    }

    @Test
    void eightThousandSlabCachesAgainstThemselves() throws Exception {
        Path f = slabs("wide.ndjson.gz", 3, 8_000, false);
        Run r = probe("diff", f.toString(), f.toString(), "--csv");
        assertEquals(0, r.exit(), r.err());
        assertEquals(8_001, r.out().lines().count(), r.err());
        List<String> header = List.of(r.out().lines().findFirst().orElseThrow().split(","));
        int change = header.indexOf("mean_change");
        int effect = header.indexOf("effect");
        assertTrue(
                r.out()
                        .lines()
                        .skip(1)
                        .map(l -> l.split(","))
                        .allMatch(x -> x[change].equals("0") && x[effect].equals("0")),
                "each series against itself: no change, effect 0");
    }

    /** Format 1 lines of 20,000 new keys each: series without end; every reader stops at line 3. */
    private Path endlessKeys() throws IOException {
        return slabs("keys.ndjson.gz", 4, 20_000, true);
    }

    private record Run(int exit, String err, String out) {}

    private Run probe(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(PACKAGED_JVM);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ProbeMain.class.getName()));
        cmd.addAll(List.of(args));
        Path out = dir.resolve("stdout");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), List.of(args) + " still running");
        String stdout = Files.readString(out);
        assertFalse(err.contains("OutOfMemoryError"), List.of(args) + ": " + err);
        return new Run(p.exitValue(), err, stdout);
    }

    @Test
    void twoRangesOfACaptureAtTheSeriesLimitAreRankedInThePackagedHeap() throws Exception {
        Path f = atTheLimit("limit.ndjson.gz");
        int series = SOURCES * KEYS;
        Run r = probe("diff", f + "@..1.95", f + "@2..", "--top", "3");
        assertEquals(
                0, r.exit(), r.err() + r.out().substring(Math.max(0, r.out().length() - 2000)));
        assertTrue(series > KEPT, series + " series in the capture");
        assertTrue(r.out().contains(KEPT + " series in both ranges"), r.out());
        assertTrue(r.err().contains("more than " + KEPT + " series (the most one comparison keeps"), r.err());
        // the sketches' shared memory holds the p99s it can and says how it kept the others, never guesses them
        assertTrue(r.err().contains("the quantile sketches share 2 MiB"), r.err());
    }

    @Test
    void twoCapturesAtTheSeriesLimitAreRankedInThePackagedHeap() throws Exception {
        Path a = atTheLimit("a.ndjson.gz");
        Path b = atTheLimit("b.ndjson.gz");
        Run r = probe("diff", a.toString(), b.toString(), "--csv");
        assertEquals(
                0, r.exit(), r.err() + r.out().substring(Math.max(0, r.out().length() - 2000)));
        assertEquals(KEPT + 1, r.out().lines().count(), "a row for every series kept, and the header");
        assertTrue(r.out().startsWith("rank,series,"), r.out().substring(0, 100));
    }

    @Test
    void aCaptureThatKeepsAddingSeriesStopsWhereEveryReaderStops() throws Exception {
        Path f = endlessKeys();
        Run r = probe("diff", f.toString(), f.toString(), "--csv");
        assertEquals(
                1, r.exit(), r.err() + r.out().substring(Math.max(0, r.out().length() - 2000)));
        assertTrue(r.err().contains(f + " line 3: more than " + ReaderLimits.MAX_SERIES + " distinct series"), r.err());
        assertEquals(
                KEPT + 1,
                r.out().lines().count(),
                "the line before it is ranked, as much of it as one comparison keeps");
    }
}
