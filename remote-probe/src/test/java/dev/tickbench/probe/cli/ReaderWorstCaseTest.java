package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.LineInput;
import dev.tickbench.core.capture.ReaderLimits;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture at every reader limit at once is read by every capture command in the packaged heap
 * ({@link PackagedProbe}: serial GC, 32 MiB), to its end: the proof of the sum in FORMAT.md "Reader
 * limits". Each file has a hello of 16 384 JSON values and 256 KiB of text at 1000 Hz, 32 761 series
 * whose names take 1 MiB, lines of 2 MiB (the rest a string the readers skip), and a throttle line a
 * sample (throttle replay replays them). Three layouts: one source of 32 760 cpuidle keys (a derived
 * window each), 16 380 thermal zones of one key (a source each, two CSV columns each) and 32 760
 * cgroup levels (three derived windows each). csv, the reader that keeps the most, ran at 27-29 MB
 * live with a tenth of these series, and died at these limits; at the limits the CSV export held
 * at most 25 MB after a full GC (measured with -Xlog:gc, SECURITY.md).
 */
class ReaderWorstCaseTest {
    /** Sample lines: past the first few, nothing more is kept (the windows' memory is spent at once). */
    static final int LINES = 12;

    @TempDir
    Path dir;

    @Test
    void oneSourceOfCpuidleKeys() throws Exception {
        // "cpuidle." + 24 characters: 32 bytes a series name, 1 MiB for 32 760 (idle state times: each derives a
        // residency)
        Path f = capture(
                "cpuidle",
                i -> String.format(
                        "\"cpuidle\":{%s}", keys(32_760, k -> String.format("cpu%05d.state%05d.time", k / 8, k))));
        everyReaderReadsItAll(f, true);
    }

    @Test
    void sixteenThousandSourcesOfOneKey() throws Exception {
        Path f = capture("thermal", i -> {
            StringBuilder b = new StringBuilder();
            for (int z = 0; z < 16_380; z++) {
                b.append(z == 0 ? "" : ",")
                        .append("\"thermal_zone")
                        .append(z)
                        .append("\":{\"temp\":")
                        .append(40_000 + i + z)
                        .append('}');
            }
            return b.toString();
        });
        everyReaderReadsItAll(f, false);
    }

    @Test
    void cgroupLevelsEachWithItsWindows() throws Exception {
        Path f = capture(
                "cgroup",
                i -> String.format("\"cgroup_cpu\":{%s}", keys(32_760, k -> String.format("/k%07d|usage_usec", k))));
        everyReaderReadsItAll(f, true);
    }

    /**
     * 30 000 series over 50 lines, as the file: csv ran it at 24 MiB live with 73 full GCs at
     * the packaged flags (and was seen to run out); now it is one table of names and a row at a time.
     */
    @Test
    void csvOfThirtyThousandSeriesOverFiftyLines() throws Exception {
        Path f = CraftedLines.gzip(dir.resolve("s30k.ndjson.gz"), w -> {
            w.write(CraftedLines.HELLO);
            String values = keys(30_000, k -> String.format("k%05d", k));
            for (int i = 1; i <= 50; i++) {
                w.write("{\"type\":\"sample\",\"seq\":" + i + ",\"mono_ns\":" + i * 100_000_000L + ",\"wall_ns\":"
                        + i * 100_000_000L + ",\"dt_ns\":100000000,\"s\":{" + values + "}}\n");
            }
        });
        PackagedProbe.Run csv = PackagedProbe.run(
                dir, "csv", f.toString(), "--out", dir.resolve("s30k.csv").toString());
        assertEquals(0, csv.exit(), csv.err());
        assertTrue(csv.out().contains("wrote 50 rows x 30000 series"), csv.out());
    }

    /** {@code n} keys named by {@code name}, each with a value. */
    private static String keys(int n, IntFunction<String> name) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < n; k++) {
            b.append(k == 0 ? "\"" : ",\"").append(name.apply(k)).append("\":").append(10_000_000 + k);
        }
        return b.toString();
    }

    private void everyReaderReadsItAll(Path f, boolean derivedLeftOut) throws Exception {
        PackagedProbe.Run csv = PackagedProbe.run(
                dir, "csv", f.toString(), "--out", dir.resolve("out.csv").toString());
        assertEquals(0, csv.exit(), csv.err());
        assertTrue(csv.out().contains("wrote " + LINES + " rows"), csv.out());
        assertEquals(derivedLeftOut, csv.err().contains("derived series of " + f + " left out"), csv.err());
        PackagedProbe.Run convert = PackagedProbe.run(
                dir, "convert", f.toString(), "--out", dir.resolve("out.ndjson").toString());
        assertEquals(0, convert.exit(), convert.err());
        assertTrue(convert.out().contains("wrote " + LINES + " samples"), convert.out());
        PackagedProbe.Run replay =
                PackagedProbe.run(dir, "throttle", "replay", "--ceiling", "8", "--input", f.toString());
        assertEquals(0, replay.exit(), replay.err());
        assertTrue(replay.out().contains(LINES + " values replayed"), replay.out());
        for (List<String> args :
                List.of(List.of("floors", f.toString()), List.of("clock", "--capture", f.toString()))) {
            PackagedProbe.Run r = PackagedProbe.run(dir, args.toArray(String[]::new));
            assertEquals(0, r.exit(), args + ": " + r.err());
        }
    }

    /** The hello, then {@link #LINES} samples of {@code sources} padded to 2 MiB, each followed by a throttle line. */
    private Path capture(String name, IntFunction<String> sources) throws IOException {
        return CraftedLines.gzip(dir.resolve(name + ".ndjson.gz"), w -> {
            hello(w);
            for (int i = 1; i <= LINES; i++) {
                String s = "{\"type\":\"sample\",\"seq\":" + i + ",\"mono_ns\":" + i * 1_000_000L + ",\"wall_ns\":"
                        + i * 1_000_000L + ",\"dt_ns\":1000000," + sources.apply(i);
                w.write(s);
                w.write(",\"pad\":\"");
                w.write("x".repeat(LineInput.MAX_LINE_BYTES - s.length() - 16)); // a string no reader decodes
                w.write("\"}\n{\"type\":\"throttle\",\"mono_ns\":" + i * 1_000_000L + ",\"iowait\":1.5}\n");
            }
        });
    }

    /**
     * A hello at 1000 Hz whose capabilities bring it to the tree limits: 16 000 attributes of 16 bytes
     * of text each (name and value), 256 KiB in all with the rest.
     */
    private static void hello(Writer w) throws IOException {
        int attributes = ReaderLimits.MAX_TREE_VALUES - 400;
        int perValue = (ReaderLimits.MAX_TREE_TEXT_BYTES - 4096) / attributes - 6; // "a12345" and its value
        w.write(
                "{\"type\":\"hello\",\"format\":1,\"host\":{\"hostname\":\"h\",\"cores\":4,\"user_hz\":100},\"rate_hz\":1000,"
                        + "\"floor_hz\":1000,\"started_wall_ns\":1,\"started_mono_ns\":1,\"capabilities\":{\"sources\":{\"stat\":true},"
                        + "\"attributes\":{");
        for (int a = 0; a < attributes; a++) {
            w.write(String.format("%s\"a%05d\":\"%s\"", a == 0 ? "" : ",", a, "v".repeat(perValue)));
        }
        w.write("}}}\n");
    }
}
