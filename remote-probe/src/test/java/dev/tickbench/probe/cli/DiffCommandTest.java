package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.diff.CaptureDiff;
import dev.tickbench.core.diff.DiffJson;
import dev.tickbench.core.diff.DiffRange;
import dev.tickbench.core.diff.DiffResult;
import dev.tickbench.core.diff.SeriesChange;
import dev.tickbench.testkit.ChangeCapture;
import dev.tickbench.testkit.RealBursts;
import dev.tickbench.testkit.SyntheticCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code tickbench-probe diff} on the capture with a known answer (testkit ChangeCapture). */
class DiffCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    static String capture;
    static String a;
    static String b;

    /** The real captures (testkit RealBursts). */
    static Path real;

    @BeforeAll
    static void write() throws Exception {
        real = RealBursts.copyTo(Files.createDirectory(dir.resolve("real")));
        capture = ChangeCapture.write(dir.resolve("change.ndjson.gz")).toString();
        a = capture + "@0..59.99";
        b = capture + "@60..";
    }

    @Test
    void theTableRanksTheKnownChangesFirstAndTheNewDiskAsAppeared() {
        ProbeRun r = ProbeRun.of("diff", a, b);
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        List<String> lines = Arrays.asList(r.out().split("\n"));
        int header = index(lines, "rank  series");
        assertTrue(
                lines.get(header + 1)
                        .matches(" +1  slabinfo\\.kmalloc-64 +objects +999\\.5 +2999 +\\+1999 +\\+200\\.0% .*"),
                lines.get(header + 1));
        assertTrue(lines.get(header + 2).matches(" +2  psi\\.io\\.some_pct +% .*"), lines.get(header + 2));
        assertTrue(lines.get(header + 3).contains("pressure.io.some_total"), lines.get(header + 3));
        assertTrue(lines.get(header + 4).matches(" +4  thermal_zone0\\.temp +°C .*"), lines.get(header + 4));
        assertEquals("  ---- below noise ----", lines.get(header + 5));
        // sda's and sdb's rates beside their counters (docs/derived-series.md)
        assertTrue(
                r.out().contains("37 series in both ranges, 4 above noise; 7 appeared in B, 0 disappeared."), r.out());
        assertTrue(
                r.out()
                        .contains(
                                "appeared in B (7): disk.sdb.busy_pct, disk.sdb.read_bytes_per_s, diskstats.sdb.in_flight,"
                                        + " diskstats.sdb.io_ms, diskstats.sdb.read_ms, diskstats.sdb.reads, diskstats.sdb.sectors_read\n"),
                r.out());
        assertEquals(20, lines.stream().filter(l -> l.matches(" +\\d+  .*")).count(), "20 rows by default");
        assertTrue(r.out().contains("24 more rows (--top N shows more; --json and --csv list them all)."), r.out());
    }

    @Test
    void theJsonIsTheCoreRanking() throws Exception {
        ProbeRun r = ProbeRun.of("diff", "--json", a, b);
        assertEquals(0, r.exit(), r.err());
        DiffResult core = CaptureDiff.compare(
                new CaptureDiff.Side(Path.of(capture), DiffRange.seconds(0.0, 59.99)),
                new CaptureDiff.Side(Path.of(capture), DiffRange.seconds(60.0, null)));
        JsonNode cli = JSON.readTree(r.out());
        assertEquals(JSON.readTree(DiffJson.render(core)), cli);
        assertEquals(core.rows().size(), cli.get("rows").size());
        for (int i = 0; i < core.rows().size(); i++) {
            SeriesChange c = core.rows().get(i);
            JsonNode row = cli.get("rows").get(i);
            assertEquals(c.name(), row.get("series").asText());
            if (!Double.isNaN(c.effect())) {
                assertEquals(c.effect(), row.get("effect").asDouble(), c.name()); // the same double, not a rounding
                assertEquals(c.meanChange(), row.get("mean_change").asDouble(), c.name());
            }
        }
    }

    @Test
    void csvAndTopLimitTheRows() {
        ProbeRun r = ProbeRun.of("diff", "--csv", "--top", "3", a, b);
        assertEquals(0, r.exit(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(4, lines.length);
        assertTrue(
                lines[0].startsWith("rank,series,display_name,source,kind,unit,presence,a_mean,b_mean,mean_change,"));
        assertTrue(lines[1].startsWith("1,slabinfo.kmalloc-64,"), lines[1]);
        assertTrue(lines[2].startsWith("2,psi.io.some_pct,"), lines[2]);
        ProbeRun t = ProbeRun.of("diff", "--top", "2", a, b);
        assertEquals(
                2,
                Arrays.stream(t.out().split("\n"))
                        .filter(l -> l.matches(" +\\d+  .*"))
                        .count());
        assertEquals(2, ProbeRun.of("diff", "--json", "--csv", a, b).exit(), "one format");
    }

    @Test
    void oneRangeInEachOfTwoCaptures() throws Exception {
        Path one = dir.resolve("a.ndjson");
        Path two = dir.resolve("b.ndjson.gz");
        ChangeCapture.writeHalves(one, two);
        ProbeRun r = ProbeRun.of("diff", "--json", one.toString(), two.toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode rows = JSON.readTree(r.out()).get("rows");
        assertEquals("slabinfo.kmalloc-64", rows.get(0).get("series").asText());
        assertEquals("thermal_zone0.temp", rows.get(3).get("series").asText());
        assertEquals(4, JSON.readTree(r.out()).get("above_noise").asInt());
    }

    @Test
    void rangesInTheFormsPeopleTypeSelectTheSameSamples() throws Exception {
        JsonNode seconds = rows("diff", "--json", a, b);
        // the capture starts at 20:00:00 UTC; its first sample is 10 ms later
        for (String[] forms : List.of(
                new String[] {capture + "@0s..59.99s", capture + "@1m.."},
                new String[] {capture + "@..59990ms", capture + "@1m0s.."},
                new String[] {capture + "@20:00..20:01", capture + "@20:01:00.005..20:05"})) {
            assertEquals(seconds, rows("diff", "--json", forms[0], forms[1]), String.join(" ", forms));
        }
    }

    @Test
    void badRangesAreBadUsage() {
        assertBad(2, "the range starts after it ends", capture + "@5..2", b);
        assertBad(
                2,
                "'abc' is not a time; use seconds since the capture's first sample (90, 90.5), a duration",
                capture + "@abc..3",
                b);
        assertBad(2, "'@5' is not a range; write CAPTURE@FROM..TO", capture + "@5", b);
        assertBad(2, "FROM and TO are in two clocks", capture + "@10..20:00", b);
        assertBad(2, "'25:00' is not a time of day", capture + "@25:00..", b);
        assertBad(2, "--top 0: give 1 or more rows", "--top", "0", a, b);
        assertBad(
                2,
                capture + "@500 s..600 s: no samples in that range; its samples run from 0 to 119.99 s since the first",
                a,
                capture + "@500..600");
        assertBad(2, "Missing required parameter", a);
        assertBad(2, "@0..5: no capture before the '@'", "@0..5", b);
    }

    @Test
    void badFilesAreBadData() throws Exception {
        Path missing = dir.resolve("missing.ndjson");
        assertBad(1, missing + ": no such capture file", missing.toString(), b);
        assertBad(1, missing + ": no such capture file", missing + "@1..2", b);
        Path notes = dir.resolve("notes.ndjson");
        Files.writeString(notes, "{\"type\":\"sample\",\"seq\":1}\n");
        assertBad(1, notes + ": line 1 is not a hello line", notes.toString(), b);
        assertBad(1, dir + ": is a directory", dir.toString(), b);
    }

    @Test
    void aTruncatedCaptureIsRankedUpToItsBadLineAndExitsOne() throws Exception {
        Path plain = ChangeCapture.write(dir.resolve("plain.ndjson"));
        byte[] bytes = Files.readAllBytes(plain);
        Path cut = dir.resolve("cut.ndjson");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length * 3 / 4));
        ProbeRun r = ProbeRun.of("diff", cut + "@0..59.99", cut + "@60..");
        assertEquals(1, r.exit());
        assertTrue(r.out().contains("1  slabinfo.kmalloc-64"), r.out());
        assertTrue(
                r.err()
                        .matches("tickbench-probe diff: warning: " + java.util.regex.Pattern.quote(cut.toString())
                                + " line \\d+: .*; compared the lines before it\n"),
                r.err());
    }

    @Test
    void aCaptureCorruptFromItsSecondLineIsBadDataNotBadUsage() throws Exception {
        Path plain = ChangeCapture.write(dir.resolve("whole.ndjson"));
        String hello = Files.readAllLines(plain).get(0);
        Path corrupt = dir.resolve("corrupt.ndjson");
        Files.writeString(corrupt, hello + "\n{\"type\":\"sample\",\"seq\":\n");
        ProbeRun r = ProbeRun.of("diff", corrupt.toString(), b);
        assertEquals(1, r.exit(), "as csv, convert and floors: " + r.err());
        assertTrue(r.err().contains(corrupt + " line 2: "), r.err());
        assertTrue(
                r.err().contains(corrupt + ": no samples in that range; it has no samples before its bad line 2"),
                r.err());
        assertEquals("", r.out());
    }

    @ParameterizedTest
    @MethodSource("dev.tickbench.testkit.RealBursts#all")
    void theCauseOfEachRealBurstIsInTheTablesTopThree(RealBursts.Burst burst) throws Exception {
        ProbeRun r = ProbeRun.of("diff", "--top", "3", burst.argA(real), burst.argB(real));
        assertEquals(0, r.exit(), r.err());
        List<String> rows = Arrays.stream(r.out().split("\n"))
                .filter(l -> l.matches(" +[123]  .*"))
                .toList();
        assertEquals(3, rows.size(), r.out());
        assertTrue(
                rows.stream()
                        .anyMatch(l -> l.matches(
                                " +[123]  " + java.util.regex.Pattern.quote(burst.cause()) + "( \\(\\+\\d+\\))? .*")),
                burst.cause() + " in the top 3:\n" + r.out());
    }

    @Test
    void theTableSaysWhoChangedMost() throws Exception {
        // recorded while a busy loop ran in a cgroup of its own beside a tail holding 200 MiB (captures/real/README.md)
        Path who = dir.resolve("who.ndjson.gz"); // out of the core's test jar
        try (java.io.InputStream in = DiffCommandTest.class.getResourceAsStream("/captures/real/who.ndjson.gz")) {
            Files.copy(in, who, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        ProbeRun r = ProbeRun.of("diff", "--top", "3", who + "@34..39.8", who + "@3..9");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().matches("(?s).*\n  process CPU +sh \\d+ \\+0\\.9\\d* CPUs \\(B only\\).*"), r.out());
        assertTrue(r.out().matches("(?s).*\n  process memory +tail \\d+ \\+19\\d\\.\\d MB \\(B only\\).*"), r.out());
        assertTrue(r.out().matches("(?s).*\n  cgroup CPU +/tickbench-who-capture \\+0\\.9\\d* CPUs\\n.*"), r.out());
    }

    @Test
    void namesFromTheCaptureAreEscapedInTheTable() throws Exception {
        Path f = dir.resolve("hostile.ndjson");
        try (SyntheticCapture c = SyntheticCapture.file(f, 10, 0, SyntheticCapture.attributes())) {
            for (int i = 0; i < 200; i++) {
                c.sample(Map.of("slabinfo", SyntheticCapture.values("evil\u001b[2J\nrow\u202e", i < 100 ? 10 : 500)));
            }
        }
        ProbeRun r = ProbeRun.of("diff", f + "@..9.95", f + "@10..");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("slabinfo.evil\\x1b[2J\\x0arow\\u202e"), r.out());
        assertFalse(
                r.out().contains("\u001b")
                        || r.out().contains("\u202e")
                        || r.out().contains("\nrow"),
                "raw control characters");
    }

    @Test
    void theHelpSaysWhatARangeMayBe() {
        ProbeRun r = ProbeRun.of("diff", "--help");
        assertEquals(0, r.exit());
        for (String s : List.of(
                "CAPTURE[@FROM..TO]",
                "90.5",
                "1m30s",
                "500ms",
                "UTC time of day (14:05,",
                "docs/diff.md",
                "--top",
                "Exit status")) {
            assertTrue(r.out().contains(s), s + " in " + r.out());
        }
        assertTrue(ProbeMain.commandLine().getSubcommands().containsKey("diff"), "a command of the probe");
    }

    private static JsonNode rows(String... args) throws Exception {
        ProbeRun r = ProbeRun.of(args);
        assertEquals(0, r.exit(), r.err());
        return JSON.readTree(r.out()).get("rows");
    }

    private static void assertBad(int exit, String message, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "diff";
        System.arraycopy(args, 0, all, 1, args.length);
        ProbeRun r = ProbeRun.of(all);
        assertEquals(exit, r.exit(), String.join(" ", all) + ": " + r.err());
        assertTrue(r.err().contains(message), "'" + message + "' in " + r.err());
        assertEquals("", r.out(), "nothing printed for a bad command line");
    }

    private static int index(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starting '" + prefix + "'");
    }
}
