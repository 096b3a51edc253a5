package dev.tickbench.core.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.capture.JsonLineWriter;
import dev.tickbench.core.sampler.TickExtension.TickInfo;
import dev.tickbench.core.source.SystemRoots;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThrottleExtensionTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int RATE = 10;
    private static final long TICK_NS = 1_000_000_000L / RATE;
    private static final long MONO0 = 5_000_000_000_000L;
    private static final long WALL0 = 1_764_446_400_000_000_000L;

    @TempDir
    Path dir;

    private final List<String> lines = new ArrayList<>();
    private final JsonLineWriter out =
            new JsonLineWriter((b, off, len) -> lines.add(new String(b, off, len, StandardCharsets.UTF_8)));

    private static TickInfo tick(long seq) {
        return new TickInfo(seq, MONO0 + seq * TICK_NS, WALL0 + seq * TICK_NS, RATE);
    }

    /**
     * Runs {@code seconds} seconds of ticks; before each second's due tick the fixture's stat advances
     * by 100 ticks of which {@code iowait[i]} are iowait and 20 are user.
     */
    private void run(ThrottleExtension ext, FixtureProc f, long[] iowait) throws Exception {
        ext.start(tick(0), out);
        long seq = 0;
        for (long io : iowait) {
            for (int i = 0; i < RATE; i++) {
                seq++;
                if (seq % RATE == 0) {
                    f.advance(20, 0, 80 - io, io);
                }
                ext.afterTick(tick(seq), out);
            }
        }
    }

    @Test
    void writesExactlyOneThrottleLinePerSecondWithTheFormatFields() throws Exception {
        FixtureProc f = new FixtureProc(dir);
        ThrottleExtension ext = new ThrottleExtension(f.roots, 4);
        ext.bind(f.reads());
        run(ext, f, new long[] {10, 30, 5});
        assertEquals(3, lines.size(), String.join("", lines));
        for (String l : lines) {
            assertTrue(l.endsWith("\n") && l.indexOf('\n') == l.length() - 1, "one line each");
        }
        JsonNode first = JSON.readTree(lines.get(0));
        List<String> names = new ArrayList<>();
        first.fieldNames().forEachRemaining(names::add);
        assertEquals(
                List.of(
                        "type",
                        "mono_ns",
                        "wall_ns",
                        "iowait",
                        "smoothed",
                        "zone",
                        "effective",
                        "ceiling",
                        "grow_spread_s",
                        "last_throttle_mono_ns",
                        "peaks"),
                names);
        assertEquals("throttle", first.get("type").asText());
        assertEquals(MONO0 + 10 * TICK_NS, first.get("mono_ns").asLong());
        assertEquals(WALL0 + 10 * TICK_NS, first.get("wall_ns").asLong());
        assertEquals(10.0, first.get("iowait").asDouble(), 1e-12);
        assertEquals(10.0, first.get("smoothed").asDouble(), 1e-12);
        assertEquals("GREEN", first.get("zone").asText());
        assertEquals(1, first.get("effective").asInt());
        assertEquals(4, first.get("ceiling").asInt());
        assertEquals(2, first.get("grow_spread_s").asInt());
        assertTrue(first.get("last_throttle_mono_ns").isNull());
        JsonNode peaks = first.get("peaks");
        assertEquals(20.0, peaks.get("cpu").asDouble(), 1e-12);
        assertEquals(75.0, peaks.get("mem").asDouble(), 1e-12);
        assertEquals(10.0, peaks.get("iowait").asDouble(), 1e-12);
        assertFalse(peaks.has("disk"), "no filesystem in the fixture: left out, not 0");

        JsonNode second = JSON.readTree(lines.get(1));
        assertEquals(MONO0 + 20 * TICK_NS, second.get("mono_ns").asLong());
        assertEquals(30.0, second.get("iowait").asDouble(), 1e-12);
        assertEquals(20.0, second.get("smoothed").asDouble(), 1e-12);
        assertEquals(2, second.get("effective").asInt(), "2 s after the first tick: grown");
        assertEquals(4, second.get("grow_spread_s").asInt());
        JsonNode third = JSON.readTree(lines.get(2));
        assertEquals(15.0, third.get("smoothed").asDouble(), 1e-12);
        assertEquals(2, third.get("effective").asInt());
    }

    @Test
    void aThrottleIsStampedWithTheTicksMonotonicTime() throws Exception {
        FixtureProc f = new FixtureProc(dir);
        ThrottleExtension ext = new ThrottleExtension(f.roots, 4);
        ext.bind(f.reads());
        // grow at second 2, then iowait 80: [0 0 80 80 80] = 48 and [0 80 80 80 80] = 64 hold (YELLOW),
        // [80 80 80 80 80] = 80 at second 7 is RED: throttle
        run(ext, f, new long[] {0, 0, 80, 80, 80, 80, 80});
        assertEquals("YELLOW", JSON.readTree(lines.get(5)).get("zone").asText());
        assertEquals(2, JSON.readTree(lines.get(5)).get("effective").asInt());
        JsonNode last = JSON.readTree(lines.get(6));
        assertEquals("RED", last.get("zone").asText());
        assertEquals(1, last.get("effective").asInt());
        assertEquals(MONO0 + 70 * TICK_NS, last.get("last_throttle_mono_ns").asLong());
        assertEquals(2, last.get("grow_spread_s").asInt());
        assertEquals(1, ext.state().orElseThrow().effective());
    }

    @Test
    void aSecondWhoseStatCannotBeReadWritesNoLine() throws Exception {
        FixtureProc f = new FixtureProc(dir);
        ThrottleExtension ext = new ThrottleExtension(f.roots, 4);
        ext.bind(f.reads());
        ext.start(tick(0), out);
        for (long seq = 1; seq <= 10; seq++) {
            if (seq == 10) {
                java.nio.file.Files.writeString(f.proc.resolve("stat"), "not a stat file\n");
            }
            ext.afterTick(tick(seq), out);
        }
        assertEquals(List.of(), lines);
        assertEquals(1, ext.skippedSeconds());
    }

    @Test
    void describesItsConstantsInCapabilities() {
        ObjectNode caps = JSON.createObjectNode();
        // an empty directory: describe() needs no kernel file
        new ThrottleExtension(SystemRoots.of(dir.resolve("proc"), dir.resolve("sys")), 6).describe(caps);
        JsonNode t = caps.get("throttle");
        assertEquals(6, t.get("ceiling").asInt());
        assertEquals(70.0, t.get("red_pct").asDouble());
        assertEquals(40.0, t.get("yellow_pct").asDouble());
        assertEquals(1, t.get("red_streak").asInt());
        assertEquals(2, t.get("min_grow_spread_s").asInt());
        assertEquals(60, t.get("max_grow_spread_s").asInt());
        assertEquals(5, t.get("smoothing_window").asInt());
        assertEquals(1.0, t.get("hz").asDouble());
    }
}
