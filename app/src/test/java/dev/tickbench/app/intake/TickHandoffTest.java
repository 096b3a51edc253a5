package dev.tickbench.app.intake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.LineBytes;
import dev.tickbench.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TickHandoffTest {
    private final List<String> received = Collections.synchronizedList(new ArrayList<>());

    private static String sample(long seq, int padding) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + seq + ",\"pad\":\"" + "x".repeat(padding)
                + "\"}\n";
    }

    private static String kmsg(int n) {
        return "{\"type\":\"kmsg\",\"mono_ns\":" + n + ",\"msg\":\"record " + n + "\"}\n";
    }

    private static void offer(TickHandoff h, String line) {
        byte[] b = ("##" + line).getBytes(StandardCharsets.UTF_8); // an offset, as the sampler's buffers have
        h.line(b, 2, b.length - 2);
    }

    /**
     * The consumer stalls (a slow disk, a locked chart): the tick thread goes on without waiting; samples
     * that do not fit are dropped and named by one gap line before the next sample; kmsg lines are never
     * dropped and keep their place.
     */
    @Test
    void aStalledConsumerCostsSamplesInAGapLineNeverTheTickThreadAndNeverAKmsgLine() throws Exception {
        CountDownLatch stall = new CountDownLatch(1);
        CountDownLatch stalled = new CountDownLatch(1);
        TickHandoff h = new TickHandoff(
                (b, o, l) -> {
                    String line = new String(b, o, l, StandardCharsets.UTF_8);
                    if (line.contains("\"seq\":2,")) {
                        stalled.countDown();
                        try {
                            assertTrue(
                                    stall.await(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS),
                                    "the test releases the consumer");
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                    received.add(line);
                },
                msg -> {
                    throw new AssertionError(msg);
                },
                2048);
        offer(h, "{\"type\":\"hello\",\"format\":1}\n");
        offer(h, sample(1, 100));
        offer(h, sample(2, 100));
        assertTrue(stalled.await(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "the consumer reached seq 2");
        // seq 3..: 150-byte records in a 2 KiB ring hold about 13 lines; the rest of the samples are dropped,
        // the kmsg lines among them are kept. All of it on this thread while the consumer is stuck.
        for (int seq = 3; seq <= 60; seq++) {
            offer(h, sample(seq, 100));
            if (seq % 10 == 0) {
                offer(h, kmsg(seq));
            }
        }
        stall.countDown(); // every offer above returned while the consumer was stuck
        Waits.until("the consumer drained the ring", () -> received.contains(kmsg(60)));
        offer(h, sample(61, 100));
        Waits.until(
                "seq 61 handed on",
                () -> !received.isEmpty() && received.get(received.size() - 1).contains("\"seq\":61,"));
        h.close();

        List<Long> seqs = new ArrayList<>();
        List<String> kmsgs = new ArrayList<>();
        List<String> gaps = new ArrayList<>();
        long lastSeqBeforeGap = -1;
        for (String line : received) {
            if (line.startsWith("{\"type\":\"sample\"")) {
                seqs.add(LineBytes.sampleSeq(line.getBytes(StandardCharsets.UTF_8), 0, line.length()));
            } else if (line.startsWith("{\"type\":\"kmsg\"")) {
                kmsgs.add(line);
            } else if (line.startsWith("{\"type\":\"gap\"")) {
                gaps.add(line);
                lastSeqBeforeGap = seqs.get(seqs.size() - 1);
            }
        }
        assertEquals(
                List.of(kmsg(10), kmsg(20), kmsg(30), kmsg(40), kmsg(50), kmsg(60)),
                kmsgs,
                "every kmsg line, in order");
        assertEquals(1, gaps.size(), gaps.toString());
        // the samples kept are 1..k then 61: the gap names exactly the ones in between
        long k = lastSeqBeforeGap;
        for (int i = 0; i < seqs.size() - 1; i++) {
            assertEquals(i + 1, seqs.get(i), "consecutive up to the gap: " + seqs);
        }
        assertEquals(61, seqs.get(seqs.size() - 1));
        long dropped = 60 - k; // every dropped sample is inside the gap
        assertTrue(dropped > 30, "dropped " + dropped);
        assertEquals(
                "{\"type\":\"gap\",\"from_seq\":" + (k + 1) + ",\"to_seq\":60,\"dropped\":" + dropped
                        + ",\"reason\":\"workbench_behind\"}\n",
                gaps.get(0));
        // kmsg lines keep their place: right after their tick's sample when it was kept, else after the
        // last sample kept (k) and before the next one handed on (61)
        assertTrue(k >= 10 && k < 60, "the ring held some samples past the stall: k = " + k);
        int last = received.indexOf(sample(k, 100));
        int next = received.indexOf(sample(61, 100));
        for (int n = 10; n <= 60; n += 10) {
            int at = received.indexOf(kmsg(n));
            if (n <= k) {
                assertEquals(sample(n, 100), received.get(at - 1), "kmsg " + n + " follows its tick's sample");
            } else {
                assertTrue(at > last && at < next, "kmsg " + n + " between seq " + k + " and seq 61: " + received);
            }
        }
    }
}
