package dev.tickbench.app.connect;

import dev.tickbench.core.capture.LineSink;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Between a probe process's pump and the hand-off: passes lines on until {@link #shut()}, after which none
 * does (the hand-off wants its producer stopped before it closes, and a child's last lines may still be
 * in the pipe), and remembers the last sample's seq.
 */
final class StreamPumpGate implements LineSink {
    private static final byte[] SAMPLE_PREFIX = "{\"type\":\"sample\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SEQ_FIELD = "\"seq\":".getBytes(StandardCharsets.US_ASCII);

    private final LineSink downstream;
    private boolean shut;
    private volatile long lastSeq;

    StreamPumpGate(LineSink downstream) {
        this.downstream = downstream;
    }

    @Override
    public synchronized void line(byte[] b, int off, int len) throws IOException {
        if (shut) {
            return;
        }
        if (len > SAMPLE_PREFIX.length && java.util.Arrays.equals(b, off, off + SAMPLE_PREFIX.length, SAMPLE_PREFIX, 0,
                SAMPLE_PREFIX.length)) {
            long seq = TickTally.field(b, off, Math.min(len, 64), SEQ_FIELD);
            if (seq >= 0) {
                lastSeq = seq;
            }
        }
        downstream.line(b, off, len);
    }

    /** No line passes from now on; returns once a line being passed has gone through. */
    synchronized void shut() {
        shut = true;
    }

    /** The seq of the last sample passed on (0 before the first). */
    long lastSeq() {
        return lastSeq;
    }
}
