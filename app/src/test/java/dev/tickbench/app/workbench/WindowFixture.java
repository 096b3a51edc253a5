package dev.tickbench.app.workbench;

import dev.tickbench.app.recording.Spool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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

    /** Evaluates {@code c} on the FX thread. */
    static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(10, TimeUnit.SECONDS);
    }

    static void until(String what, long timeoutMs, Callable<Boolean> c) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(timeoutMs, TimeUnit.MILLISECONDS, () -> fx(c));
        } catch (TimeoutException e) {
            throw new AssertionError("timed out after " + timeoutMs + " ms waiting for: " + what, e);
        }
    }
}
