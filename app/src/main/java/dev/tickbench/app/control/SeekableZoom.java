package dev.tickbench.app.control;

import dev.tickbench.app.session.SeekableReplay;
import dev.tickbench.app.session.SeriesStore;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Follows the window over a seekable capture (docs/workbench-charts.md, "Long captures"): when what it
 * shows spans few enough blocks, they are read on a worker of their own and drawn in full; the newest
 * window wins, a read it makes stale stops. UI thread, but for the read.
 */
final class SeekableZoom {
    private final SeriesStore store;
    private final SeekableReplay replay;
    private final Executor ui;
    private final SessionView view;
    private final ThreadPoolExecutor worker =
            new ThreadPoolExecutor(0, 1, 2, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
                Thread t = new Thread(r, "tickbench-seek");
                t.setDaemon(true);
                return t;
            });
    /** The newest request's number: a read of an older one stops. */
    private final AtomicLong wanted = new AtomicLong();

    private int[] requested;

    SeekableZoom(SeriesStore store, SeekableReplay replay, Executor ui, SessionView view) {
        this.store = store;
        this.replay = replay;
        this.ui = ui;
        this.view = view;
    }

    SeriesStore store() {
        return store;
    }

    /** The window shows {@code from} to {@code to} (epoch seconds): read its blocks when they are few. */
    void follow(double from, double to) {
        int[] b = replay.blocksFor(from, to);
        if (b == null || Arrays.equals(b, requested) || replay.shows(b[0], b[1])) {
            return;
        }
        requested = b;
        long mine = wanted.incrementAndGet();
        worker.execute(() -> {
            if (wanted.get() != mine) {
                return;
            }
            try {
                replay.read(b[0], b[1], () -> wanted.get() != mine);
            } catch (CancellationException stale) {
                // a newer window asked for other blocks
            } catch (IOException | RuntimeException e) {
                ui.execute(() -> {
                    requested = null;
                    view.error("Cannot read " + replay.capture().capture().getFileName() + " there: " + e.getMessage());
                });
            }
        });
    }

    /** The capture is let go: a read under way stops, the worker ends. */
    void close() {
        wanted.incrementAndGet();
        worker.shutdown();
    }
}
