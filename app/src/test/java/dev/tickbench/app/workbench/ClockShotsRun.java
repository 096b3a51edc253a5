package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;

import dev.tickbench.app.clock.ClockPanel;
import dev.tickbench.app.clock.ClockState;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.ScriptedBoard;
import dev.tickbench.testkit.StoryCapture;
import dev.tickbench.testkit.TempDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;

/**
 * The window {@link ScreenshotsTest#screenshotOfTheClockPanel} photographs, in its own JVM on the
 * display it is given: the scripted laptop's story (thermal, power, policy, idle, none) opened as a
 * capture at 1600×1000, its hot stage selected (Shift+drag), and "Why is the clock low?" naming the
 * cooling devices beside the tracks. Exit 0 when all is well, {@link ScreenshotsRun#NO_TOOLKIT} when
 * no GTK window can be opened, 1 otherwise.
 */
public final class ClockShotsRun {
    static final List<String> SHOTS = List.of("clock-panel.png");

    private ClockShotsRun() {}

    public static void main(String[] args) {
        ShotsMain.main(args, ClockShotsRun::run);
    }

    private static void run(Path out) throws Exception {
        WindowFixture w = fx(() -> new WindowFixture(new Stage(), ScreenshotsRun.WIDTH, ScreenshotsRun.HEIGHT));
        Path dir = TempDirs.deletedAtExit("tickbench-clock-shots");
        Path file = dir.resolve("laptop-story.ndjson.gz");
        ScriptedBoard.Stage hot = StoryCapture.record(Boards.LAPTOP, dir.resolve("board"), StreamFormat.V2, file)
                .stages()
                .get(0);
        var task = fx(() -> w.view.openCapture(file));
        w.replayed(task);
        double start = StoryCapture.START_WALL_NS / 1e9;
        ClockPanel panel = fx(() -> (ClockPanel) w.view.getScene().lookup("#clock-panel"));
        fx(() -> {
            w.view.charts()
                    .crosshair()
                    .select(
                            start + (hot.firstTick() - 1) / (double) StoryCapture.RATE_HZ,
                            start + hot.lastTick() / (double) StoryCapture.RATE_HZ);
            return null;
        });
        until("the hot stage's verdict", () -> {
            ClockState s = panel.model().state();
            return s.busy() == null
                    && s.scope().startsWith("selected range")
                    && !s.policies().isEmpty()
                    && s.policies().stream().allMatch(p -> p.limiter().label().equals(hot.expect()));
        });
        w.drawn();
        Path png = out.resolve(SHOTS.get(0));
        fx(() -> {
            PngWriter.save(w.view.getScene().getRoot(), png);
            return null;
        });
        if (Files.size(png) < 5_000 || !fx(() -> w.vm.errorProperty().get()).isEmpty()) {
            throw new AssertionError(png + ": " + Files.size(png) + " bytes, error: "
                    + fx(() -> w.vm.errorProperty().get()));
        }
    }
}
