package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve --trigger … --dir DIR}: {@code /triggers} lists each trigger with its state and count and
 * the recorder's, {@code /metrics} has a counter per trigger and stays promtool-clean, and a firing
 * trigger's capture is written into DIR (docs/triggers.md, "serve").
 */
class ServeTriggersTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void triggersAreListedCountedOnMetricsAndRecorded() throws Exception {
        Path promtool = Prerequisites.tool("promtool", "prometheus");
        try (ServeProcess s = ServeProcess.start(
                List.of(),
                "--rate",
                "20",
                "--trigger",
                "always: cpu.busy_pct >= 0",
                "--trigger",
                "never: cpu.busy_pct > 100",
                "--trigger",
                "thermal_zone9_c > 80",
                "--dir",
                dir.toString(),
                "--pre",
                "1s",
                "--post",
                "1s",
                "--ring",
                "2s")) {
            JsonNode t = Waits.forValue("the 'always' trigger to fire and its capture to be written", () -> {
                try {
                    JsonNode j = JSON.readTree(s.get("/triggers", null).body());
                    return j.path("triggers").get(0).path("fired").asLong() >= 1
                                    && j.path("recorder").path("captures").asLong() >= 1
                            ? j
                            : null;
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            JsonNode always = t.get("triggers").get(0);
            assertEquals("always", always.get("trigger").asText());
            assertEquals("always: cpu.busy_pct >= 0", always.get("expr").asText());
            assertEquals("condition", always.get("kind").asText());
            assertEquals("fired", always.get("state").asText(), "it still holds: fired once per stretch");
            assertEquals(1, always.get("fired").asLong());
            JsonNode never = t.get("triggers").get(1);
            assertEquals("never", never.get("trigger").asText());
            assertEquals("armed", never.get("state").asText());
            assertEquals(0, never.get("fired").asLong());
            JsonNode absent = t.get("triggers").get(2);
            assertEquals("t1", absent.get("trigger").asText());
            assertEquals("absent", absent.get("state").asText());
            assertEquals(
                    "this machine has no source thermal_zone9",
                    absent.get("absent").asText());
            JsonNode rec = t.get("recorder");
            assertEquals(dir.toString(), rec.get("dir").asText());
            assertTrue(rec.get("ring_bytes").asLong() > 0, rec.toString());
            assertTrue(Files.exists(Path.of(rec.get("last_capture").asText())), rec.toString());
            try (Stream<Path> files = Files.list(dir)) {
                assertTrue(
                        files.anyMatch(f -> f.getFileName().toString().contains("_always_")),
                        "the capture, named by its trigger");
            }

            String metrics = s.get("/metrics", null).body();
            MetricsPromtoolTest.check(promtool, metrics, "serve with triggers");
            assertTrue(
                    metrics.contains("tickbench_trigger_fired_total{trigger=\"always\",kind=\"condition\"} 1\n"),
                    metrics);
            assertTrue(
                    metrics.contains("tickbench_trigger_fired_total{trigger=\"never\",kind=\"condition\"} 0\n"),
                    metrics);
            assertTrue(metrics.contains("tickbench_trigger_absent{trigger=\"t1\",kind=\"condition\"} 1\n"), metrics);
            assertTrue(metrics.contains("tickbench_recorder_captures_total 1\n"), metrics);
            assertTrue(
                    s.stderr().stream()
                            .anyMatch(
                                    l -> l.contains("warning: trigger t1 (thermal_zone9_c > 80) can never fire here")),
                    s.stderr().toString());
        }
    }
}
