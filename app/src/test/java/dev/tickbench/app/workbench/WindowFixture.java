package dev.tickbench.app.workbench;

import dev.tickbench.app.AppArgs;
import dev.tickbench.app.Startup;
import dev.tickbench.app.Workbench;
import dev.tickbench.app.charts.ChartDiagnostics;
import dev.tickbench.app.connect.ConnectFlow;
import dev.tickbench.app.connect.ConnectViewModel;
import dev.tickbench.app.connect.RecentConnections;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.testkit.TempDirs;
import dev.tickbench.testkit.Waits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;
import javafx.scene.Scene;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real main window for TestFX tests, built by the app's own start path ({@link Workbench#open},
 * as {@code TickbenchApp.start} does), with the user's places swapped for temporary ones; it connects
 * nowhere until a test says so ({@link #begin}, the command line's path, or the view-model).
 */
final class WindowFixture {
    final Workbench workbench;
    final MainViewModel vm;
    final MainView view;

    WindowFixture(Stage stage, int width, int height) {
        this(stage, width, height, SeriesCatalogue.standard());
    }

    /** A window whose stores read {@code catalogue} (a fixture board's source added to the standard one). */
    WindowFixture(Stage stage, int width, int height, SeriesCatalogue catalogue) {
        workbench = Workbench.open(stage, startup(width, height, catalogue));
        vm = workbench.viewModel();
        view = workbench.view();
    }

    /**
     * The user's startup with temporary places: the spool, preferences, recent connections and
     * {@code ~/.ssh} in directories deleted with their files when the JVM exits, never the user's own.
     */
    static Startup startup(int width, int height, SeriesCatalogue catalogue) {
        Path dir = TempDirs.deletedAtExit("tickbench-window");
        Spool spool =
                new Spool(dir.resolve("spool"), Spool.DEFAULT_MAX_BYTES, Spool.DEFAULT_MAX_AGE_NS, System::nanoTime);
        return new Startup(
                spool,
                dir.resolve("config/ui.properties"),
                () -> new ConnectFlow(new ConnectViewModel(
                        new RecentConnections(dir.resolve("config/recent.json")), dir.resolve("ssh"), () -> null)),
                catalogue,
                width,
                height,
                null);
    }

    /** What {@code tickbench ARGS…} does once the window is up (FX thread). */
    void begin(String... args) throws Exception {
        AppArgs parsed = AppArgs.parse(java.util.List.of(args));
        fx(() -> {
            workbench.begin(parsed);
            return null;
        });
    }

    /** Samples in the window's store (FX thread); 0 before a connection connected (a probe process: once it streams). */
    long samples() {
        var s = vm.storeProperty().get();
        return s == null ? 0 : s.samples();
    }

    /**
     * Evaluates {@code c} on the FX thread. The deadline is generous: on a busy machine a software-rendered
     * window with live charts answers slowly, and slow is not wrong.
     */
    static <T> T fx(Callable<T> c) throws Exception {
        try {
            return WaitForAsyncUtils.asyncFx(c).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError(
                    "the FX thread did not answer in " + Waits.DEADLINE.toSeconds() + " s; it was at:\n"
                            + FxStall.describe(),
                    e);
        }
    }

    /** Polls {@code c} on the FX thread until it holds; fails after the suite's deadline ({@link Waits#DEADLINE}). */
    static void until(String what, Callable<Boolean> c) throws Exception {
        until(what, Waits.DEADLINE, c);
    }

    /** The same, saying what was awaited with {@code what}, evaluated when it fails (the values last seen). */
    static void until(Supplier<String> what, Callable<Boolean> c) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(Waits.DEADLINE.toMillis(), TimeUnit.MILLISECONDS, () -> fx(c));
        } catch (TimeoutException e) {
            throw new AssertionError("waited " + Waits.DEADLINE.toSeconds() + " s for " + fx(what::get), e);
        }
    }

    /**
     * Polls {@code c} on the FX thread until it holds; fails after {@code deadline}. Only for what takes
     * longer than the suite's deadline by nature, and says why there (the emulated arm64 board's JVM start-up).
     */
    static void until(String what, Duration deadline, Callable<Boolean> c) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS, () -> fx(c));
        } catch (TimeoutException e) {
            throw new AssertionError("waited " + deadline.toSeconds() + " s for " + what, e);
        }
    }

    /**
     * Waits for a capture opened with {@code task} to be in the window: the task ended and the window
     * shows the replay. An open that failed or was cancelled fails here at once with why, not after the
     * deadline as a replay that never came.
     */
    void replayed(Task<?> task) throws Exception {
        until(
                () -> "the replay (the open is " + task.getState() + ", "
                        + Math.round(100 * Math.max(0, task.getProgress())) + " % read)",
                () -> switch (task.getState()) {
                    case SUCCEEDED -> vm.replayProperty().get();
                    case FAILED, CANCELLED -> true;
                    default -> false;
                });
        if (fx(task::getState) != Worker.State.SUCCEEDED) {
            throw new AssertionError("the capture did not open: " + fx(task::getState) + ", " + fx(task::getException));
        }
    }

    /** Light or dark, as the toolbar's ◐ Dark toggle sets it when the user presses it (FX thread). */
    void darkTheme(boolean on) {
        ToggleButton dark = view.toolbar().getItems().stream()
                .filter(n -> n instanceof ToggleButton t && t.getText().equals("◐ Dark"))
                .map(ToggleButton.class::cast)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no ◐ Dark toggle in the toolbar"));
        if (dark.isSelected() != on) {
            dark.fire();
        }
    }

    /** The drawing figures of the track of group {@code id} ({@link ChartDiagnostics}); null while it has no chart. FX thread. */
    ChartDiagnostics.Track track(String id) {
        return view.charts().diagnostics().tracks().get(id);
    }

    /**
     * Waits until the window has drawn everything it was asked to: no layout pass pending in the scene,
     * and no chart that is showing (any tab, any pane) holding a change it has not drawn yet, read after
     * the layout of a pulse that began after this call ({@link Drawn}). What a picture is taken in, and
     * what a redraw count is read in: a state, awaited as one, never a number of frames (a busy machine
     * delivers them late, and a frame can come before the change it should show).
     */
    void drawn() throws Exception {
        Scene scene = fx(view::getScene);
        String[] last = {"no pulse yet"};
        CountDownLatch done = new CountDownLatch(1);
        Runnable check = () -> {
            last[0] = Drawn.pending(scene);
            if (last[0].isEmpty()) {
                done.countDown();
            } else {
                Platform.requestNextPulse();
            }
        };
        fx(() -> {
            scene.addPostLayoutPulseListener(check);
            Platform.requestNextPulse();
            return null;
        });
        try {
            if (!done.await(Waits.DEADLINE.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("waited " + Waits.DEADLINE.toSeconds()
                        + " s for the window to draw what it was asked to;" + " still pending: " + fx(() -> last[0]));
            }
        } finally {
            fx(() -> {
                scene.removePostLayoutPulseListener(check);
                return null;
            });
        }
    }

    /**
     * Lets {@code n} rendering pulses pass (an animation timer counts them, and asks for them): the span
     * over which a test watches that something does NOT happen (a chart not redrawn while nothing it
     * shows changes). Never a wait for something to arrive or be drawn: that is {@link #drawn}.
     */
    static void pulses(int n) throws Exception {
        CountDownLatch left = new CountDownLatch(n);
        AnimationTimer counter = new AnimationTimer() {
            @Override
            public void handle(long now) {
                left.countDown();
            }
        };
        fx(() -> {
            counter.start();
            return null;
        });
        try {
            if (!left.await(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError(n + " rendering pulses did not come in " + Waits.DEADLINE.toSeconds() + " s");
            }
        } finally {
            fx(() -> {
                counter.stop();
                return null;
            });
        }
    }
}
