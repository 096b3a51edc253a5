package dev.tickbench.core.recorder;

import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.capture.LineBytes;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * One capture as the writer thread sees it: opened at its temporary name with the ring's cut, fed the
 * lines after it, closed and renamed. The disk bound is applied when it opens and every
 * {@link #CHECK_EVERY_BYTES} written; a capture larger than the bound on its own is ended there. A
 * failed write (disk full) ends it: once its cut is on disk, what was written is renamed into place all
 * the same; before that (the file could not even take its cut) the file is removed, as it holds nothing
 * to read. Its descriptor is closed whatever failed.
 */
final class CaptureJob {
    private static final long CHECK_EVERY_BYTES = 1 << 20;

    final Path file;
    final List<String> triggers = new CopyOnWriteArrayList<>();
    private final Path partial;
    private final long maxDiskBytes;
    /** The file's own stream, closed here: a gzip stream whose trailer does not fit leaves it open. */
    private OutputStream raw;

    private CaptureWriter writer;
    private long sinceCheck;
    private long samples;
    private boolean truncated;
    private boolean cutOnDisk;
    private String error;
    private boolean ended;

    CaptureJob(Path file, String firstTrigger, long maxDiskBytes) {
        this.file = file;
        this.partial = CaptureFiles.partial(file);
        this.maxDiskBytes = maxDiskBytes;
        triggers.add(firstTrigger);
    }

    /** Writer thread: opens the partial file and writes the cut. Returns the captures the bound deleted. */
    int open(byte[] cut) {
        int deleted = 0;
        try {
            deleted = CaptureFiles.bound(file.getParent(), maxDiskBytes, partial);
            raw = Files.newOutputStream(partial, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            writer =
                    CaptureWriter.open(raw, partial); // the gzip header goes with the first line: it may not fit either
            writer.line(cut, 0, cut.length);
            writer.flush(); // the cut on disk: from here on the file is worth keeping, whatever fails later
        } catch (IOException | UncheckedIOException e) {
            fail(e);
            discard();
            return deleted;
        }
        cutOnDisk = true;
        samples += countSamples(cut, 0, cut.length);
        sinceCheck += cut.length;
        return deleted;
    }

    /** Writer thread: one more line (or block of lines). Returns the captures the bound deleted. */
    int write(byte[] b, int off, int len) {
        if (ended) {
            return 0;
        }
        try {
            writer.line(b, off, len);
            samples += countSamples(b, off, len);
            sinceCheck += len;
        } catch (IOException e) {
            fail(e);
            return 0;
        }
        if (sinceCheck < CHECK_EVERY_BYTES) {
            return 0;
        }
        sinceCheck = 0;
        try {
            writer.flush();
            int deleted = CaptureFiles.bound(file.getParent(), maxDiskBytes, partial);
            if (Files.size(partial) > maxDiskBytes) {
                truncated = true; // this capture alone is over the bound: it ends here
                ended = true;
            }
            return deleted;
        } catch (IOException e) {
            fail(e);
            return 0;
        }
    }

    private void fail(Exception e) {
        Throwable cause = e instanceof UncheckedIOException u ? u.getCause() : e;
        if (error == null) {
            error = String.valueOf(cause.getMessage());
        }
        ended = true;
    }

    /** The capture holds nothing to read: its descriptor closed and its file removed. */
    private void discard() {
        closeRaw();
        writer = null;
        try {
            Files.deleteIfExists(partial);
        } catch (IOException e) {
            error += "; cannot remove " + partial + ": " + e.getMessage();
        }
    }

    private void closeRaw() {
        if (raw == null) {
            return;
        }
        try {
            raw.close();
        } catch (IOException e) {
            // closing the descriptor is all that is wanted: a failed flush of it was already said
        }
        raw = null;
    }

    private static long countSamples(byte[] b, int off, int len) {
        long n = 0;
        int lineStart = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                int l = i - lineStart;
                if (LineBytes.isSample(b, lineStart, l)) {
                    n++;
                }
                lineStart = i + 1;
            }
        }
        return n;
    }

    void truncated() {
        truncated = true;
    }

    /** What went wrong, or null; set once the job has run its last step. */
    String error() {
        return error;
    }

    /**
     * Writer thread: closes and renames; tells {@code onSaved}. Null when nothing was kept (it could not
     * be created, or not even its cut reached the disk: {@link #error} says why).
     */
    SavedCapture finish(Consumer<SavedCapture> onSaved) {
        if (!cutOnDisk) {
            return null;
        }
        try {
            writer.close();
        } catch (IOException e) {
            if (error == null) {
                error = e.getMessage();
            }
        } finally {
            closeRaw();
        }
        long bytes;
        try {
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
            bytes = Files.size(file);
        } catch (IOException e) {
            error = (error == null ? "" : error + "; ") + "cannot rename " + partial + " to " + file + ": "
                    + e.getMessage();
            return new SavedCapture(partial, List.copyOf(triggers), samples, -1, truncated, error);
        }
        SavedCapture s = new SavedCapture(file, List.copyOf(triggers), samples, bytes, truncated, error);
        onSaved.accept(s);
        return s;
    }
}
