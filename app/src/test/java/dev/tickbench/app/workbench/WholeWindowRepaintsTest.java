package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.charts.ChartsSeen;
import dev.tickbench.app.clock.ClockPanel;
import dev.tickbench.app.session.TimeWindow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * "A workbench you leave open all day": what a follow step hands the renderer, counted
 * structurally per pulse ({@link Repaints}), never timed. JavaFX repaints the whole window for a pulse
 * whose changes all lie where nothing can be seen; on the Compare tab the hidden Live tab's overview
 * strip, clock panel and sources list made two such pulses a second (docs/measurements.md, 2026-12-04).
 * A live session fed five times faster than real time goes on meanwhile.
 */
@ExtendWith(ApplicationExtension.class)
class WholeWindowRepaintsTest {
    /** Follow steps watched (the step is WindowPulse.FOLLOW_STEP_NS, half a second). */
    private static final int STEPS = 4;

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
    void theCompareTabIsNotRepaintedForTheHiddenLiveTab() throws Exception {
        followed();
        Node live = fx(() -> w.view.tabs().getTabs().get(0).getContent());
        fx(() -> {
            w.view.tabs().show(w.view.tabs().compare());
            return null;
        });
        until(
                "the Live tab's tracks off screen",
                () -> w.view.charts().tracks().stream().noneMatch(ChartView::isOnScreen));
        w.drawn();
        long strip = fx(() -> w.view.charts().diagnostics().overviewDraws());
        Map<String, Long> redraws = redraws();
        Repaints r = watchSteps();

        assertEquals(
                List.of(),
                r.changes(c -> r.inside(c.node(), live)),
                "nothing on the hidden Live tab reaches the renderer");
        assertEquals(List.of(), r.blind(), "no pulse repaints the whole window");
        assertTrue(
                r.changes(c -> c.seen() && c.paints()).size() > 0,
                "the status row still says what goes on: " + r.pulses());
        assertEquals(
                strip,
                fx(() -> w.view.charts().diagnostics().overviewDraws()),
                "the hidden overview strip is not painted");
        assertEquals(redraws, redraws(), "the hidden charts are not redrawn");

        // back on the Live tab it shows the current window at once: before its first frame, in the same FX turn
        assertTrue(
                fx(() -> {
                    w.view.tabs().getSelectionModel().select(0);
                    ChartView cpu = w.view.charts().chart("cpu");
                    return cpu.xAxis().getMax() == w.vm.window().max()
                            && w.view.charts().diagnostics().overviewDraws() > strip;
                }),
                "the CPU track and the overview strip show the window the session reached meanwhile");
    }

    @Test
    void followingRepaintsOnlyTheChartsAndTheSmallTexts() throws Exception {
        followed();
        w.drawn();
        long cpuDraws = redraws().get("cpu");
        Repaints r = watchSteps();

        assertEquals(List.of(), r.blind(), "no pulse repaints the whole window");
        // the tracks on screen (a new ranking may change what one draws and lists), the overview strip with
        // its rates, the clock verdict's figures, the status row and the events below
        List<Node> tracks = fx(() -> w.view.charts().tracks().stream()
                .filter(ChartView::isOnScreen)
                .map(v -> (Node) v)
                .toList());
        List<Node> allowed = fx(() -> {
            List<Node> out = new ArrayList<>(tracks);
            out.add(ChartsSeen.overview(w.view.charts()).getParent());
            out.add(w.view.lookup("#clock-panel"));
            out.add(w.view.getBottom());
            return out;
        });
        assertTrue(allowed.get(allowed.size() - 2) instanceof ClockPanel);
        assertEquals(
                List.of(),
                r.changes(c -> c.paints() && c.seen() && allowed.stream().noneMatch(a -> r.inside(c.node(), a))),
                "nothing else is painted again: the toolbar, the sources, the legends, the tab headers");
        // ChartFX's style nodes and legend lines scrolled out of a legend's view are parts of a track on screen;
        // nothing else that cannot be seen (a track below the fold, another tab) is painted
        assertEquals(
                List.of(),
                r.changes(c -> c.paints() && !c.seen() && tracks.stream().noneMatch(t -> r.inside(c.node(), t))),
                "nothing that cannot be seen is painted");
        assertTrue(redraws().get("cpu") >= cpuDraws + STEPS - 1, "the CPU track followed the steps");
        // the figures that change every second or so (the status row with the observer's, the clock verdict)
        // change at the follow step's turn of the shared clock (view.Ticker): painted in the pulse that
        // moves the tracks, never in one of their own
        List<Node> texts = fx(() -> List.of(w.view.lookup("#status-row"), w.view.lookup("#clock-panel")));
        List<Repaints.Pulse> ownPulse = r.pulses().stream()
                .filter(p -> p.changes().stream()
                        .anyMatch(c -> c.paints() && texts.stream().anyMatch(t -> r.inside(c.node(), t))))
                .filter(p -> p.changes().stream()
                        .noneMatch(c -> c.paints() && tracks.stream().anyMatch(t -> r.inside(c.node(), t))))
                .toList();
        assertEquals(List.of(), ownPulse, "no pulse of their own for the status row and the clock's figures");
        assertTrue(
                r.changes(c -> c.paints() && r.inside(c.node(), texts.get(0))).size() > 0,
                "the status row changed meanwhile");
    }

