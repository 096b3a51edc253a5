package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An SSH client that stops reading: its queue stays within its share, then a gap line ends the stream. */
class QueuedOutputStreamTest {
    private static byte[] sample(long seq) {
        return ("{\"type\":\"sample\",\"seq\":" + seq + ",\"stat\":{\"cpu.user\":" + "1".repeat(200) + "}}\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void aStalledClientIsCutOffWithAGapLineAfterWhatWasQueued() throws Exception {
        CountDownLatch unstall = new CountDownLatch(1);
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        OutputStream stalled = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                try {
                    unstall.await(); // the channel window is full: the client is not reading
                } catch (InterruptedException e) {
                    throw new IOException(e);
                }
                received.write(b, off, len);
            }
        };
        long share = sample(1).length * 50L;
        QueuedOutputStream q = new QueuedOutputStream(stalled, "test-out", share);
        long seq = 0;
        IOException cut = null;
        while (cut == null && seq < 10_000) {
            byte[] line = sample(++seq);
            try {
                q.write(line, 0, line.length);
            } catch (IOException e) {
                cut = e;
            }
        }
        assertTrue(cut != null && cut.getMessage().contains("behind; ending the stream"), String.valueOf(cut));
        assertTrue(seq <= 52, "cut off within its share, at seq " + seq);
        byte[] next = sample(seq + 1);
        assertThrows(IOException.class, () -> q.write(next, 0, next.length), "nothing more is taken");
        unstall.countDown(); // the client reads again: it gets what was queued, then the gap line
        q.finish(TimeUnit.SECONDS.toMillis(30));
        String[] lines = received.toString(StandardCharsets.US_ASCII).split("\n");
        assertEquals("{\"type\":\"gap\",\"from_seq\":" + seq + ",\"to_seq\":" + seq + ",\"reason\":\"slow_client\"}",
                lines[lines.length - 1]);
        assertEquals(seq, lines.length, "every queued sample, then the gap line");
    }

    @Test
    void theSeqOfASampleLineIsReadFromItsPrefix() {
        byte[] s = sample(12345);
        assertEquals(12345, QueuedOutputStream.sampleSeq(s, 0, s.length));
        byte[] k = "{\"type\":\"kmsg\",\"seq\":9}\n".getBytes(StandardCharsets.US_ASCII);
        assertEquals(-1, QueuedOutputStream.sampleSeq(k, 0, k.length));
    }
}
