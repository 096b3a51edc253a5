package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.app.throttle.ThrottleSeen;
import dev.tickbench.app.throttle.ThrottleTrace;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.RouterCapture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.concurrent.Worker;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The real window on this machine's /proc: charts receive points, follow/pause, record. */
@ExtendWith(ApplicationExtension.class)
class LiveViewTest {
    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1200, 800);
    }

    @BeforeEach
    void needsProc() {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: the live view test needs Linux");
    }

    @AfterEach
    void close() throws Exception {
        fx(() -> {
            w.vm.shutdown();
            return null;
        });
    }

    @Test
    void chartsOnThisMachineReceivePoints(FxRobot robot) throws Exception {
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        until("the CPU chart with points", () -> {
            var cpu = w.track("cpu");
            return cpu != null && cpu.points() > 0;
        });
        int first = fx(() -> w.track("cpu").points());
        until("more CPU points", () -> w.track("cpu").points() > first + 20);
        List<String> badges = fx(() -> w.view.charts().chart("cpu").badgeTexts());
        // the rate it really reached is said when it fell short (a busy machine, a probe process warming up)
        assertTrue(
                badges.stream().anyMatch(b -> b.matches("busy · 100 Hz · rate( · \\d+ Hz achieved)? · 1 s window")),
                badges.toString());
        String title = fx(() -> w.vm.titleProperty().get());
        assertTrue(title.contains("100 Hz · FLOOR_HZ off"), title);
        assertFalse(fx(() -> w.vm.sources().isEmpty()), "the sources panel lists the capabilities");

        // the window follows the newest sample; space pauses, space again follows
        assertTrue(fx(() -> w.vm.window().isFollow()));
        robot.clickOn(w.view.charts());
        robot.type(KeyCode.SPACE);
        assertFalse(fx(() -> w.vm.window().isFollow()), "space pauses");
        robot.type(KeyCode.SPACE);
        assertTrue(fx(() -> w.vm.window().isFollow()), "space follows again");
    }

    /** A new FLOOR_HZ restarts the sampler into the same charts; the new session is marked on the time axis. */
    @Test
    void aFloorChangeIsMarkedAsANewSession() throws Exception {
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        until("the first samples", () -> w.samples() > 5);
        var before = fx(() -> w.vm.storeProperty().get());
        fx(() -> {
            w.vm.floorHzProperty().set(10);
            return null;
        }); // the box is bound to it: the sampler restarts
        until("the session mark", () -> w.vm.events().stream().anyMatch(m -> m.kind() == TimeMark.Kind.SESSION));
        TimeMark mark = fx(() -> w.vm.events().stream()
                .filter(m -> m.kind() == TimeMark.Kind.SESSION)
                .findFirst()
                .orElseThrow());
        assertEquals("new session: 100 Hz · FLOOR_HZ 10 Hz (was 100 Hz · FLOOR_HZ off)", mark.text());
        assertTrue(fx(() -> w.vm.storeProperty().get()) == before, "the same charts go on");
        until("the title", () -> w.vm.titleProperty().get().contains("100 Hz · FLOOR_HZ 10 Hz"));
        // /proc/slabinfo is readable by root only: as root the slab chart follows the new cadence; as
        // anyone else the slab source is absent and says why, and there is no slab chart to follow
        if (Files.isReadable(Path.of("/proc/slabinfo"))) {
            List<String> slab = fx(() -> w.view.charts().chart("slab") == null
                    ? List.<String>of()
                    : w.view.charts().chart("slab").badgeTexts());
            assertFalse(slab.isEmpty(), "/proc/slabinfo is readable, so the slab chart has series");
            until(
                    "the badges of the new session",
                    () -> w.view.charts().chart("slab").badgeTexts().stream()
                            .allMatch(b -> b.endsWith("10 Hz · override")));
        } else {
            assertTrue(
                    fx(() -> w.vm.sources().stream()
                            .anyMatch(r -> r.name().equals("slabinfo")
                                    && !r.present()
                                    && r.absentReason() != null
                                    && r.absentReason().contains("needs root"))),
                    "not root: slabinfo listed as absent, needing root");
        }
    }

    @Test
    void recordsTheSessionToACapture() throws Exception {
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        until("the first samples", () -> w.samples() > 5);
        Path file = dir.resolve("rec.ndjson");
        fx(() -> {
            w.view.record(file);
            return null;
        });
        assertTrue(
                fx(() -> w.vm.recorder().isRecording()),
                () -> "error: " + w.vm.errorProperty().get());
        until("a few recorded ticks", () -> w.vm.titleProperty().get().contains("● REC") && Files.size(file) > 20_000);
        fx(() -> w.vm.stopRecording());
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertTrue(lines.get(0).startsWith("{\"type\":\"hello\""), lines.get(0));
        assertTrue(lines.size() > 5, "lines: " + lines.size());
        assertTrue(lines.get(lines.size() - 1).endsWith("}"), "the last line is complete");
        assertEquals("", fx(() -> w.vm.recordingIndicatorProperty().get()));
    }

    /** Export CSV from a live session: no recording needed, and a running .gz recording does not cut it short. */
    @Test
    void exportsTheLiveSessionWithoutARecordingAndWhileRecordingGzip() throws Exception {
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        until("two seconds of samples", () -> w.samples() > 200);
        // the store takes lines on the intake thread, in bursts when the machine is busy: the exported range
        // is the window's, so wait for the window to reach them
        double x200 = fx(() -> w.vm.storeProperty().get().latestX());
        until("the window at the 200th sample", () -> w.vm.window().max() >= x200);
        Path csv = dir.resolve("live.csv");
        var first = fx(() -> w.view.exportCsv(csv));
        assertTrue(first != null, () -> "error: " + w.vm.errorProperty().get());
        until("the export", () -> first.getState() == javafx.concurrent.Worker.State.SUCCEEDED);
        List<String> rows = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertTrue(rows.get(0).startsWith("t_s,wall,") && rows.get(0).contains("stat.cpu.user"), rows.get(0));
        assertTrue(rows.size() > 150, "rows: " + rows.size());
        assertEquals("", fx(() -> w.vm.errorProperty().get()));

        Path rec = dir.resolve("rec.ndjson.gz");
        fx(() -> {
            w.view.record(rec);
            return null;
        });
        assertTrue(
                fx(() -> w.vm.recorder().isRecording()),
                () -> "error: " + w.vm.errorProperty().get());
        long before = fx(() -> w.vm.storeProperty().get().samples());
        until("one more second", () -> w.samples() > before + 100);
        fx(() -> {
            w.vm.window().follow(false);
            return null;
        }); // a fixed range to compare with
        double shownTo = fx(() -> w.vm.window().max());
        double firstSample = fx(() -> w.vm.storeProperty().get().firstX());
        Path csv2 = dir.resolve("live2.csv");
        var second = fx(() -> w.view.exportCsv(csv2));
        until("the export while recording", () -> second.getState() == javafx.concurrent.Worker.State.SUCCEEDED);
        assertEquals("", fx(() -> w.vm.errorProperty().get()), "no 'damaged capture' from an open gzip block");
        List<String> rows2 = Files.readAllLines(csv2, StandardCharsets.UTF_8);
        assertTrue(rows2.size() > rows.size(), rows2.size() + " rows after " + rows.size());
        double lastT = Double.parseDouble(rows2.get(rows2.size() - 1).split(",")[0]);
        // the spool starts with the session, so its t_s is the store's; the last row reaches the shown end
        assertTrue(
                Math.abs(firstSample + lastT - shownTo) < 0.5,
                "last row at " + (firstSample + lastT) + ", shown to " + shownTo);
    }

    private ThrottleTrace trace() throws Exception {
        return fx(() -> TabsSeen.throttle(w.view.tabs()).traceProperty().get());
    }

    /**
     * "This machine" runs the probe's session (the throttle included): the I/O concurrency tab fills from the
     * local session's own throttle lines, and after a capture was opened in it, going back to live shows
     * the live session again, never the capture's data.
     */
    @Test
    void theLocalSessionsThrottleTabFillsAndComesBackFromACapture() throws Exception {
        var tabs = w.view.tabs();
        // 10 Hz: the throttle writes once a second at any rate, and a busy machine draws fewer points
        fx(() -> {
            w.vm.rateHzProperty().set(10);
            tabs.show(tabs.throttle());
            w.vm.connectLocal();
            return null;
        });
        until("the local session's throttle lines in the I/O concurrency tab", () -> {
            ThrottleTrace t = TabsSeen.throttle(tabs).traceProperty().get();
            return t != null && t.size() >= 2;
        });
        assertEquals("live session", trace().name());
        assertTrue(
                fx(() -> TabsSeen.throttle(tabs).effectiveProperty().get()).contains(" of ceiling "),
                fx(() -> TabsSeen.throttle(tabs).effectiveProperty().get()));
        String zone = fx(() -> TabsSeen.throttle(tabs).zoneProperty().get());
        assertTrue(zone.startsWith("GREEN") || zone.startsWith("YELLOW") || zone.startsWith("RED"), zone);
        for (double io : trace().iowait()) {
            assertTrue(io >= 0 && io <= 100, "iowait % " + io);
        }

        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        var open = fx(() -> tabs.throttle().open(file));
        until("the capture in the I/O concurrency tab", () -> open.getState() == Worker.State.SUCCEEDED);
        assertFalse(fx(() -> ThrottleSeen.live(tabs.throttle()).isSelected()), "a capture opened here stops following");
        assertTrue(trace().name().startsWith("edge-router-3"), trace().name());
        ThrottleTrace capture = trace();

        fx(() -> {
            ThrottleSeen.live(tabs.throttle()).setSelected(true);
            return null;
        });
        ThrottleTrace back = trace();
        assertTrue(
                back == null || back.name().equals("live session"),
                "back to live: the live session or nothing, never the capture: " + (back == null ? null : back.name()));
        until("the live trace again", () -> {
            ThrottleTrace t = TabsSeen.throttle(tabs).traceProperty().get();
            return t != null && t.name().equals("live session");
        });
        assertTrue(
                fx(() -> TabsSeen.throttle(tabs).sourceProperty().get()).startsWith("live session"),
                fx(() -> TabsSeen.throttle(tabs).sourceProperty().get()));
        // not the capture's trace under the live name (its length would depend on how long the test ran)
        assertTrue(trace() != capture && !trace().name().startsWith("edge-router-3"), trace().name());
    }
}
