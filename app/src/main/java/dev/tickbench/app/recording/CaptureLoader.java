package dev.tickbench.app.recording;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.LineInput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/**
 * Replays a capture file into a store. A corrupt or truncated line ends the replay there: every
 * line before it stays loaded and the result names the line. No JavaFX here; the view runs it in a Task.
 *
 * <p>Decoding is the cost of opening a capture, so it runs in parallel ({@link ChunkedDecode}): one
 * thread reads (and gunzips) the file into chunks of whole lines, the decoders work on several chunks
 * at once, and this thread feeds the store in file order.
 */
public final class CaptureLoader {
    /**
     * The first batch goes to the charts after this long: it is the first screen. Later batches come
     * at doubling intervals (up to {@link #MAX_FLUSH_NS}), because each one redraws every chart and a
     * redraw of an hour at 100 Hz costs about a second of the FX thread in software rendering.
     */
    private static final long FIRST_FLUSH_NS = 250_000_000L;

    private static final long MAX_FLUSH_NS = 4_000_000_000L;

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
                    ? name + " is damaged at line " + badLine + " (" + error + "); showing the " + lines
                            + " lines before it"
                    : name + ": " + error + "; showing the " + lines + " lines read";
        }
    }

    private CaptureLoader() {}

    public static Result load(Path file, SeriesStore store, Progress progress, BooleanSupplier cancelled)
            throws IOException {
        long total = Files.size(file);
        try (CaptureReader check = CaptureReader.open(file)) {
            // the same refusal as every other reader for a file that is not what its name says (not gzip)
        }
        long lines = 0;
        long lastFlush = System.nanoTime();
        long interval = FIRST_FLUSH_NS;
        try (ChunkedDecode decode = new ChunkedDecode(file, LineInput.MAX_LINE_BYTES)) {
            while (true) {
                ChunkedDecode.Chunk chunk = decode.next();
                if (chunk == null) {
                    break;
                }
                for (int i = 0; i < chunk.lines().size(); i++) {
                    store.accept(chunk.lines().get(i));
                }
                lines += chunk.lines().size();
                if (chunk.error() != null) {
                    store.flush();
                    CaptureFormatException e = chunk.error();
                    return new Result(file, lines, e.getMessage().replaceFirst("^line \\d+: ", ""), e.lineNumber());
                }
                long now = System.nanoTime();
                if (now - lastFlush >= interval) {
                    store.flush();
                    lastFlush = now;
                    interval = Math.min(MAX_FLUSH_NS, interval * 2);
                    progress.update(chunk.bytesRead(), total);
                }
                if (cancelled.getAsBoolean()) {
                    store.flush();
                    return new Result(file, lines, "cancelled", -1);
                }
            }
        }
        store.compact(); // read whole: the arrays' room to grow is given back
        progress.update(total, total);
        return new Result(file, lines, null, -1);
    }
}
