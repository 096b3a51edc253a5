package dev.tickbench.app.view;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
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
 *
 * <p>Every ticker turns on one shared clock of {@link #GRID_MS}: the tickers whose period ends at a
 * tick of it run in the same FX turn, so what they change (the follow step, the status line, the clock
 * verdict, the observer's figures) is drawn in one pulse. Each on its own clock, they made a pulse
 * each, and a pulse paints and hands the whole window to the screen however little changed
 * (docs/measurements.md 2026-12-04: live cost). A period is a whole number of ticks (rounded, at least one).
 */
public final class Ticker {
    /** The shared clock's tick. */
    public static final long GRID_MS = 250;

    /** The tickers started (FX thread). */
    private static final List<Ticker> STARTED = new ArrayList<>();
    /** Ticks of the shared clock so far (its thread counts them; a busy FX thread may take several at once). */
    private static final AtomicLong TICKS = new AtomicLong();

    private static final AtomicBoolean QUEUED = new AtomicBoolean();
    private static ScheduledExecutorService clock;
    private static long turns;

    private final long ticksPerTurn;
    private final LongConsumer task;
    private boolean started;
    /** The last turn of this ticker's period that ran (ticks / ticksPerTurn). */
    private long lastTurn = -1;

    public Ticker(long periodMs, LongConsumer task) {
        this.ticksPerTurn = ticksPer(periodMs);
        this.task = task;
    }

    /** Ticks of the shared clock in {@code periodMs}: rounded, at least one. */
    static long ticksPer(long periodMs) {
        return Math.max(1, Math.round(periodMs / (double) GRID_MS));
    }

    /** Starts the turns (FX thread); nothing when started already. The first comes at the end of the current period. */
    public void start() {
        if (started) {
            return;
        }
        started = true;
        lastTurn = TICKS.get() / ticksPerTurn;
        STARTED.add(this);
        if (clock == null) {
            clock = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "tickbench-ticker");
                t.setDaemon(true);
                return t;
            });
            clock.scheduleAtFixedRate(
                    () -> {
                        TICKS.incrementAndGet();
                        if (!QUEUED.getAndSet(true)) {
                            Platform.runLater(Ticker::turn);
                        }
                    },
                    GRID_MS,
                    GRID_MS,
                    TimeUnit.MILLISECONDS);
        }
    }

    /** One FX turn for every ticker whose period ended since its last turn: what they change is drawn in one pulse. */
    private static void turn() {
        QUEUED.set(false);
        turns++;
        long ticks = TICKS.get();
        long now = System.nanoTime();
        for (Ticker t : List.copyOf(STARTED)) {
            long turn = ticks / t.ticksPerTurn;
            if (t.started && turn != t.lastTurn) {
                t.lastTurn = turn;
                t.task.accept(now);
            }
        }
    }

    /** FX turns the shared clock has run so far (tests: the tickers of a window share them). */
    static long turns() {
        return turns;
    }

    /** Ticks of the shared clock so far. */
    static long ticks() {
        return TICKS.get();
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

    /** Stops the turns (FX thread); the shared clock stops with the last ticker. */
    public void stop() {
        if (!started) {
            return;
        }
        started = false;
        STARTED.remove(this);
        if (STARTED.isEmpty() && clock != null) {
            clock.shutdownNow();
            clock = null;
        }
    }
}
