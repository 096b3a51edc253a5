package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.testkit.RouterCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javafx.concurrent.Worker;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Ctrl+F finds a source and scrolls to its chart; the dark theme; y axes ranged over what is visible. */
@ExtendWith(ApplicationExtension.class)
class FindAndThemeTest {
    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1200, 800);
    }

    private void openFixture() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        var task = fx(() -> w.view.openCapture(file));
        until(
                "the replay",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && w.vm.replayProperty().get());
    }

    @Test
    void ctrlFFiltersTheSourcesAndEnterScrollsToTheChart(FxRobot robot) throws Exception {
        openFixture();
        robot.clickOn(w.view.charts());
        robot.press(KeyCode.CONTROL).press(KeyCode.F).release(KeyCode.F).release(KeyCode.CONTROL);
        assertTrue(fx(() -> w.view.sourcesPanel().findField().isFocused()), "Ctrl+F puts the cursor in the find field");
        robot.write("pressu");
        assertEquals(
                List.of("pressure"),
                fx(() -> w.view.sourcesPanel().shown().stream()
                        .map(r -> r.name())
                        .toList()));
        assertEquals(0.0, fx(() -> w.view.charts().getVvalue()), 0.0);
        robot.type(KeyCode.ENTER);
        until("the scroll", () -> w.view.charts().getVvalue() > 0);
        // the PSI chart's top is inside the viewport now: once the layout after the scroll has placed it
        ChartView psi = fx(() -> w.view.charts().chart("psi"));
        Bounds[] seen = new Bounds[2];
        until(() -> "the PSI chart's top in the viewport: " + seen[0] + " in " + seen[1], () -> {
            seen[0] = psi.localToScene(psi.getBoundsInLocal());
            seen[1] = w.view.charts().localToScene(w.view.charts().getBoundsInLocal());
            return seen[0].getMinY() >= seen[1].getMinY() - 1 && seen[0].getMinY() < seen[1].getMaxY() - 100;
        });
        assertEquals("Showing pressure", fx(() -> w.vm.statusProperty().get()));

        fx(() -> {
            w.view.sourcesPanel().findField().setText("mtd");
            return null;
        });
        robot.clickOn(w.view.sourcesPanel().findField()).type(KeyCode.ENTER);
        assertTrue(
                fx(() -> w.vm.statusProperty().get()).startsWith("mtd has no chart"),
                fx(() -> w.vm.statusProperty().get()));
        robot.type(KeyCode.ESCAPE);
        assertTrue(fx(() -> w.view.sourcesPanel().shown().size()) > 5, "Escape clears the filter");

        // a series name finds its source: nf_conntrack is a slab cache
        fx(() -> {
            w.view.sourcesPanel().findField().setText("conntrack");
            return null;
        });
        assertEquals(
                List.of("slabinfo"),
                fx(() -> w.view.sourcesPanel().shown().stream()
                        .map(r -> r.name())
                        .toList()));
        // ... and Enter draws it beside the slab track's picks, its track scrolled into view
        ChartView slab = fx(() -> w.view.charts().chart("slab"));
        List<String> conntrack = fx(() -> w.vm.storeProperty().get().series().stream()
                .map(s -> s.name())
                .filter(n -> n.contains("conntrack"))
                .toList());
        assertEquals(1, conntrack.size(), conntrack.toString());
        assertFalse(
                fx(() -> w.vm.selection().drawnNames(slab.group())).contains(conntrack.get(0)),
                "not among the five largest caches");
        robot.clickOn(w.view.sourcesPanel().findField()).type(KeyCode.ENTER);
        assertEquals(
                "Showing slabinfo, drawn now: " + conntrack.get(0),
                fx(() -> w.vm.statusProperty().get()));
        Set<String> drawn = fx(() -> w.vm.selection().drawnNames(slab.group()));
        assertTrue(drawn.contains(conntrack.get(0)) && drawn.size() == 6, "beside the five: " + drawn);
        until(
                "its badge in the slab track's legend",
                () -> fx(slab::legendTexts).stream().anyMatch(t -> t.startsWith("nf_conntrack")));

        // the selected match is the one Enter goes to: meminfo has its Memory track (it had none and was passed over)
        fx(() -> {
            w.view.sourcesPanel().findField().setText("info");
            return null;
        });
        List<String> infos = fx(
                () -> w.view.sourcesPanel().shown().stream().map(r -> r.name()).toList());
        assertTrue(infos.contains("meminfo") && infos.contains("slabinfo"), infos.toString());
        fx(() -> {
            w.view.sourcesPanel().list().getSelectionModel().select(infos.indexOf("meminfo"));
            return null;
        });
        robot.clickOn(w.view.sourcesPanel().findField()).type(KeyCode.ENTER);
        assertEquals("Showing meminfo", fx(() -> w.vm.statusProperty().get()));
    }

    @Test
    void darkThemeRecolorsFromTheOneColourSheet() throws Exception {
        openFixture();
        Region plot = fx(() -> (Region) w.view.charts().chart("thermal").lookup(".chart-plot-background"));
        assertEquals(Color.web("#ffffff"), fx(() -> plotFill(plot)));
        fx(() -> {
            w.darkTheme(true);
            w.view.applyCss();
            return null;
        });
        assertTrue(fx(() -> w.view.getStyleClass().contains("dark")));
        assertEquals(Color.web("#171a1f"), fx(() -> plotFill(plot)));
        Node banner = fx(() -> w.view.lookup(".error-banner"));
        fx(() -> {
            w.vm.errorProperty().set("x");
            w.view.applyCss();
            return null;
        });
        assertEquals(
                Color.web("#5a1d1a"),
                fx(() -> ((Region) banner).getBackground().getFills().get(0).getFill()));

        // a selected row out of focus is a dark selection, not modena's light grey
        fx(() -> {
            w.view.sourcesPanel().list().getSelectionModel().select(0);
            w.view.charts().requestFocus();
            return null;
        });
        until("the selected row styled", () -> {
            w.view.applyCss();
            w.view.layout();
            return w.view.sourcesPanel().list().lookup(".list-cell:selected") != null;
        });
        Object selected =
                fx(() -> plotFill((Region) w.view.sourcesPanel().list().lookup(".list-cell:selected")));
        assertEquals(Color.web("#3a4556"), selected);
        // the Path walk table's empty-state text is readable on the dark table
        fx(() -> {
            w.view.tabs().show(w.view.tabs().walk());
            return null;
        });
        until("the walk table's placeholder", () -> {
            w.view.applyCss();
            w.view.layout();
            return w.view.tabs().walk().lookup(".table-view .placeholder .label") != null;
        });
        Object placeholder =
                fx(() -> ((javafx.scene.control.Label) w.view.tabs().walk().lookup(".table-view .placeholder .label"))
                        .getTextFill());
        assertEquals(Color.web("#9aa3b2"), placeholder);
        fx(() -> {
            w.darkTheme(false);
            w.view.applyCss();
            return null;
        });
        assertEquals(Color.web("#ffffff"), fx(() -> plotFill(plot)));
    }

    private static Object plotFill(Region r) {
        r.applyCss();
        return r.getBackground() == null
                ? null
                : r.getBackground().getFills().get(0).getFill();
    }

    @Test
    void theThemeIsRememberedInTheConfigDir() throws Exception {
        Path prefs = dir.resolve("cfg/tickbench/ui.properties");
        assertFalse(Theme.loadDark(prefs), "light until chosen");
        Theme.saveDark(prefs, true);
        assertTrue(Theme.loadDark(prefs));
        assertTrue(Files.readString(prefs).contains("theme=dark"));
        Theme.saveDark(prefs, false);
        assertFalse(Theme.loadDark(prefs));
    }

    @Test
    void yAxesRangeOverTheVisibleTimeRangeAndKeepTheCriticalTrip() throws Exception {
        openFixture();
        ChartView thermal = fx(() -> w.view.charts().chart("thermal"));
        double max = fx(() -> Tracks.yAxis(thermal).getMax());
        assertTrue(max > 105, "the 105 °C trip of thermal_zone0 is on screen: y max " + max);
        ChartView freq = fx(() -> w.view.charts().chart("cpu_freq"));
        double[] whole = fx(() ->
                new double[] {Tracks.yAxis(freq).getMin(), Tracks.yAxis(freq).getMax()});
        double start = RouterCapture.START_WALL_NS / 1e9;
        fx(() -> {
            w.vm.window().userRange(start + 1, start + 1.5);
            return null;
        });
        double[] zoomed = fx(() ->
                new double[] {Tracks.yAxis(freq).getMin(), Tracks.yAxis(freq).getMax()});
        // the axis is the visible range's, with padding: never wider than the whole run's
        assertTrue(
                zoomed[1] - zoomed[0] <= whole[1] - whole[0] + 1e-9,
                java.util.Arrays.toString(zoomed) + " vs " + java.util.Arrays.toString(whole));
        double[] expected = fx(() -> {
            var e = new dev.tickbench.app.charts.YExtent();
            w.vm.selection().drawn(freq.group()).forEach(s -> e.series(s.line(), start + 1, start + 1.5));
            return e.axisRange(0.06, false);
        });
        assertEquals(expected[0], zoomed[0], 1e-9);
        assertEquals(expected[1], zoomed[1], 1e-9);
    }
}
