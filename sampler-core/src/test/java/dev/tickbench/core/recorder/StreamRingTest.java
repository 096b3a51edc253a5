package dev.tickbench.core.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The ring's array as a circle: lines of any size run over its end, and a cut of all of it, taken
 * after every line, decodes whole with the key lists of a schema line that left it long before.
 */
class StreamRingTest {
    private static final long TICK = 10_000_000L;

    private static void add(StreamRing ring, String line) {
        byte[] b = (line + "\n").getBytes(StandardCharsets.UTF_8);
        ring.add(b, 0, b.length, LineKind.of(b, 0, b.length));
    }

    @Test
    void aCutOfAllTheRingDecodesWholeWhereverItsLinesRunOverTheArraysEnd() throws Exception {
        long bound = 64 << 10;
        StreamRing ring = new StreamRing(3_600_000_000_000L, bound); // an hour: the bytes decide
        add(
                ring,
                "{\"type\":\"hello\",\"format\":2,\"host\":{\"hostname\":\"h\",\"cores\":2,\"user_hz\":100},"
                        + "\"rate_hz\":100,\"floor_hz\":0,\"capabilities\":{},\"schema\":{\"stat\":[\"cpu.user\"]}}");
        StringBuilder keys = new StringBuilder("\"cpu.user\"");
        for (int k = 0; k < 2000; k++) {
            keys.append(",\"k").append(k).append('"');
        }
        add(ring, "{\"type\":\"schema\",\"seq\":1,\"schema\":{\"stat\":[" + keys + "]}}");
        Random random = new Random(7);
        long through = 0;
        for (long n = 1; n <= 1500; n++) {
            String line = "{\"type\":\"sample\",\"seq\":" + n + ",\"mono_ns\":" + n * TICK + ",\"wall_ns\":" + n * TICK
                    + ",\"dt_ns\":" + TICK + ",\"stat\":[" + n + ",1".repeat(random.nextInt(2000)) + "]}";
            add(ring, line);
            through += line.length() + 1;
            assertTrue(ring.capacity() <= bound && ring.bytes() <= bound, "within its bound");
            byte[] cut = ring.cut(Long.MIN_VALUE);
            assertNotNull(cut);
            LineDecoder d = new LineDecoder();
            int from = 0;
            long expect = -1;
            long last = -1;
            for (int i = 0; i < cut.length; i++) {
                if (cut[i] != '\n') {
                    continue;
                }
                StreamLine l = d.decode(cut, from, i + 1 - from);
                if (from == 0) {
                    assertInstanceOf(Hello.class, l, "a cut begins with a hello");
                }
                if (l instanceof SampleLine s) {
                    assertEquals(s.seq(), s.sources().get("stat").get("cpu.user"), "line " + s.seq() + " whole");
                    assertTrue(expect < 0 || s.seq() == expect, "in order: " + s.seq() + " after " + last);
                    last = s.seq();
                    expect = s.seq() + 1;
                }
                from = i + 1;
            }
            assertEquals(cut.length, from, "the cut ends with a whole line");
            assertEquals(n, last, "up to the newest sample");
        }
        assertEquals(bound, ring.capacity(), "grown to its bound");
        assertTrue(through > 20 * bound, "the lines went round the array many times: " + through + " bytes");
    }

    /**
     * A tick that comes seconds late (a stalled sampler) still has the kernel log records it drained: they
     * precede its sample and are as old as it, not as the sample before, which the window lets go.
     */
    @Test
    void aLateTickKeepsTheKernelLogRecordsItDrained() throws Exception {
        StreamRing ring = new StreamRing(2_000_000_000L, 1 << 20); // a ring of 2 s
        add(
                ring,
                "{\"type\":\"hello\",\"format\":2,\"host\":{\"hostname\":\"h\",\"cores\":2,\"user_hz\":100},"
                        + "\"rate_hz\":20,\"floor_hz\":0,\"capabilities\":{},\"schema\":{\"stat\":[\"cpu.user\"]}}");
        long tick = 50_000_000L;
        for (long n = 1; n <= 20; n++) {
            add(ring, sample(n, n * tick));
        }
        long late = 20 * tick + 3_000_000_000L; // the next tick 3 s after: longer than the ring
        add(
                ring,
                "{\"type\":\"kmsg\",\"mono_ns\":" + (20 * tick + 10) + ",\"prio\":6,\"facility\":1,\"seq\":7,"
                        + "\"us\":1,\"msg\":\"the record\"}");
        add(ring, sample(21, late));
        String cut = new String(ring.cut(late - 1_000_000_000L), StandardCharsets.UTF_8);
        assertTrue(cut.contains("\"msg\":\"the record\""), "the record with its tick: " + cut);
        assertTrue(cut.indexOf("the record") < cut.indexOf("\"seq\":21,"), "before its sample: " + cut);
        assertTrue(!cut.contains("\"seq\":20,"), "the tick before it left the 2 s ring: " + cut);
    }

    private static String sample(long seq, long mono) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + mono + ",\"wall_ns\":" + mono
                + ",\"dt_ns\":50000000,\"stat\":[" + seq + "]}";
    }
}
