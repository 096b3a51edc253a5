package dev.tickbench.core.recorder;

import java.nio.file.Path;
import java.util.List;

/**
 * A capture the recorder finished: renamed into place, ready to open.
 *
 * @param triggers the names of the triggers merged into it, the first one first (the file is named by it)
 * @param samples sample lines in the file
 * @param bytes its size on disk
 * @param truncated it was ended early (the disk bound is smaller than it, or the writer fell behind)
 * @param error what went wrong while writing (disk full), null when nothing; what was written is kept
 */
public record SavedCapture(
        Path file, List<String> triggers, long samples, long bytes, boolean truncated, String error) {}
