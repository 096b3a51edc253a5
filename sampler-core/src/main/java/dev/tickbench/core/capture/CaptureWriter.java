package dev.tickbench.core.capture;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * Writes stream lines to a capture file (gzip when the name ends in {@code .gz}). Thread-safe. A
 * failed write (disk full) is raised to the caller with the file name; what was written stays valid
 * up to the last complete line (a gzip capture up to the last flushed block).
 */
public final class CaptureWriter implements LineSink, Closeable {
    private final Path file;
    private final OutputStream out;
    private long bytes;
    private boolean closed;

    private CaptureWriter(Path file, OutputStream out) {
        this.file = file;
        this.out = out;
    }

    public static CaptureWriter open(Path file) throws IOException {
        OutputStream raw = Files.newOutputStream(file);
        boolean gz = file.getFileName().toString().endsWith(".gz");
        OutputStream out = gz ? new GZIPOutputStream(raw, 65536, true) : new BufferedOutputStream(raw, 65536);
        return new CaptureWriter(file, out);
    }

    @Override
    public synchronized void line(byte[] b, int off, int len) throws IOException {
        if (closed) {
            throw new IOException(file + ": capture already closed");
        }
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw new IOException("cannot write capture " + file + ": " + e.getMessage(), e);
        }
        bytes += len;
    }

    /** Uncompressed bytes written so far. */
    public synchronized long bytesWritten() {
        return bytes;
    }

    public Path file() {
        return file;
    }

    public synchronized void flush() throws IOException {
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        if (!closed) {
            closed = true;
            out.close();
        }
    }
}
