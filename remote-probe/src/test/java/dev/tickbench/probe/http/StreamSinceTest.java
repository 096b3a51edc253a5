package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.testkit.Waits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * {@code /stream?since=SEQ} while the hub's thread is behind the sampler: SEQ is checked against the
 * sampler's newest sample, which the hub (and its replay ring) may not have taken in yet. The hub's thread
 * is the test's own here ({@link LineHub#drain}), so "not yet" is a state, not a timing. The client is
 * served by its real writer ({@link StreamClient#pump}) and must get every line after SEQ once, in order,
 * or a gap line for what was lost, and decode every value as a client there from the start.
 */
class StreamSinceTest {
    private static final long S = 1_000_000_000L;
    private static final String V1_HELLO =
            "{\"type\":\"hello\",\"format\":1,\"host\":{\"hostname\":\"h\"},\"rate_hz\":10," + "\"capabilities\":{}}\n";

    private static String v1Sample(long seq) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"stat\":{\"cpu.user\":" + seq + "}}\n";
    }

    private static void feed(LineHub hub, String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        hub.line(b, 0, b.length);
    }

    /** A client's writer on its own thread, as the server runs it, writing into memory. */
    private record Served(StreamClient client, ByteArrayOutputStream out, Thread writer) {
        static Served subscribe(LineHub hub, long since) {
            StreamClient c = new StreamClient(1 << 20, () -> {
                throw new AssertionError("not cut off");
            });
            LineHub.Join join = hub.subscribe(c, since);
            ByteArrayOutputStream out = new ByteArrayOutputStream(); // synchronized: read while written
            byte[] hello = join.hello() != null ? join.hello() : V1_HELLO.getBytes(StandardCharsets.UTF_8);
            Thread t = new Thread(
                    () -> {
                        try {
                            c.pump(out, hello, join.replay());
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    },
                    "stream-since-client");
            t.setDaemon(true);
            t.start();
            return new Served(c, out, t);
        }

        /** The lines written once {@code last} holds for them, decoded from scratch; then the writer is stopped. */
        List<StreamLine> linesUntil(String what, Predicate<List<StreamLine>> last) throws Exception {
            List<StreamLine> got = new ArrayList<>();
            Waits.until(what, () -> {
                got.clear();
                LineDecoder d = new LineDecoder();
                try {
                    for (String l : out.toString(StandardCharsets.UTF_8).lines().toList()) {
                        got.add(d.decode(l));
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return last.test(got);
            });
            client.close();
            writer.join(Waits.DEADLINE.toMillis());
            return List.copyOf(got);
        }
    }

    private static List<Long> seqs(List<StreamLine> lines) {
        return lines.stream()
                .filter(l -> l instanceof SampleLine)
                .map(l -> ((SampleLine) l).seq())
                .toList();
    }

    private static boolean hasSample(List<StreamLine> lines, long seq) {
        return seqs(lines).contains(seq);
    }

    /**
     * The hub has put samples 1..10 in its ring, 11..20 wait in its inbox, and the client asks for what
     * follows 15 (the sampler's seq it knows). It was sent 11..20: 11..15 twice.
     */
    @Test
    void aSinceTheRingHasNotReachedGetsEachLaterSampleOnce() throws Exception {
        try (LineHub hub = new LineHub(60 * S, 1 << 20, 1 << 20)) {
            feed(hub, V1_HELLO);
            for (long seq = 1; seq <= 20; seq++) {
                feed(hub, v1Sample(seq));
                if (seq == 10) {
                    hub.drain();
                }
            }
            Served c = Served.subscribe(hub, 15);
            hub.drain();
            List<StreamLine> lines = c.linesUntil("sample 20 written", l -> hasSample(l, 20));
            assertInstanceOf(Hello.class, lines.get(0));
            assertEquals(List.of(16L, 17L, 18L, 19L, 20L), seqs(lines), "after 15, each once, in order");
            assertEquals(6, lines.size(), "the hello and the five samples: " + lines);
        }
    }

    /** The same from the ring (it holds 15): the client starts at 16, hello first. */
    @Test
    void aSinceInTheRingStartsRightAfterIt() throws Exception {
        try (LineHub hub = new LineHub(60 * S, 1 << 20, 1 << 20)) {
            feed(hub, V1_HELLO);
            for (long seq = 1; seq <= 20; seq++) {
                feed(hub, v1Sample(seq));
            }
            hub.drain();
            Served c = Served.subscribe(hub, 15);
            List<StreamLine> lines = c.linesUntil("sample 20 written", l -> hasSample(l, 20));
            assertInstanceOf(Hello.class, lines.get(0));
            assertEquals(List.of(16L, 17L, 18L, 19L, 20L), seqs(lines));
        }
    }

    /**
     * The hub fell behind (a 4 KiB inbox) and wrote a {@code probe_behind} gap line for the samples it lost;
     * the client asks for what follows one of them, before the hub's thread has taken in the gap line. It
     * gets the rest of the gap, from the sample after its own, then the samples after the gap: before, it
     * got the hub's whole gap line, samples it had as lost ones.
     */
    @Test
    void aSinceInsideTheHubsGapGetsTheRestOfTheGap() throws Exception {
        try (LineHub hub = new LineHub(60 * S, 1 << 20, 4096)) {
            long firstLost = overflowUpTo200(hub);
            feed(hub, v1Sample(201)); // the gap line comes before it
            long since = firstLost + 5;
            Served c = Served.subscribe(hub, since);
            hub.drain();
            List<StreamLine> lines = c.linesUntil("sample 201 written", l -> hasSample(l, 201));
            assertInstanceOf(Hello.class, lines.get(0));
            GapLine gap = assertInstanceOf(GapLine.class, lines.get(1), lines.toString());
            assertEquals(new GapLine(since + 1, 200, LineHub.GAP_REASON), gap, "the hub's gap after " + since);
            assertEquals(List.of(201L), seqs(lines));
            assertEquals(3, lines.size(), lines.toString());
        }
    }

    /**
     * The hello and sample 1 taken in, then samples 2..200 offered while the hub's thread is busy elsewhere:
     * its small inbox drops the last ones, and the hub takes in the rest. Returns the first sample it lost.
     */
    private static long overflowUpTo200(LineHub hub) {
        feed(hub, V1_HELLO);
        feed(hub, v1Sample(1));
        hub.drain();
        for (long seq = 2; seq <= 200; seq++) {
            feed(hub, v1Sample(seq));
        }
        hub.drain();
        assertTrue(hub.droppedLines() > 20, "the inbox overflowed: " + hub.droppedLines());
        return 200 - hub.droppedLines() + 1;
    }

    /** The same gap in the ring: cut the same way. */
    @Test
    void aSinceInsideAGapInTheRingGetsTheRestOfTheGap() throws Exception {
        try (LineHub hub = new LineHub(60 * S, 1 << 20, 4096)) {
            long firstLost = overflowUpTo200(hub);
            feed(hub, v1Sample(201));
            hub.drain();
            Served c = Served.subscribe(hub, firstLost + 5);
            List<StreamLine> lines = c.linesUntil("sample 201 written", l -> hasSample(l, 201));
            assertEquals(new GapLine(firstLost + 6, 200, LineHub.GAP_REASON), lines.get(1));
            assertEquals(List.of(201L), seqs(lines));

            Served atTheEnd = Served.subscribe(hub, 200); // the gap ends at its seq: nothing to say about it
            hub.drain();
            feed(hub, v1Sample(202));
            hub.drain();
            List<StreamLine> after = atTheEnd.linesUntil("sample 202 written", l -> hasSample(l, 202));
            assertEquals(List.of(201L, 202L), seqs(after));
            assertEquals(3, after.size(), after.toString());
        }
    }

    /**
     * Format 2: a {@code schema} line (a disk plugged in) between the ring's end and the client's seq. The
     * client skips it with the samples before its seq, and still decodes the next sample's values under
     * the keys they belong to: its hello is the one in effect where it starts.
     */
    @Test
    void aKeyChangeSkippedBeforeTheSinceStillDecodes() throws Exception {
        String hello = "{\"type\":\"hello\",\"format\":2,\"host\":{\"hostname\":\"h\"},\"rate_hz\":10,"
                + "\"capabilities\":{},\"schema\":{\"diskstats\":[\"sda.reads\"]}}\n";
        String schema = "{\"type\":\"schema\",\"seq\":3,\"schema\":{\"diskstats\":[\"sda.reads\",\"sdb.reads\"]}}\n";
        try (LineHub hub = new LineHub(60 * S, 1 << 20, 1 << 20)) {
            feed(hub, hello);
            feed(hub, v2Sample(1, "[4]"));
            feed(hub, v2Sample(2, "[5]"));
            hub.drain();
            feed(hub, schema);
            feed(hub, v2Sample(3, "[null,9]"));
            feed(hub, v2Sample(4, "[1,2]"));
            Served c = Served.subscribe(hub, 3);
            hub.drain();
            List<StreamLine> lines = c.linesUntil("sample 4 written", l -> hasSample(l, 4));
            assertEquals(List.of(4L), seqs(lines));
            SampleLine four = (SampleLine) lines.get(lines.size() - 1);
            assertArrayEquals(
                    new String[] {"sda.reads", "sdb.reads"},
                    four.sources().get("diskstats").keys());
            assertArrayEquals(new long[] {1, 2}, four.sources().get("diskstats").values());
        }
    }

    private static String v2Sample(long seq, String disk) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + seq + ",\"wall_ns\":" + seq + ",\"dt_ns\":1,"
                + "\"diskstats\":" + disk + "}\n";
    }
}
