package dev.tickbench.core.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.LineBytes;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one hand-off, driven from the test thread: the producer offers while the consumer is not
 * draining (a stalled consumer, without any timing), then the consumer drains.
 */
class LineHandoffTest {
    private final List<String> received = new ArrayList<>();

    private static String sample(long seq, int padding) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + seq + ",\"pad\":\"" + "x".repeat(padding)
                + "\"}\n";
    }

    private static String kmsg(int n) {
        return "{\"type\":\"kmsg\",\"mono_ns\":" + n + ",\"msg\":\"record " + n + "\"}\n";
    }

    private static boolean offer(LineHandoff h, String line) {
        byte[] b = ("##" + line).getBytes(StandardCharsets.UTF_8); // an offset, as the sampler's buffers have
        return h.offer(b, 2, b.length - 2);
    }

    private void drain(LineHandoff h) throws IOException {
        h.drainTo((b, o, l) -> received.add(new String(b, o, l, StandardCharsets.UTF_8)));
    }

    private List<String> gaps() {
        return received.stream().filter(l -> l.startsWith("{\"type\":\"gap\"")).toList();
    }

    @Test
    void everyLineArrivesInOrderByteForByteAcrossManyWrapsOfTheRing() throws IOException {
        // 4 KiB ring, lines of 60-300 bytes: the ring wraps dozens of times, records straddle its end
        LineHandoff h = new LineHandoff(4096, LineHandoff.WhenFull.DROP_SAMPLES, "test");
        List<String> sent = new ArrayList<>();
        for (int i = 1; i <= 2000; i++) {
            String line = sample(i, (i * 37) % 240);
            sent.add(line);
            assertTrue(offer(h, line));
            if (i % 7 == 0) {
                drain(h); // the consumer keeps up: nothing is dropped, this case checks framing only
            }
        }
        drain(h);
        assertEquals(0, h.droppedSamples());
        assertEquals(sent, received);
        assertEquals(0, h.backlogBytes());
    }

    /**
     * The consumer stalls: samples that do not fit are dropped and named by one gap line (with the count)
     * before the next sample; kmsg and schema lines are never dropped and keep their place.
     */
    @Test
    void aFullRingCostsSamplesInAGapLineNeverAKmsgOrSchemaLine() throws IOException {
        LineHandoff h = new LineHandoff(2048, LineHandoff.WhenFull.DROP_SAMPLES, "workbench_behind");
        offer(h, "{\"type\":\"hello\",\"format\":2}\n");
        for (int seq = 1; seq <= 60; seq++) {
            offer(h, sample(seq, 100));
            if (seq % 10 == 0) {
                offer(h, kmsg(seq));
            }
            if (seq == 35) {
                offer(h, "{\"type\":\"schema\",\"seq\":36,\"schema\":{\"stat\":[\"a\"]}}\n");
            }
        }
        long dropped = h.droppedSamples();
        assertTrue(dropped > 30, "dropped " + dropped);
        drain(h);
        offer(h, sample(61, 100));
        drain(h);

        List<Long> seqs = new ArrayList<>();
        for (String line : received) {
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            if (LineBytes.isSample(b, 0, b.length)) {
                seqs.add(LineBytes.sampleSeq(b, 0, b.length));
            }
        }
        long k = seqs.get(seqs.size() - 2);
        for (int i = 0; i < seqs.size() - 1; i++) {
            assertEquals(i + 1, seqs.get(i), "consecutive up to the gap: " + seqs);
        }
        assertEquals(61, seqs.get(seqs.size() - 1));
        assertEquals(
                List.of("{\"type\":\"gap\",\"from_seq\":" + (k + 1) + ",\"to_seq\":60,\"dropped\":" + dropped
                        + ",\"reason\":\"workbench_behind\"}\n"),
                gaps());
        assertEquals(60 - k, dropped, "every dropped sample is inside the gap");
        int gapAt = received.indexOf(gaps().get(0));
        assertEquals(sample(61, 100), received.get(gapAt + 1), "the gap comes right before the next sample");
        for (int n = 10; n <= 60; n += 10) {
            int at = received.indexOf(kmsg(n));
            assertTrue(at > 0, "kmsg " + n + " kept");
            if (n <= k) {
                assertEquals(sample(n, 100), received.get(at - 1), "kmsg " + n + " follows its tick's sample");
            } else {
                assertTrue(
                        at > received.indexOf(sample(k, 100)) && at < gapAt,
                        "kmsg " + n + " in its place: " + received);
            }
        }
        assertTrue(received.stream().anyMatch(l -> l.startsWith("{\"type\":\"schema\"")), "the schema line is kept");
    }

    @Test
    void samplesDroppedAtTheEndAreNamedWhenTheProducerCloses() throws IOException {
        LineHandoff h = new LineHandoff(1024, LineHandoff.WhenFull.DROP_SAMPLES, "test");
        for (int seq = 1; seq <= 20; seq++) {
            offer(h, sample(seq, 100));
        }
        long dropped = h.droppedSamples();
        h.close();
        assertFalse(offer(h, sample(21, 1)), "a closed hand-off takes nothing");
        drain(h);
        assertTrue(h.isEnded());
        GapLine g = (GapLine) new LineDecoder().decode(gaps().get(0));
        assertEquals(20, g.toSeq());
        assertEquals(20 - dropped + 1, g.fromSeq());
    }

    @Test
    void otherLinesWaitInABoundedSideQueueHelloAndSchemaAlways() throws IOException {
        LineHandoff h = new LineHandoff(1024, LineHandoff.WhenFull.DROP_SAMPLES, "test");
        for (int seq = 1; h.droppedSamples() == 0; seq++) {
            offer(h, sample(seq, 400)); // fills the ring
        }
        int kept = 0;
        for (int i = 0; i < 100; i++) {
            offer(h, kmsg(i));
        }
        long droppedKmsg = h.droppedLines();
        assertTrue(droppedKmsg > 90, "the side queue holds a quarter of the ring: " + droppedKmsg);
        String schema = "{\"type\":\"schema\",\"seq\":2,\"schema\":{\"s\":[\"" + "k".repeat(600) + "\"]}}\n";
        offer(h, schema);
        drain(h);
        offer(h, sample(4, 10));
        drain(h);
        for (String l : received) {
            kept += l.startsWith("{\"type\":\"kmsg\"") ? 1 : 0;
        }
        assertEquals(100 - droppedKmsg, kept);
        assertTrue(received.contains(schema), "a schema line is never dropped");
        assertTrue(received.get(received.size() - 1).contains("\"seq\":4,"));
    }

    /**
     * A cut-off consumer (a network client): what it was not handed yet is discarded, and it gets one
     * whole gap line from the first sample it did not get to the newest one offered; then nothing.
     */
    @Test
    void aCutConsumerGetsOneGapLineFromTheFirstSampleItDidNotGet() throws IOException {
        LineHandoff h = new LineHandoff(2048, LineHandoff.WhenFull.CUT, "slow_client");
        h.consumerStartsAfter(4); // a replay gave it 1..4
        long seq = 4;
        boolean taken = true;
        while (taken) {
            taken = offer(h, sample(++seq, 100));
            if (seq == 7) {
                received.clear();
                drain(h); // it gets 5..7, then stalls
            }
        }
        assertTrue(h.isCut());
        assertFalse(offer(h, sample(seq + 1, 1)));
        received.clear();
        drain(h);
        assertEquals(
                List.of("{\"type\":\"gap\",\"from_seq\":8,\"to_seq\":" + seq + ",\"dropped\":" + (seq - 7)
                        + ",\"reason\":\"slow_client\"}\n"),
                received);
        assertTrue(h.isEnded());
        received.clear();
        drain(h);
        assertTrue(received.isEmpty());
    }

    @Test
    void aConsumerDecodesEveryValueAfterAGapBecauseNoKeyLineIsLost() throws IOException {
        LineHandoff h = new LineHandoff(1200, LineHandoff.WhenFull.DROP_SAMPLES, "probe_behind");
        offer(h, "{\"type\":\"hello\",\"format\":2,\"schema\":{\"s\":[\"a\"]}}\n");
        for (int seq = 1; seq <= 30; seq++) {
            if (seq == 20) {
                offer(h, "{\"type\":\"schema\",\"seq\":20,\"schema\":{\"s\":[\"b\",\"a\"]}}\n");
            }
            offer(
                    h,
                    "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + seq + ",\"s\":"
                            + (seq < 20 ? "[" + seq + "]" : "[" + (1000 + seq) + "," + seq + "]") + ",\"pad\":\""
                            + "x".repeat(80) + "\"}\n");
        }
        drain(h);
        offer(h, "{\"type\":\"sample\",\"seq\":31,\"mono_ns\":31,\"s\":[1031,31]}\n");
        drain(h);
        LineDecoder d = new LineDecoder();
        int gaps = 0;
        for (String l : received) {
            StreamLine line = d.decode(l);
            if (line instanceof GapLine) {
                gaps++;
            } else if (line instanceof SampleLine s) {
                long v = s.sources().get("s").values()[s.sources().get("s").size() - 1];
                assertEquals(s.seq(), v, "the value of a at seq " + s.seq());
                if (s.seq() >= 20) {
                    assertEquals("b", s.sources().get("s").keys()[0]);
                }
            }
        }
        assertEquals(1, gaps);
    }
}
