package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.testkit.Waits;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A {@code /stream} client that stops reading is cut off after a whole share; when it
 * reads again (slowly, as the slow client it is), soon or long after, it gets whole lines, then one whole
 * {@code gap} line naming the samples it did not get, then the end of the chunked body: never half a line.
 */
class StalledStreamClientTest {
    /** The slow reader's pace once it reads again: far below what the kernel buffers hold per grace period. */
    private static final int READ_BYTES = 16 << 10;

    private static final long READ_PAUSE_MS = 50;
    /** Longer than any timer the server had for a cut client (5 s): a stall of 10 s lost the gap line. */
    private static final long LONG_STALL_S = 15;

    @Test
    void aCutClientGetsAWholeGapLineBeforeTheEnd() throws Exception {
        stallThenRead(0);
    }

    /**
     * A client that stalled 10 s got about 104 KB ending in half a sample line, no gap line and no end of
     * the body: the server closed it 5 s after its cut, while the rest of the line was still unsent. The
     * gap line now comes before the connection is closed, however long the client stalls.
     */
    @Test
    void aClientStalledLongAfterItsCutStillGetsItsGapLine() throws Exception {
        stallThenRead(LONG_STALL_S);
    }

    /** Connects to /stream, reads nothing until the cut and {@code moreS} more seconds, then reads slowly. */
    private static void stallThenRead(long moreS) throws Exception {
        try (ServeProcess s = ServeProcess.start(
                        List.of("-Xmx48m", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError"), "--rate", "100");
                Socket c = new Socket()) {
            ServeHttpTest.awaitSeq(s, 1);
            c.setReceiveBufferSize(4096);
            c.connect(new InetSocketAddress("127.0.0.1", s.httpPort()));
            c.setSoTimeout((int) ServeProcess.TIMEOUT.toMillis());
            c.getOutputStream().write("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            // a request to the probe per poll: five a second, not a hundred, on a machine already busy
            Waits.until(
                    () -> "the stalled client is cut off",
                    Duration.ofMillis(200),
                    () -> metric(s, "tickbench_http_slow_clients_cut_total") >= 1);
            Thread.sleep(TimeUnit.SECONDS.toMillis(moreS)); // the stall itself: what the test varies, not a sync

            ByteArrayOutputStream raw = new ByteArrayOutputStream();
            InputStream in = c.getInputStream();
            byte[] buf = new byte[READ_BYTES];
            for (int n; (n = in.read(buf)) > 0; ) {
                raw.write(buf, 0, n);
                Thread.sleep(READ_PAUSE_MS); // a slow reader, not a sync: the server must not depend on its pace
            }
            Chunked body = Chunked.decode(raw.toByteArray());
            assertTrue(
                    body.complete(),
                    "the chunked body ends with its last chunk, not cut off (" + body.bytes().length + " bytes)");
            String text = new String(body.bytes(), StandardCharsets.UTF_8);
            assertTrue(text.endsWith("\n"), "whole lines only; the end: " + tail(text));
            String last = text.substring(text.lastIndexOf('\n', text.length() - 2) + 1);
            assertTrue(last.startsWith("{\"type\":\"gap\"") && last.contains("\"reason\":\"slow_client\""), last);

            long lastSample = -1;
            GapLine gap = null;
            try (CaptureReader r = new CaptureReader(new ByteArrayInputStream(body.bytes()))) {
                assertInstanceOf(Hello.class, r.next());
                for (StreamLine l; (l = r.next()) != null; ) { // every line decodes
                    if (l instanceof SampleLine smp) {
                        assertTrue(gap == null, "nothing after the gap line");
                        lastSample = smp.seq();
                    } else if (l instanceof GapLine g) {
                        gap = g;
                    }
                }
            }
            assertEquals(lastSample + 1, gap.fromSeq(), "the gap starts at the first sample the client did not get");
            assertTrue(gap.toSeq() >= gap.fromSeq(), gap.toString());
            System.out.printf(
                    "client cut and stalled %d s more: %d bytes, last sample %d, gap %d..%d%n",
                    moreS, body.bytes().length, lastSample, gap.fromSeq(), gap.toSeq());
        }
    }

    private static String tail(String s) {
        return s.substring(Math.max(0, s.length() - 200));
    }

    private static double metric(ServeProcess s, String name) {
        try {
            return s.get("/metrics", null)
                    .body()
                    .lines()
                    .filter(l -> l.startsWith(name + " "))
                    .mapToDouble(l -> Double.parseDouble(l.split(" ")[1]))
                    .findFirst()
                    .orElse(0);
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An HTTP/1.1 response with a chunked body, decoded; {@code complete} when its zero-length chunk came. */
    record Chunked(byte[] bytes, boolean complete) {
        static Chunked decode(byte[] response) throws IOException {
            InputStream in = new BufferedInputStream(new ByteArrayInputStream(response));
            String line;
            while (!(line = readLine(in)).isEmpty()) {
                if (line.startsWith("HTTP/1.1 ")) {
                    assertEquals("200", line.substring(9, 12), line);
                }
            }
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            while (true) {
                String size = readLine(in);
                if (size.isEmpty()) {
                    return new Chunked(body.toByteArray(), false);
                }
                int n = Integer.parseInt(size.trim(), 16);
                if (n == 0) {
                    return new Chunked(body.toByteArray(), true);
                }
                byte[] chunk = in.readNBytes(n);
                body.write(chunk);
                if (chunk.length < n || !readLine(in).isEmpty()) {
                    return new Chunked(body.toByteArray(), false);
                }
            }
        }

        private static String readLine(InputStream in) throws IOException {
            StringBuilder b = new StringBuilder();
            for (int c; (c = in.read()) >= 0 && c != '\n'; ) {
                if (c != '\r') {
                    b.append((char) c);
                }
            }
            return b.toString();
        }
    }
}
