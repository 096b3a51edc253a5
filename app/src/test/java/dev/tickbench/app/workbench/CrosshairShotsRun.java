package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.charts.ChartsSeen;
import dev.tickbench.app.charts.Crosshair;
import dev.tickbench.testkit.RouterCapture;
import dev.tickbench.testkit.TempDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;

/**
 * The window {@link ScreenshotsTest#screenshotOfTheCrosshairReadoutAndRangeStatistics} photographs, in
 * its own JVM on the display it is given: a capture zoomed to 12 s, the cursor at a time where a
 * cpufreq value is held, two pins and a selected range with its statistics below the charts. Exit 0
 * when all is well, {@link ScreenshotsRun#NO_TOOLKIT} when no GTK window can be opened, 1 otherwise.
 */
public final class CrosshairShotsRun {
    static final List<String> SHOTS = List.of("crosshair-readout.png");

    private CrosshairShotsRun() {}

    public static void main(String[] args) {
        ShotsMain.main(args, CrosshairShotsRun::run);
    }

    private static void run(Path out) throws Exception {
        WindowFixture w = fx(() -> new WindowFixture(new Stage(), 1600, 1000));
        Path file = TempDirs.deletedAtExit("tickbench-shots").resolve("edge-router-3.ndjson.gz");
        RouterCapture.small(file);
        var task = fx(() -> w.view.openCapture(file));
        w.replayed(task);
        double start = RouterCapture.START_WALL_NS / 1e9;
        Crosshair c = fx(() -> w.view.charts().crosshair());
        ChartView thermal = fx(() -> w.view.charts().chart("thermal"));
        fx(() -> {
            w.vm.window().userRange(start + 12, start + 24); // the gap at 20 s is in view
            c.pin(start + 13.5);
            c.pin(start + 17.25);
            c.select(start + 14, start + 16.5);
            c.hover(thermal, start + 15.37);
            return null;
        });
        w.drawn();
        if (fx(() -> c.readoutTexts(thermal)).size() < 3
                || !fx(() -> ChartsSeen.panel(c).isVisible())) {
            throw new AssertionError("no readout or no panel: " + fx(() -> c.readoutTexts(thermal)));
        }
        Path png = out.resolve(SHOTS.get(0));
        fx(() -> {
            PngWriter.save(w.view.getScene().getRoot(), png);
            return null;
        }); // controls included
        if (Files.size(png) < 5_000 || !fx(() -> w.vm.errorProperty().get()).isEmpty()) {
            throw new AssertionError(png + ": " + Files.size(png) + " bytes, error: "
                    + fx(() -> w.vm.errorProperty().get()));
        }
    }
}
