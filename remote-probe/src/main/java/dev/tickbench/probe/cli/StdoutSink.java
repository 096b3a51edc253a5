package dev.tickbench.probe.cli;

import dev.tickbench.core.capture.LineSink;
import dev.tickbench.probe.common.CommandIo;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes each stream line to stdout and flushes it at once: viewers are live. A failed write (the
 * reader went away: a closed pipe or SSH channel) ends the stream.
 */
final class StdoutSink implements LineSink {
    private final OutputStream out = CommandIo.out(); // stdout, or the SSH channel under serve --ssh
    private final Runnable onBrokenPipe;

    StdoutSink(Runnable onBrokenPipe) {
        this.onBrokenPipe = onBrokenPipe;
    }

    @Override
    public void line(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len); // unbuffered: one write(2) per line, nothing held back
            out.flush(); // an SSH channel stream holds bytes until flushed
        } catch (IOException e) {
            onBrokenPipe.run();
            throw e;
        }
    }
}
