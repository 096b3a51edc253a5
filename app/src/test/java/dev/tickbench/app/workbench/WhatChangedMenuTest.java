package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.diff.DiffView;
import dev.tickbench.app.diff.DiffViewModel;
import dev.tickbench.core.diff.SeriesChange;
import dev.tickbench.testkit.ChangeCapture;
import java.nio.file.Path;
import java.util.List;
import javafx.concurrent.Worker;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * File ▸ What changed?… in the real window: the capture the workbench opened is ranked with B = the
 * charts' window and A = the same length just before it, and a clicked row is drawn from the
 * workbench's own series.
 */
@ExtendWith(ApplicationExtension.class)
class WhatChangedMenuTest {
    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1200, 800);
    }

    @Test
    void theChartsWindowIsRankedAgainstTheStretchBeforeIt(FxRobot robot) throws Exception {
        Path file = ChangeCapture.write(dir.resolve("change.ndjson.gz"));
        var task = fx(() -> w.view.openCapture(file));
        until("the replay", () -> task.getState() == Worker.State.SUCCEEDED && w.vm.replayProperty().get());
        // the charts zoomed to the second minute (B), its ends half a tick from a sample (epoch seconds in a
        // double are exact to 0.24 µs only); A is then the first minute
        fx(() -> {
            double first = w.vm.storeProperty().get().firstX();
            w.vm.window().userRange(first + ChangeCapture.HALF_S - 0.005, first + 2 * ChangeCapture.HALF_S - 0.005);
            return null;
        });
        robot.clickOn("#file-menu").clickOn("What changed?…");
        until("the What changed? window", () -> Window.getWindows().stream()
                .anyMatch(x -> x instanceof Stage s && "What changed? — Tickbench".equals(s.getTitle()) && s.isShowing()));
        DiffViewModel vm = w.view.diff().model();
        fx(() -> { vm.bIsWindowProperty().set(true); vm.aJustBeforeProperty().set(true); return null; });
        robot.clickOn("#diff-rank");
        until("the ranking", () -> !vm.rows().isEmpty());
        List<String> top = fx(() -> vm.rows().stream().limit(2).map(SeriesChange::name).toList());
        assertEquals(List.of("slabinfo.kmalloc-64", "thermal_zone0.temp"), top);
        var r = fx(() -> vm.resultProperty().get());
        assertEquals(6000, r.b().samples(), "B: 60 s to 119.99 s of the capture at 100 Hz");
        assertEquals(6000, r.a().samples(), "A: 0 s to 59.99 s, the same length just before B");

        DiffView view = fx(() -> w.view.diff().show(null));
        fx(() -> { view.table().getSelectionModel().select(0); return null; });
        Label legend = (Label) fx(() -> view.lookup("#diff-legend-b"));
        until("the overlay from the workbench's series", () -> legend.getText().startsWith("B  wall "));
        long reads = fx(() -> vm.rows().get(0).b().observations());
        assertTrue(fx(legend::getText).endsWith("(" + reads + " points)"), fx(legend::getText));
    }
}
