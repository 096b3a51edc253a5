package dev.tickbench.core.capture;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * Writes stream lines to a capture file (gzip when the name ends in {@code .gz}). Thread-safe. The
 * file is flushed whenever {@link #FLUSH_EVERY_MS} has passed since the last flush, on the next line
 * (a line comes every tick, at least once a second), so a {@code kill -9} loses at most the last
 * second (FORMAT.md "Writing"). A failed write (disk full) is raised to the caller with the file name;
 * what was written stays valid up to the last complete line (a gzip capture up to the last flushed
 * block), and {@link #readableSamples()} counts the samples certainly in it.
 */
public final class CaptureWriter implements LineSink, Closeable {
    /** Half a second: with a line every tick (at most 1 s apart), nothing older than 1 s is unflushed. */
    public static final long FLUSH_EVERY_MS = 500;

    private final Path file;
    private final OutputStream out;
    private long bytes;
    private boolean closed;
    private long lastFlushNs = System.nanoTime();
    private long samplesWritten;
    private long samplesFlushed;

    private CaptureWriter(Path file, OutputStream out) {
        this.file = file;
        this.out = out;
    }

    /** Creates or replaces {@code file}. */
    public static CaptureWriter open(Path file) throws IOException {
        return open(file, true);
    }

    /**
     * Creates {@code file}; an existing file is an error ({@code replace} false) or replaced: its name is
     * removed and a new file made in its place, so a name that is a link to another file (a capture being
     * read) never has that file truncated. A recording is written in place, not renamed at its end, so
     * that a {@code kill -9} loses at most its last second (FORMAT.md "Writing").
     */
    public static CaptureWriter open(Path file, boolean replace) throws IOException {
        if (replace) {
            Files.deleteIfExists(file);
        }
        OutputStream raw = Files.newOutputStream(
                file, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE);
        return open(raw, file);
    }

    /** Writes to {@code raw} (an {@link OutputFile}'s stream), gzip when {@code name} ends in {@code .gz}. */
    public static CaptureWriter open(OutputStream raw, Path name) {
        boolean gz = name.getFileName().toString().endsWith(".gz");
        try {
            OutputStream out = gz ? new GZIPOutputStream(raw, 65536, true) : new BufferedOutputStream(raw, 65536);
            return new CaptureWriter(name, out);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // a GZIP header to a new file: nothing to fail on
        }
    }

    @Override
    public synchronized void line(byte[] b, int off, int len) throws IOException {
        if (closed) {
            throw new IOException(file + ": capture already closed");
        }
        try {
            out.write(b, off, len);
            bytes += len;
            if (LineBytes.isSample(b, off, len)) {
                samplesWritten++;
            }
            long now = System.nanoTime();
            if (now - lastFlushNs >= FLUSH_EVERY_MS * 1_000_000) {
                flushNow();
                lastFlushNs = now;
            }
        } catch (IOException e) {
            throw new IOException("cannot write capture " + file + ": " + e.getMessage(), e);
        }
    }

    private void flushNow() throws IOException {
        out.flush();
        samplesFlushed = samplesWritten;
    }

    /** Sample lines certainly in the file: those written before its last successful flush (or close). */
    public synchronized long readableSamples() {
        return samplesFlushed;
    }

    /** Uncompressed bytes written so far. */
    public synchronized long bytesWritten() {
        return bytes;
    }

    public Path file() {
        return file;
    }

    public synchronized void flush() throws IOException {
        flushNow();
    }

    @Override
    public synchronized void close() throws IOException {
        if (!closed) {
            closed = true;
            out.close();
            samplesFlushed = samplesWritten;
        }
    }
}
