package dev.tickbench.core.floors;

import static dev.tickbench.testkit.SyntheticCapture.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.testkit.SyntheticCapture;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FloorComparisonTest {
    @TempDir
    Path dir;

    /** A board with a thermal zone and slab caches changing at the given rates (whole changes per second). */
    private Path board(String name, int slabHz, boolean withZone) throws Exception {
        Path f = dir.resolve(name + ".ndjson.gz");
        ObjectNode attrs = SyntheticCapture.attributes();
        attrs.putObject("thermal_zone0").put("polling_delay_ms", 1000);
        try (SyntheticCapture c = SyntheticCapture.file(f, 50, 50, attrs)) {
            for (int i = 0; i <= 500; i++) {
                Map<String, Map<String, Long>> s = new LinkedHashMap<>();
                if (withZone) {
                    s.put("thermal_zone0", values("temp", 40000));
                }
                s.put("slabinfo", values("a_cache", (long) i * slabHz / 50, "b_cache", 5, "c_cache", i / 50));
                c.sample(s);
            }
        }
        return f;
    }

    @Test
    void oneColumnPerCaptureOneRowPerSourceAndMissingCellsAreNull() throws Exception {
        Path slow = board("slow", 2, true);
        Path fast = board("fast", 12, false);
        FloorComparison c = FloorComparison.analyze(List.of(slow, fast));
        assertEquals(2, c.captures().size());
        assertEquals(
                List.of("thermal_zone0", "slabinfo", "slabinfo.a_cache", "slabinfo.c_cache", "slabinfo.b_cache"),
                c.rows());
        assertEquals(List.of("thermal_zone0", "slabinfo", "slabinfo.a_cache", "slabinfo.c_cache"), c.changingRows());
        assertNull(c.cell("thermal_zone0", 1), "the second board has no thermal zone: missing, not zero");
        assertEquals(Verdict.OK, c.cell("slabinfo", 0).verdict());
        assertEquals(Verdict.TOO_SLOW, c.cell("slabinfo", 1).verdict()); // 12 Hz against 6.25
        assertEquals(12.0, c.cell("slabinfo.a_cache", 1).hz(), 1e-9);
    }

    @Test
    void jsonAndCsvCarryEveryCell() throws Exception {
        FloorComparison c = FloorComparison.analyze(List.of(board("one", 6, true), board("two", 3, true)));
        JsonNode j = new ObjectMapper().readTree(FloorJson.render(c));
        assertEquals(2, j.get("captures").size());
        JsonNode one = j.get("captures").get(0);
        assertEquals("synthetic-1", one.get("hostname").asText());
        assertEquals("Test Board", one.get("board").asText());
        assertEquals(50, one.get("rate_hz").asInt());
        assertEquals(10.0, one.get("duration_s").asDouble());
        assertTrue(one.get("truncated_at_line").isNull());
        JsonNode slab = one.get("rows").get("slabinfo");
        assertEquals("ok", slab.get("verdict").asText());
        assertEquals(6.25, slab.get("shipped_hz").asDouble());
        assertEquals("budget", slab.get("shipped_reason").asText());
        assertEquals("a_cache", slab.get("fastest_member").get("member").asText());
        assertEquals(6.0, slab.get("fastest_member").get("hz").asDouble());
        JsonNode zone = one.get("rows").get("thermal_zone0");
        assertEquals(1000, zone.get("jitter").get("polling_delay_ms").asInt());
        assertEquals(0.0, zone.get("jitter").get("ratio").asDouble());
        assertTrue(zone.get("jitter").get("step_mc").isNull(), "never changed: no step known");

        String[] csv = FloorCsv.render(c).split("\n");
        assertEquals(String.join(",", FloorCsv.HEADER), csv[0]);
        assertEquals(1 + 2 * c.rows().size(), csv.length);
        assertTrue(csv[1].contains(",thermal_zone0,thermal_zone0,,"), csv[1]);
    }

    @Test
    void theFirstBadCaptureStopsTheComparisonNamingIt() throws Exception {
        Path good = board("good", 6, true);
        Path bad = dir.resolve("missing.ndjson");
        FloorAnalysisException e =
                assertThrows(FloorAnalysisException.class, () -> FloorComparison.analyze(List.of(good, bad)));
        assertEquals(bad + ": no such file", e.getMessage());
    }
}
