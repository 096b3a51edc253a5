package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.charts.ChartsSeen;
import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.session.Showing.Origin;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.app.trigger.TriggersViewModel;
import dev.tickbench.core.recorder.SavedCapture;
import dev.tickbench.core.trigger.TriggerState;
import dev.tickbench.core.trigger.TriggerStatus;
import dev.tickbench.testkit.Prerequisites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Triggers tab in the real window on this machine's session: a bad expression is refused with its
 * column, a condition armed from the panel fires, is listed with its state and count, is a mark on
 * every track at the tick it fired on, and the capture the flight recorder saved around it opens with
 * one click, the trigger's mark in it.
 */
@ExtendWith(ApplicationExtension.class)
class TriggersPanelTest {
    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1200, 800);
    }

    @BeforeEach
    void needsProc() {
        Prerequisites.require(
                LocalConnection.available(), "no /proc on this machine: the triggers panel test needs Linux");
    }

    @AfterEach
    void close() throws Exception {
        fx(() -> {
            w.vm.shutdown();
            return null;
        });
    }

    @Test
    void aConditionArmedInThePanelFiresMarksEveryTrackAndItsCaptureOpens(FxRobot robot) throws Exception {
        TriggersViewModel t = fx(() -> TabsSeen.triggers(w.view.tabs()));
        Path captures = dir.resolve("triggered");
        // 3 s before (more than a condition's 1 s window takes to fill after it is armed, so the capture
        // reaches back before the arming), a second after: it closes a second of stream after the firing
        fx(() -> {
            t.recorder(captures, Duration.ofSeconds(3), Duration.ofSeconds(1));
            return null;
        });
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        until("this machine's session", () -> t.availableProperty().get() && w.samples() > 5);
        // the default way when the probe is bundled (every build through verify): a probe process, whose
        // triggers are armed through its stdin and listed from its stream; else the sampler in this JVM
        Connection local = fx(() -> w.vm.connectionProperty().get());
        assertEquals(dev.tickbench.app.connect.BundledProbe.fromResources() == null, fx(local::samplesInThisJvm));
        fx(() -> {
            w.view.tabs().getSelectionModel().select(4);
            return null;
        });
        assertEquals(
                "Triggers",
                fx(() -> w.view.tabs().getSelectionModel().getSelectedItem().getText()));
        // no trigger armed yet: the ring already keeps the session's last seconds (the first firing gets its
        // pre-seconds too), and nothing is saved
        until(
                "the ring running before any trigger",
                () -> t.recorderTextProperty().get().contains("s of stream in the ring"));
        try (var listed = Files.list(captures)) {
            assertEquals(0, listed.count(), "nothing saved before a trigger fired");
        }

        // a bad expression: refused with where it is wrong, nothing armed
        TextField field = robot.lookup("#triggerExpression").queryAs(TextField.class);
        Button arm = robot.lookup("#armTrigger").queryAs(Button.class);
        fx(() -> {
            field.setText("cpu.busy_pct >> 0");
            return null;
        });
        robot.clickOn(arm);
        String error =
                fx(() -> robot.lookup("#triggerError").queryAs(Label.class).getText());
        assertTrue(error.contains("at column 14: unknown operator '>>'"), error);
        assertTrue(error.contains("\n  cpu.busy_pct >> 0\n               ^"), error);
        assertTrue(fx(() -> t.armed().isEmpty()));
        assertEquals("cpu.busy_pct >> 0", fx(field::getText), "the text stays to be corrected");

        // busy CPU time is never negative: it fires once, as soon as its 1 s window is full, and stays fired
        fx(() -> {
            field.setText("busy: cpu.busy_pct >= 0");
            return null;
        });
        robot.clickOn(arm);
        long armedByNs = System.currentTimeMillis() * 1_000_000L;
        assertEquals("", fx(() -> t.errorProperty().get()));
        assertEquals("", fx(field::getText));
        @SuppressWarnings("unchecked")
        TableView<TriggerStatus> table = robot.lookup("#armedTriggers").queryAs(TableView.class);
        until(
                "the trigger listed as fired once",
                () -> table.getItems().size() == 1
                        && table.getItems().get(0).state() == TriggerState.FIRED
                        && table.getItems().get(0).fired() == 1);
        TriggerStatus s = fx(() -> table.getItems().get(0));
        assertEquals("busy", s.name());
        assertEquals("busy: cpu.busy_pct >= 0", s.expression());
        assertEquals("condition", s.kind());
        until("the firing listed", () -> t.fired().size() == 1);
        TriggersViewModel.Fired f = fx(() -> t.fired().get(0));
        assertEquals("busy", f.trigger());
        assertEquals(1, f.count());
        assertEquals(s.lastFiredWallNs() / 1e9, f.x(), 1e-6, "the firing is the tick the set counted");
        assertTrue(
                f.values().matches("\\d{1,3}(\\.\\d{1,3})? %"),
                "the value that fired it, with its unit, as the" + " crosshair writes it: " + f.values());

        // a red line on every track at the tick it fired on: seen on the Live tab, each track scrolled to in
        // turn (a track off screen takes its marks when it comes on screen)
        fx(() -> {
            w.view.tabs().getSelectionModel().select(0);
            return null;
        });
        List<ChartView> tracks = fx(() -> w.view.charts().tracks());
        assertFalse(tracks.isEmpty());
        for (ChartView v : tracks) {
            fx(() -> {
                w.view.charts().reveal(v);
                return null;
            });
            until(
                    "the trigger's mark on the " + v.group().id() + " track",
                    () -> v.isOnScreen() && ChartsSeen.marks(v).stream().anyMatch(m -> isFiring(m, f)));
        }
        fx(() -> {
            w.view.tabs().getSelectionModel().select(4);
            return null;
        });
        assertTrue(fx(() -> w.vm.events().stream().anyMatch(m -> isFiring(m, f))), "in the events list too");

        // the flight recorder saved the seconds around it: listed, and one click opens it
        until("the saved capture listed", () -> t.saved().size() == 1);
        SavedCapture saved = fx(() -> t.saved().get(0));
        assertEquals(captures, saved.file().getParent());
        assertTrue(Files.size(saved.file()) > 0 && saved.samples() > 0 && saved.error() == null, saved.toString());
        assertEquals(List.of("busy"), saved.triggers());
        assertTrue(
                saved.file().getFileName().toString().contains("_busy_"),
                saved.file().toString());
        long firstSampleNs;
        try (var r = dev.tickbench.core.capture.CaptureReader.open(saved.file())) {
            dev.tickbench.core.capture.StreamLine l;
            while (!((l = r.next()) instanceof dev.tickbench.core.capture.SampleLine)) {
                assertTrue(l != null, "the capture has a sample");
            }
            firstSampleNs = ((dev.tickbench.core.capture.SampleLine) l).wallNs();
        }
        assertTrue(
                firstSampleNs < armedByNs,
                "the capture reaches back before the trigger was armed (the ring ran from the"
                        + " session's start): first sample " + firstSampleNs + ", armed by " + armedByNs);

        // a new Rate is a new sampler with none armed: what was armed is armed on it again, and fires there
        Object before = fx(() -> w.vm.connectionProperty().get());
        int rate = fx(() -> w.vm.rateHzProperty().get());
        fx(() -> {
            w.vm.rateHzProperty().set(rate == 50 ? 40 : 50);
            return null;
        });
        until(
                "armed again on the new sampler, fired there once",
                () -> w.vm.connectionProperty().get() != before
                        && t.fired().size() == 2
                        && t.fired().get(1).count() == 1
                        && table.getItems().size() == 1
                        && table.getItems().get(0).name().equals("busy"));
        assertTrue(
                fx(() -> t.noticeProperty().get()).contains("arm busy: cpu.busy_pct >= 0"),
                fx(() -> t.noticeProperty().get()));

        // looked up and pressed in one turn of the FX thread: a state change rebuilds the table's rows (and
        // their buttons) at any tick, so a button looked up first may have left the scene when it is clicked
        fx(() -> {
            robot.lookup("#disarm-busy").queryAs(Button.class).fire();
            return null;
        });
        until(
                () -> "nothing armed; armed " + t.armed() + ", error '"
                        + t.errorProperty().get() + "', notice '"
                        + t.noticeProperty().get() + "'",
                () -> t.armed().isEmpty());

        // in one FX turn too: the new sampler's own firing saves a capture that goes on top of the list, which
        // moves (and may rebuild) this capture's row between a lookup and a click
        fx(() -> {
            robot.lookup(".open-capture")
                    .match(b -> saved.file().equals(b.getUserData()))
                    .queryAs(Button.class)
                    .fire();
            return null;
        });
        until(
                "the capture shown, read whole",
                () -> w.vm.showingProperty().get().origin() == Origin.REPLAY
                        && saved.file().equals(w.vm.showingProperty().get().replayFile())
                        && !w.vm.loadingProperty().get());
        List<TimeMark> replayed = fx(() -> w.vm.storeProperty().get().marks());
        assertTrue(replayed.stream().anyMatch(m -> isFiring(m, f)), "the capture holds the trigger line: " + replayed);
        assertTrue(fx(() -> t.availableProperty().get()), "the live session goes on beside the capture: it arms there");
        assertTrue(fx(() -> t.saved().contains(saved)), "the saved capture stays listed");
    }

    @Test
    void aTriggerThatReadsItsSeriesButNeverFiresSaysWhatItSaw(FxRobot robot) throws Exception {
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
        // a share of the CPUs' time never exceeds 100 %: read on every tick, it never holds
        fx(() -> {
            robot.lookup("#triggerExpression").queryAs(TextField.class).setText("never: cpu.busy_pct > 100 for 1s");
            return null;
        });
        robot.clickOn(robot.lookup("#armTrigger").queryAs(Button.class));
        @SuppressWarnings("unchecked")
        TableView<TriggerStatus> table = robot.lookup("#armedTriggers").queryAs(TableView.class);
        java.util.regex.Pattern saw =
                java.util.regex.Pattern.compile("does not hold since \\d\\d:\\d\\d:\\d\\d\\.\\d{3}: last"
                        + " [0-9.]+ %; seen [0-9.]+( to [0-9.]+)? %, held at most 0 s of 1 s");
        until(
                "the trigger listed as armed, with what it saw",
                () -> table.getItems().size() == 1
                        && table.getItems().get(0).state() == TriggerState.ARMED
                        && saw.matcher(dev.tickbench.app.trigger.TriggersPanel.saw(
                                        table.getItems().get(0)))
                                .matches());
        assertEquals(0, fx(() -> table.getItems().get(0).fired()));
    }

    private static boolean isFiring(TimeMark m, TriggersViewModel.Fired f) {
        return m.kind() == TimeMark.Kind.TRIGGER
                && Math.abs(m.x() - f.x()) < 1e-6
                && m.text().startsWith("trigger busy fired (#1)");
    }
}
