package dev.tickbench.app.ui;

import java.net.URL;
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
        vm = new MainViewModel(Platform::runLater);
        view = new MainView(vm);
        Scene scene = new Scene(view, width, height);
        URL css = WindowFixture.class.getResource("/dev/tickbench/app/tickbench.css");
        scene.getStylesheets().add(css.toExternalForm());
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
