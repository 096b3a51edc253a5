package dev.tickbench.core.trigger;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.session.Session;
import dev.tickbench.core.session.SessionConfig;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Boards;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Triggers in a real session on a fixture board, the sampler driven tick by tick on the test's clock:
 * a cooling device's state rising, read by the sampler's generic file-set reader from the standard
 * catalogue's cooling entry (docs/catalogue.md), fires a trigger line right after the sample that carried it, in format 2.
 */
class TriggersOnTheSamplerTest {
    private static final long TICK_NS = 100_000_000L;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void aCoolingDeviceStateRisingFiresOnTheTickThatCarriedIt() throws Exception {
        Path board = tmp.resolve("sbc");
        Boards.copyTree(Boards.dir(Boards.SBC), board);
        Path state = board.resolve("sys/class/thermal/cooling_device0/cur_state");
        Files.createDirectories(state.getParent());
        Files.writeString(state, "0\n");
        SystemRoots roots = SystemRoots.of(board.resolve("proc"), board.resolve("sys"));
        List<JsonNode> lines = new ArrayList<>();
        try (Session s = Session.open(
                new SessionConfig(roots, 10, OptionalInt.of(0), null, 2), Map.of(), SeriesCatalogue.standard())) {
            Sampler sampler = s.sampler();
            sampler.format(StreamFormat.V2);
            TriggerStatus armed = s.triggers().arm("fan: cooling.cooling_device0.cur_state rising");
            assertEquals(TriggerState.NO_DATA, armed.state(), "its source is present; no value read yet");
            sampler.addSink((b, o, l) -> lines.add(JSON.readTree(b, o, l)));
            byte[] hello = sampler.helloLine(); // what start() sends every sink, without the sampler's thread
            s.triggers().feed().line(hello, 0, hello.length);
            for (int t = 1; t <= 5; t++) {
                sampler.tick(t * TICK_NS, 1_700_000_000_000_000_000L + t * TICK_NS);
            }
            assertEquals(0, fires(lines).size(), "0 held");
            Files.writeString(state, "2\n");
            sampler.tick(6 * TICK_NS, 1_700_000_000_000_000_000L + 6 * TICK_NS);
            Files.writeString(state, "1\n");
            sampler.tick(7 * TICK_NS, 1_700_000_000_000_000_000L + 7 * TICK_NS);
            List<JsonNode> fires = fires(lines);
            assertEquals(
                    1,
                    fires.size(),
                    "a rise, not a fall: " + lines + s.triggers().list());
            JsonNode f = fires.get(0);
            assertEquals("fan", f.get("trigger").asText());
            assertEquals(6, f.get("seq").asLong());
            assertEquals(
                    2, f.get("values").get("cooling.cooling_device0.cur_state").asLong());
            assertEquals(0, f.get("values").get("previous").asLong());
            int sampleAt = indexOf(lines, "sample", 6);
            assertEquals(sampleAt + 1, lines.indexOf(f), "the trigger line follows the sample it fired on");
            assertEquals(1, s.triggers().list().get(0).fired());
        }
    }

    private static List<JsonNode> fires(List<JsonNode> lines) {
        return lines.stream()
                .filter(n -> n.path("type").asText().equals(TriggerLine.TYPE))
                .toList();
    }

    private static int indexOf(List<JsonNode> lines, String type, long seq) throws IOException {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).path("type").asText().equals(type)
                    && lines.get(i).path("seq").asLong() == seq) {
                return i;
            }
        }
        throw new IOException("no " + type + " " + seq);
    }
}
