package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.recording.Spool;
import dev.tickbench.testkit.RouterCapture;
import dev.tickbench.testkit.TempDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import javafx.application.Platform;
import javafx.concurrent.Worker;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The main window's long tasks (open a capture, export CSV) belong to its view-model: they run on the
 * executor it is given (the app's one background executor), one at a time, and their progress, result
 * and errors are properties the window shows.
 */
@ExtendWith(ApplicationExtension.class)
class WindowTasksTest {
    @TempDir
    Path dir;

    /** The background executor under test: records what it is given and holds it until released. */
    private final List<Runnable> submitted = new ArrayList<>();

    private final List<Runnable> held = new ArrayList<>();
    private boolean holding;
    private MainViewModel vm;
    private MainView view;

    @Start
    void start(Stage stage) throws Exception {
        Path spoolDir = TempDirs.deletedAtExit("tickbench-spool");
        Executor work = r -> {
            synchronized (submitted) {
                submitted.add(r);
                if (holding) {
                    held.add(r);
                    return;
                }
            }
            Thread t = new Thread(r, "test-work");
            t.setDaemon(true);
            t.start();
        };
        vm = new MainViewModel(
                Platform::runLater,
                work,
                new Spool(spoolDir, Spool.DEFAULT_MAX_BYTES, Spool.DEFAULT_MAX_AGE_NS, System::nanoTime));
        view = new MainView(vm);
        stage.setScene(new Scene(view, 1000, 700));
        stage.show();
    }

    @Test
    void openAndExportRunOnTheGivenExecutorAndReportProgressAndResult() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson"));
        var open = fx(() -> vm.openCapture(file));
        until("the capture is open", () -> open.getState() == Worker.State.SUCCEEDED);
        Path csv = dir.resolve("out.csv");

        var export = fx(() -> vm.exportCsv(csv));
        until("the export", () -> export.getState() == Worker.State.SUCCEEDED);

        assertEquals(2, submitted.size(), "both tasks went to the view-model's executor");
        assertTrue(Files.size(csv) > 0);
        assertEquals(1.0, fx(() -> vm.taskProgressProperty().get()), 1e-9, "the export's progress reached the end");
        assertTrue(
                fx(() -> vm.taskMessageProperty().get()).startsWith("Exporting "),
                fx(() -> vm.taskMessageProperty().get()));
        assertFalse(fx(() -> vm.taskBusyProperty().get()));
        assertTrue(
                fx(() -> vm.statusProperty().get()).startsWith("Exported "),
                fx(() -> vm.statusProperty().get()));
        assertEquals("", fx(() -> vm.errorProperty().get()));
    }

    @Test
    void aFailedExportIsShownToTheUserAndLosesNothing() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson"));
        var open = fx(() -> vm.openCapture(file));
        until("the capture is open", () -> open.getState() == Worker.State.SUCCEEDED);
        Path nowhere = dir.resolve("no-such-dir").resolve("out.csv");

        var export = fx(() -> vm.exportCsv(nowhere));
        until("the export fails", () -> export.getState() == Worker.State.FAILED);

        String error = fx(() -> vm.errorProperty().get());
        assertTrue(error.startsWith("CSV export to " + nowhere + " failed: "), error);
        assertTrue(fx(() -> view.lookup(".error-banner").isVisible()), "the error banner shows it");
        assertFalse(fx(() -> vm.taskBusyProperty().get()));
        assertEquals(file, fx(() -> vm.replayFile()), "the open capture stays open");
    }

    @Test
    void oneTaskAtATimeAndCancelEndsItEvenBeforeItRan() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson"));
        synchronized (submitted) {
            holding = true;
        }
        var open = fx(() -> vm.openCapture(file));
        assertTrue(fx(() -> vm.taskBusyProperty().get()));
        assertTrue(
                fx(() -> view.lookup(".progress-bar").getParent().isVisible()), "the progress row shows while it runs");

        assertNull(fx(() -> vm.exportCsv(dir.resolve("out.csv"))), "a second task is refused");
        assertEquals(
                "Wait for the current task to finish, or cancel it.",
                fx(() -> vm.errorProperty().get()));

        fx(() -> {
            vm.cancelTask();
            return null;
        });
        until("the open is cancelled", () -> open.getState() == Worker.State.CANCELLED);
        assertFalse(fx(() -> vm.taskBusyProperty().get()));
        assertEquals(
                "Cancelled opening edge-router-3.ndjson",
                fx(() -> vm.statusProperty().get()));
        assertEquals(1, submitted.size());
    }
}
