package dev.tickbench.app.workbench;

import dev.tickbench.app.charts.ChartsPane;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.StoreListener;
import dev.tickbench.app.view.Ticker;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;
import javafx.scene.Node;

/**
 * The main window's turns while it shows: the follow step (the view-model's pulse) and the overview's
 * refresh, turns of one {@link Ticker}, so that nothing asks JavaFX for frames in between (an
 * AnimationTimer rendered 60 pulses a second). Two things do not wait for the next turn: a store's
 * first samples are followed at once, and a capture read to its end refreshes the overview at once.
 */
final class WindowPulse {
    /**
     * While following, the time axis moves (and every chart on screen redraws) twice a second: with
     * software rendering each redraw of six tracks costs the renderer far more than the data does, and
     * at 10 Hz the window took 1.4 cores (docs/workbench-charts.md, "Redraws"). Nothing is lost: every
     * tick is in the pixel columns drawn; what the user does (zoom, pan, crosshair) is drawn at once.
     */
    static final long FOLLOW_STEP_NS = 500_000_000L;
    /** The overview strip and the rates summarise the whole session: redrawn every 2 s. */
    private static final long OVERVIEW_EVERY_NS = 2_000_000_000L;

    private final MainViewModel vm;
    private final ChartsPane charts;
    private final Ticker ticker = new Ticker(FOLLOW_STEP_NS / 1_000_000, this::turn);
    private long lastOverviewNs = System.nanoTime() - OVERVIEW_EVERY_NS;

    WindowPulse(MainViewModel vm, ChartsPane charts) {
        this.vm = vm;
        this.charts = charts;
        // a store's first samples are followed at once, not at the ticker's next turn (up to a step later):
        // the window gets its range and the tracks on screen draw what came (the first curves)
        vm.storeProperty().addListener((o, a, s) -> followFirstSamples(s));
        // a capture read to its end: the overview and the rates say so at once, not at the next refresh
        vm.loadingProperty().addListener((o, a, on) -> {
            if (!on) {
                charts.refresh();
            }
        });
    }

    /** Turns while {@code window} is showing. */
    void whileShowing(Node window) {
        ticker.whileShowing(window);
    }

    private void turn(long now) {
        vm.pulse(now);
        if (now - lastOverviewNs >= OVERVIEW_EVERY_NS) {
            lastOverviewNs = now;
            charts.refresh();
        }
    }

    /** One follow step as soon as {@code store}'s first batch holds samples (a live store; a replay does not follow). */
    private void followFirstSamples(SeriesStore store) {
        if (store == null) {
            return;
        }
        AtomicBoolean done = new AtomicBoolean();
        store.addListener(new StoreListener() {
            @Override
            public void flushed() {
                if (!done.get() && !Double.isNaN(store.latestX()) && !done.getAndSet(true)) {
                    Platform.runLater(() -> {
                        if (vm.storeProperty().get() == store) {
                            vm.pulse(System.nanoTime());
                        }
                    });
                }
            }
        });
    }
}
