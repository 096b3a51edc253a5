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
        return new LineRing.Entry(
                seq, true, atNs, ("{\"type\":\"sample\",\"seq\":" + seq + "}\n").getBytes(StandardCharsets.US_ASCII));
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
    void aClientThatFallsAShareBehindGetsAGapLineAndIsCutOff() throws Exception {
        int[] cuts = {0};
        StreamClient client = new StreamClient(4096, () -> cuts[0]++);
        long seq = 0;
        while (!client.isCut()) {
            client.offer(sample(++seq, seq));
        }
        long cutAt = seq;
        for (int i = 0; i < 50; i++) {
            client.offer(sample(++seq, seq));
        }
        assertTrue(client.queuedBytes() <= 4096, "the queue is bounded: " + client.queuedBytes());
        assertEquals(1, cuts[0], "cut off once");
        // the client's writer then finds it cut: nothing it was not sent yet, one whole gap line, the end
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        client.pump(out, "{\"type\":\"hello\"}\n".getBytes(StandardCharsets.US_ASCII), LineRing.Replay.LIVE);
        List<String> lines = out.toString(StandardCharsets.US_ASCII).lines().toList();
        assertEquals(2, lines.size(), "the hello, then the gap line: " + lines);
        GapLine gap = (GapLine) new LineDecoder().decode(lines.get(1));
        assertEquals(1, gap.fromSeq(), "the first sample it did not get");
        assertEquals(cutAt, gap.toSeq(), "the newest sample when it was cut off: nothing more is queued after it");
        assertEquals("slow_client", gap.reason());
        assertTrue(lines.get(1).contains("\"dropped\":" + cutAt), lines.get(1));
    }
}