    /**
     * While following, a kmsg mark and a gap come right of the window and the next follow step brings them
     * in. ChartFX's indicators took their nodes out of the chart while out of view and added them again in
     * the layout of that step's pulse, after its CSS pass: styled in the next pulse, which changed nothing
     * visible, so JavaFX repainted the whole window for each mark on every track. Here no pulse
     * leaves styling to the next one, and none repaints the whole window, while they come into view.
     */
    @Test
    void marksComingIntoViewAreNotStyledInAPulseOfTheirOwn() throws Exception {
        // a gap at 14 s of the fixture (after the 10 s followed() waits for), kmsg records every 13 s
        feeder = FollowDrawsNewColumnsTest.Feeder.routerFixture(300, 1400, l -> true);
        fx(() -> {
            w.vm.connect(feeder);
            return null;
        });
        until("the tracks drawn and followed", () -> {
            var cpu = w.track("cpu");
            var s = w.vm.storeProperty().get();
            return cpu != null
                    && cpu.redraws() > 0
                    && s != null
                    && s.latestX() - s.firstX() > 10
                    && w.vm.window().isFollow()
                    && !w.vm.events().isEmpty();
        });
        w.drawn();
        Scene scene = fx(w.view::getScene);
        Repaints r = new Repaints(scene)
                .canvas(
                        fx(() -> ChartsSeen.overview(w.view.charts())),
                        () -> w.view.charts().diagnostics().overviewDraws());
        int events = fx(() -> w.vm.events().size());
        AtomicInteger stepsAfterBoth = new AtomicInteger(-1);
        TimeWindow.Listener step = tw -> {
            boolean gap = w.vm.events().stream().anyMatch(m -> m.kind() == dev.tickbench.app.session.TimeMark.Kind.GAP);
            boolean kmsg = w.vm.events().stream()
                    .skip(events)
                    .anyMatch(m -> m.kind() == dev.tickbench.app.session.TimeMark.Kind.KMSG);
            if (gap && kmsg) {
                stepsAfterBoth.incrementAndGet();
            }
        };
        fx(() -> {
            r.start();
            w.vm.window().addListener(step);
            return null;
        });
        try {
            until("a gap and a new kmsg mark, and two follow steps after both", () -> stepsAfterBoth.get() >= 2);
            w.drawn();
        } finally {
            fx(() -> {
                w.vm.window().removeListener(step);
                r.stop();
                return null;
            });
        }
        assertEquals(List.of(), r.styleLeft(), "no pulse leaves styling to the next");
        assertEquals(List.of(), r.blind(), "no pulse repaints the whole window");
    }

    /**
     * A changed text of the status row, the observer's figures, the overview's rates or the clock verdict
     * lays out its own room (FixedRoom), not the window: before, each asked every ancestor up to the root
     * to be laid out again, the toolbar, the tabs and the tracks measured once more for each.
     * Structural: which nodes a layout pass would lay out, read before it runs; then what the pass did.
     */
    @Test
    void aChangedStatusTextLaysOutItsRoomNotTheWindow() throws Exception {
        followed();
        w.drawn();
        Scene scene = fx(w.view::getScene);
        List<String> texts = List.of(
                "99.9 samples/s · 123456 samples · 0 kmsg dropped · following, and a longer status than before",
                "workbench 100 % CPU, RSS 1023 MB · probe 100 % CPU, RSS 1023 MB",
                "100 Hz · 12 Hz achieved · 98765 missed",
                "a verdict's figures long enough to wrap onto a second line in the clock's column: 99.9 s · 9999 samples");
        List<String> toLayOut = fx(() -> {
            scene.getRoot().applyCss();
            scene.getRoot()
                    .layout(); // nothing pending before the texts change (but what a list's flow keeps asking for)
            List<String> before = new ArrayList<>();
            laidOut(scene.getRoot(), before);
            w.vm.statusProperty().set(texts.get(0));
            ((Label) scene.lookup("#observer")).setText(texts.get(1));
            ((Label) scene.lookup(".rate-stats")).setText(texts.get(2));
            clockText(scene).setText(texts.get(3));
            List<String> out = new ArrayList<>();
            laidOut(scene.getRoot(), out);
            out.removeAll(before);
            if (scene.getRoot().isNeedsLayout()) {
                out.add("the root");
            }
            w.view.charts().tracks().stream()
                    .filter(Parent::isNeedsLayout)
                    .forEach(t -> out.add("the track " + t.group().id()));
            return out;
        });
        // (read in the FX turn that changed the texts: a follow step after it lays out what it changes)
        assertTrue(
                toLayOut.stream().allMatch(n -> n.startsWith("FixedRoom")),
                "only the rooms of the texts, not the root" + " nor a track: " + toLayOut);
        assertEquals(
                3, toLayOut.size(), "the status row, the overview's label column and the clock's column: " + toLayOut);
        // and each text is laid out in its room as it is now: the figures whole, not cut. Set and laid out in
        // one FX turn: the observer's own turn (once a second) puts the real figures back in between
        // (CI once read those in place of the long text)
        Label observer = fx(() -> (Label) scene.lookup("#observer"));
        List<Object> laid = fx(() -> {
            observer.setText(texts.get(1));
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            return List.of(observer.getText(), observer.getWidth() >= observer.prefWidth(-1) - 0.5);
        });
        assertEquals(texts.get(1), laid.get(0));
        assertEquals(true, laid.get(1), "the observer's figures are whole");
    }

