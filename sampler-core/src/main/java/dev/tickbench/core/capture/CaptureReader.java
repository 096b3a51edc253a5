package dev.tickbench.core.capture;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Reads a capture or a live stream line by line. A corrupt or truncated line raises a
 * {@link CaptureFormatException} naming its line number; every line before it was returned.
 */
public final class CaptureReader implements Closeable {
    private final CountingInputStream counted;
    private final InputStream in;
    private final LineDecoder decoder;
    private final LineInput lines;
    /** Lines of the file before what this reader reads (a block of a seekable capture read alone). */
    private final long lineBase;

    private int lineLength;

    public CaptureReader(InputStream raw) {
        this(raw, false, new LineDecoder(false));
    }

    private CaptureReader(InputStream raw, boolean gzip, LineDecoder decoder) {
        this(raw, gzip, decoder, 0);
    }

    /**
     * Reads {@code in}, already gunzipped, with {@code decoder} as it stands (primed with the hello where
     * {@code in} begins), numbering lines from {@code lineBase + 1}: a run of blocks of a seekable capture.
     */
    static CaptureReader block(InputStream in, LineDecoder decoder, long lineBase) {
        return new CaptureReader(in, false, decoder, lineBase);
    }

    private CaptureReader(InputStream raw, boolean gzip, LineDecoder decoder, long lineBase) {
        this.lineBase = lineBase;
        this.decoder = decoder;
        this.counted = new CountingInputStream(raw);
        try {
            // no buffer between the gunzip and LineInput, which reads blocks itself: a BufferedInputStream
            // reads on after a block while the gunzip says more may come, and when that read meets a cut
            // gzip it throws and the block already read is lost (CaptureReaderTest)
            this.in = gzip ? new GZIPInputStream(counted, 65536) : counted;
            this.lines = new LineInput(in);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Opens a capture file; gzip when its name ends in {@code .gz}. */
    public static CaptureReader open(Path file) throws IOException {
        return open(Files.newInputStream(file), file, new LineDecoder(false));
    }

    /** Reads the opened file from its start (again, for a reader that reads it twice); gzip by its name. */
    public static CaptureReader open(InputFile file) throws IOException {
        return open(file.newStream(), file.path(), new LineDecoder(false));
    }

    /**
     * Reads {@code file} from its start with the series names another reader of it met ({@link #seriesNames()}):
     * a reader that reads a file twice (the first pass for its series) keeps one copy of them.
     */
    public static CaptureReader open(InputFile file, SeriesNames names) throws IOException {
        return open(file.newStream(), file.path(), new LineDecoder(false, names));
    }

    /** The series names this reader met, to be shared with a reader of the same file read again. */
    public SeriesNames seriesNames() {
        return decoder.seriesNames();
    }

    private static CaptureReader open(InputStream raw, Path file, LineDecoder decoder) throws IOException {
        boolean gz = file.getFileName().toString().endsWith(".gz");
        try {
            return new CaptureReader(raw, gz, decoder);
        } catch (java.io.UncheckedIOException e) {
            raw.close();
            throw new IOException(file + ": not a gzip file (" + e.getCause().getMessage() + ")", e.getCause());
        }
    }

    /** The next line, or null at the end. */
    public StreamLine next() throws IOException {
        while (true) {
            int len;
            try {
                len = lines.next();
            } catch (EOFException e) {
                throw new CaptureFormatException(
                        lineNumber(), "the file ends inside a compressed block (truncated gzip)", e);
            } catch (java.util.zip.ZipException e) {
                throw new CaptureFormatException(lineNumber(), "corrupt gzip data: " + e.getMessage(), e);
            } catch (LineInput.TooLongException | BoundedGunzip.TooMuchException e) {
                throw new CaptureFormatException(lineNumber(), e.getMessage(), e);
            }
            if (len < 0) {
                return null;
            }
            byte[] line = lines.bytes();
            if (len == 0 || (len == 1 && line[0] == '\r')) {
                continue;
            }
            lineLength = len;
            try {
                return decoder.decode(line, 0, len);
            } catch (IOException | RuntimeException e) {
                throw badLine(lineNumber(), e);
            }
        }
    }

    /** Why line {@code lineNo} could not be decoded, in the words every reader uses. */
    static CaptureFormatException badLine(long lineNo, Exception e) {
        if (e instanceof ReaderLimits.LimitException) {
            return new CaptureFormatException(lineNo, e.getMessage(), e);
        }
        return new CaptureFormatException(lineNo, "not a valid stream line (" + describe(e) + ")", e);
    }

    /**
     * Why a line did not decode, without its content: a parser's message quotes the bad token, and a
     * file's content must not reach whoever asked for it to be read (it may be a secret).
     */
    static String describe(Exception e) {
        if (e instanceof com.fasterxml.jackson.core.JsonProcessingException j) {
            var at = j.getLocation();
            return at == null || at.getColumnNr() < 1 ? "invalid JSON" : "invalid JSON at byte " + at.getColumnNr();
        }
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** The bytes of the line {@link #next()} last returned, without its newline (valid until the next call). */
    byte[] lineBytes() {
        return lines.bytes();
    }

    /** The length of {@link #lineBytes()}'s line. */
    int lineLength() {
        return lineLength;
    }

    /** The decoder, which holds the stream's hello and key lists. */
    LineDecoder decoder() {
        return decoder;
    }

    /** 1-based number of the last line returned (or of the bad line when next() threw). */
    public long lineNumber() {
        return lineBase + lines.lineNumber();
    }

    /** Bytes consumed from the underlying (possibly compressed) stream, for progress bars. */
    public long bytesRead() {
        return counted.count();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
