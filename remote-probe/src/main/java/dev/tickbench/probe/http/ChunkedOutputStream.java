package dev.tickbench.probe.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** HTTP/1.1 chunked transfer coding: each write is one chunk; close writes the last chunk. */
final class ChunkedOutputStream extends OutputStream {
    private final OutputStream out;
    private boolean closed;

    ChunkedOutputStream(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return;
        }
        out.write((Integer.toHexString(len) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(b, off, len);
        out.write('\r');
        out.write('\n');
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }
    }
}
