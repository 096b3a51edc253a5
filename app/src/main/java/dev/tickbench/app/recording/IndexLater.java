package dev.tickbench.app.recording;

import dev.tickbench.app.session.SeekableReplay;
import dev.tickbench.core.capture.CaptureIndexBuilder;
import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.PlottedValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The index of a capture that was opened without a usable one, written beside it once, in the
 * background, so that the next open draws its overview at once (FORMAT.md, "An index built later";
 * docs/workbench-charts.md, "Long captures"). An index of {@link SeekableReplay#MIN_BLOCKS} blocks or
 * fewer would change nothing and is not kept; a capture that is one gzip member of a long recording
 * (made before captures had blocks) is told how to rewrite it. A build the app's end cuts short leaves
 * no file.
 */
public final class IndexLater {
    /**
     * A capture spanning less has at most {@link SeekableReplay#MIN_BLOCKS} blocks of 10 s and opens read
     * whole anyway: nothing to build. One that spans more in one block is an old one worth rewriting.
     */
    private static final long LONG_NS = SeekableReplay.MIN_BLOCKS * 10_000_000_000L;

    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final CompletableFuture<Integer> done = new CompletableFuture<>();

    private IndexLater() {}

    /**
     * Starts building {@code capture}'s index on a thread of its own, when its samples span ({@code spanNs})
     * enough for it to matter; {@code say} gets one sentence when it is done or cannot be (any thread).
     * Null when nothing is started.
     */
    public static IndexLater start(Path capture, long spanNs, Consumer<String> say) {
        if (spanNs <= LONG_NS) {
            return null;
        }
        IndexLater b = new IndexLater();
        Thread t = new Thread(() -> b.run(capture, spanNs, say), "tickbench-index");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
        return b;
    }

    private void run(Path capture, long spanNs, Consumer<String> say) {
        String name = capture.getFileName().toString();
        try {
            int blocks = CaptureIndexBuilder.build(
                    capture, new PlottedValues(SeriesCatalogue.standard()), (read, size) -> {}, cancelled::get);
            if (blocks <= SeekableReplay.MIN_BLOCKS) {
                Files.deleteIfExists(CaptureWriter.indexPath(capture));
                if (blocks == 1 && spanNs > LONG_NS) {
                    say.accept(name + " is one gzip block, so every open reads it whole: `tickbench-probe convert "
                            + name + " --out NEW.ndjson.gz` rewrites it in blocks, and NEW opens at once.");
                }
            } else {
                say.accept("An index of " + name + " was written beside it (" + blocks
                        + " blocks): from now on it opens at once.");
            }
            done.complete(blocks);
        } catch (CancellationException e) {
            done.complete(0);
        } catch (IOException | RuntimeException e) {
            say.accept(
                    "No index was written beside " + name + " (" + e.getMessage() + "): it opens as now, read whole.");
            done.complete(0);
        }
    }

    /** Stops the build (its temporary file removed); the future completes once it has. */
    public CompletableFuture<Integer> cancel() {
        cancelled.set(true);
        return done;
    }

    /** Completes with the blocks indexed (0 when none was kept or it was stopped). */
    public CompletableFuture<Integer> done() {
        return done;
    }
}
