package dev.tickbench.app.connect;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Keeps the last bytes a probe wrote to its stderr, for the error message that says why it stopped. */
final class StderrTail extends OutputStream {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final int max;

    StderrTail(int max) {
        this.max = max;
    }

    @Override
    public synchronized void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        if (out.size() + len > max) {
            byte[] keep = out.toByteArray();
            out.reset();
            int from = Math.max(0, keep.length + len - max);
            out.write(keep, Math.min(from, keep.length), keep.length - Math.min(from, keep.length));
        }
        out.write(b, off, Math.min(len, max));
    }

    /** Copies {@code in} (a child's stderr) into the tail until it ends: the child never blocks on a full pipe. */
    void drain(InputStream in) {
        byte[] buf = new byte[4096];
        try (in) {
            int n;
            while ((n = in.read(buf)) >= 0) {
                write(buf, 0, n);
            }
        } catch (IOException e) {
            // the child is gone: what it wrote so far is kept
        }
    }

    synchronized String text() {
        return out.toString(StandardCharsets.UTF_8);
    }
}
