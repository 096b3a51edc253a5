package dev.tickbench.app.capture;

import dev.tickbench.app.live.SeriesStore;
import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.StreamLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/**
 * Replays a capture file into a store. A corrupt or truncated line ends the replay there: every
 * line before it stays loaded and the result names the line. No JavaFX here; the view runs it in a Task.
 */
public final class CaptureLoader {
    /** Lines between dataset flushes: big batches, few locks. */
    private static final int FLUSH_EVERY = 200_000;

    /** Progress in compressed bytes read, for the progress bar. */
    public interface Progress {
        void update(long bytesRead, long totalBytes);
    }

    /**
     * @param lines lines read without error
     * @param error null when the whole file was read; otherwise "line 1234: truncated JSON", or a cancel/IO message
     * @param badLine the 1-based line number of the bad line, or -1
     */
    public record Result(Path file, long lines, String error, long badLine) {
        public boolean complete() {
            return error == null;
        }

        /** What the window says: "Opened x.ndjson: 360 001 lines" or which line stopped it. */
        public String message() {
            String name = file.getFileName().toString();
            if (error == null) {
                return "Opened " + name + ": " + lines + " lines";
            }
            return badLine > 0
                    ? name + " is damaged at line " + badLine + " (" + error + "); showing the " + lines + " lines before it"
                    : name + ": " + error + "; showing the " + lines + " lines read";
        }
    }

    private CaptureLoader() {}

    public static Result load(Path file, SeriesStore store, Progress progress, BooleanSupplier cancelled) throws IOException {
        long total = Files.size(file);
        long lines = 0;
        try (CaptureReader reader = CaptureReader.open(file)) {
            StreamLine line;
            while (true) {
                try {
                    line = reader.next();
                } catch (CaptureFormatException e) {
                    store.flush();
                    return new Result(file, lines, e.getMessage().replaceFirst("^line \\d+: ", ""), e.lineNumber());
                }
                if (line == null) {
                    break;
                }
                store.accept(line);
                lines++;
                if (lines % FLUSH_EVERY == 0) {
                    store.flush();
                    progress.update(reader.bytesRead(), total);
                    if (cancelled.getAsBoolean()) {
                        return new Result(file, lines, "cancelled", -1);
                    }
                }
            }
            store.flush();
            progress.update(total, total);
        }
        return new Result(file, lines, null, -1);
    }
}
