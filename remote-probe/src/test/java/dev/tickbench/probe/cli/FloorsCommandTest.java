package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The floors command on the committed fixture captures of assets/captures (see its README). */
class FloorsCommandTest {
    static final List<String> BOARDS = List.of("router-arm", "sbc", "x86-server");

    @TempDir
    Path dir;

    static String asset(String board) {
        Path p = Path.of("..", "assets", "captures", FixtureCaptures.fileName(board))
                .toAbsolutePath()
                .normalize();
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException("asset capture missing: " + p);
        }
        return p.toString();
    }

    static String[] args(String... before) {
        String[] a = Arrays.copyOf(before, before.length + BOARDS.size());
        for (int i = 0; i < BOARDS.size(); i++) {
            a[before.length + i] = asset(BOARDS.get(i));
        }
        return a;
    }

    @Test
    void theTableHasOneColumnPerAssetCaptureWithItsBoard() {
        Fixtures.Result r = Fixtures.run(args("floors"));
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(List.of("", "edge-router-3", "pi-lab-2", "db-07.dc2"), cells(lines[1]));
        assertEquals(
                List.of("", "MikroTik RB5009UG+S+", "Raspberry Pi 4 Model B Rev 1.4", "PowerEdge R650"),
                cells(lines[2]));
        assertEquals(List.of("", "kernel 5.6.3", "kernel 6.1.21-v8+", "kernel 6.8.0-49-generic"), cells(lines[3]));
        List<String> nf = cells(line(lines, "  slabinfo.nf_conntrack "));
        assertEquals(4, nf.size());
        assertTrue(nf.get(1).startsWith("6.00 / 6.00 / 6.25 OK"), nf.toString());
        assertTrue(nf.get(3).endsWith("TOO SLOW"), nf.toString());
        List<String> zone1 = cells(line(lines, "thermal_zone1 "));
        assertEquals("-", zone1.get(2), "the sbc has one thermal zone: its cell is missing, not zero");
        assertTrue(r.out().chars().allMatch(c -> c < 128), "ASCII only");
    }

    @Test
    void jsonHasOneCaptureEachWithTheMeasuredFields() throws Exception {
        Fixtures.Result r = Fixtures.run(args("floors", "--json"));
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        JsonNode caps = j.get("captures");
        assertEquals(3, caps.size());
        for (int i = 0; i < 3; i++) {
            JsonNode c = caps.get(i);
            assertEquals(asset(BOARDS.get(i)), c.get("file").asText());
            assertEquals(50, c.get("rate_hz").asInt());
            assertEquals(50, c.get("floor_hz").asInt());
            assertTrue(c.get("samples").asLong() > 1000, c.get("samples").toString());
            assertEquals(25.0, c.get("duration_s").asDouble(), 0.5);
            assertTrue(c.get("truncated_at_line").isNull());
            assertEquals(
                    "nf_conntrack",
                    c.get("rows")
                            .get("slabinfo")
                            .get("fastest_member")
                            .get("member")
                            .asText());
        }
        JsonNode router = caps.get(0);
        assertEquals("edge-router-3", router.get("hostname").asText());
        JsonNode slab = router.get("rows").get("slabinfo");
        assertEquals(6.0, slab.get("fastest_member").get("hz").asDouble(), 0.05);
        assertEquals(6.0, slab.get("need_hz").asDouble());
        assertEquals(6.25, slab.get("shipped_hz").asDouble());
        assertEquals("ok", slab.get("verdict").asText());
        JsonNode zone0 = router.get("rows").get("thermal_zone0").get("jitter");
        assertEquals(1000, zone0.get("polling_delay_ms").asInt());
        assertEquals(420, zone0.get("step_mc").asInt());
        assertTrue(zone0.get("ratio").asDouble() > 10, "tens of flickers a second against 1 Hz declared: " + zone0);
        assertTrue(zone0.get("curve_hz").asDouble() < 1.0, zone0.toString());
        JsonNode mtd = router.get("rows").get("mtd");
        assertEquals(
                "mtd2.corrected_bits", mtd.get("fastest_member").get("member").asText());
        assertEquals(2, mtd.get("fastest_member").get("changes").asInt());
        assertEquals(
                "policy",
                router.get("rows").get("cpufreq").get("shipped_reason").asText());
        assertEquals(0, router.get("rows").get("cpufreq").get("changes").asInt());

        JsonNode sbc = caps.get(1);
        assertEquals("Raspberry Pi 4 Model B Rev 1.4", sbc.get("board").asText());
        assertTrue(sbc.get("rows").get("cpufreq.cpu0").get("changes").asInt() > 50, "the sbc's schedutil clock scales");
        assertFalse(sbc.get("rows").has("mtd"), "the sbc has no MTD");

        JsonNode x86 = caps.get(2);
        assertEquals("too_slow", x86.get("rows").get("slabinfo").get("verdict").asText());
        assertTrue(x86.get("rows")
                .get("thermal_zone2")
                .get("jitter")
                .get("declared_hz")
                .isNull());
        assertTrue(j.get("rows").size() > 40);
    }

    @Test
    void csvHasALinePerCell() {
        Fixtures.Result r = Fixtures.run(args("floors", "--csv"));
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertTrue(lines[0].startsWith("file,hostname,board,kernel,rate_hz,row,"), lines[0]);
        long routerSlab = Arrays.stream(lines)
                .filter(l -> l.contains(",edge-router-3,") && l.contains(",slabinfo.nf_conntrack,"))
                .count();
        assertEquals(1, routerSlab);
        assertTrue(Arrays.stream(lines)
                .anyMatch(l -> l.contains(",db-07.dc2,") && l.contains(",slabinfo,") && l.contains(",too_slow,")));
    }

    @Test
    void aMissingFileIsOneLineNamingIt() {
        Path missing = dir.resolve("nope.ndjson.gz");
        Fixtures.Result r = Fixtures.run("floors", asset("sbc"), missing.toString());
        assertEquals(1, r.code());
        assertEquals("", r.out());
        assertEquals(
                "tickbench-probe floors: " + missing + ": no such file", r.err().strip());
    }

    @Test
    void aCaptureWithoutOverrideIsRefusedInOneLine() throws IOException {
        Path f = dir.resolve("floored.ndjson");
        Files.writeString(
                f,
                "{\"type\":\"hello\",\"format\":1,\"host\":{\"hostname\":\"h\"},\"rate_hz\":50,\"floor_hz\":0,\"capabilities\":{}}\n");
        Fixtures.Result r = Fixtures.run("floors", f.toString());
        assertEquals(1, r.code());
        String err = r.err().strip();
        assertFalse(err.contains("\n"), err);
        assertTrue(err.startsWith("tickbench-probe floors: " + f + " was recorded without an override"), err);
        assertTrue(err.contains("record with --floor-hz >= --rate"), err);
        assertFalse(err.contains("Exception"), err);
    }

    @Test
    void aTruncatedCaptureIsPrintedWithAWarningAndExit1() throws IOException {
        byte[] whole;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Path.of(asset("sbc"))))) {
            whole = in.readAllBytes();
        }
        int cut = whole.length / 2;
        long line = 1;
        for (int i = 0; i < cut; i++) {
            if (whole[i] == '\n') {
                line++;
            }
        }
        ByteArrayOutputStream half = new ByteArrayOutputStream();
        half.write(whole, 0, cut);
        Path f = dir.resolve("half.ndjson");
        Files.write(f, half.toByteArray());
        Fixtures.Result r = Fixtures.run("floors", "--json", f.toString());
        assertEquals(FloorsCommand.TRUNCATED_EXIT, r.code(), r.err());
        assertTrue(r.err().contains("warning: " + f + " line " + line + ": "), r.err());
        assertTrue(r.out().contains("\"truncated_at_line\" : " + line), r.out().substring(0, 600));
    }

    @Test
    void stillMembersAreListedOnlyWithAll() {
        String plain = Fixtures.run("floors", asset("sbc")).out();
        Fixtures.Result all = Fixtures.run("floors", "--all", asset("sbc"));
        assertEquals(0, all.code(), all.err());
        assertFalse(plain.contains("  slabinfo.TCPv6 "), "TCPv6 never changes on the sbc");
        assertTrue(plain.contains("never changed are not listed (--all lists them)"), plain);
        assertTrue(all.out().contains("  slabinfo.TCPv6 "), all.out());
        assertTrue(all.out().contains("  slabinfo.nf_conntrack "), all.out());
    }

    @Test
    void jsonAndCsvTogetherAreBadUsage() {
        Fixtures.Result r = Fixtures.run("floors", "--json", "--csv", asset("sbc"));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("mutually exclusive"), r.err());
    }

    private static String line(String[] lines, String prefix) {
        return Arrays.stream(lines)
                .filter(l -> l.startsWith(prefix))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + prefix));
    }

    private static List<String> cells(String line) {
        return Arrays.stream(line.split(" \\| ", -1)).map(String::strip).toList();
    }
}
