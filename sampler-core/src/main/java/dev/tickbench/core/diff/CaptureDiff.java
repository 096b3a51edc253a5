package dev.tickbench.core.diff;

import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@link SeriesDiff} over capture files: a range of one capture against a range of another, or two ranges
 * of one capture (read once). Streams each file: memory does not grow with its length.
 */
public final class CaptureDiff {
    private CaptureDiff() {}

    /** One side of a comparison: a capture file and a range of it. */
    public record Side(Path file, DiffRange range) {
        /** {@code run.ndjson.gz@0 s..300 s}; the file name alone for the whole capture. */
        public String label() {
            return range.isWhole() ? file.toString() : file + "@" + range.describe();
        }
    }

    /**
     * Ranks every series of B against A.
     *
     * @throws IOException a file cannot be opened or read, or does not start with a hello line (the message
     *     names the file); a corrupt or truncated line does not throw: the lines before it are compared and the
     *     side's summary says where it stopped
     */
    public static DiffResult compare(Side a, Side b) throws IOException {
        return compare(a, b, SeriesCatalogue.standard());
    }

    public static DiffResult compare(Side a, Side b, SeriesCatalogue catalogue) throws IOException {
        if (sameFile(a.file(), b.file())) {
            List<RangeSummary> both =
                    summarize(a.file(), List.of(a.range(), b.range()), List.of(a.label(), b.label()), catalogue);
            return SeriesDiff.compare(both.get(0), both.get(1));
        }
        RangeSummary sa = summarize(a.file(), List.of(a.range()), List.of(a.label()), catalogue)
                .get(0);
        RangeSummary sb = summarize(b.file(), List.of(b.range()), List.of(b.label()), catalogue)
                .get(0);
        return SeriesDiff.compare(sa, sb);
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false; // the read that follows names the file that cannot be opened
        }
    }

    /** Every series over each range of one capture file, in one pass. */
    public static List<RangeSummary> summarize(
            Path file, List<DiffRange> ranges, List<String> labels, SeriesCatalogue catalogue) throws IOException {
        return read(file, feed -> SeriesDiff.summarize(feed, ranges, labels, catalogue, file.toString()));
    }

    /** What reads a capture's feed, from its hello on. */
    @FunctionalInterface
    interface FeedReader<T> {
        T read(LineFeed feed) throws IOException;
    }

    /**
     * Opens {@code file}, checks that it starts with a hello line and gives {@code reader} its lines from
     * that hello on; an error names the file (a corrupt line later on is the reader's to handle).
     */
    static <T> T read(Path file, FeedReader<T> reader) throws IOException {
        CaptureReader in;
        try {
            in = CaptureReader.open(file);
        } catch (NoSuchFileException e) {
            throw new IOException(file + ": no such file", e);
        }
        try (in) {
            StreamLine first;
            try {
                first = in.next();
            } catch (CaptureFormatException e) {
                throw new IOException(
                        file + " " + e.getMessage() + " (the hello line is unreadable; is this a Tickbench capture?)",
                        e);
            }
            if (!(first instanceof Hello)) {
                throw new IOException(file + ": " + (first == null ? "empty file" : "line 1 is not a hello line")
                        + "; a Tickbench capture starts with one (record it with tickbench-probe record)");
            }
            boolean[] gave = {false};
            LineFeed feed = () -> {
                if (!gave[0]) {
                    gave[0] = true;
                    return first;
                }
                return in.next();
            };
            return reader.read(feed);
        } catch (IOException e) {
            String m = String.valueOf(e.getMessage());
            throw m.startsWith(file.toString()) ? e : new IOException(file + ": cannot read: " + m, e);
        }
    }
}
