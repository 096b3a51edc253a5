package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.session.Points;
import dev.tickbench.app.session.Series;
import dev.tickbench.core.derived.DerivedWindow;
import dev.tickbench.testkit.SyntheticCapture;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javafx.concurrent.Worker;
import javafx.scene.control.ListCell;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The toolbar's smoothing window on a capture of known deltas: 100 Hz on 2 CPUs (2 jiffies per 10 ms
 * tick), busy 2, 1, 0, 1 jiffies in turn. Over 1 s every value is 50 %; per tick the jiffy wall 0 / 50 /
 * 100 %; over 100 ms (10 ticks) 45 or 55 %. Choosing a window re-reads the capture and the badge says it.
 */
@ExtendWith(ApplicationExtension.class)
class SmoothingViewTest {
    private static final long[] BUSY = {2, 1, 0, 1};
    private static final int TICKS = 300;

    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1200, 800);
    }

    private Path capture() throws Exception {
        Path file = dir.resolve("jiffies.ndjson");
        try (SyntheticCapture c = SyntheticCapture.file(file, 100, 0, SyntheticCapture.attributes())) {
            for (int t = 0; t < TICKS; t++) {
                long busy = BUSY[t % BUSY.length];
                c.sample(Map.of(
                        "stat",
                        SyntheticCapture.values(
                                "cpu.user",
                                busy,
                                "cpu.nice",
                                0,
                                "cpu.system",
                                0,
                                "cpu.idle",
                                2 - busy,
                                "cpu.iowait",
                                0)));
            }
        }
        return file;
    }

    private Set<Double> busyValues() throws Exception {
        return fx(() -> {
            Series s = w.vm.storeProperty().get().series("cpu.busy_pct");
            Points p = s.line();
            Set<Double> out = new TreeSet<>();
            for (int i = 0; i < p.size(); i++) {
                out.add(p.y(i));
            }
            return out;
        });
    }

    private List<String> cpuBadges() throws Exception {
        return fx(() -> w.view.charts().chart("cpu").badgeTexts());
    }

    private void waitForReplay(String what) throws Exception {
        until(
                what,
                () -> !w.vm.loadingProperty().get()
                        && w.vm.replayProperty().get()
                        && w.view.charts().chart("cpu") != null
                        && w.track("cpu").points() > 0);
    }

    private void choose(FxRobot robot, String label) {
        robot.clickOn(".smoothing-selector");
        robot.clickOn(
                (ListCell<?> c) -> label.equals(c.getText()) && c.isVisible() && c.getScene() != w.view.getScene());
    }

    @Test
    void switchingTheWindowChangesTheBadgeAndThePlottedValues(FxRobot robot) throws Exception {
        Path file = capture();
        var task = fx(() -> w.view.openCapture(file));
        until("the replay", () -> task.getState() == Worker.State.SUCCEEDED);
        waitForReplay("the capture over 1 s");
        assertEquals(DerivedWindow.S_1, fx(() -> w.vm.storeProperty().get().derivedWindow()), "1 s by default");
        assertTrue(cpuBadges().contains("busy · 1 s window"), cpuBadges().toString());
        assertEquals(Set.of(50.0), busyValues(), "25 whole 2-1-0-1 cycles in every 1 s window");
        int oneSecondPoints = fx(() -> w.track("cpu").points());

        var before = fx(() -> w.vm.storeProperty().get());
        choose(robot, "tick");
        until("the capture read again per tick", () -> w.vm.storeProperty().get() != before);
        waitForReplay("the capture per tick");
        assertEquals(DerivedWindow.TICK, fx(() -> w.vm.storeProperty().get().derivedWindow()));
        until(
                "the per-tick badge",
                () -> w.view.charts().chart("cpu").badgeTexts().contains("busy · tick window · jiffy steps of 50 %"));
        assertEquals(Set.of(0.0, 50.0, 100.0), busyValues(), "the jiffy wall: 0, 1 or 2 of 2 jiffies");
        assertEquals(
                2 * TICKS,
                (int) fx(() -> w.track("cpu").points()),
                "busy and iowait on every tick (1 s: 99 ticks fewer each)");
        assertEquals(2 * (TICKS - 99), oneSecondPoints);

        var perTick = fx(() -> w.vm.storeProperty().get());
        choose(robot, "100 ms");
        until("the capture read again over 100 ms", () -> w.vm.storeProperty().get() != perTick);
        waitForReplay("the capture over 100 ms");
        until(
                "the 100 ms badge",
                () -> w.view.charts()
                        .chart("cpu")
                        .badgeTexts()
                        .contains("busy · 100 ms window · jiffy steps of 5.0 %"));
        assertEquals(Set.of(45.0, 55.0), busyValues(), "10 ticks: 9 or 11 of 20 jiffies");
        assertTrue(fx(() -> w.view.charts().chart("cpu").badgeTexts())
                .contains("iowait · 100 ms window · jiffy steps of 5.0 %"));
    }
}
