package dev.tickbench.core.throttle;

import dev.tickbench.core.capture.BoundedGunzip;
import dev.tickbench.core.capture.LineInput;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * The iowait series a replay feeds: plain text (one percentage per line at 1 Hz, blank and
 * {@code #} lines skipped) or a capture (NDJSON read by {@link dev.tickbench.core.capture.CaptureReader},
 * gzip recognised by its magic bytes, whatever the name). A capture is the one that starts with '{'.
 * Streamed: each value is handed on as soon as it is known, and nothing grows with the input's length
 * (3 million lines replay in the probe's packaged heap).
 */
public final class IowaitSeries {
    private static final int GZIP_MAGIC_1 = 0x1f;
    private static final int GZIP_MAGIC_2 = 0x8b;
    private static final int PEEK_LIMIT = 4096;

    private IowaitSeries() {}

    /**
     * The series and, for a capture that ends in a corrupt or truncated line, a warning naming the line
     * (everything before it is kept, FORMAT.md).
     */
    public record Loaded(List<IowaitPoint> points, Optional<String> warning) {}

    /**
     * @throws SeriesFormatException a bad line in a text series (file and line number in the message),
     *     or a capture with no iowait in it
     * @throws IOException the file cannot be read
     */
    public static Loaded load(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file)) {
            return load(raw, file.toString());
        }
    }

    /**
     * The same from a stream; {@code name} stands for the file in messages. The stream is not closed.
     * Holds the whole series: for a viewer that draws it; a replay streams instead.
     */
    public static Loaded load(InputStream raw, String name) throws IOException {
        List<IowaitPoint> points = new ArrayList<>();
        Optional<String> warning = stream(raw, name, 0, points::add);
        return new Loaded(points, warning);
    }

    /** Takes the values of a series one at a time, in order. */
    @FunctionalInterface
    public interface PointSink {
        void point(IowaitPoint p) throws IOException;
    }

    /**
     * Hands each value of the series to {@code sink} as soon as it is known; returns the warning of a
     * capture that ends in a corrupt or truncated line (every value before it was handed on).
     *
     * @param maxInflation 0, or the most a gzip input may grow ({@link BoundedGunzip}: over SSH, where
     *     the input comes from a client)
     * @throws SeriesFormatException a bad line in a text series (after the values before it), a line
     *     past a limit, or a capture with no iowait in it
     */
    public static Optional<String> stream(InputStream raw, String name, long maxInflation, PointSink sink)
            throws IOException {
        InputStream in = open(raw, maxInflation);
        if (firstNonBlankByte(in) == '{') {
            return CaptureIowait.read(name, in, sink);
        }
        if (readText(name, in, sink) == 0) {
            throw new SeriesFormatException(name + ": no iowait values in it (one percentage per line)");
        }
        return Optional.empty();
    }

    /** The bytes, gunzipped when they start with the gzip magic (whatever the name says). */
    private static InputStream open(InputStream source, long maxInflation) throws IOException {
        InputStream raw = new BufferedInputStream(source, 1 << 16);
        raw.mark(2);
        int b1 = raw.read();
        int b2 = raw.read();
        raw.reset();
        InputStream in = b1 != GZIP_MAGIC_1 || b2 != GZIP_MAGIC_2
                ? raw
                : maxInflation > 0 ? BoundedGunzip.open(raw, maxInflation) : new GZIPInputStream(raw, 1 << 16);
        return new BufferedInputStream(in, 1 << 16);
    }

    /** Peeks past leading whitespace; the stream is left where it was. */
    private static int firstNonBlankByte(InputStream in) throws IOException {
        in.mark(PEEK_LIMIT);
        try {
            for (int i = 0; i < PEEK_LIMIT; i++) {
                int c = in.read();
                if (c < 0 || !Character.isWhitespace(c)) {
                    return c;
                }
            }
            return -1;
        } finally {
            in.reset();
        }
    }

    /**
     * Text series: the i-th value is second i; a value must be a percentage from 0 to 100. A bad line is
     * named by number, never quoted: the file may be anything the caller could name (a secret).
     */
    static long readText(String file, InputStream in, PointSink sink) throws IOException {
        long n = 0;
        LineInput lines = new LineInput(in);
        int len;
        while (true) {
            try {
                len = lines.next();
            } catch (java.util.zip.ZipException | java.io.EOFException e) {
                throw bad(file, lines.lineNumber(), "corrupt or truncated gzip data");
            } catch (LineInput.TooLongException | BoundedGunzip.TooMuchException e) {
                throw bad(file, lines.lineNumber(), e.getMessage());
            }
            if (len < 0) {
                break;
            }
            long lineNo = lines.lineNumber();
            String t = new String(lines.bytes(), 0, len, StandardCharsets.UTF_8).strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            double v;
            try {
                v = Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw bad(file, lineNo, "not a number (one iowait percentage from 0 to 100 per line)");
            }
            if (!(v >= 0 && v <= 100)) {
                throw bad(file, lineNo, t + " is not an iowait percentage from 0 to 100");
            }
            sink.point(new IowaitPoint(n++, v));
        }
        return n;
    }

    static SeriesFormatException bad(String file, long lineNo, String what) {
        return new SeriesFormatException(file + " line " + lineNo + ": " + what);
    }

    /** The input is readable but is not an iowait series; the message names the file and the line. */
    public static final class SeriesFormatException extends IOException {
        public SeriesFormatException(String message) {
            super(message);
        }
    }
}
