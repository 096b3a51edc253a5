package dev.tickbench.core.sampler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A schema line's key list written as an edit of the list before (FORMAT.md, "Kept runs"): what it says
 * is the new list, whatever came and went, and the keys kept are runs.
 */
class KeyEditTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theKeptKeysAreRunsAndTheNewOnesStrings() throws Exception {
        List<String> before = List.of("a|x", "a|y", "b|x", "b|y", "rest|x", "rest|y");
        // b left, c came before the rest: the rest's run starts where a's ended
        List<String> after = List.of("a|x", "a|y", "c|x", "c|y", "rest|x", "rest|y");
        assertEquals("[[0,2],\"c|x\",\"c|y\",[4,6]]", edit(before, after).toString());
        assertEquals("[[0,6]]", edit(before, before).toString());
        assertEquals(
                "[[4,6],[0,2]]",
                edit(before, List.of("rest|x", "rest|y", "a|x", "a|y")).toString());
        assertEquals("[\"n\"]", edit(before, List.of("n")).toString());
        assertEquals("[]", edit(before, List.of()).toString());
    }

    @Test
    void anyChangeReadsBackAsTheNewList() throws Exception {
        Random r = new Random(7);
        for (int round = 0; round < 2000; round++) {
            List<String> before = keys(r, 0);
            List<String> after = new ArrayList<>();
            for (String k : before) {
                if (r.nextInt(5) > 0) {
                    after.add(k); // most stay, in their order
                }
                if (r.nextInt(6) == 0) {
                    after.add("new" + round + "." + after.size());
                }
            }
            if (r.nextBoolean() && after.size() > 1) {
                after.add(r.nextInt(after.size()), after.remove(r.nextInt(after.size()))); // one moved
            }
            assertEquals(after, expand(before, edit(before, after)), before + " -> " + after);
        }
    }

    private static List<String> keys(Random r, int round) {
        List<String> out = new ArrayList<>();
        int n = r.nextInt(30);
        for (int i = 0; i < n; i++) {
            out.add("k" + round + "." + i);
        }
        return out;
    }

    private static JsonNode edit(List<String> before, List<String> after) throws Exception {
        SampleBuffer b = new SampleBuffer();
        b.beginObject();
        b.keyEditField(SampleBuffer.nameColon("procs"), before, after);
        b.endObject();
        return JSON.readTree(new String(b.bytes(), 0, b.length(), StandardCharsets.UTF_8))
                .get("procs");
    }

    /** What a reader makes of the edit: a run is keys from..to-1 of the list before. */
    private static List<String> expand(List<String> before, JsonNode edit) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : edit) {
            if (e.isArray()) {
                out.addAll(before.subList(e.get(0).asInt(), e.get(1).asInt()));
            } else {
                out.add(e.asText());
            }
        }
        return out;
    }
}
