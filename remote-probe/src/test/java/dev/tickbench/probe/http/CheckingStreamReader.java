package dev.tickbench.probe.http;

import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineBytes;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One {@code /stream} client that checks every line it gets: hello first, then samples whose seq runs
 * on by one unless a gap line says which were skipped (for a slow client). Problems go to a shared
 * error list. Used by ServeManyClientsTest (the test command) and ServeLoadTest (the load profile).
 */
final class CheckingStreamReader implements Runnable {

    private final ServeProcess serve;
    private final int id;
    private final BooleanSupplier done;
    private final int decodeEvery;
    private final List<String> errors;
    private final LineDecoder decoder = new LineDecoder();
    private boolean helloSeen;
    private long expected = -1;
    volatile long lines;
    volatile long samples;
    volatile long gaps;
    volatile long lost;

    /**
     * @param done asked after each read: stop when true
     * @param decodeEvery 1 decodes every line in full; N decodes every Nth sample in full and reads the
     *     others' seq straight from the bytes (the load test's clients share two cores with the probe)
     */
    CheckingStreamReader(ServeProcess serve, int id, BooleanSupplier done, int decodeEvery, List<String> errors) {
        this.serve = serve;
        this.id = id;
        this.done = done;
        this.decodeEvery = decodeEvery;
        this.errors = errors;
    }

    @Override
    public void run() {
        HttpURLConnection c = null;
        try {
            c = (HttpURLConnection) serve.uri("/stream").toURL().openConnection();
            c.setReadTimeout((int) ServeProcess.TIMEOUT.toMillis());
            if (c.getResponseCode() != 200) {
                errors.add("client " + id + ": /stream answered " + c.getResponseCode());
                return;
            }
            LineScanner scanner = new LineScanner();
            try (InputStream in = c.getInputStream()) {
                byte[] buf = new byte[64 * 1024];
                int n;
                while (!done.getAsBoolean() && errors.isEmpty() && (n = in.read(buf)) > 0) {
                    scanner.feed(buf, n, this::check);
                }
            }
        } catch (Exception e) {
            errors.add("client " + id + ": " + e);
        } finally {
            if (c != null) {
                c.disconnect();
            }
        }
    }

    private void check(byte[] b, int off, int len) throws IOException {
        lines++;
        if (decodeEvery > 1
                && helloSeen
                && expected >= 0
                && lines % decodeEvery != 0
                && LineBytes.isSample(b, off, len)) {
            sample(LineBytes.sampleSeq(b, off, len));
            return;
        }
        StreamLine l = decoder.decode(b, off, len);
        if (l instanceof Hello) {
            helloSeen = true;
        } else if (!helloSeen) {
            errors.add("client " + id + ": first line is not hello");
        } else if (l instanceof GapLine g) {
            gaps++;
            lost += Math.max(0, g.toSeq() - g.fromSeq() + 1);
            expected = g.toSeq() + 1;
        } else if (l instanceof SampleLine s) {
            sample(s.seq());
        }
    }

    private void sample(long seq) {
        samples++;
        if (expected >= 0 && seq != expected) {
            errors.add("client " + id + ": seq " + seq + " after " + (expected - 1) + " with no gap line");
        }
        expected = seq + 1;
    }

    /** Splits a byte stream into lines without making Strings. */
    private static final class LineScanner {
        interface LineHandler {
            void line(byte[] b, int off, int len) throws IOException;
        }

        private byte[] pending = new byte[256 * 1024];
        private int pendingLen;

        void feed(byte[] buf, int n, LineHandler handler) throws IOException {
            if (pendingLen + n > pending.length) {
                pending = Arrays.copyOf(pending, Math.max(pending.length * 2, pendingLen + n));
            }
            System.arraycopy(buf, 0, pending, pendingLen, n);
            pendingLen += n;
            int start = 0;
            for (int i = 0; i < pendingLen; i++) {
                if (pending[i] == '\n') {
                    handler.line(pending, start, i - start);
                    start = i + 1;
                }
            }
            System.arraycopy(pending, start, pending, 0, pendingLen - start);
            pendingLen -= start;
        }
    }
}
