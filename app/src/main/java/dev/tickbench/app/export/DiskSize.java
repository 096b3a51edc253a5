package dev.tickbench.app.export;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What a file the workbench wrote takes on disk, compressed or not, in the words of docs/sessions.md. */
public final class DiskSize {
    private DiskSize() {}

    /** "Saved /x/y.csv (1.2 MB on disk)". */
    public static String saved(Path file) {
        String size;
        try {
            size = " (" + text(Files.size(file)) + " on disk)";
        } catch (IOException e) {
            size = " (its size cannot be read: " + e.getMessage() + ")";
        }
        return "Saved " + file + size;
    }

    /** 0.9 kB, 412 kB, 3.2 MB, 1.4 GB (powers of 1024, as the REC indicator). */
    public static String text(long bytes) {
        if (bytes < 1024L * 1024) {
            return String.format(Locale.ROOT, bytes < 10 * 1024 ? "%.1f kB" : "%.0f kB", bytes / 1024.0);
        }
        if (bytes < 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.1f GB", bytes / (1024.0 * 1024 * 1024));
    }
}
