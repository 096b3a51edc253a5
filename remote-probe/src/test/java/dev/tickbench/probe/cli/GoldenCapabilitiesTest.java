package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Golden capabilities of the fixture boards at rates 1, 10, 50, 100 and FLOOR_HZ 0, 3, rate, 1000:
 * every cadence value and reason, against tables that src/test/golden/cadences.py writes from the
 * cadence rules (docs/cadence.md) independently of the Java planner (src/test/resources/golden/;
 * GoldenGeneratorTest checks they are its output).
 */
class GoldenCapabilitiesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"router-arm", "sbc", "x86-server", "imx8mq-dt", "arm-cooling", "x86-laptop"})
    void everyCadenceOfEveryRateAndFloor(String board) throws IOException {
        JsonNode golden;
        try (InputStream in = getClass().getResourceAsStream("/golden/cadences-" + board + ".json")) {
            golden = JSON.readTree(in);
        }
        int checked = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = golden.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> combo = it.next();
            String[] parts = combo.getKey().split("[ =]");
            String rate = parts[1];
            String floor = parts[3];
            Fixtures.Result r = Fixtures.run(
                    concat(new String[] {"capabilities", "--rate", rate, "--floor-hz", floor}, Fixtures.roots(board)));
            assertEquals(0, r.code(), r.err());
            JsonNode caps = JSON.readTree(r.out());
            assertEquals(Integer.parseInt(rate), caps.path("rate_hz").asInt());
            assertEquals(Integer.parseInt(floor), caps.path("floor_hz").asInt());
            JsonNode cad = caps.path("cadences");
            assertEquals(names(combo.getValue()), names(cad), board + " " + combo.getKey() + ": cadence keys");
            for (Iterator<Map.Entry<String, JsonNode>> s = combo.getValue().fields(); s.hasNext(); ) {
                Map.Entry<String, JsonNode> e = s.next();
                String where = board + " " + combo.getKey() + " " + e.getKey();
                JsonNode got = cad.path(e.getKey());
                assertEquals(
                        e.getValue().path("reason").asText(), got.path("reason").asText(), where);
                assertEquals(
                        e.getValue().path("every_ticks").asInt(),
                        got.path("every_ticks").asInt(),
                        where);
                assertEquals(e.getValue().path("hz").asDouble(), got.path("hz").asDouble(), 1e-9, where);
                assertEquals(
                        true,
                        caps.path("sources")
                                .path(e.getKey())
                                .asBoolean(e.getKey().equals("kmsg")),
                        where);
                checked++;
            }
        }
        assertEquals(true, checked > 100, "checked " + checked);
    }

    private static TreeSet<String> names(JsonNode o) {
        TreeSet<String> s = new TreeSet<>();
        o.fieldNames().forEachRemaining(s::add);
        return s;
    }

    static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
