package dev.tickbench.core.recorder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.LineBytes;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.trigger.TriggerLine;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The flight recorder (docs/triggers.md, "The recorder"): a sink that keeps the last seconds of a
 * stream in a {@link StreamRing} and, on a {@code trigger} line, writes a capture of {@code pre}
 * seconds before it and {@code post} seconds after the last trigger folded into it. It reads only the
 * stream's lines, so it works the same on the probe's own sampler and on a stream received from a
 * probe (the workbench over SSH): the triggers fire where they are armed, their lines travel with the
 * data. The stream's own times (its samples' {@code mono_ns}) are its clock, so its behaviour depends
 * on the lines alone.
 *
 * <p>The sampler's thread only copies the line into the ring (and, while a capture is open, into the
 * writer's queue); compression and disk writes run on the recorder's own thread, whose queue is bounded
 * (a ring's worth): a writer that falls further behind drops lines and writes a {@code gap} line in
 * their place ({@code "reason":"recorder_behind"}), the sampler never waits for the disk. {@link #line}
 * never throws: a sampler detaches a sink that throws.
 */
public final class FlightRecorder implements LineSink, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FlightRecorder.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Partial files older than this are a crashed writer's: renamed into place at start. */
    private static final long STALE_PARTIAL_MS = 60_000;
    /** Ends the writer's thread once the work before it is done. */
    private static final Runnable STOP = () -> {};

    private final RecorderConfig config;
    private final StreamRing ring;
    private final Consumer<SavedCapture> onSaved;
    private final LinkedBlockingQueue<Runnable> work = new LinkedBlockingQueue<>();
    private final AtomicLong queuedBytes = new AtomicLong();
    private final Thread writer;
    private volatile boolean stopping;
    private volatile Consumer<Trouble> onTrouble = t -> LOG.warn("{}", t.message());
    /** Captures failed since the last one written (the writer's thread): only the first is said. */
    private long failedSince;

    private String host = "host";
    private CaptureJob open;
    private long openStartMono;
    private long openEndMono;
    private long lastEndMono = Long.MIN_VALUE;
    private long behindFromSeq = -1;
    private long behindToSeq = -1;
    private long lastSeq;
    private Runnable onReady;
    private boolean ready;
    private long nextStatsMono = Long.MIN_VALUE;

    private final AtomicLong captures = new AtomicLong();
    private final AtomicLong merged = new AtomicLong();
    private final AtomicLong suppressed = new AtomicLong();
    private final AtomicLong deleted = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private volatile long ringBytes;
    private volatile long ringCapacity;
    private volatile long ringSpan;
    private volatile boolean capturing;
    private volatile SavedCapture lastSaved;

    /**
     * @param onSaved told of each finished capture, on the recorder's thread
     * @throws IOException the directory is not a writable directory
     */
    public FlightRecorder(RecorderConfig config, Consumer<SavedCapture> onSaved) throws IOException {
        if (!Files.isDirectory(config.dir())) {
            throw new IOException(config.dir() + " is not a directory");
        }
        if (!Files.isWritable(config.dir())) {
            throw new IOException(config.dir() + " is not writable");
        }
        this.config = config;
        this.ring = new StreamRing(config.ringNs(), config.ringMaxBytes());
        this.onSaved = onSaved;
        recoverPartials(config.dir());
        this.writer = new Thread(this::writeLoop, "tickbench-recorder");
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * Captures failing, or written again after they failed: what happened and where, in words.
     *
     * @param over true when a capture was written again after failures, false when they began
     */
    public record Trouble(String message, boolean over) {}

    /**
     * Told, on the recorder's thread, when captures begin to fail (the first of a run of failures: what
     * and where) and when one is written again; by default a warning in the log.
     */
    public void onTrouble(Consumer<Trouble> listener) {
        this.onTrouble = listener;
    }

    /** Runs {@code r} once, on the stream's thread, when the ring first holds the pre-trigger time. */
    public synchronized void onReady(Runnable r) {
        this.onReady = r;
    }

    @Override
    public synchronized void line(byte[] b, int off, int len) {
        try {
            accept(b, off, len);
        } catch (RuntimeException e) {
            errors.incrementAndGet();
            LOG.warn("the flight recorder failed on a line and goes on: {}", e.toString());
        }
    }

    private void accept(byte[] b, int off, int len) {
        if (stopping) {
            return;
        }
        LineKind kind = LineKind.of(b, off, len);
        long mono = Long.MIN_VALUE;
        if (kind == LineKind.SAMPLE) {
            long m = LineBytes.sampleMonoNs(b, off, len);
            long seq = LineBytes.sampleSeq(b, off, len);
            mono = m < 0 ? Long.MIN_VALUE : m;
            lastSeq = seq < 0 ? lastSeq + 1 : seq;
        } else if (kind == LineKind.HELLO) {
            host = hostOf(b, off, len);
        }
        ring.add(b, off, len, kind);
        if (open != null) {
            enqueueLine(b, off, len, kind);
            if (kind == LineKind.SAMPLE && mono > openEndMono) {
                // the first sample more than post after: its interval reaches past the post time, so it is the
                // capture's last (without it the capture would end up to a tick short of post)
                finishOpen(false);
            }
        }
        if (kind == LineKind.TRIGGER) {
            trigger(b, off, len);
        } else if (kind == LineKind.SAMPLE) {
            afterSample();
        }
    }

    private void afterSample() {
        long mono = ring.newestSampleMonoNs();
        if (!ready || mono >= nextStatsMono) {
            nextStatsMono = mono + 1_000_000_000L; // the span is a scan: once a second of stream time
            ringSpan = ring.spanNs();
            ringBytes = ring.bytes();
            ringCapacity = ring.capacity();
            if (!ready && ringSpan >= config.preNs()) {
                ready = true;
                if (onReady != null) {
                    onReady.run();
                }
            }
        }
    }

    private void trigger(byte[] b, int off, int len) {
        TriggerLine t;
        try {
            t = TriggerLine.parse(b, off, len);
        } catch (IOException e) {
            return; // not a trigger line after all
        }
        if (open != null) {
            long end = Math.min(openStartMono + config.maxCaptureNs(), t.monoNs() + config.postNs());
            openEndMono = Math.max(openEndMono, end);
            if (!open.triggers.contains(t.trigger())) {
                open.triggers.add(t.trigger());
            }
            merged.incrementAndGet();
            return;
        }
        if (lastEndMono != Long.MIN_VALUE && t.monoNs() < lastEndMono + config.cooldownNs()) {
            suppressed.incrementAndGet();
            return;
        }
        byte[] cut = ring.cut(t.monoNs() - config.preNs());
        if (cut == null) {
            suppressed.incrementAndGet(); // no hello yet: nothing that would decode
            return;
        }
        CaptureJob job = new CaptureJob(
                CaptureFiles.name(config.dir(), host, t.trigger(), t.wallNs()), t.trigger(), config.maxDiskBytes());
        open = job;
        openStartMono = t.monoNs() - config.preNs();
        openEndMono = t.monoNs() + config.postNs();
        capturing = true;
        behindFromSeq = -1;
        enqueue(cut.length, () -> deleted.addAndGet(job.open(cut)));
    }

    private void enqueueLine(byte[] b, int off, int len, LineKind kind) {
        CaptureJob job = open;
        if (queuedBytes.get() + len > config.ringMaxBytes()) {
            if (kind == LineKind.SAMPLE) {
                if (behindFromSeq < 0) {
                    behindFromSeq = lastSeq;
                }
                behindToSeq = lastSeq;
            }
            return;
        }
        if (behindFromSeq >= 0) {
            byte[] gap = GapLine.encode(behindFromSeq, behindToSeq, GapLine.UNKNOWN_COUNT, "recorder_behind");
            behindFromSeq = -1;
            job.truncated();
            enqueue(gap.length, () -> deleted.addAndGet(job.write(gap, 0, gap.length)));
        }
        byte[] copy = java.util.Arrays.copyOfRange(b, off, off + len);
        enqueue(len, () -> deleted.addAndGet(job.write(copy, 0, copy.length)));
    }

    private void enqueue(long bytes, Runnable r) {
        queuedBytes.addAndGet(bytes);
        work.add(() -> {
            try {
                r.run();
            } finally {
                queuedBytes.addAndGet(-bytes);
            }
        });
    }

    private void finishOpen(boolean atClose) {
        CaptureJob job = open;
        open = null;
        capturing = false;
        lastEndMono = openEndMono;
        if (atClose) {
            job.truncated(); // the stream ended before the post-trigger time did
        }
        enqueue(0, () -> {
            SavedCapture s = job.finish(this::saved);
            if (s == null || s.error() != null) {
                errors.incrementAndGet();
                failed(job, s);
            } else if (failedSince > 0) {
                trouble(new Trouble(
                        "captures are written into " + config.dir() + " again (" + failedSince
                                + " could not be written before this one)",
                        true));
                failedSince = 0;
            }
            if (s != null && s.bytes() >= 0) {
                captures.incrementAndGet();
                lastSaved = s;
                try {
                    deleted.addAndGet(CaptureFiles.bound(config.dir(), config.maxDiskBytes(), s.file()));
                } catch (IOException e) {
                    LOG.warn("the disk bound on {} failed: {}", config.dir(), e.toString());
                }
            }
        });
    }

    /**
     * Writer thread: a capture failed. The first failure of a run of them is said, with what failed and
     * where (a full file system named as such); the rest are counted, so that a disk that stays full is
     * one warning, not one per trigger.
     */
    private void failed(CaptureJob job, SavedCapture s) {
        if (failedSince++ > 0) {
            return;
        }
        String what = s == null
                ? job.file.getFileName() + " could not be written, nothing of it is kept"
                : s.file().getFileName() + " was cut short, what was written is kept";
        trouble(new Trouble(
                "cannot write captures into " + config.dir() + ": " + job.error() + space(config.dir()) + ": "
                        + what
                        + ". The ring goes on, and each trigger tries again; captures that fail until one is written are"
                        + " counted, not said",
                false));
    }

    /** " (the file system is full: N bytes free of M)" when it is nearly so, else nothing. */
    private static String space(Path dir) {
        try {
            java.nio.file.FileStore fs = Files.getFileStore(dir);
            long free = fs.getUsableSpace();
            return free < 1 << 20
                    ? " (the file system is full: " + free + " bytes free of " + fs.getTotalSpace() + ")"
                    : "";
        } catch (IOException e) {
            return "";
        }
    }

    private void trouble(Trouble t) {
        try {
            onTrouble.accept(t);
        } catch (RuntimeException e) {
            LOG.warn("{} (and its listener failed: {})", t.message(), e.toString());
        }
    }

    private void saved(SavedCapture s) {
        try {
            onSaved.accept(s);
        } catch (RuntimeException e) {
            LOG.warn("a saved-capture listener failed: {}", e.toString());
        }
    }

    private void writeLoop() {
        while (true) {
            Runnable r;
            try {
                r = work.take();
            } catch (InterruptedException e) {
                return;
            }
            if (r == STOP) {
                return;
            }
            try {
                r.run();
            } catch (RuntimeException e) {
                errors.incrementAndGet();
                LOG.warn("the recorder's writer failed: {}", e.toString());
            }
        }
    }

    private static String hostOf(byte[] b, int off, int len) {
        try {
            JsonNode h = JSON.readTree(b, off, len);
            return h.path("host").path("hostname").asText("host");
        } catch (IOException e) {
            return "host";
        }
    }

    /** A crashed writer's {@code .partial.} files: renamed into place, their flushed lines readable. */
    private static void recoverPartials(Path dir) {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, CaptureFiles.PARTIAL + "*")) {
            for (Path p : ds) {
                if (CaptureFiles.ours(p)
                        && System.currentTimeMillis()
                                        - Files.getLastModifiedTime(p).toMillis()
                                > STALE_PARTIAL_MS) {
                    Path done = p.resolveSibling(p.getFileName().toString().substring(CaptureFiles.PARTIAL.length()));
                    if (Files.size(p) == 0) {
                        Files.delete(p); // killed before a byte was written: nothing to read
                    } else if (!Files.exists(done)) {
                        Files.move(p, done, StandardCopyOption.ATOMIC_MOVE);
                    }
                }
            }
        } catch (IOException e) {
            LOG.warn("cannot look for partial captures in {}: {}", dir, e.toString());
        }
    }

    public RecorderConfig config() {
        return config;
    }

    public RecorderStats stats() {
        return new RecorderStats(
                captures.get(),
                merged.get(),
                suppressed.get(),
                deleted.get(),
                errors.get(),
                ringBytes,
                ringCapacity,
                ringSpan,
                capturing);
    }

    /** The last capture saved, if any. */
    public Optional<SavedCapture> lastSaved() {
        return Optional.ofNullable(lastSaved);
    }

    /**
     * Ends a capture still open (it keeps what it has: the stream ended before its post-trigger time),
     * waits for the writer to finish, up to {@code waitMs}, and stops it.
     */
    public void close(long waitMs) {
        synchronized (this) {
            if (stopping) {
                return;
            }
            if (open != null) {
                finishOpen(true);
            }
            stopping = true;
            work.add(STOP); // after everything queued
        }
        try {
            writer.join(waitMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        close(60_000);
    }
}
