package dev.tickbench.app.recording;

import dev.tickbench.app.intake.Intake;
import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.PlottedValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Records the current session to a capture (the stream's own bytes, hello first; {@code .gz} compresses).
 * {@link #refresh()} updates the indicator text "● REC 12.1 MB 04:31" (the size on disk). Used from the
 * UI thread; the lines it writes come from the receiving thread (the intake's way, {@link Intake}).
 */
public final class Recorder {
    private Intake intake;
    private CaptureWriter writer;
    private long startedNs;
    private String indicator = "";

    public boolean isRecording() {
        return writer != null;
    }

    /** "● REC 12.1 MB 04:31" while recording, else empty. */
    public String indicator() {
        return indicator;
    }

    public Path file() {
        return writer == null ? null : writer.file();
    }

    /** Records {@code from}'s lines to {@code file} from now on, its hello first. */
    public void start(Path file, Intake from) throws IOException {
        if (writer != null) {
            throw new IllegalStateException("already recording to " + writer.file());
        }
        if (!from.hasHello()) {
            throw new IOException("nothing to record yet: the connection has not sent its hello line");
        }
        // with its index beside it: the recording opens at once whatever its length (FORMAT.md, "Seekable captures")
        CaptureWriter w = CaptureWriter.openIndexed(file, new PlottedValues(SeriesCatalogue.standard()));
        try {
            from.recordTo(w);
        } catch (IOException | RuntimeException e) {
            w.close();
            throw e;
        }
        writer = w;
        intake = from;
        startedNs = System.nanoTime();
        refresh();
    }

    /** Stops and closes the file; returns it (null when not recording). */
    public Path stop() throws IOException {
        if (writer == null) {
            return null;
        }
        intake.recordTo(null);
        Path file = writer.file();
        try {
            writer.close();
        } finally {
            writer = null;
            intake = null;
            indicator = "";
        }
        return file;
    }

    /** Pushes buffered lines to the file (before the file is read, e.g. by a CSV export). */
    public void flush() {
        CaptureWriter w = writer;
        if (w != null) {
            try {
                w.flush();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /** The indicator now: the file's size on disk and the time recorded. */
    public String refresh() {
        CaptureWriter w = writer;
        if (w != null) {
            indicator = text(onDisk(w), System.nanoTime() - startedNs);
        }
        return indicator;
    }

    /** The file's size on disk (compressed for .gz; what the user's disk pays), else the bytes written so far. */
    private static long onDisk(CaptureWriter w) {
        try {
            return java.nio.file.Files.size(w.file());
        } catch (IOException e) {
            return w.bytesWritten();
        }
    }

    static String text(long bytes, long elapsedNs) {
        long s = elapsedNs / 1_000_000_000L;
        String size = bytes < 1024 * 1024
                ? String.format(Locale.ROOT, "%.0f kB", bytes / 1024.0)
                : String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
        return String.format(Locale.ROOT, "● REC %s %02d:%02d", size, s / 60, s % 60);
    }
}
