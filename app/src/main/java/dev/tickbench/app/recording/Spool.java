package dev.tickbench.app.recording;

import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.capture.LineSink;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Everything the live session received, kept in the user's cache so Export CSV works without a
 * recording. Bounded: two plain segments; when the current one is over half the byte budget or half
 * the age limit it becomes the previous one (the one before is deleted) and a new one starts with the
 * session's hello. So the spool holds at least the last half of each limit and never more than them.
 * Plain NDJSON (not gzip): an export reads it while it grows, and a gzip stream mid-block is unreadable.
 *
 * <p>Lines come in through a feed ({@link #startOver}, {@link #follow}): one at a time is the spool's,
 * and a feed that was replaced writes nothing, so the session switched away from never reaches the
 * spool of the next, whichever thread hands its last lines in.
 */
public final class Spool implements AutoCloseable {
    /** Defaults: 512 MB or one hour, whichever is first. */
    public static final long DEFAULT_MAX_BYTES = 512L * 1024 * 1024;

    public static final long DEFAULT_MAX_AGE_NS = 3_600_000_000_000L;

    private final Path dir;
    private final long maxBytes;
    private final long maxAgeNs;
    private final LongSupplier clock;
    private final String prefix = "spool-" + ProcessHandle.current().pid() + "-";
    /** The feed whose lines are kept; null when none is. */
    private Feed feed;

    private CaptureWriter current;
    private Path previous;
    private long currentStartNs;
    private int segments;
    /** Segments a snapshot is copying (a list: two snapshots may read the same one), and those to delete after. */
    private final java.util.List<Path> reading = new java.util.ArrayList<>();

    private final java.util.List<Path> deferred = new java.util.ArrayList<>();

    public Spool(Path dir, long maxBytes, long maxAgeNs, LongSupplier clock) {
        this.dir = dir;
        this.maxBytes = maxBytes;
        this.maxAgeNs = maxAgeNs;
        this.clock = clock;
    }

    /**
     * Deletes the spool files of workbenches that are gone (killed, crashed: no close(), no JVM exit
     * hook), so the cache does not fill up with them. Files of running workbenches are left alone.
     * Returns how many were deleted.
     */
    public static int deleteOrphans(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        int deleted = 0;
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = f.getFileName().toString();
                java.util.regex.Matcher m = ORPHAN.matcher(name);
                if (m.matches()
                        && ProcessHandle.of(Long.parseLong(m.group(1)))
                                .map(p -> !p.isAlive())
                                .orElse(true)) {
                    Files.deleteIfExists(f);
                    deleted++;
                }
            }
        }
        return deleted;
    }

    private static final java.util.regex.Pattern ORPHAN = java.util.regex.Pattern.compile("spool-(\\d+)-\\d+\\.ndjson");

    /** {@code $XDG_CACHE_HOME/tickbench/spool}, else {@code $HOME/.cache/tickbench/spool} ({@link dev.tickbench.app.dirs.UserDirs}). */
    public static Path defaultDir() {
        return dev.tickbench.app.dirs.UserDirs.current().spool();
    }

    /**
     * A new session: what was spooled is deleted, and the lines handed to the feed returned are kept
     * from now on. {@code hello}: the hello in effect, which each new segment starts with.
     */
    public synchronized LineSink startOver(Supplier<byte[]> hello) throws IOException {
        clear();
        return follow(hello);
    }

    /** The same session from another feed (a new sampler into the same store): the spool goes on. */
    public synchronized LineSink follow(Supplier<byte[]> hello) {
        feed = new Feed(hello);
        return feed;
    }

    /** Stops taking lines; the files stay until {@link #clear()} or {@link #close()}. */
    public synchronized void detach() {
        feed = null;
    }

    /** Lines handed in while it is the spool's feed are kept; after, they pass by. */
    private final class Feed implements LineSink {
        private final Supplier<byte[]> hello;

        Feed(Supplier<byte[]> hello) {
            this.hello = hello;
        }

        @Override
        public void line(byte[] b, int off, int len) throws IOException {
            synchronized (Spool.this) {
                if (feed == this) {
                    keep(b, off, len);
                }
            }
        }
    }

    private void keep(byte[] b, int off, int len) throws IOException {
        if (current == null) {
            current = open(null);
        } else if (current.bytesWritten() + len > maxBytes / 2 || clock.getAsLong() - currentStartNs > maxAgeNs / 2) {
            roll();
        }
        current.line(b, off, len);
    }

    private CaptureWriter open(byte[] hello) throws IOException {
        Files.createDirectories(dir);
        Path f = dir.resolve(prefix + (++segments) + ".ndjson");
        CaptureWriter w = CaptureWriter.open(f);
        f.toFile().deleteOnExit(); // also gone when the JVM exits without close()
        if (hello != null) {
            w.line(hello, 0, hello.length);
        }
        currentStartNs = clock.getAsLong();
        return w;
    }

    private void roll() throws IOException {
        byte[] hello = feed == null ? null : feed.hello.get();
        current.close();
        if (previous != null) {
            delete(previous);
        }
        previous = current.file();
        current = open(hello);
    }

    /** Deletes a segment now, or when the snapshot reading it is done (Windows refuses to delete open files). */
    private void delete(Path segment) throws IOException {
        if (reading.contains(segment)) {
            deferred.add(segment);
        } else {
            Files.deleteIfExists(segment);
        }
    }

    /**
     * A copy of everything spooled so far in {@code into}, ending at a whole line, for an export to
     * read while the spool grows. Under the lock only the current segment is flushed and the segments
     * and their lengths are noted (and kept from deletion until the copy is done); the copy itself runs
     * outside it, so the thread that feeds the spool never waits for it. False when nothing was spooled.
     */
    public boolean snapshot(Path into) throws IOException {
        Path prev;
        Path cur;
        long prevLength;
        long curLength;
        synchronized (this) {
            if (current == null) {
                return false;
            }
            current.flush(); // after a flush the file ends at a line end
            cur = current.file();
            curLength = Files.size(cur);
            prev = previous;
            prevLength = prev == null ? 0 : Files.size(prev);
            reading.add(cur);
            if (prev != null) {
                reading.add(prev);
            }
        }
        try (OutputStream out = Files.newOutputStream(into)) {
            if (prev != null) {
                copy(prev, out, prevLength);
            }
            copy(cur, out, curLength);
        } finally {
            synchronized (this) {
                reading.remove(cur);
                reading.remove(prev);
                for (java.util.Iterator<Path> it = deferred.iterator(); it.hasNext(); ) {
                    Path p = it.next();
                    if (!reading.contains(p)) {
                        Files.deleteIfExists(p);
                        it.remove();
                    }
                }
            }
        }
        return true;
    }

    private static void copy(Path segment, OutputStream out, long length) throws IOException {
        try (InputStream in = Files.newInputStream(segment)) {
            copy(in, out, length);
        }
    }

    private static void copy(InputStream in, OutputStream out, long length) throws IOException {
        byte[] buf = new byte[65536];
        long left = length;
        while (left > 0) {
            int n = in.read(buf, 0, (int) Math.min(buf.length, left));
            if (n < 0) {
                throw new IOException("spool segment shorter than its flushed length");
            }
            out.write(buf, 0, n);
            left -= n;
        }
    }

    /** A snapshot is copying segments now. */
    synchronized boolean copying() {
        return !reading.isEmpty();
    }

    public synchronized Path currentFile() {
        return current == null ? null : current.file();
    }

    /** Drops everything spooled (a new connection with a new store). */
    public synchronized void clear() throws IOException {
        if (current != null) {
            current.close();
            delete(current.file());
            current = null;
        }
        if (previous != null) {
            delete(previous);
            previous = null;
        }
    }

    @Override
    public synchronized void close() throws IOException {
        detach();
        clear();
    }
}
