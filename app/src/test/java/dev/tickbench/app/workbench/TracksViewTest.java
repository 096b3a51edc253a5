package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.pulses;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.charts.ChartsSeen;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.session.LineBreaks;
import dev.tickbench.app.session.Points;
import dev.tickbench.app.session.Series;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.RouterCapture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.concurrent.Worker;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.image.Image;
import javafx.scene.image.PixelReader;
import javafx.scene.input.MouseButton;
import javafx.scene.input.ScrollEvent;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Live tab's tracks at 1600×1000 on the fixture board capture (30 s at 100 Hz, 50 ticks lost
 * at 20 s): six tracks on one screen, missed samples as breaks and counts, the wheel, the overview
 * strip, and charts that are not redrawn while nothing they show changes.
 */
@ExtendWith(ApplicationExtension.class)
class TracksViewTest {
    private static final double START = RouterCapture.START_WALL_NS / 1e9;
    /** The capture's hole: tick 1999 is the last before it, tick 2050 the first after (seq 2000–2049 lost). */
    private static final double HOLE_FROM = START + 19.99;

    private static final double HOLE_TO = START + 20.50;

    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    private void openFixture() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        var task = fx(() -> w.view.openCapture(file));
        // the whole fixture in the store (the task's end: the loader's last batch is flushed before it)
        until(
                "the replay",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && w.vm.replayProperty().get()
                        && !w.vm.loadingProperty().get());
        w.drawn();
    }

    /** Tracks whose whole chart lies inside the scroll pane's viewport, in scene coordinates. */
    private List<String> fullyVisible() throws Exception {
        return fx(() -> {
            var scroll = ChartsSeen.scroll(w.view.charts());
            Bounds port = scroll.localToScene(scroll.getLayoutBounds());
            List<String> out = new ArrayList<>();
            for (ChartView v : w.view.charts().tracks()) {
                Bounds b = v.localToScene(v.getLayoutBounds());
                if (b.getMinY() >= port.getMinY() - 0.5
                        && b.getMaxY() <= port.getMaxY() + 0.5
                        && b.getMinX() >= port.getMinX() - 0.5
                        && b.getMaxX() <= port.getMaxX() + 0.5) {
                    out.add(v.group().id());
                }
            }
            return out;
        });
    }

    @Test
    void sixTracksAreOnOneScreenAndTheEventsPaneIsSmallWhenEmpty() throws Exception {
        openFixture();
        List<String> visible = fullyVisible();
        assertTrue(visible.size() >= 6, "tracks fully visible at 1600×1000: " + visible);
        // the catalogue's order: the machine's load (and the disks) after memory, then the slab caches
        assertEquals(List.of("thermal", "cpu_freq", "cpu", "psi", "memory", "load"), visible.subList(0, 6));
        // the legend lists what is drawn; the slab caches not drawn are one "+N more" away
        ChartView slab = fx(() -> w.view.charts().chart("slab"));
        List<String> legend = fx(slab::legendTexts);
        int all = fx(() -> slab.badgeTexts().size());
        assertEquals(5 + 1, legend.size(), legend.toString());
        assertEquals("+" + (all - 5) + " more", legend.get(5));
        // a double-click makes a track taller; another makes it compact again
        double compact = fx(slab::getHeight);
        fx(() -> {
            Tracks.doubleClick(slab);
            return null;
        });
        until("the slab track taller than " + (compact + 150) + " px", () -> slab.getHeight() > compact + 150);
        fx(() -> {
            Tracks.doubleClick(slab);
            Tracks.collapse(slab, true);
            return null;
        });
        until("the slab track collapsed to its title (under 32 px)", () -> slab.getHeight() < 32);
        assertFalse(fx(slab::isOnScreen), "a collapsed track is not drawn");
    }

    @Test
    void aMissingRunOfSamplesBreaksTheLinesAndIsCounted() throws Exception {
        openFixture();
        // the rate row is written by the next frame after the capture is read (empty on a loaded machine till then)
        fx(() -> {
            w.view.charts().refresh();
            return null;
        });
        assertEquals(
                "100 Hz · 98 Hz achieved · 50 missed",
                fx(() -> w.view.charts().rateText()),
                "2950 samples over 29.99 s, seq 2000–2049 never arrived");
        // the dataset: the busy line ends at the last tick before the hole with a NaN point
        Series busy = fx(() -> w.vm.storeProperty().get().series("cpu.busy_pct"));
        Points line = busy.line();
        int at = line.lastStoredAtOrBefore(HOLE_FROM + 0.004); // the last point within half a tick of the hole's start
        assertTrue(Double.isNaN(line.y(at)) && Math.abs(line.x(at) - HOLE_FROM) < 0.004, "a NaN at " + HOLE_FROM);
        assertEquals(1, LineBreaks.of(busy));

        // the picture: zoomed around the hole, neither busy (a line) nor thermal_zone1 (held steps,
        // published at 10 Hz) crosses the hole; thermal_zone0 (1 Hz: the hole is within its cadence) does
        fx(() -> {
            w.vm.window().userRange(HOLE_FROM - 1, HOLE_TO + 2);
            return null;
        });
        w.drawn();
        assertEquals(
                0, colourInColumn("cpu", (HOLE_FROM + HOLE_TO) / 2, "#1f77b4", 1000), "busy drawn across the hole");
        assertTrue(colourInColumn("cpu", HOLE_FROM - 0.5, "#1f77b4", 1000) > 0, "busy drawn before the hole");
        assertTrue(
                colourInColumn("cpu", HOLE_TO + 1.5, "#1f77b4", 1000) > 0,
                "busy drawn after the hole (its 1 s window filled again)");
        assertEquals(
                0,
                colourInColumn("thermal", (HOLE_FROM + HOLE_TO) / 2, "#d62728", 100),
                "thermal_zone1 held across the hole");
        assertTrue(colourInColumn("thermal", HOLE_FROM - 0.5, "#d62728", 100) > 0, "thermal_zone1 before the hole");
        assertTrue(
                colourInColumn("thermal", (HOLE_FROM + HOLE_TO) / 2, "#1f77b4", 100) > 0,
                "thermal_zone0 holds through");
    }

    /**
     * Pixels of {@code colour}'s hue (antialiased lines blend with the background, so the hue, not the
     * exact colour) in the chart's pixel columns at time {@code t}, below the value {@code below} (the
     * thermal chart's red critical trip line lies above the data).
     */
    private int colourInColumn(String g, double t, String colour, double below) throws Exception {
        return fx(() -> {
            ChartView v = w.view.charts().chart(g);
            var canvas = v.chart().getCanvas();
            Image img = canvas.snapshot(null, null);
            int x = (int)
                    Math.round(canvas.sceneToLocal(Tracks.sceneXAt(v, t), 0).getX());
            double top = canvas.sceneToLocal(
                            Tracks.yAxis(v).localToScene(0, Tracks.yAxis(v).getDisplayPosition(below)))
                    .getY();
            Color want = Color.web(colour);
            PixelReader r = img.getPixelReader();
            int n = 0;
            for (int dx = -1; dx <= 1; dx++) {
                for (int y = (int) Math.max(0, top + 3); y < (int) img.getHeight(); y++) {
                    Color c = r.getColor(x + dx, y);
                    double dh = Math.abs(c.getHue() - want.getHue());
                    if (Math.min(dh, 360 - dh) < 15 && c.getSaturation() > 0.35 && c.getBrightness() > 0.35) {
                        n++;
                    }
                }
            }
            return n;
        });
    }

    /**
     * A wheel event at a scene point of a chart's plot, dispatched through the scene like the toolkit
     * does (filters from the window down, handlers back up): deltaY 40 is one notch, positive is up.
     */
    private void wheel(ChartView v, double sceneX, double sceneY, double deltaY, boolean ctrl) throws Exception {
        fx(() -> {
            javafx.scene.Node target = v.chart().getCanvas();
            javafx.geometry.Point2D screen = target.localToScreen(target.sceneToLocal(sceneX, sceneY));
            javafx.event.Event.fireEvent(
                    target,
                    new ScrollEvent(
                            ScrollEvent.SCROLL,
                            sceneX,
                            sceneY,
                            screen.getX(),
                            screen.getY(),
                            false,
                            ctrl,
                            false,
                            false,
                            false,
                            false,
                            0,
                            deltaY,
                            0,
                            deltaY,
                            ScrollEvent.HorizontalTextScrollUnits.NONE,
                            0,
                            ScrollEvent.VerticalTextScrollUnits.NONE,
                            0,
                            0,
                            null));
            return null;
        });
    }

    @Test
    void theWheelScrollsTheTracksAndCtrlWheelZoomsTime() throws Exception {
        openFixture();
        double min = fx(() -> w.vm.window().min());
        double max = fx(() -> w.vm.window().max());
        ChartView cpu = fx(() -> w.view.charts().chart("cpu"));
        Bounds plot = fx(cpu::plotBoundsInScene);
        double sx = plot.getMinX() + plot.getWidth() * 0.25;
        double sy = (plot.getMinY() + plot.getMaxY()) / 2;
        assertEquals(0.0, fx(() -> w.view.charts().getVvalue()), 0.0);
        wheel(cpu, sx, sy, -120, false);
        until("the tracks to scroll", () -> w.view.charts().getVvalue() > 0);
        assertEquals(min, fx(() -> w.vm.window().min()), 0.0, "a plain wheel does not zoom");
        assertEquals(max, fx(() -> w.vm.window().max()), 0.0);
        wheel(cpu, sx, sy, 1200, false);
        until("back at the top", () -> w.view.charts().getVvalue() == 0);
        w.drawn();

        // Ctrl+wheel: zoom in around the time under the pointer (which stays under it)
        plot = fx(cpu::plotBoundsInScene);
        double px = plot.getMinX() + plot.getWidth() * 0.25;
        double py = (plot.getMinY() + plot.getMaxY()) / 2;
        double t0 = fx(() -> cpu.timeAtScene(px));
        wheel(cpu, px, py, 80, true);
        double nmin = fx(() -> w.vm.window().min());
        double nmax = fx(() -> w.vm.window().max());
        assertEquals((max - min) * 0.8 * 0.8, nmax - nmin, 1e-6, "two notches, 0.8 each");
        assertEquals(
                (t0 - min) / (max - min), (t0 - nmin) / (nmax - nmin), 1e-6, "the time under the pointer stays put");
        assertEquals(0.0, fx(() -> w.view.charts().getVvalue()), 0.0, "Ctrl+wheel does not scroll");
        assertFalse(fx(() -> w.vm.window().isFollow()));
    }

    @Test
    void theOverviewStripMovesTheWindow(FxRobot robot) throws Exception {
        openFixture();
        fx(() -> {
            w.vm.window().userRange(START + 2, START + 8);
            return null;
        });
        var strip = fx(() -> ChartsSeen.overview(w.view.charts()));
        assertEquals("cpu.busy_pct", fx(() -> strip.series().name()));
        Bounds b = fx(() -> strip.localToScreen(strip.getLayoutBounds()));
        double grab = fx(() -> ChartsSeen.xAt(strip, START + 5));
        double to = fx(() -> ChartsSeen.xAt(strip, START + 15));
        robot.drag(new Point2D(b.getMinX() + grab, b.getMinY() + b.getHeight() / 2), MouseButton.PRIMARY)
                .dropTo(new Point2D(b.getMinX() + to, b.getMinY() + b.getHeight() / 2));
        double min = fx(() -> w.vm.window().min());
        double max = fx(() -> w.vm.window().max());
        assertEquals(6, max - min, 1e-6, "a drag inside the rectangle keeps the width");
        assertEquals(START + 12, min, 0.3, "and moves the range by the drag");
        ChartView cpu = fx(() -> w.view.charts().chart("cpu"));
        assertEquals(min, fx(() -> cpu.xAxis().getMin()), 1e-9, "the charts follow the window");
    }

    @Test
    void chartsAreNotRedrawnWhileNothingTheyShowChanges() throws Exception {
        openFixture();
        fx(() -> {
            w.vm.window().userRange(START + 2, START + 8);
            return null;
        });
        w.drawn(); // the counts are read once everything asked for is drawn, never after a number of frames
        Map<String, Long> before = redraws();
        long strip = fx(() -> w.view.charts().diagnostics().overviewDraws());
        pulses(30); // the span watched: nothing changes, so no pulse may redraw
        fx(() -> {
            w.vm.selection().refreshDefaults();
            w.view.charts().refresh();
            return null;
        }); // what the window does every 2 s
        pulses(30);
        w.drawn(); // whatever the refresh asked for has been drawn, and would be counted
        assertEquals(before, redraws(), "nothing changed: nothing redrawn");
        // one repaint for the refresh; a layout pass that changes the strip's width repaints it too (at most once here)
        long stripDraws = fx(() -> w.view.charts().diagnostics().overviewDraws()) - strip;
        assertTrue(
                stripDraws >= 1 && stripDraws <= 2, "the strip repaints on refresh, not on every pulse: " + stripDraws);

        // scrolled to the top, the last tracks are off screen: a new window redraws only what is on screen
        List<String> on = fx(() -> w.view.charts().tracks().stream()
                .filter(ChartView::isOnScreen)
                .map(v -> v.group().id())
                .toList());
        List<String> off = fx(() -> w.view.charts().tracks().stream()
                .filter(v -> !v.isOnScreen())
                .map(v -> v.group().id())
                .toList());
        assertFalse(off.isEmpty(), "some tracks are below the viewport");
        ChartView first = fx(() -> w.view.charts().chart(on.get(0)));
        fx(() -> {
            w.vm.window().userRange(START + 3, START + 9);
            return null;
        });
        until("the tracks on screen to show the new window", () -> first.xAxis().getMin() == START + 3);
        w.drawn();
        Map<String, Long> after = redraws();
        for (String g : on) {
            assertTrue(after.get(g) > before.get(g), g + " on screen redraws for the new window");
        }
        for (String g : off) {
            assertEquals(before.get(g), after.get(g), g + " off screen is not redrawn");
        }
        // another tab: nothing on the Live tab is redrawn, whatever the window does
        fx(() -> {
            w.view.tabs().getSelectionModel().select(1);
            return null;
        });
        until(
                "the Live tab's tracks off screen",
                () -> w.view.charts().tracks().stream().noneMatch(ChartView::isOnScreen));
        w.drawn();
        Map<String, Long> hidden = redraws();
        fx(() -> {
            w.vm.window().userRange(START + 4, START + 10);
            return null;
        });
        pulses(10); // the span watched
        w.drawn();
        assertEquals(hidden, redraws(), "a hidden tab's charts are not redrawn");
        // back on the Live tab, the charts on screen show the new window
        fx(() -> {
            w.view.tabs().getSelectionModel().select(0);
            return null;
        });
        ChartView cpu = fx(() -> w.view.charts().chart("cpu"));
        until("the CPU track to show the new window", () -> cpu.xAxis().getMin() == START + 4);
        w.drawn();
        assertTrue(redraws().get("cpu") > hidden.get("cpu"));
    }

    private Map<String, Long> redraws() throws Exception {
        return fx(() -> {
            Map<String, Long> m = new java.util.LinkedHashMap<>();
            w.view.charts().diagnostics().tracks().forEach((g, t) -> m.put(g, t.redraws()));
            return m;
        });
    }

    /**
     * Live on this machine, paused on the past: samples keep arriving (the CPU line grows) but nothing
     * the charts show changes, so CPU busy and PSI are not redrawn.
     */
    @Test
    void aLiveSessionPausedOnThePastDoesNotRedraw() throws Exception {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: the live part needs Linux");
        try {
            fx(() -> {
                w.vm.connectLocal();
                return null;
            });
            until("busy and PSI with points", () -> {
                var cpu = w.track("cpu");
                var psi = w.track("psi");
                return cpu != null && psi != null && cpu.points() > 50 && psi.points() > 50;
            });
            double first = fx(() -> w.vm.storeProperty().get().firstX());
            fx(() -> {
                w.vm.window().userRange(first, first + 1);
                return null;
            });
            // the marks counted before the charts settle: one that arrives meanwhile (a slipped hole on this
            // loaded machine) is drawn after the count of redraws is taken, and must be in the new marks
            int marks = fx(() -> w.vm.storeProperty().get().marks().size());
            w.drawn();
            long cpuBefore = fx(() -> w.track("cpu").redraws());
            long psiBefore = fx(() -> w.track("psi").redraws());
            int points = fx(() -> w.track("cpu").points());
            until("more samples", () -> w.track("cpu").points() > points + 100);
            pulses(10); // the span watched: samples arrive, the paused charts must not redraw
            w.drawn();
            // a kernel log line arriving meanwhile adds a mark to every chart (a plugin: one redraw each)
            long newMarks = fx(() -> w.vm.storeProperty().get().marks().size()) - marks;
            long cpuRedraws = fx(() -> w.track("cpu").redraws()) - cpuBefore;
            assertTrue(
                    cpuRedraws <= newMarks,
                    "CPU busy: new samples right of a paused window are not drawn (" + cpuRedraws + " redraws, "
                            + newMarks + " new marks)");
            assertTrue(fx(() -> w.track("psi").redraws()) - psiBefore <= newMarks, "PSI likewise");
            // following again, the charts move with the data
            fx(() -> {
                w.vm.window().follow(true);
                return null;
            });
            until("a redraw when following", () -> w.track("cpu").redraws() > cpuBefore);
        } finally {
            fx(() -> {
                w.vm.shutdown();
                return null;
            });
        }
    }
}
