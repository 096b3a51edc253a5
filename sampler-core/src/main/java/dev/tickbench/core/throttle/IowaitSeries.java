package dev.tickbench.core.throttle;

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
 * Loads the iowait series a replay feeds: plain text (one percentage per line at 1 Hz, blank and
 * {@code #} lines skipped) or a capture (NDJSON read by {@link dev.tickbench.core.capture.CaptureReader},
 * gzip recognised by its magic bytes, whatever the name). A capture is the one that starts with '{'.
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
     * The same from a stream ({@code throttle replay} over SSH reads stdin); {@code name} stands for the
     * file in messages. The stream is not closed.
     */
    public static Loaded load(InputStream raw, String name) throws IOException {
        InputStream in = open(raw);
        if (firstNonBlankByte(in) == '{') {
            return CaptureIowait.read(name, in);
        }
        List<IowaitPoint> points = readText(name, in);
        if (points.isEmpty()) {
            throw new SeriesFormatException(name + ": no iowait values in it (one percentage per line)");
        }
        return new Loaded(points, Optional.empty());
    }

    /** The bytes, gunzipped when they start with the gzip magic (whatever the name says). */
    private static InputStream open(InputStream source) throws IOException {
        InputStream raw = new BufferedInputStream(source, 1 << 16);
        raw.mark(2);
        int b1 = raw.read();
        int b2 = raw.read();
        raw.reset();
        InputStream in = b1 == GZIP_MAGIC_1 && b2 == GZIP_MAGIC_2 ? new GZIPInputStream(raw, 1 << 16) : raw;
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
    static List<IowaitPoint> readText(String file, InputStream in) throws IOException {
        List<IowaitPoint> out = new ArrayList<>();
        LineInput lines = new LineInput(in);
        int len;
        while (true) {
            try {
                len = lines.next();
            } catch (java.util.zip.ZipException | java.io.EOFException | LineInput.TooLongException e) {
                throw bad(file, lines.lineNumber(), e instanceof LineInput.TooLongException ? e.getMessage()
                        : "corrupt or truncated gzip data");
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
            out.add(new IowaitPoint(out.size(), v));
        }
        return out;
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
