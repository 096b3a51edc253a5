package dev.tickbench.app.workbench;

import dev.tickbench.testkit.Waits;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;

/**
 * The start of a screenshot window's child JVM ({@link ScreenshotsTest}): the toolkit on the display
 * it was given, then the window's run into the folder {@code args[0]}. Exits 0 when all is well,
 * {@link ScreenshotsRun#NO_TOOLKIT} when no GTK window can be opened, 1 otherwise.
 */
final class ShotsMain {
    interface Shots {
        void run(Path out) throws Exception;
    }

    private ShotsMain() {}

    static void main(String[] args, Shots shots) {
        try {
            CompletableFuture<Void> started = new CompletableFuture<>();
            Platform.startup(() -> started.complete(null));
            started.get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
        } catch (Throwable t) {
            System.out.println("JavaFX did not start: " + t);
            System.exit(ScreenshotsRun.NO_TOOLKIT);
        }
        try {
            shots.run(Path.of(args[0]));
            System.exit(0);
        } catch (Throwable t) {
            t.printStackTrace(System.out);
            System.exit(1);
        }
    }
}
