package dev.tickbench.app.diff;

import dev.tickbench.core.text.InertText;
import java.nio.file.Path;

/**
 * The capture a side's range is in: the one the workbench shows (a capture it opened, or the live session
 * ranked from a copy of its spool), or another capture file picked in the window.
 *
 * @param file the other capture; null for the one the workbench shows
 */
record DiffCapture(Path file) {
    static final DiffCapture SHOWN = new DiffCapture(null);

    boolean isShown() {
        return file == null;
    }

    /** "this capture", or the other file's name (escaped: a name is text from outside). */
    @Override
    public String toString() {
        return file == null ? "this capture" : InertText.line(String.valueOf(file.getFileName()));
    }
}
