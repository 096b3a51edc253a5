package dev.tickbench.core.clock;

import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.StreamLine;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The clock verdict over a range of a capture (the workbench's selected range, {@code clock --capture}):
 * the same {@link ClockWindow} a live run feeds, fed the capture's lines.
 */
public final class ClockAnalysis {
    /**
     * The verdict, and where the capture stopped being readable (its line and why; null when it was read
     * to its end): a truncated or corrupt capture is judged on the lines before the bad one.
     */
    public record CaptureVerdict(ClockReport report, String readError) {}

    private ClockAnalysis() {}

    /**
     * The verdict over the capture's samples whose {@code t_s} (seconds since its first sample, as in its
     * CSV) is in {@code [fromS, toS]}; null for an open end.
     *
     * @throws IOException when the file cannot be opened
     */
    public static CaptureVerdict ofCapture(Path capture, Double fromS, Double toS) throws IOException {
        ClockWindow w = new ClockWindow(fromS, toS);
        String error = null;
        try (CaptureReader r = CaptureReader.open(capture)) {
            try {
                for (StreamLine l = r.next(); l != null; l = r.next()) {
                    w.accept(l);
                }
            } catch (CaptureFormatException e) {
                error = capture + " " + e.getMessage();
            }
        }
        return new CaptureVerdict(w.report(), error);
    }
}
