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
 * {@code #} lines skipped) or a capture (NDJSON, gzip recognised by its magic bytes, whatever the name).
 * The kind is told from the first meaningful line: a capture's starts with '{'.
 */
public final class IowaitSeries {
    private static final int GZIP_MAGIC_1 = 0x1f;
    private static final int GZIP_MAGIC_2 = 0x8b;

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
        try (BufferedReader in = open(file)) {
            in.mark(1 << 24); // a capture's hello line carries the whole capabilities object
            String first = firstMeaningfulLine(in);
            in.reset();
            if (first != null && first.startsWith("{")) {
                return CaptureIowait.read(file, in);
            }
            return new Loaded(readText(file, in), Optional.empty());
        }
    }

    private static BufferedReader open(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file));
        raw.mark(2);
        int b1 = raw.read();
        int b2 = raw.read();
        raw.reset();
        InputStream in = b1 == GZIP_MAGIC_1 && b2 == GZIP_MAGIC_2 ? new GZIPInputStream(raw) : raw;
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    }

    private static String firstMeaningfulLine(BufferedReader in) throws IOException {
        String line;
        int read = 0;
        while ((line = in.readLine()) != null && read < 100) {
            read++;
            String t = line.strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                return t;
            }
        }
        return null;
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
