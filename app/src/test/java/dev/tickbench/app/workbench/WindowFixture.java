package dev.tickbench.app.workbench;

import dev.tickbench.app.recording.Spool;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.CountDownLatch;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

/** Builds the real main window for TestFX tests, exactly as TickbenchApp does, without connecting. */
final class WindowFixture {
    final MainViewModel vm;
    final MainView view;

    WindowFixture(Stage stage, int width, int height) {
        try {
            // the spool goes to a temp dir, not the user's cache; deleted when the JVM exits
            Path spoolDir = Files.createTempDirectory("tickbench-spool");
            spoolDir.toFile().deleteOnExit();
            vm = new MainViewModel(Platform::runLater, new Spool(spoolDir, Spool.DEFAULT_MAX_BYTES, Spool.DEFAULT_MAX_AGE_NS, System::nanoTime));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        view = new MainView(vm);
        Scene scene = new Scene(view, width, height);
        view.installKeys(scene);
        stage.titleProperty().bind(vm.titleProperty());
        stage.setScene(scene);
        stage.show();
    }

    /**
     * Evaluates {@code c} on the FX thread. The deadline is generous: on a busy machine a software-rendered
     * window with live charts answers slowly, and slow is not wrong.
     */
    static <T> T fx(Callable<T> c) throws Exception {
        try {
            return WaitForAsyncUtils.asyncFx(c).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("the FX thread did not answer in " + Waits.DEADLINE.toSeconds() + " s", e);
        }
    }

    /**
     * Polls {@code c} on the FX thread until it holds. {@code timeoutMs} is what the test expects on a
     * quiet machine; the deadline is never shorter than {@link Waits#DEADLINE}.
     */
    static void until(String what, long timeoutMs, Callable<Boolean> c) throws Exception {
        long deadline = Math.max(timeoutMs, Waits.DEADLINE.toMillis());
        try {
            WaitForAsyncUtils.waitFor(deadline, TimeUnit.MILLISECONDS, () -> fx(c));
        } catch (TimeoutException e) {
            throw new AssertionError("timed out after " + deadline + " ms waiting for: " + what, e);
        }
    }

    /**
     * Waits for {@code n} rendering pulses (an animation timer counts them): what the last change asked to
     * be laid out and drawn has been, before the picture is taken. Synchronised on the pulse, not the clock.
     */
    static void pulses(int n) throws Exception {
        CountDownLatch left = new CountDownLatch(n);
        AnimationTimer counter = new AnimationTimer() {
            @Override
            public void handle(long now) {
                left.countDown();
            }
        };
        fx(() -> { counter.start(); return null; });
        try {
            if (!left.await(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError(n + " rendering pulses did not come in " + Waits.DEADLINE);
            }
        } finally {
            fx(() -> { counter.stop(); return null; });
        }
    }
}
