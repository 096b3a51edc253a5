package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.LineDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The replay ring and a slow client's bounded queue, driven line by line. */
class LineRingAndClientTest {
    private static final long S = 1_000_000_000L;

    private static LineRing.Entry sample(long seq, long atNs) {
        return new LineRing.Entry(seq, true, atNs, ("{\"type\":\"sample\",\"seq\":" + seq + "}\n").getBytes(StandardCharsets.US_ASCII));
    }

    private static LineRing.Entry event(long afterSeq, long atNs) {
        return new LineRing.Entry(afterSeq, false, atNs, "{\"type\":\"kmsg\"}\n".getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void ringKeepsTheBufferDurationAndReplaysAfterSeq() {
        LineRing ring = new LineRing(2 * S, Long.MAX_VALUE);
        for (long seq = 1; seq <= 50; seq++) {
            ring.add(sample(seq, seq * S / 10)); // 10 Hz
            if (seq == 45) {
                ring.add(event(45, seq * S / 10));
            }
        }
        // 2 s at 10 Hz: samples 30..50 remain (the oldest one exactly 2 s old)
        LineRing.Replay tooOld = ring.after(10);
        assertTrue(tooOld.hasGap());
        assertEquals(11, tooOld.gapFrom());
        assertEquals(29, tooOld.gapTo());
        assertEquals(30, tooOld.entries().get(0).seq());

        LineRing.Replay recent = ring.after(44);
        assertFalse(recent.hasGap());
        assertEquals(45, recent.entries().get(0).seq());
        assertEquals(7, recent.entries().size()); // 45, its kmsg, 46..50
        assertFalse(recent.entries().get(1).sample());

        assertTrue(ring.after(50).entries().isEmpty());
        assertFalse(ring.after(29).hasGap()); // the client has 29, the ring starts at 30: nothing lost
        assertEquals(21, ring.after(29).entries().size() - 1);
    }

    @Test
    void ringHasAByteBoundToo() {
        LineRing ring = new LineRing(3600 * S, 1000);
        for (long seq = 1; seq <= 500; seq++) {
            ring.add(sample(seq, seq));
        }
        assertTrue(ring.bytes() <= 1000, "bytes " + ring.bytes());
        assertTrue(ring.size() > 10);
    }

    @Test
    void aClientThatFallsBehindGetsAGapLineNotUnboundedMemory() throws Exception {
        StreamClient client = new StreamClient();
        int total = StreamClient.QUEUE_LINES * 3;
        for (long seq = 1; seq <= total; seq++) {
            client.offer(sample(seq, seq));
        }
        assertEquals(StreamClient.QUEUE_LINES, client.queued(), "the queue is bounded");
        List<byte[]> first = client.drainForTest(); // the client catches up
        assertEquals(StreamClient.QUEUE_LINES, first.size());
        client.offer(sample(total + 1, total + 1));
        List<byte[]> next = client.drainForTest();
        assertEquals(2, next.size());
        GapLine gap = (GapLine) new LineDecoder().decode(new String(next.get(0), StandardCharsets.US_ASCII));
        assertEquals(StreamClient.QUEUE_LINES + 1, gap.fromSeq());
        assertEquals(total, gap.toSeq());
        assertEquals("slow_client", gap.reason());
        assertTrue(new String(next.get(1), StandardCharsets.US_ASCII).contains("\"seq\":" + (total + 1)));
        assertEquals(1, client.gapsSent());
    }
}
