package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.throttle.ThrottleSeen;
import dev.tickbench.app.throttle.ThrottleTrace;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.SyntheticCapture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.concurrent.Worker;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextInputControl;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * "Readable everywhere", around the tracks: the I/O concurrency tab follows a live session, a
 * recording is offered under its host and time and lands in Open Recent, the Rate box shows no stale
 * rate during a replay, an empty Live tab says why, and Export CSV of a capture ends with its last sample.
 */
@ExtendWith(ApplicationExtension.class)
class ReadableWindowTest {
    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1200, 800);
    }

    @AfterEach
    void close() throws Exception {
        fx(() -> {
            w.vm.shutdown();
            return null;
        });
    }

    private void live() throws Exception {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: the live session samples it");
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        until(
                "the local session",
                () -> w.vm.sessionProperty().get() != null
                        && w.vm.localProperty().get());
    }

    private ThrottleTrace trace() throws Exception {
        return fx(() -> TabsSeen.throttle(w.view.tabs()).traceProperty().get());
    }

    @Test
    void theThrottleTabFollowsALiveSession() throws Exception {
        live();
        fx(() -> {
            w.view.tabs().show(w.view.tabs().throttle());
            return null;
        });
        // its time axis stayed at 0–7.5 s while 73 s of points came in: at two moments it spans the whole trace
        double first = axisAtTraceEnd(3);
        int then = fx(() -> trace().size());
        double later = axisAtTraceEnd(then + 3);
        // three more once-a-second points: the axis' end moved on by about three seconds
        assertTrue(later >= first + 2.5, "the axis grew with the trace: " + first + " → " + later);
    }

    /** Waits for {@code points} throttle seconds and the axis spanning them; its end. */
    private double axisAtTraceEnd(int points) throws Exception {
        until(points + " throttle seconds", () -> trace() != null && trace().size() >= points);
        double[] end = new double[1];
        until("the axis at the trace's end", () -> {
            ThrottleTrace t = TabsSeen.throttle(w.view.tabs()).traceProperty().get();
            double[] r = ThrottleSeen.timeRange(w.view.tabs().throttle());
            end[0] = Math.max(1, t.t()[t.size() - 1]);
            return t.size() >= points && r[0] == 0 && r[1] == end[0] && r[2] == 0 && r[3] == r[1];
        });
        return end[0];
    }

    @Test
    void aRecordingIsNamedByHostAndTimeAndGoesToOpenRecent(FxRobot robot) throws Exception {
        live();
        String host = fx(() -> w.vm.sessionProperty().get().hostname()).replaceAll("[^A-Za-z0-9._-]+", "-");
        String name = fx(w.vm::recordingName);
        // it was "tickbench-1764446400.ndjson.gz"
        assertTrue(name.matches("\\Q" + host + "\\E-\\d{4}-\\d\\d-\\d\\d_\\d{6}\\.ndjson\\.gz"), name);
        assertEquals(
                DateTimeFormatter.ofPattern("yyyy-MM-dd")
                        .withZone(java.time.ZoneId.systemDefault())
                        .format(Instant.now()),
                name.substring(host.length() + 1, host.length() + 11),
                "today's date");

        Path file = dir.resolve(name);
        fx(() -> {
            w.view.record(file);
            return null;
        });
        long before = fx(() -> w.vm.storeProperty().get().samples());
        until("a few samples recorded", () -> w.vm.storeProperty().get().samples() > before + 20);
        fx(w.vm::stopRecording);
        assertEquals(
                file.toAbsolutePath().normalize(),
                fx(() -> w.vm.files().recentCaptures().get(0)),
                "first in Open Recent");
        Menu recent = fx(() -> (Menu) ((MenuButton) w.view.lookup("#file-menu"))
                .getItems().stream()
                        .filter(i -> "open-recent".equals(i.getId()))
                        .findFirst()
                        .orElseThrow());
        List<String> items =
                fx(() -> recent.getItems().stream().map(MenuItem::getText).toList());
        assertTrue(items.get(0).startsWith(name + "  —  "), items.toString());
    }

    @Test
    void duringAReplayTheRateBoxSaysTheCapturesRateNotTheLastLiveOne() throws Exception {
        assertEquals("100 Hz", fx(() -> w.view.toolbar().rateShown()), "this machine's rate before anything is shown");
        Path file = dir.resolve("fifty.ndjson");
        try (SyntheticCapture c = SyntheticCapture.file(file, 50, 20, SyntheticCapture.attributes())) {
            for (int t = 0; t < 100; t++) {
                c.sample(Map.of("meminfo", SyntheticCapture.values("MemFree", 1000 + t)));
            }
        }
        var task = fx(() -> w.view.openCapture(file));
        until(
                "the replay",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && w.vm.sessionProperty().get() != null);
        // it said "Rate 100 Hz", the previous live rate, during the 50 Hz replay
        assertEquals("50 Hz", fx(() -> w.view.toolbar().rateShown()));
        assertEquals("20 Hz", fx(() -> w.view.toolbar().floorPrompt()), "the capture's FLOOR_HZ");
        assertEquals(100, (int) fx(() -> w.vm.rateHzProperty().get()), "this machine's own choice is kept for later");
    }

    @Test
    void aCapturesOnlyLaunchsLiveTabSaysWhyItIsEmpty() throws Exception {
        Path assets = Path.of("..", "assets", "captures").toAbsolutePath().normalize();
        w.begin(
                assets.resolve("fixture-sbc-50hz-floor50.ndjson.gz").toString(),
                assets.resolve("fixture-router-arm-50hz-floor50.ndjson.gz").toString());
        until(
                "both files in Compare",
                () -> TabsSeen.compare(w.view.tabs()).comparisonProperty().get() != null);
        // the Live tab said "Waiting for the first samples…" with nothing connected, for ever
        String said = fx(() -> w.view.charts().emptyText());
        assertTrue(said.startsWith("Nothing is shown yet: no connection and no capture open here."), said);
        assertTrue(said.contains("Connect ▾") && said.contains("Ctrl+O") && said.contains("Compare tab"), said);
        assertTrue(fx(() -> ScreenshotsRun.hasText(w.view.charts().getContent(), said)), "the Live tab shows it");
    }

    @Test
    void exportCsvOfACaptureEndsWithItsLastSample() throws Exception {
        // the range went through seconds since the first sample on two clocks: the last row was lost about every
        // other time (these lengths all lost it)
        for (int samples : new int[] {10, 12, 13, 17}) {
            Path file = dir.resolve("c" + samples + ".ndjson");
            try (SyntheticCapture c = SyntheticCapture.file(file, 100, 0, SyntheticCapture.attributes())) {
                for (int t = 0; t < samples; t++) {
                    c.sample(Map.of("meminfo", SyntheticCapture.values("MemFree", 1000 + t)));
                }
            }
            long lastWall = 0;
            try (CaptureReader in = CaptureReader.open(file)) {
                for (StreamLine l = in.next(); l != null; l = in.next()) {
                    if (l instanceof SampleLine s) {
                        lastWall = s.wallNs();
                    }
                }
            }
            var task = fx(() -> w.view.openCapture(file));
            until(
                    "the replay",
                    () -> task.getState() == Worker.State.SUCCEEDED
                            && !w.vm.loadingProperty().get());
            Path csv = dir.resolve("c" + samples + ".csv");
            var export = fx(() -> w.view.exportCsv(csv));
            until("the export", () -> export.getState() == Worker.State.SUCCEEDED);
            List<String> rows = Files.readAllLines(csv, StandardCharsets.UTF_8);
            assertEquals(samples + 1, rows.size(), samples + " samples: " + rows);
            String wall = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
                    .withZone(ZoneOffset.UTC)
                    .format(Instant.ofEpochSecond(0, lastWall));
            assertEquals(wall, rows.get(rows.size() - 1).split(",")[1], "the last row is the last sample");
        }
    }

    @Test
    void everyBoxHasItsNameBesideIt() throws Exception {
        Path file = dir.resolve("fifty.ndjson");
        try (SyntheticCapture c = SyntheticCapture.file(file, 50, 0, SyntheticCapture.attributes())) {
            for (int t = 0; t < 50; t++) {
                c.sample(Map.of("meminfo", SyntheticCapture.values("MemFree", 1000 + t)));
            }
        }
        var task = fx(() -> w.view.openCapture(file));
        until("the replay", () -> task.getState() == Worker.State.SUCCEEDED);
        // the FLOOR_HZ box had no label (its name was in its text until a value was chosen), nor had the walk's
        // fields, the smoothing box and the find field (a prompt, gone once typed into)
        List<Node> roots = fx(() -> List.of(
                w.view,
                w.view.tabs().walk(),
                w.view.tabs().throttle(),
                w.view.tabs().compare()));
        List<String> unnamed = new ArrayList<>();
        int boxes = 0;
        for (Node root : roots) {
            List<Node> controls = new ArrayList<>();
            List<Label> labels = new ArrayList<>();
            fx(() -> {
                collect(root, controls, labels);
                return null;
            });
            boxes += controls.size();
            for (Node c : controls) {
                boolean named = labels.stream()
                        .anyMatch(l -> l.getLabelFor() == c && !l.getText().isBlank());
                if (!named) {
                    unnamed.add(c.getClass().getSimpleName() + (c.getId() == null ? "" : "#" + c.getId()) + " in "
                            + root.getClass().getSimpleName());
                }
            }
        }
        assertTrue(boxes >= 8, "the boxes found: " + boxes);
        assertEquals(List.of(), unnamed, "boxes without a label naming them");
        Label floorName = fx(() -> (Label) w.view.lookupAll(".label").stream()
                .filter(n -> n instanceof Label l && l.getLabelFor() == w.view.lookup("#floor-box"))
                .findFirst()
                .orElseThrow());
        assertEquals("FLOOR_HZ", fx(floorName::getText));
    }

    /** The boxes a user types into or picks from (not the editors inside a combo box or spinner), and the labels. */
    private static void collect(Node n, List<Node> controls, List<Label> labels) {
        if (n instanceof Label l) {
            labels.add(l);
        }
        if (n instanceof ComboBoxBase<?> || n instanceof Spinner<?> || n instanceof TextInputControl) {
            controls.add(n);
            return;
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                collect(c, controls, labels);
            }
        }
    }
}
