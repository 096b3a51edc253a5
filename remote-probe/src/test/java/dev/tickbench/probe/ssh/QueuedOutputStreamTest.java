package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Waits;
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
    void aStalledClientIsCutOffWithAWholeGapLineAfterTheLineItWasBeingSent() throws Exception {
        CountDownLatch unstall = new CountDownLatch(1);
        CountDownLatch writing = new CountDownLatch(1);
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        OutputStream stalled = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                try {
                    writing.countDown();
                    unstall.await(); // the channel window is full: the client is not reading
                } catch (InterruptedException e) {
                    throw new IOException(e);
                }
                received.write(b, off, len);
            }
        };
        long share = sample(1).length * 50L;
        QueuedOutputStream q = new QueuedOutputStream(stalled, "test-out", share);
        long seq = 1;
        q.write(sample(1), 0, sample(1).length);
        assertTrue(writing.await(30, TimeUnit.SECONDS), "the writer is sending seq 1");
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
        unstall.countDown(); // the client reads again: the line it was being sent, then one whole gap line
        assertTimeoutPreemptively(Waits.DEADLINE, q::finish);
        String[] lines = received.toString(StandardCharsets.US_ASCII).split("\n", -1);
        assertEquals(3, lines.length, "seq 1, the gap line, nothing after its newline");
        assertEquals(new String(sample(1), StandardCharsets.US_ASCII), lines[0] + "\n");
        assertEquals(
                "{\"type\":\"gap\",\"from_seq\":2,\"to_seq\":" + seq + ",\"dropped\":" + (seq - 1)
                        + ",\"reason\":\"slow_client\"}",
                lines[1]);
        assertEquals("", lines[2]);
    }
}
