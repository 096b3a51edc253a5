package dev.tickbench.core.capture;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

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
    /** The gzip members a .gz capture is written in (FORMAT.md, "Seekable captures"); null for a plain file. */
    private final BlockedGzipOutput blocks;
    /** The index written beside the capture, or null: none asked for, or dropped after it failed. */
    private CaptureIndexWriter index;
    /** Where a gzip capture written without an index ends its blocks (with one, the index's own rule). */
    private final BlockCut cut = new BlockCut();

    private Path indexFile;
    private String indexError;
    private long bytes;
    private boolean closed;
    private long lastFlushNs = System.nanoTime();
    private long samplesWritten;
    private long samplesFlushed;

    private CaptureWriter(Path file, OutputStream out, BlockedGzipOutput blocks) {
        this.file = file;
        this.out = out;
        this.blocks = blocks;
    }

    /**
     * Creates or replaces {@code file} and its index beside it ({@link #indexPath}): a capture that opens
     * at once whatever its length (FORMAT.md, "Seekable captures"). A failed write of the index drops the
     * index and keeps the capture ({@link #indexError()}).
     */
    public static CaptureWriter openIndexed(Path file, CaptureIndexWriter.Summaries summaries) throws IOException {
        return open(file, true).indexTo(indexPath(file), summaries);
    }

    /** Where the index of {@code capture} is: beside it, its name and {@code .idx}. */
    public static Path indexPath(Path capture) {
        return capture.resolveSibling(capture.getFileName() + ".idx");
    }

    /** Writes an index of what follows to {@code indexFile} (created or replaced); before the first line. */
    public synchronized CaptureWriter indexTo(Path indexFile, CaptureIndexWriter.Summaries summaries)
            throws IOException {
        Files.deleteIfExists(indexFile);
        OutputStream raw = Files.newOutputStream(
                indexFile, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE);
        try {
            indexTo(raw, summaries);
        } catch (IOException | RuntimeException e) {
            raw.close();
            Files.deleteIfExists(indexFile);
            throw e;
        }
        this.indexFile = indexFile;
        return this;
    }

    /**
     * Writes an index of what follows to {@code raw} (an {@link OutputFile}'s stream, which its owner
     * commits once {@link #indexError()} is null); before the first line.
     */
    public synchronized CaptureWriter indexTo(OutputStream raw, CaptureIndexWriter.Summaries summaries)
            throws IOException {
        return indexTo(raw, summaries, new SeriesNames());
    }

    /** The same, decoding with the series names of the reader the lines come from (a conversion: kept once). */
    synchronized CaptureWriter indexTo(OutputStream raw, CaptureIndexWriter.Summaries summaries, SeriesNames names)
            throws IOException {
        if (bytes > 0) {
            throw new IllegalStateException("an index starts with the capture's first line");
        }
        this.index = new CaptureIndexWriter(new BufferedOutputStream(raw, 65536), summaries, names);
        return this;
    }

    /** Why the index was dropped (a failed write: the capture goes on without it), or null. */
    public synchronized String indexError() {
        return indexError;
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
        if (gz) {
            BlockedGzipOutput blocked = new BlockedGzipOutput(raw, 65536);
            return new CaptureWriter(name, blocked, blocked);
        }
        return new CaptureWriter(name, new BufferedOutputStream(raw, 65536), null);
    }

    @Override
    public synchronized void line(byte[] b, int off, int len) throws IOException {
        if (closed) {
            throw new IOException(file + ": capture already closed");
        }
        try {
            if (index != null) {
                indexLine(b, off, len);
            } else if (blocks != null && cut.startsBlock(b, off, len)) {
                blocks.endBlock(); // in blocks without an index too: one can be built later (CaptureIndexBuilder)
            }
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

    /** Notes the line in the index, ending the capture's block first when the line starts the next. */
    private void indexLine(byte[] b, int off, int len) throws IOException {
        if (index.startsBlock(b, off, len)) {
            if (blocks != null) {
                blocks.endBlock(); // the capture's own write: its failure is the capture's
            }
            indexed(() -> index.blockEnded(position()));
        }
        long at = position();
        indexed(() -> index.take(b, off, len, at));
    }

    /** Where the next line starts: compressed bytes for gzip (a block starts a member), else the plain bytes. */
    private long position() {
        return blocks != null ? blocks.compressedBytes() : bytes;
    }

    private interface IndexWrite {
        void run() throws IOException;
    }

    /** An index write; on failure the index is dropped and its file removed, and the capture goes on. */
    private void indexed(IndexWrite w) {
        if (index == null) {
            return;
        }
        try {
            w.run();
        } catch (IOException | RuntimeException e) {
            indexError = "the index of " + file + " was dropped: " + e.getMessage();
            try {
                index.close();
                if (indexFile != null) {
                    Files.deleteIfExists(indexFile);
                }
            } catch (IOException ignored) {
                // the capture matters; an index left half written is refused by its readers (FORMAT.md)
            }
            index = null;
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
            try {
                if (blocks != null) {
                    blocks.endBlock();
                }
                out.close();
                samplesFlushed = samplesWritten;
                indexed(() -> index.finish(position()));
            } finally {
                if (index != null) { // closed whatever the capture's close did: no file is left open (a full disk)
                    try {
                        index.close();
                    } catch (IOException e) { // what it holds up to a cut record is still read (FORMAT.md)
                        indexError = "the index of " + file + " was cut short: " + e.getMessage();
                    }
                    index = null;
                }
            }
        }
    }
}
