package dev.tickbench.app.clock;

import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.clock.ClockReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;

/**
 * The clock verdict over a range of a capture file (a replayed capture, or a copy of the live session's
 * spool): its lines read in order into a {@link ClockRange} until the range is over, so a range early in
 * a long capture reads only that far. A file damaged inside the range is judged on the lines before the
 * bad one, and the result says where it stopped. Runs on a worker; no toolkit.
 */
final class ClockFile {
    /** Progress is told every this many lines (a few times a second on a large capture). */
    private static final int PROGRESS_EVERY = 2048;

    /**
     * The verdict, and where the file stopped being readable (null when it was read as far as the range needed).
     *
     * @param cancelled the reading stopped because it was no longer wanted
     */
    record Result(ClockReport report, String readError, boolean cancelled) {}

    private ClockFile() {}

    /**
     * Judges {@code file}'s samples in {@code (fromEpochS, toEpochS]}; {@code progress} hears 0 to 1 (the
     * share of the file's bytes read), {@code cancelled} is asked as it goes.
     *
     * @throws IOException when the file cannot be opened or read
     */
    static Result judge(
            Path file, double fromEpochS, double toEpochS, DoubleConsumer progress, BooleanSupplier cancelled)
            throws IOException {
        ClockRange range = new ClockRange(fromEpochS, toEpochS);
        double total = Math.max(1, Files.size(file));
        try (CaptureReader r = CaptureReader.open(file)) {
            long n = 0;
            for (StreamLine l = r.next(); l != null; l = r.next()) {
                if (!range.accept(l)) {
                    break;
                }
                if (++n % PROGRESS_EVERY == 0) {
                    progress.accept(Math.min(1, r.bytesRead() / total));
                    if (cancelled.getAsBoolean()) {
                        return new Result(range.report(), null, true);
                    }
                }
            }
        } catch (CaptureFormatException e) {
            return new Result(
                    range.report(),
                    file.getFileName() + " is damaged at line " + e.lineNumber() + " ("
                            + e.getMessage().replaceFirst("^line \\d+: ", "") + "): judged on the lines before it",
                    false);
        }
        progress.accept(1);
        return new Result(range.report(), null, false);
    }
}
