package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.diff.DiffView;
import dev.tickbench.app.diff.DiffViewModel;
import dev.tickbench.core.diff.SeriesChange;
import dev.tickbench.testkit.ChangeCapture;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javafx.concurrent.Worker;
import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
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
        until(
                "the replay",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && w.vm.replayProperty().get());
        // the charts zoomed to the second minute (B), its ends half a tick from a sample (epoch seconds in a
        // double are exact to 0.24 µs only); A is then the first minute
        fx(() -> {
            double first = w.vm.storeProperty().get().firstX();
            w.vm.window().userRange(first + ChangeCapture.HALF_S - 0.005, first + 2 * ChangeCapture.HALF_S - 0.005);
            return null;
        });
        openWhatChanged(robot);
        // a window of its own (a title bar from any window manager), not over the charts' left part
        Stage changed = fx(WhatChangedMenuTest::whatChanged);
        assertNull(fx(changed::getOwner), "not owned by the workbench: a window manager drew that as a transient");
        Window main = fx(() -> w.view.getScene().getWindow());
        assertTrue(
                fx(() -> changed.getX() >= main.getX() + main.getWidth() - changed.getWidth() - 1),
                "beside the workbench or over its right part only");
        DiffViewModel vm = w.view.diff().model();
        fx(() -> {
            vm.bIsWindowProperty().set(true);
            vm.aJustBeforeProperty().set(true);
            return null;
        });
        robot.clickOn("#diff-rank");
        until("the ranking", () -> !vm.rows().isEmpty());
        List<String> top =
                fx(() -> vm.rows().stream().limit(4).map(SeriesChange::name).toList());
        assertTopChanges(top);
        var r = fx(() -> vm.resultProperty().get());
        assertEquals(6000, r.b().samples(), "B: 60 s to 119.99 s of the capture at 100 Hz");
        assertEquals(6000, r.a().samples(), "A: 0 s to 59.99 s, the same length just before B");

        DiffView view = fx(() -> w.view.diff().show(null));
        fx(() -> {
            view.table().getSelectionModel().select(0);
            return null;
        });
        Label legend = (Label) fx(() -> view.lookup("#diff-legend-b"));
        until("the overlay from the workbench's series", () -> legend.getText().startsWith("B  wall "));
        long reads = fx(() -> vm.rows().get(0).b().observations());
        assertTrue(fx(legend::getText).endsWith("(" + reads + " points)"), fx(legend::getText));
    }

    private void openWhatChanged(FxRobot robot) throws Exception {
        robot.clickOn("#file-menu").clickOn("What changed?…");
        until("the What changed? window", () -> whatChanged() != null);
    }

    private static Stage whatChanged() {
        return (Stage) Window.getWindows().stream()
                .filter(x -> x instanceof Stage s && "What changed? — Tickbench".equals(s.getTitle()) && s.isShowing())
                .findFirst()
                .orElse(null);
    }

    /** The window closed, so that the charts under it take the mouse (the model and its fields stay). */
    private void closeWhatChanged() throws Exception {
        fx(() -> {
            whatChanged().hide();
            return null;
        });
        until("the What changed? window closed", () -> whatChanged() == null);
    }

    /** Shift+drag across a track, from time {@code from} to {@code to} (epoch seconds), with the real mouse. */
    private static void shiftDrag(FxRobot robot, ChartView track, double from, double to) throws Exception {
        double y = fx(() -> track.chart()
                .getCanvas()
                .localToScreen(0, track.chart().getCanvas().getHeight() / 2)
                .getY());
        Point2D a = new Point2D(
                fx(() -> track.xAxis()
                        .localToScreen(track.xAxis().getDisplayPosition(from), 0)
                        .getX()),
                y);
        Point2D b = new Point2D(
                fx(() -> track.xAxis()
                        .localToScreen(track.xAxis().getDisplayPosition(to), 0)
                        .getX()),
                y);
        robot.press(KeyCode.SHIFT);
        try {
            robot.drag(a, MouseButton.PRIMARY).moveTo(b).drop();
        } finally {
            robot.release(KeyCode.SHIFT);
        }
    }

    @Test
    void rangesShiftDraggedOnTheChartsAreTakenAsAAndB(FxRobot robot) throws Exception {
        Path file = ChangeCapture.write(dir.resolve("change.ndjson.gz"));
        var task = fx(() -> w.view.openCapture(file));
        until(
                "the replay",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && w.vm.replayProperty().get()
                        && !w.vm.loadingProperty().get());
        w.drawn();
        double first = fx(() -> w.vm.storeProperty().get().firstX());
        var crosshair = fx(() -> w.view.charts().crosshair());
        ChartView track = fx(() -> w.view.charts().tracks().get(0));
        openWhatChanged(robot);
        DiffViewModel vm = w.view.diff().model();
        assertTrue(
                !fx(vm::pickA) && fx(() -> vm.errorProperty().get()).startsWith("No range is selected on the charts"),
                "without a selection A stays as typed, and the window says why");
        closeWhatChanged();

        // A: about 5 s to 50 s, B: about 65 s to 115 s, each Shift+dragged on the first track, then taken
        shiftDrag(robot, track, first + 5, first + 50);
        until("a selected range for A", () -> crosshair.rangeStatsProperty().get() != null);
        double[] a = fx(() -> new double[] {
            crosshair.rangeFromProperty().get(), crosshair.rangeToProperty().get()
        });
        openWhatChanged(robot);
        robot.clickOn("#diff-a-selected");
        until("A's fields from the selection", () -> !vm.aFromProperty().get().isEmpty());
        assertEquals(
                a[0] - first, Double.parseDouble(fx(() -> vm.aFromProperty().get())), 0.001);
        assertEquals(a[1] - first, Double.parseDouble(fx(() -> vm.aToProperty().get())), 0.001);
        closeWhatChanged();
        shiftDrag(robot, track, first + 65, first + 115);
        until(
                "a second range for B",
                () -> crosshair.rangeFromProperty().get() > a[1]
                        && crosshair.rangeStatsProperty().get() != null);
        double[] b = fx(() -> new double[] {
            crosshair.rangeFromProperty().get(), crosshair.rangeToProperty().get()
        });
        openWhatChanged(robot);
        robot.clickOn("#diff-b-selected");
        until("B's fields from the selection", () -> !vm.bFromProperty().get().isEmpty());
        robot.clickOn("#diff-rank");
        until("the ranking", () -> !vm.rows().isEmpty());
        List<String> top =
                fx(() -> vm.rows().stream().limit(4).map(SeriesChange::name).toList());
        assertTopChanges(top);
        var r = fx(() -> vm.resultProperty().get());
        // the ranges ranked are the ones dragged: their samples at 100 Hz, to within a sample at each end
        assertEquals((a[1] - a[0]) * 100, r.a().samples(), 2.0, "A: " + a[0] + ".." + a[1]);
        assertEquals((b[1] - b[0]) * 100, r.b().samples(), 2.0, "B: " + b[0] + ".." + b[1]);
    }

    /** The capture's known changes, most first (as KnownChangesTest ranks them): the slab, PSI io 2 → 8 %, the zone. */
    private static void assertTopChanges(List<String> top) {
        assertEquals("slabinfo.kmalloc-64", top.get(0), top.toString());
        assertEquals(
                Set.of("psi.io.some_pct", "pressure.io.some_total"), Set.copyOf(top.subList(1, 3)), top.toString());
        assertEquals("thermal_zone0.temp", top.get(3), top.toString());
    }
}
