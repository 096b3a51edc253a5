package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;

import dev.tickbench.app.trigger.TriggersViewModel;
import dev.tickbench.testkit.TempDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javafx.stage.Stage;

/**
 * The window {@link ScreenshotsTest#screenshotOfTheTriggersPanel} photographs, in its own JVM on the
 * display it is given: live on this machine at 1600×1000, two triggers armed from the panel (one that
 * fires as soon as its window is full, one that waits), the firing listed and the capture the flight
 * recorder saved around it listed with Open. Exit 0 when all is well, {@link ScreenshotsRun#NO_TOOLKIT}
 * when no GTK window can be opened, 1 otherwise.
 */
public final class TriggersShotsRun {
    static final List<String> SHOTS = List.of("triggers-panel.png");

    private TriggersShotsRun() {}

    public static void main(String[] args) {
        ShotsMain.main(args, TriggersShotsRun::run);
    }

    private static void run(Path out) throws Exception {
        WindowFixture w = fx(() -> new WindowFixture(new Stage(), ScreenshotsRun.WIDTH, ScreenshotsRun.HEIGHT));
        Path dir = TempDirs.deletedAtExit("tickbench-triggers-shots");
        TriggersViewModel t = fx(() -> TabsSeen.triggers(w.view.tabs()));
        fx(() -> {
            t.recorder(dir.resolve("triggered"), Duration.ofSeconds(1), Duration.ofSeconds(1));
            return null;
        });
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        until("this machine's session", () -> t.availableProperty().get() && w.samples() > 5);
        fx(() -> {
            w.view.tabs().getSelectionModel().select(4);
            return null;
        });
        fx(() -> t.arm("busy: cpu.busy_pct >= 0"));
        fx(() -> t.arm("iowait: cpu.iowait_pct > 40 for 2s"));
        // iowait is this machine's: a second build beside the test can make it fire too (then it is in the picture)
        until(
                "both armed, busy fired and a capture saved",
                () -> t.armed().size() == 2
                        && t.fired().stream().anyMatch(f -> f.trigger().equals("busy"))
                        && !t.saved().isEmpty());
        w.drawn();
        Path png = out.resolve(SHOTS.get(0));
        fx(() -> {
            PngWriter.save(w.view.getScene().getRoot(), png);
            return null;
        });
        String error = fx(() -> w.vm.errorProperty().get() + t.errorProperty().get());
        if (Files.size(png) < 5_000 || !error.isEmpty()) {
            throw new AssertionError(png + ": " + Files.size(png) + " bytes, error: " + error);
        }
        fx(() -> {
            w.vm.shutdown();
            return null;
        });
    }
}
