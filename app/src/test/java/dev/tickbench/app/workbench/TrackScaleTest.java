package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.charts.ChartsSeen;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Shaping a track (docs/workbench-charts.md, "Shaping a track") as a user does, with a right-click on it, on
 * the router fixture fed live: Memory is ranged over its data by default and goes on a log scale, where its
 * lines at 0 are not drawn; Thermal starts from 0 when asked; CPU, a share, starts from 0.
 */
@ExtendWith(ApplicationExtension.class)
class TrackScaleTest {
    private WindowFixture w;
    private FollowDrawsNewColumnsTest.Feeder feeder;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    @AfterEach
    void stop() {
        if (feeder != null) {
            feeder.close();
        }
    }

    @Test
    void aRightClickRangesATrackFromZeroOrOnALogScale(FxRobot robot) throws Exception {
        feeder = FollowDrawsNewColumnsTest.Feeder.routerFixture(300);
        fx(() -> {
            w.vm.connect(feeder);
            return null;
        });
        until("the tracks drawn and followed", () -> {
            var s = w.vm.storeProperty().get();
            return w.track("memory") != null
                    && w.track("memory").redraws() > 0
                    && w.track("cpu") != null
                    && s != null
                    && s.latestX() - s.firstX() > 10;
        });
        // still: the axes are read against the data of one window
        fx(() -> {
            w.vm.window().follow(false);
            return null;
        });
        w.drawn();
        ChartView memory = fx(() -> w.view.charts().chart("memory"));
        ChartView cpu = fx(() -> w.view.charts().chart("cpu"));

        ChartView thermal = fx(() -> w.view.charts().chart("thermal"));
        // Memory, a level, is ranged over its data; its Dirty and Writeback lines are at 0 in the fixture
        double[] extent = fx(() -> ChartsSeen.shownExtent(memory));
        assertEquals(0, extent[0], 0, "a memory line at 0");
        assertEquals(extent[1] + extent[1] * 0.06, fx(() -> range(memory))[1], 1e-6, "over the data");
        assertFalse(fx(() -> axis(memory).isLogAxis()));

        // Thermal (40-odd °C) is ranged over its data until asked to start from 0
        assertTrue(fx(() -> range(thermal))[0] > 20, "thermal over its data: " + fx(() -> range(thermal))[0]);
        fx(() -> {
            w.view.charts().reveal(thermal);
            return null;
        });
        robot.rightClickOn(thermal.lookup(".chart-canvas-area"));
        robot.clickOn("Y axis from 0");
        until("thermal from 0", () -> range(thermal)[0] == 0);

        // on a log scale Memory's lines at 0 are not drawn, and the axis spans the values above 0
        fx(() -> {
            w.view.charts().reveal(memory);
            return null;
        });
        robot.rightClickOn(memory.lookup(".chart-canvas-area"));
        robot.clickOn("Log scale (values ≤ 0 not drawn)");
        until("memory on a log scale", () -> axis(memory).isLogAxis());
        w.drawn();
        double[] logRange = fx(() -> range(memory));
        double[] logExtent = fx(() -> ChartsSeen.shownExtent(memory));
        double pad = Math.pow(10, Math.max(0.1, Math.log10(logExtent[1] / logExtent[2])) * 0.06);
        assertEquals(logExtent[2] / pad, logRange[0], logRange[0] * 1e-9, "from the lowest value above 0");
        assertEquals(logExtent[1] * pad, logRange[1], logRange[1] * 1e-9, "to the highest");

        // CPU busy is a share: from 0, as its group says
        assertEquals(0, fx(() -> range(cpu))[0], 0);
        java.nio.file.Path shots = java.nio.file.Files.createDirectories(
                java.nio.file.Path.of(System.getProperty("user.dir"), "target", "screenshots"));
        fx(() -> {
            w.view.charts().reveal(memory);
            PngWriter.save(w.view, shots.resolve("track-log-scale.png"));
            return null;
        });
    }

    private static DefaultNumericAxis axis(ChartView v) {
        return (DefaultNumericAxis) ChartsSeen.yAxis(v);
    }

    private static double[] range(ChartView v) {
        return new double[] {axis(v).getMin(), axis(v).getMax()};
    }
}