    /** A text the clock verdict's column shows (its scope or summary, whichever it has now). */
    private static Label clockText(Scene scene) {
        return scene.lookup("#clock-panel").lookupAll(".label").stream()
                .map(n -> (Label) n)
                .filter(l -> l.isVisible()
                        && l.getText() != null
                        && !l.getText().isEmpty()
                        && !l.getStyleClass().contains("panel-title"))
                .findFirst()
                .orElseThrow();
    }

    /** The outermost nodes a layout pass lays out under {@code n} (those it only walks through are not named). */
    private static void laidOut(Node n, List<String> out) {
        if (!(n instanceof Parent p)) {
            return;
        }
        if (p.isNeedsLayout()) {
            out.add(Repaints.name(p));
            return;
        }
        p.getChildrenUnmodifiable().forEach(c -> laidOut(c, out));
    }

    /**
     * Every canvas of the live window sits at whole pixels, so the renderer copies it to the window as it
     * is; at a fraction of a pixel the software pipeline interpolates each of its pixels at every repaint
     * (docs/workbench-charts.md, "Redraws").
     */
    @Test
    void everyCanvasOfTheLiveWindowSitsAtWholePixels() throws Exception {
        followed();
        List<String> seen = new ArrayList<>();
        List<String> between = fx(() -> {
            List<String> out = new ArrayList<>();
            pictures(w.view, seen, out);
            return out;
        });
        // the overview strip and, for each track on screen, its plot and its two axes
        assertTrue(seen.size() >= 4, "canvases seen: " + seen);
        assertEquals(List.of(), between, "canvases and images between pixels");
    }

    private static void pictures(Node n, List<String> seen, List<String> between) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof javafx.scene.canvas.Canvas || n instanceof javafx.scene.image.ImageView) {
            javafx.geometry.Point2D p = n.localToScene(0, 0);
            String at = n.getClass().getSimpleName() + n.getStyleClass() + " in "
                    + n.getParent().getClass().getSimpleName() + " at " + p;
            seen.add(at);
            if (p.getX() != Math.rint(p.getX()) || p.getY() != Math.rint(p.getY())) {
                between.add(at);
            }
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                pictures(c, seen, between);
            }
        }
    }

    /** Connects the router fixture's lines, fed five times faster than real time, and waits for the tracks to follow them. */
    private void followed() throws Exception {
        feeder = FollowDrawsNewColumnsTest.Feeder.routerFixture(300);
        fx(() -> {
            w.vm.connect(feeder);
            return null;
        });
        until("the tracks drawn and followed", () -> {
            var cpu = w.track("cpu");
            var s = w.vm.storeProperty().get();
            return cpu != null
                    && cpu.redraws() > 0
                    && s != null
                    && s.latestX() - s.firstX() > 10
                    && w.vm.window().isFollow()
                    && w.view.charts().diagnostics().overviewDraws() > 0
                    && !w.vm.events().isEmpty();
        });
        w.drawn(); // the event list, shown with the first kmsg record, took its room from the tracks once: not watched
    }

    /** Records what the pulses hand the renderer over {@link #STEPS} follow steps (counted as moves of the window). */
    private Repaints watchSteps() throws Exception {
        Scene scene = fx(w.view::getScene);
        Repaints r = new Repaints(scene)
                .canvas(
                        fx(() -> ChartsSeen.overview(w.view.charts())),
                        () -> w.view.charts().diagnostics().overviewDraws());
        AtomicInteger steps = new AtomicInteger();
        TimeWindow.Listener step = tw -> steps.incrementAndGet();
        fx(() -> {
            r.start();
            w.vm.window().addListener(step);
            return null;
        });
        try {
            until(STEPS + " follow steps", () -> steps.get() >= STEPS);
            w.drawn(); // what the last step asked for has been handed over too
        } finally {
            fx(() -> {
                w.vm.window().removeListener(step);
                r.stop();
                return null;
            });
        }
        return r;
    }

    private Map<String, Long> redraws() throws Exception {
        return fx(() -> {
            Map<String, Long> m = new LinkedHashMap<>();
            w.view.charts().diagnostics().tracks().forEach((g, t) -> m.put(g, t.redraws()));
            return m;
        });
    }
}
