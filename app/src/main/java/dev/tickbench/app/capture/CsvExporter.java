package dev.tickbench.app.capture;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What the window needs from the CSV exporter core ({@code dev.tickbench.core.capture.CsvExport},
 * written on another branch): wide CSV of some series of a capture over a time range.
 */
public interface CsvExporter {
    /** Progress in bytes of the capture read so far. */
    interface Progress {
        void update(long bytesRead, long totalBytes);
    }

    /**
     * @param series series names ({@code <source>.<key>}, globs allowed) to write as columns
     * @param fromEpochS first time to write (epoch seconds, inclusive)
     * @param toEpochS last time to write (inclusive)
     * @param fillHeld repeat a level's held value on ticks where it was not emitted
     * @return rows written
     */
    long export(Path capture, Path out, List<String> series, double fromEpochS, double toEpochS, boolean fillHeld,
                Progress progress) throws IOException;
}
