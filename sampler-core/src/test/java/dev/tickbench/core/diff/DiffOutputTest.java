package dev.tickbench.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.testkit.ChangeCapture;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ranking as JSON and CSV (docs/diff.md): every row in order, the ranking's own numbers, absent as null. */
class DiffOutputTest {
    @TempDir
    static Path dir;

    static DiffResult result;

    @BeforeAll
    static void rank() throws Exception {
        Path f = ChangeCapture.write(dir.resolve("change.ndjson"));
        result = CaptureDiff.compare(
                new CaptureDiff.Side(f, KnownChangesTest.A), new CaptureDiff.Side(f, KnownChangesTest.B));
    }

    @Test
    void jsonHoldsEveryRowWithTheRankingsNumbers() throws Exception {
        JsonNode j = new ObjectMapper().readTree(DiffJson.render(result));
        assertEquals(result.rows().size(), j.get("rows").size());
        assertEquals(4, j.get("above_noise").asInt());
        assertEquals(7, j.get("appeared").asInt(), "sdb's five counters and two rates");
        assertEquals(SeriesDiff.LEVEL_SHARE, j.get("level_share").asDouble());
        assertEquals(6000, j.get("a").get("samples").asLong());
        assertEquals(0, j.get("a").get("range").get("from_ns").asLong());
        assertTrue(j.get("b").get("range").get("to_ns").isNull(), "an open end is null");
        for (int i = 0; i < result.rows().size(); i++) {
            SeriesChange c = result.rows().get(i);
            JsonNode row = j.get("rows").get(i);
            assertEquals(i + 1, row.get("rank").asInt());
            assertEquals(c.name(), row.get("series").asText());
            assertEquals(c.presence().name().toLowerCase(), row.get("presence").asText());
            if (c.presence() == Presence.BOTH) {
                assertEquals(c.effect(), row.get("effect").asDouble(), c.name());
                assertEquals(c.a().mean(), row.get("a").get("mean").asDouble(), c.name());
                assertEquals(c.b().p99(), row.get("b").get("p99").asDouble(), c.name());
                assertEquals(c.aboveNoise(), row.get("above_noise").asBoolean());
            } else {
                assertTrue(row.get("a").isNull(), "absent, not zero: " + c.name());
                assertTrue(row.get("effect").isNull());
            }
        }
    }

    @Test
    void csvHasOneLinePerRowInTheSameOrder() {
        String[] lines = DiffCsv.render(result).split("\n");
        assertEquals(String.join(",", DiffCsv.HEADER), lines[0]);
        assertEquals(result.rows().size() + 1, lines.length);
        assertTrue(lines[1].startsWith("1,slabinfo.kmalloc-64,kmalloc-64,slabinfo,level,objects,both,"), lines[1]);
        String appeared = lines[lines.length - 1];
        assertTrue(
                appeared.contains(",diskstats.sdb.") && appeared.contains(",appeared,,"),
                "empty A fields: " + appeared);
        assertFalse(DiffCsv.render(result).contains("E-"), "plain decimals, no exponents");
        assertEquals(3, DiffCsv.render(result, 2).split("\n").length);
    }

    @Test
    void numbersArePlainDecimalsAndNamesAreQuoted() {
        assertEquals("0.00001", DiffCsv.number(1e-5));
        assertEquals("2000", DiffCsv.number(2000.0));
        assertEquals(null, DiffCsv.number(Double.NaN));
        DiffSeries odd = new DiffSeries(
                "cgroup./a,b.usage_cpus", "/a,b", "cgroup_cpu", dev.tickbench.core.catalogue.ValueKind.DERIVED, "CPUs");
        SeriesStats s = new SeriesStats(odd, 1, 1, 10, 10, 0, 0, 0);
        RangeSummary side = new RangeSummary(
                "x",
                DiffRange.whole(),
                10,
                0,
                1,
                1,
                null,
                Map.of(odd.name(), s),
                null,
                List.of(),
                new FeedExtent(10, 1, 0, 0));
        String csv = DiffCsv.render(SeriesDiff.compare(side, side));
        assertTrue(csv.contains(",\"cgroup./a,b.usage_cpus\",\"/a,b\","), csv);
    }
}
