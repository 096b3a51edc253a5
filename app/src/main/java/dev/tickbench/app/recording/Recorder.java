package dev.tickbench.app.recording;

import dev.tickbench.app.session.LineIntake;
import dev.tickbench.core.capture.CaptureWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * Records the current session to a capture (the stream's own bytes, hello first; {@code .gz} compresses).
 * View-model: {@link #refresh()} updates the indicator text "● REC 12.1 MB 04:31" (the size on disk).
 */
public final class Recorder {
    private final BooleanProperty recording = new SimpleBooleanProperty(false);
    private final ReadOnlyStringWrapper indicator = new ReadOnlyStringWrapper("");
    private LineIntake intake;
    private CaptureWriter writer;
    private long startedNs;

    public ReadOnlyBooleanProperty recordingProperty() {
        return recording;
    }

    public ReadOnlyStringProperty indicatorProperty() {
        return indicator.getReadOnlyProperty();
    }

    public boolean isRecording() {
        return recording.get();
    }

    public Path file() {
        return writer == null ? null : writer.file();
    }

    public void start(Path file, LineIntake from) throws IOException {
        if (writer != null) {
            throw new IllegalStateException("already recording to " + writer.file());
        }
        if (!from.hasHello()) {
            throw new IOException("nothing to record yet: the connection has not sent its hello line");
        }
        CaptureWriter w = CaptureWriter.open(file);
        from.startTap(w);
        writer = w;
        intake = from;
        startedNs = System.nanoTime();
        recording.set(true);
        refresh();
    }

    /** Stops and closes the file; returns it (null when not recording). */
    public Path stop() throws IOException {
        if (writer == null) {
            return null;
        }
        intake.stopTap(writer);
        Path file = writer.file();
        try {
            writer.close();
        } finally {
            writer = null;
            intake = null;
            recording.set(false);
            indicator.set("");
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

    public void refresh() {
        CaptureWriter w = writer;
        if (w != null) {
            indicator.set(text(onDisk(w), System.nanoTime() - startedNs));
        }
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
