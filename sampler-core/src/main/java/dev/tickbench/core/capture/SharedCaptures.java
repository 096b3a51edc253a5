package dev.tickbench.core.capture;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Captures opened with their index, one read of the index for every reader of the same file while one
 * of them holds it: the workbench's replay and its clock panel open a capture at the same moment, and a
 * day's index takes a second to read. A reader that comes while another is reading waits for that read.
 * A capture or index changed since (a recording still going, an index built later) is read again.
 */
public final class SharedCaptures {
    /** The bins of a shared capture's overview: more than the pixels of a track across a wide screen. */
    public static final int BINS = 2048;

    private static final Map<Path, Entry> OPEN = new HashMap<>();

    private SharedCaptures() {}

    /**
     * {@code capture} with its index, as {@link SeekableCapture#open} with {@link #BINS} bins: the same
     * instance as another reader's while the files are unchanged and that reader holds it.
     *
     * @throws IOException as {@link SeekableCapture#open}; another reader's failed read is told to every
     *     reader that waited for it, and the next open tries again
     */
    public static SeekableCapture open(Path capture) throws IOException {
        Path key = capture.toAbsolutePath().normalize();
        while (true) {
            String stamp = stamp(key);
            Entry entry;
            boolean mine = false;
            synchronized (OPEN) {
                OPEN.values().removeIf(Entry::gone);
                entry = OPEN.get(key);
                if (entry == null || !entry.stamp.equals(stamp)) {
                    entry = new Entry(stamp);
                    OPEN.put(key, entry);
                    mine = true;
                }
            }
            if (!mine) {
                entry.await();
                SeekableCapture c = entry.capture();
                if (c != null || !entry.indexed()) {
                    return c;
                }
                continue; // let go between its read and this reader's turn: read again
            }
            try {
                SeekableCapture c = SeekableCapture.open(capture, BINS);
                entry.opened(c);
                return c;
            } catch (IOException | RuntimeException e) {
                entry.failed(e);
                throw e;
            }
        }
    }

    /** Entries the map holds now (tests: files without an index, or let go, are not kept). */
    static int entries() {
        synchronized (OPEN) {
            return OPEN.size();
        }
    }

    /** What tells one state of the capture and its index from another: sizes and modification times. */
    private static String stamp(Path capture) {
        Path idx = CaptureWriter.indexPath(capture);
        try {
            return Files.size(capture) + "/" + Files.getLastModifiedTime(capture) + "/"
                    + (Files.exists(idx) ? Files.size(idx) + "/" + Files.getLastModifiedTime(idx) : "-");
        } catch (IOException e) {
            return "unreadable " + System.nanoTime(); // not shared: the open says what is wrong
        }
    }

    private static final class Entry {
        final String stamp;
        final CountDownLatch done = new CountDownLatch(1);
        /** Null with {@code done} counted down: the capture has no index. */
        private volatile WeakReference<SeekableCapture> held;

        private volatile Exception failure;

        Entry(String stamp) {
            this.stamp = stamp;
        }

        void opened(SeekableCapture c) {
            held = c == null ? null : new WeakReference<>(c);
            done.countDown();
        }

        void failed(Exception e) {
            failure = e;
            done.countDown();
        }

        /** Read and then let go by every reader, failed, or found without an index: the next open looks again. */
        boolean gone() {
            if (done.getCount() > 0) {
                return false;
            }
            WeakReference<SeekableCapture> h = held;
            return failure != null || h == null || h.get() == null;
        }

        /** Waits for the read; its failure is thrown here too. */
        void await() throws IOException {
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while another reader read the index");
            }
            Exception f = failure;
            if (f instanceof IOException io) {
                throw new IOException(io.getMessage(), io);
            }
            if (f != null) {
                throw new IllegalStateException(f.getMessage(), f);
            }
        }

        boolean indexed() {
            return held != null;
        }

        SeekableCapture capture() {
            WeakReference<SeekableCapture> h = held;
            return h == null ? null : h.get();
        }
    }
}
