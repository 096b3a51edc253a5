package dev.tickbench.app;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The workbench's one executor for background work started by its view-models (opening a capture,
 * exporting CSV): daemon threads, so an unfinished task never keeps the application alive. View-models
 * take it as an {@link java.util.concurrent.Executor}, so a test can hand them its own.
 */
public final class Background {
    /** Two workers: a long export does not hold up a quick open elsewhere; each view-model runs one task at a time. */
    private static final int THREADS = 2;

    private static final ExecutorService SHARED = Executors.newFixedThreadPool(THREADS, new DaemonThreads());

    private Background() {}

    public static ExecutorService shared() {
        return SHARED;
    }

    private static final class DaemonThreads implements java.util.concurrent.ThreadFactory {
        private final AtomicInteger n = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "tickbench-work-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    }
}
