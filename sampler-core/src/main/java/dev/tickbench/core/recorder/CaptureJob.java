package dev.tickbench.core.recorder;

import dev.tickbench.core.capture.CaptureWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * One capture as the writer thread sees it: opened at its temporary name with the ring's cut, fed the
 * lines after it, closed and renamed. The disk bound is applied when it opens and every
 * {@link #CHECK_EVERY_BYTES} written; a capture larger than the bound on its own is ended there. A
 * failed write (disk full) ends it, and what was written is renamed into place all the same.
 */
final class CaptureJob {
    private static final long CHECK_EVERY_BYTES = 1 << 20;
    private static final byte[] SAMPLE = "{\"type\":\"sample\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    final Path file;
    final List<String> triggers = new CopyOnWriteArrayList<>();
    private final Path partial;
    private final long maxDiskBytes;
    private CaptureWriter writer;
    private long sinceCheck;
    private long samples;
    private boolean truncated;
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
            writer = CaptureWriter.open(partial, false);
        } catch (IOException e) {
            error = "cannot create " + partial + ": " + e.getMessage();
            ended = true;
            return deleted;
        }
        return deleted + write(cut, 0, cut.length);
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
            error = e.getMessage();
            ended = true;
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
            error = e.getMessage();
            ended = true;
            return 0;
        }
    }

    private static long countSamples(byte[] b, int off, int len) {
        long n = 0;
        int lineStart = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                int l = i - lineStart;
                if (l >= SAMPLE.length && java.util.Arrays.equals(b, lineStart, lineStart + SAMPLE.length, SAMPLE, 0,
                        SAMPLE.length)) {
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

    /** Writer thread: closes and renames; tells {@code onSaved}. Null when nothing was created. */
    SavedCapture finish(Consumer<SavedCapture> onSaved) {
        if (writer == null) {
            return null;
        }
        try {
            writer.close();
        } catch (IOException e) {
            if (error == null) {
                error = e.getMessage();
            }
        }
        long bytes;
        try {
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
            bytes = Files.size(file);
        } catch (IOException e) {
            error = (error == null ? "" : error + "; ") + "cannot rename " + partial + " to " + file + ": " + e.getMessage();
            return new SavedCapture(partial, List.copyOf(triggers), samples, -1, truncated, error);
        }
        SavedCapture s = new SavedCapture(file, List.copyOf(triggers), samples, bytes, truncated, error);
        onSaved.accept(s);
        return s;
    }
}
