package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A {@code /stream} client joining a format 2 stream mid-way, live or with {@code since}, decodes what it
 * gets exactly as a client there from the start: its hello carries the key lists in effect where its
 * replay starts, even when the schema line that changed them is no longer sent to it.
 */
class StreamJoinSchemaTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":2,\"host\":{\"hostname\":\"h\"},\"rate_hz\":10,"
            + "\"capabilities\":{},\"schema\":{\"diskstats\":[\"sda.reads\"]}}\n";
    private static final String SCHEMA =
            "{\"type\":\"schema\",\"seq\":3,\"schema\":{\"diskstats\":[\"sda.reads\",\"sdb.reads\"]}}\n";

    private static String sample(long seq, String disk) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + seq + ",\"wall_ns\":" + seq + ",\"dt_ns\":1,"
                + "\"diskstats\":" + disk + "}\n";
    }

    private static void feed(LineHub hub, String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        hub.line(b, 0, b.length);
    }

    /** What a client is sent, decoded from scratch: the hello, the replay, then what was queued live. */
    private static List<SampleLine> decode(LineHub.Join join, StreamClient c) throws IOException {
        List<byte[]> lines = new ArrayList<>();
        lines.add(join.hello());
        join.replay().entries().forEach(e -> lines.add(e.bytes()));
        java.io.ByteArrayOutputStream queued = new java.io.ByteArrayOutputStream();
        c.writeQueued(queued);
        queued.toString(StandardCharsets.UTF_8)
                .lines()
                .forEach(l -> lines.add((l + "\n").getBytes(StandardCharsets.UTF_8)));
        LineDecoder d = new LineDecoder();
        assertInstanceOf(Hello.class, d.decode(lines.get(0), 0, lines.get(0).length));
        List<SampleLine> out = new ArrayList<>();
        for (byte[] b : lines.subList(1, lines.size())) {
            StreamLine l = d.decode(b, 0, b.length);
            if (l instanceof SampleLine s) {
                out.add(s);
            }
        }
        return out;
    }

    @Test
    void joinersBeforeAndAfterAKeySetChangeDecodeTheSameValues() throws IOException {
        try (LineHub hub = new LineHub(60_000_000_000L, 1 << 20)) {
            feed(hub, HELLO);
            feed(hub, sample(1, "[4]"));
            feed(hub, sample(2, "[]"));
            feed(hub, SCHEMA); // sdb plugged in
            feed(hub, sample(3, "[null,9]"));
            feed(hub, sample(4, "[1,2]"));
            Waits.until("the hub took 5 lines", () -> hub.ringLines() == 5);

            StreamClient fromStart = new StreamClient(1 << 20, () -> {});
            List<SampleLine> all = decode(hub.subscribe(fromStart, 0L), fromStart);
            assertEquals(4, all.size());
            assertEquals(9L, all.get(2).sources().get("diskstats").get("sdb.reads"));
            assertNull(all.get(2).sources().get("diskstats").get("sda.reads"));

            StreamClient afterChange = new StreamClient(1 << 20, () -> {});
            LineHub.Join late = hub.subscribe(afterChange, 3L); // the schema line is before its replay
            List<SampleLine> lateSamples = decode(late, afterChange);
            assertEquals(1, lateSamples.size());
            assertEquals(4, lateSamples.get(0).seq());
            assertArrayEquals(
                    new String[] {"sda.reads", "sdb.reads"},
                    lateSamples.get(0).sources().get("diskstats").keys());
            assertArrayEquals(
                    new long[] {1, 2},
                    lateSamples.get(0).sources().get("diskstats").values());

            StreamClient live = new StreamClient(1 << 20, () -> {});
            LineHub.Join liveJoin = hub.subscribe(live, null);
            feed(hub, sample(5, "[0,3]"));
            Waits.until("the live client got sample 5", () -> live.queuedBytes() > 0);
            List<SampleLine> liveSamples = decode(liveJoin, live);
            assertEquals(1, liveSamples.size());
            assertEquals(3L, liveSamples.get(0).sources().get("diskstats").get("sdb.reads"));
            assertEquals(0L, liveSamples.get(0).sources().get("diskstats").get("sda.reads"));
        }
    }

    @Test
    void aJoinerStartingAtASchemaLineReadsItsChangeOnce() throws Exception {
        String hello = HELLO.replace("[\"sda.reads\"]", "[\"sda.reads\",\"sdb.reads\",\"sdc.reads\"]");
        // sda unplugged: the new list is keys 1 to 2 of the old one, which a list already changed does not have
        String unplugged = "{\"type\":\"schema\",\"seq\":3,\"schema\":{\"diskstats\":[[1,3]]}}\n";
        try (LineHub hub = new LineHub(60_000_000_000L, 1 << 20)) {
            feed(hub, hello);
            feed(hub, sample(1, "[1,2,3]"));
            feed(hub, sample(2, "[1,2,3]"));
            feed(hub, unplugged);
            feed(hub, sample(3, "[5,6]"));
            Waits.until("the hub took 4 lines", () -> hub.ringLines() == 4);

            StreamClient c = new StreamClient(1 << 20, () -> {});
            LineHub.Join join = hub.subscribe(c, 2L); // the first line after sample 2 is the schema line
            assertEquals(2, join.replay().entries().size(), "the schema line and sample 3");
            List<SampleLine> samples = decode(join, c);
            assertEquals(1, samples.size());
            assertArrayEquals(
                    new String[] {"sdb.reads", "sdc.reads"},
                    samples.get(0).sources().get("diskstats").keys());
            assertArrayEquals(
                    new long[] {5, 6}, samples.get(0).sources().get("diskstats").values());

            // a since the ring has not reached: the client starts at the next schema line as it comes
            StreamClient ahead = new StreamClient(1 << 20, () -> {});
            LineHub.Join aheadJoin = hub.subscribe(ahead, 3L);
            feed(hub, "{\"type\":\"schema\",\"seq\":4,\"schema\":{\"diskstats\":[[1,2]]}}\n");
            feed(hub, sample(4, "[7]"));
            java.io.ByteArrayOutputStream written = new java.io.ByteArrayOutputStream();
            Thread writer = new Thread(() -> {
                try {
                    ahead.pump(written, aheadJoin.hello(), aheadJoin.replay());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            writer.start();
            Waits.until(
                    "sample 4 written to the client",
                    () -> written.toString(StandardCharsets.UTF_8).contains("\"seq\":4,\"mono_ns\""));
            ahead.close();
            writer.join(60_000);
            LineDecoder d = new LineDecoder();
            List<String> got = written.toString(StandardCharsets.UTF_8).lines().toList();
            assertInstanceOf(Hello.class, d.decode(got.get(0)));
            SampleLine four = null;
            for (String l : got.subList(1, got.size())) {
                if (d.decode(l) instanceof SampleLine sl) {
                    four = sl;
                }
            }
            assertEquals(4, four.seq());
            assertArrayEquals(
                    new String[] {"sdc.reads"}, four.sources().get("diskstats").keys());
            assertArrayEquals(new long[] {7}, four.sources().get("diskstats").values());
        }
    }

    @Test
    void theRingCountsEachHelloOnceWithinItsBound() {
        byte[] line = "{\"type\":\"sample\"}\n".getBytes(StandardCharsets.US_ASCII);
        LineRing shared = new LineRing(Long.MAX_VALUE, 10_000);
        byte[] one = new byte[1000];
        for (int i = 1; i <= 100; i++) {
            shared.add(new LineRing.Entry(i, true, i, line, one));
        }
        assertEquals(100, shared.size(), "one hello for all: every line fits");
        assertEquals(1000 + 100L * line.length, shared.bytes());

        LineRing changing = new LineRing(Long.MAX_VALUE, 10_000);
        for (int i = 1; i <= 100; i++) {
            changing.add(new LineRing.Entry(i, true, i, line, new byte[1000])); // key lists changing every tick
        }
        assertEquals(9, changing.size(), "each line brings its own 1000 B hello: the bound holds");
        assertEquals(9 * (1000L + line.length), changing.bytes());
    }

    @Test
    void aV1StreamJoinsWithTheHelloAsWritten() {
        String v1Hello =
                "{\"type\":\"hello\",\"format\":1,\"host\":{\"hostname\":\"h\"},\"rate_hz\":10,\"capabilities\":{}}\n";
        try (LineHub hub = new LineHub(60_000_000_000L, 1 << 20)) {
            feed(hub, v1Hello);
            feed(hub, "{\"type\":\"sample\",\"seq\":1,\"stat\":{\"cpu.user\":1}}\n");
            Waits.until("the hub took the sample", () -> hub.ringLines() == 1);
            StreamClient c = new StreamClient(1 << 20, () -> {});
            assertArrayEquals(
                    v1Hello.getBytes(StandardCharsets.UTF_8),
                    hub.subscribe(c, 0L).hello());
            assertArrayEquals(
                    v1Hello.getBytes(StandardCharsets.UTF_8),
                    hub.subscribe(c, null).hello());
        }
    }
}
