package dev.tickbench.app.connect;

import dev.tickbench.core.capture.LineSink;
import java.io.IOException;

/**
 * Between a probe process's pump and the workbench's intake: passes lines on until {@link #shut()},
 * after which none does. The intake's hand-off wants its producer stopped before it closes, and a
 * child's last lines may still be in the pipe when the connection closes.
 */
final class StreamPumpGate implements LineSink {
    private final LineSink downstream;
    private boolean shut;

    StreamPumpGate(LineSink downstream) {
        this.downstream = downstream;
    }

    @Override
    public synchronized void line(byte[] b, int off, int len) throws IOException {
        if (!shut) {
            downstream.line(b, off, len);
        }
    }

    /** No line passes from now on; returns once a line being passed has gone through. */
    synchronized void shut() {
        shut = true;
    }
}
