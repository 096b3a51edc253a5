package dev.tickbench.app.view;

import dev.tickbench.testkit.Waits;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;

/** The toolkit without a window, for the tests of this package's parts: started once, called on its thread. */
final class FxThread {
    private FxThread() {}

    /** Starts the toolkit, or finds it started. */
    static void start() throws Exception {
        CompletableFuture<Void> up = new CompletableFuture<>();
        try {
            Platform.startup(() -> up.complete(null));
        } catch (IllegalStateException already) {
            up.complete(null);
        }
        up.get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }

    /** {@code c} on the FX thread; what it throws (an assertion's failure too) is thrown here. */
    static <T> T fx(Callable<T> c) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(c.call());
            } catch (Exception | AssertionError e) {
                f.completeExceptionally(e);
            }
        });
        return f.get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }
}
