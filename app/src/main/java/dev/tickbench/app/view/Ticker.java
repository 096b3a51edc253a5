package dev.tickbench.app.view;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;
import javafx.application.Platform;

/**
 * Runs a task on the FX thread every period while started, given {@link System#nanoTime()}. Unlike an
 * {@code AnimationTimer} or a {@code Timeline}, it does not keep JavaFX rendering a pulse every
 * frame (60 a second) in between: a window where nothing changes costs nothing
 * (docs/workbench-charts.md, "Redraws"). A turn that has not run yet is not queued again, so a busy
 * FX thread gets one turn, not a backlog.
 */
public final class Ticker {
    private final long periodMs;
    private final LongConsumer task;
    private final AtomicBoolean queued = new AtomicBoolean();
    private ScheduledExecutorService clock;

    public Ticker(long periodMs, LongConsumer task) {
        this.periodMs = periodMs;
        this.task = task;
    }

    /** Starts the turns (FX thread); nothing when started already. */
    public void start() {
        if (clock != null) {
            return;
        }
        clock = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "tickbench-ticker");
            t.setDaemon(true);
            return t;
        });
        clock.scheduleAtFixedRate(() -> {
            if (!queued.getAndSet(true)) {
                Platform.runLater(() -> {
                    queued.set(false);
                    task.accept(System.nanoTime());
                });
            }
        }, periodMs, periodMs, TimeUnit.MILLISECONDS);
    }

    /** Stops the turns (FX thread). */
    public void stop() {
        if (clock != null) {
            clock.shutdownNow();
            clock = null;
        }
    }
}
