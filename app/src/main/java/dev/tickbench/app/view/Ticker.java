package dev.tickbench.app.view;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.stage.Window;

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

    /**
     * Runs the turns while {@code node} is in a scene of a showing window and stops them otherwise, as
     * the node moves between scenes and its window shows and hides (a closed window keeps its scene, so
     * the scene alone is not enough). FX thread.
     */
    public void whileShowing(Node node) {
        ChangeListener<Boolean> onShowing = (o, was, on) -> {
            if (on) {
                start();
            } else {
                stop();
            }
        };
        ChangeListener<Window> onWindow = (o, was, w) -> {
            if (was != null) {
                was.showingProperty().removeListener(onShowing);
            }
            if (w != null) {
                w.showingProperty().addListener(onShowing);
            }
            onShowing.changed(null, null, w != null && w.isShowing());
        };
        ChangeListener<Scene> onScene = (o, was, sc) -> {
            if (was != null) {
                was.windowProperty().removeListener(onWindow);
            }
            if (sc != null) {
                sc.windowProperty().addListener(onWindow);
            }
            onWindow.changed(null, was == null ? null : was.getWindow(), sc == null ? null : sc.getWindow());
        };
        node.sceneProperty().addListener(onScene);
        onScene.changed(null, null, node.getScene());
    }

    /** Stops the turns (FX thread). */
    public void stop() {
        if (clock != null) {
            clock.shutdownNow();
            clock = null;
        }
    }
}
