package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.capture.CaptureConverter;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineBytes;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.capture.StreamLine;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hub's thread stalls while the sampler goes on: its inbox (tiny here) overflows right
 * where a format 2 {@code schema} line changes the key lists. A {@code /stream} client then gets a gap
 * line naming the samples the hub lost, and still decodes every value after it exactly as the stream
 * carries it: the schema line was kept, so no later value shifts to another key.
 */
class LineHubOverflowTest {
    private static final long S = 1_000_000_000L;
    /** cpu3 comes on line at this seq: the converted stream's schema line comes before it. */
    private static final long HOTPLUG_SEQ = 600;

    @TempDir
    Path dir;

    /**
     * The sbc board's real capture with cpu3 absent before {@link #HOTPLUG_SEQ} (hot-plugged there),
     * converted to format 2: a schema line mid-stream, as the probe writes one when a CPU appears.
     */
    private List<byte[]> streamWithAKeyChange() throws IOException {
        ObjectMapper json = new ObjectMapper();
        Path v1 = dir.resolve("hotplug.ndjson");
        List<String> out = new ArrayList<>();
        try (InputStream in = new GZIPInputStream(
                Files.newInputStream(Path.of("..", "assets", "captures", "fixture-sbc-50hz-floor50.ndjson.gz")))) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList()) {
                if (line.startsWith("{\"type\":\"sample\"")) {
                    ObjectNode s = (ObjectNode) json.readTree(line);
                    if (s.path("seq").asLong() < HOTPLUG_SEQ && s.get("stat") instanceof ObjectNode stat) {
                        for (Iterator<String> it = stat.fieldNames(); it.hasNext(); ) {
                            if (it.next().startsWith("cpu3.")) {
                                it.remove();
                            }
                        }
                    }
                    line = json.writeValueAsString(s);
                }
                out.add(line);
            }
        }
        Files.write(v1, out);
        Path v2 = dir.resolve("hotplug-v2.ndjson");
        CaptureConverter.convert(v1, v2, StreamFormat.V2, false);
        List<byte[]> lines = new ArrayList<>();
        for (String l : Files.readString(v2).lines().toList()) {
            lines.add((l + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return lines;
    }

    private static Map<Long, SampleLine> decodeSamples(byte[] stream) throws IOException {
        Map<Long, SampleLine> out = new HashMap<>();
        try (CaptureReader r = new CaptureReader(new ByteArrayInputStream(stream))) {
            for (StreamLine l; (l = r.next()) != null; ) {
                if (l instanceof SampleLine s) {
                    out.put(s.seq(), s);
                }
            }
        }
        return out;
    }

    @Test
    void aClientWhoseHubOverflowedGetsAGapLineAndDecodesEveryValueAfterIt() throws IOException {
        List<byte[]> lines = streamWithAKeyChange();
        int schemaAt = -1;
        for (int i = 1; i < lines.size(); i++) {
            byte[] b = lines.get(i);
            if (LineBytes.setsKeys(b, 0, b.length)
                    && LineBytes.sampleSeq(lines.get(i + 1), 0, lines.get(i + 1).length) == HOTPLUG_SEQ) {
                schemaAt = i;
            }
        }
        assertTrue(schemaAt > 0, "the converted stream announces cpu3 before seq " + HOTPLUG_SEQ);
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        lines.forEach(whole::writeBytes);
        Map<Long, SampleLine> truth = decodeSamples(whole.toByteArray());

        LineHub hub = new LineHub(600 * S, 64 << 20, 16 << 10); // a 16 KiB inbox; its thread is ours to run
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        StreamClient client = new StreamClient(64 << 20, () -> {
            throw new AssertionError("not cut off");
        });
        hub.line(lines.get(0), 0, lines.get(0).length);
        hub.drain();
        LineHub.Join join = hub.subscribe(client, null);
        received.writeBytes(join.hello());
        for (int i = 1; i < lines.size(); i++) {
            hub.line(lines.get(i), 0, lines.get(i).length);
            boolean stalled = i >= schemaAt - 40 && i < schemaAt + 100; // the hub's thread is busy elsewhere
            if (!stalled) {
                hub.drain();
                client.writeQueued(received);
            }
        }
        hub.drain();
        client.writeQueued(received);
        assertTrue(hub.droppedLines() > 50, "the tiny inbox overflowed: " + hub.droppedLines());

        List<GapLine> gaps = new ArrayList<>();
        List<SampleLine> got = new ArrayList<>();
        try (CaptureReader r = new CaptureReader(new ByteArrayInputStream(received.toByteArray()))) {
            assertInstanceOf(Hello.class, r.next());
            for (StreamLine l; (l = r.next()) != null; ) { // every line decodes, or this throws with its number
                if (l instanceof GapLine g) {
                    gaps.add(g);
                } else if (l instanceof SampleLine s) {
                    got.add(s);
                }
            }
        }
        assertEquals(1, gaps.size(), gaps.toString());
        GapLine gap = gaps.get(0);
        assertEquals(LineHub.GAP_REASON, gap.reason());
        assertEquals(hub.droppedLines(), gap.toSeq() - gap.fromSeq() + 1, "the gap names every sample the hub lost");
        assertTrue(received.toString(StandardCharsets.UTF_8).contains("\"dropped\":" + hub.droppedLines()));
        assertTrue(
                gap.fromSeq() < HOTPLUG_SEQ && gap.toSeq() >= HOTPLUG_SEQ, "the samples around the key change: " + gap);
        long expected = 1;
        for (SampleLine s : got) {
            if (expected == gap.fromSeq()) {
                expected = gap.toSeq() + 1;
            }
            assertEquals(expected++, s.seq(), "consecutive but for the gap");
            SampleLine want = truth.get(s.seq());
            assertEquals(want.sources().keySet(), s.sources().keySet(), "seq " + s.seq());
            for (Map.Entry<String, SourceValues> e : want.sources().entrySet()) {
                SourceValues v = s.sources().get(e.getKey());
                assertArrayEquals(e.getValue().keys(), v.keys(), "keys of " + e.getKey() + " at seq " + s.seq());
                assertArrayEquals(e.getValue().values(), v.values(), "values of " + e.getKey() + " at seq " + s.seq());
            }
        }
        assertEquals(truth.size(), expected - 1, "up to the last sample");
        assertTrue(
                got.get(got.size() - 1).sources().get("stat").get("cpu3.user") != null,
                "cpu3 decoded after the change");
        hub.close();
    }
}
