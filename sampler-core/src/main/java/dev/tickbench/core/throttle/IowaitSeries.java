package dev.tickbench.core.throttle;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
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
        try (InputStream in = open(file)) {
            if (firstNonBlankByte(in) == '{') {
                return CaptureIowait.read(file, in);
            }
            BufferedReader text = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            List<IowaitPoint> points = readText(file, text);
            if (points.isEmpty()) {
                throw new SeriesFormatException(file + ": no iowait values in it (one percentage per line)");
            }
            return new Loaded(points, Optional.empty());
        }
    }

    /** The file's bytes, gunzipped when they start with the gzip magic (whatever the name says). */
    private static InputStream open(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
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

    /** Text series: the i-th value is second i; a value must be a percentage from 0 to 100. */
    static List<IowaitPoint> readText(Path file, BufferedReader in) throws IOException {
        List<IowaitPoint> out = new ArrayList<>();
        String line;
        int lineNo = 0;
        while ((line = in.readLine()) != null) {
            lineNo++;
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            double v;
            try {
                v = Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw bad(file, lineNo, "'" + abbreviate(t) + "' is not a number");
            }
            if (!(v >= 0 && v <= 100)) {
                throw bad(file, lineNo, t + " is not an iowait percentage from 0 to 100");
            }
            out.add(new IowaitPoint(out.size(), v));
        }
        return out;
    }

    static SeriesFormatException bad(Path file, int lineNo, String what) {
        return new SeriesFormatException(file + " line " + lineNo + ": " + what);
    }

    static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "…";
    }

    /** The input is readable but is not an iowait series; the message names the file and the line. */
    public static final class SeriesFormatException extends IOException {
        public SeriesFormatException(String message) {
            super(message);
        }
    }
}
