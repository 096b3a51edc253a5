package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.InProcessSshd;
import dev.tickbench.app.connect.ProbeServerConnection;
import dev.tickbench.app.connect.SshTarget;
import dev.tickbench.app.connect.StreamRequest;
import dev.tickbench.app.throttle.ThrottleSeen;
import dev.tickbench.app.walk.LocalWalker;
import dev.tickbench.app.walk.RemoteWalker;
import dev.tickbench.testkit.RouterCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javafx.concurrent.Worker;
import javafx.scene.chart.BarChart;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tab;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The real window's tabs: Compare on the three asset captures, I/O concurrency's what-if line from a capture. */
@ExtendWith(ApplicationExtension.class)
class WorkbenchTabsTest {
    static final Path ASSETS = Path.of(System.getProperty("user.dir"))
            .resolve("../assets/captures")
            .normalize();
    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1200, 800);
    }

    @Test
    void theCentreIsFourTabs() throws Exception {
        assertEquals(
                List.of("Live", "Path walk", "I/O concurrency", "Compare", "Triggers"),
                fx(() -> w.view.tabs().getTabs().stream().map(Tab::getText).toList()));
    }

    @Test
    void anSshConnectionWalksThereAndClosingItWalksThisMachineAgain() throws Exception {
        var tabs = w.view.tabs();
        assertTrue(fx(() -> TabsSeen.walk(tabs).walker()) instanceof LocalWalker);
        // a probe SSH server (the in-process Apache SSHD streaming synthetic lines): once it connected,
        // the Path walk walks there through its probe
        java.security.KeyPair client = org.apache.sshd.common.config.keys.KeyUtils.generateKeyPair("ssh-ed25519", 256);
        Path key = InProcessSshd.writeKey(dir.resolve("id_ed25519"), client, null);
        InProcessSshd sshd =
                new InProcessSshd(Files.createDirectories(dir.resolve("home")), client.getPublic(), (cmd, out, err) -> {
                    dev.tickbench.testkit.SyntheticCapture.stream(out, 20, -1);
                    return 0;
                });
        dev.tickbench.app.connect.ConnectPrompts accept = new dev.tickbench.app.connect.ConnectPrompts() {
            @Override
            public dev.tickbench.app.connect.HostKeyPrompt askHostKey(dev.tickbench.app.connect.HostKeyQuestion q) {
                return dev.tickbench.app.connect.Answered.hostKey(
                        dev.tickbench.app.connect.HostKeyDecision.ACCEPT); // the user accepts
            }

            @Override
            public java.util.Optional<char[]> askPassphrase(Path keyFile, int attempt) {
                return java.util.Optional.empty();
            }

            @Override
            public void uploadProgress(long sent, long total) {}
        };
        ProbeServerConnection c = new ProbeServerConnection(
                new SshTarget("board-7", "127.0.0.1", sshd.port(), InProcessSshd.USER, List.of(key)),
                StreamRequest.of(20, 0),
                accept,
                dir.resolve("known_hosts"));
        try (sshd) {
            fx(() -> {
                w.vm.connect(c);
                return null;
            });
            until("the connection", () -> TabsSeen.walk(tabs).walker() instanceof RemoteWalker);
            String note = fx(() -> TabsSeen.walk(tabs).noteProperty().get());
            assertTrue(note.startsWith("walks tester@board-7") && note.contains("through its probe"), note);
            assertFalse(note.contains("not available"), note);

            fx(() -> {
                w.vm.closeConnection();
                return null;
            });
            assertTrue(fx(() -> TabsSeen.walk(tabs).walker()) instanceof LocalWalker);
            assertTrue(fx(() -> TabsSeen.walk(tabs).noteProperty().get()).startsWith("walks this machine's /proc"));
        }
    }

    @Test
    void compareShowsOneColumnPerAssetCapture() throws Exception {
        List<Path> assets;
        try (Stream<Path> s = Files.list(ASSETS)) {
            assets = s.filter(p -> p.toString().endsWith(".ndjson.gz")).sorted().toList();
        }
        var tabs = w.view.tabs();
        fx(() -> {
            tabs.show(tabs.compare());
            return null;
        });
        var task = fx(() -> tabs.compare().load(assets));
        until(
                "the comparison",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && tabs.compare().table().getColumns().size() == 4);

        List<String> headers = fx(() -> tabs.compare().table().getColumns().stream()
                .map(c -> c.getText())
                .toList());
        assertEquals("source", headers.get(0));
        assertEquals("edge-router-3\nMikroTik RB5009UG+S+\n5.6.3\n50 Hz · floor 50 Hz", headers.get(1));
        assertTrue(headers.get(3).startsWith("db-07.dc2\nPowerEdge R650\n"), headers.toString());
        assertTrue(
                headers.get(2).startsWith("pi-lab-2\nRaspberry Pi 4 Model B Rev 1.4\n6.1.21-v8+"), headers.toString());
        assertEquals(
                3,
                fx(() -> ((BarChart<?, ?>) tabs.compare().lookup(".bar-chart"))
                        .getData()
                        .size()),
                "one bar series per board");
        String thermal = fx(() -> tabs.compare()
                .table()
                .getColumns()
                .get(2)
                .getCellData("thermal_zone0")
                .toString());
        // the Pi's thermal reading jitters at 12 Hz, but the zone only needs 0.36 Hz: the shipped 1 Hz is enough
        assertEquals("measured 12 · need 0.36 · shipped 1 Hz\nshipped floor OK", thermal);
        until("the overlay", () -> !tabs.compare().overlay().getData().isEmpty());
        // the overlay in the charts' units: a thermal zone in °C, not m°C
        ComboBox<?> series = fx(() -> (ComboBox<?>) tabs.compare().lookup(".combo-box")); // the overlay's series
        int thermalZone = fx(() -> series.getItems().indexOf("thermal_zone0.temp"));
        assertTrue(thermalZone >= 0, "a thermal zone to overlay: " + fx(() -> List.copyOf(series.getItems())));
        fx(() -> {
            series.getSelectionModel().select(thermalZone);
            return null;
        });
        until(
                "the thermal overlay",
                () -> tabs.compare().overlay().getYAxis().getLabel().equals("°C")
                        && !tabs.compare().overlay().getData().isEmpty()
                        && tabs.compare().overlay().getData().get(0).getName().endsWith("thermal_zone0.temp"));
        double maxC = fx(() -> tabs.compare().overlay().getData().stream()
                .flatMap(s -> s.getData().stream())
                .mapToDouble(d -> d.getYValue().doubleValue())
                .max()
                .orElseThrow());
        assertTrue(maxC > 20 && maxC < 130, "°C, not m°C: " + maxC);
        // the verdict explained: a legend in words and a sentence per cell
        String legend = fx(() -> ((javafx.scene.control.Label) tabs.compare().lookup("#compare-legend")).getText());
        assertTrue(
                legend.contains("measured = how many times per second")
                        && legend.contains("too slow when need > shipped × 1.25"),
                legend);
    }

    @Test
    void aPlainCaptureIsRefusedInTheView() throws Exception {
        Path plain = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        var tabs = w.view.tabs();
        var task = fx(() -> tabs.compare().load(List.of(plain)));
        until("the refusal", () -> task.getState() == Worker.State.FAILED);
        String error = fx(() -> TabsSeen.compare(tabs).errorProperty().get());
        assertTrue(error.contains("edge-router-3.ndjson.gz"), error);
        assertEquals(0, fx(() -> tabs.compare().table().getColumns().size()));
    }

    @Test
    void throttleFromACaptureDrawsTheWhatIfLine() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        var tabs = w.view.tabs();
        fx(() -> {
            tabs.show(tabs.throttle());
            return null;
        });
        var task = fx(() -> tabs.throttle().open(file));
        until(
                "the trace",
                () -> task.getState() == Worker.State.SUCCEEDED && ThrottleSeen.whatIfPoints(tabs.throttle()) > 0);
        assertEquals(29, fx(() -> ThrottleSeen.whatIfPoints(tabs.throttle())));
        until(
                "the workers axis laid out",
                () -> !ThrottleSeen.workerTicks(tabs.throttle()).isEmpty());
        List<Double> ticks = fx(() -> ThrottleSeen.workerTicks(tabs.throttle()));
        assertTrue(
                ticks.stream().allMatch(v -> v == Math.rint(v)) && ticks.contains(0.0) && ticks.size() >= 3,
                "whole workers only: " + ticks);
        double[] at16 = fx(() -> ThrottleSeen.whatIfValues(tabs.throttle()));
        fx(() -> {
            Spinner<?> whatIf = (Spinner<?>) tabs.throttle().lookup(".spinner"); // "what if ceiling ="
            whatIf.getEditor().setText("1"); // typed, then Enter
            whatIf.commitValue();
            return null;
        });
        double[] at1 = fx(() -> ThrottleSeen.whatIfValues(tabs.throttle()));
        assertTrue(Arrays.stream(at1).allMatch(v -> v == 1.0), Arrays.toString(at1));
        assertFalse(Arrays.equals(at16, at1), Arrays.toString(at16));
    }

    @Test
    void aTraceDrawnJustAfterTheChartsEnterTheSceneDoesNotWaitOnTheirLocks() throws Exception {
        // a chart entering a scene lays out at once and read-locks its datasets until the next pulse ends:
        // a write before that waited on the lock for ever and froze the window
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        var trace = dev.tickbench.app.throttle.ThrottleViewModel.read(file);
        var again = dev.tickbench.app.throttle.ThrottleViewModel.read(file);
        var third = dev.tickbench.app.throttle.ThrottleViewModel.read(file);
        var tabs = w.view.tabs();
        fx(() -> {
            tabs.show(tabs.throttle());
            // as opening a capture does: following the (absent) live session, the tab's poll would put
            // "no trace" back within a second
            ThrottleSeen.live(tabs.throttle()).setSelected(false);
            TabsSeen.throttle(tabs).traceProperty().set(trace);
            return null;
        });
        until(
                "the trace drawn",
                () -> ThrottleSeen.whatIfPoints(tabs.throttle()) == 29
                        && !ThrottleSeen.effectiveChart(tabs.throttle()).isNeedsLayout());
        int points = fx(() -> {
            // as the tab is built on a live session: the view gets its charts' lines (no trace, then one),
            // then enters the scene
            TabsSeen.throttle(tabs).traceProperty().set(null);
            TabsSeen.throttle(tabs).traceProperty().set(again);
            Tab tab = tabs.getSelectionModel().getSelectedItem();
            tab.setContent(null);
            tab.setContent(tabs.throttle());
            TabsSeen.throttle(tabs).traceProperty().set(third); // the next second's trace, before a pulse
            return ThrottleSeen.whatIfPoints(tabs.throttle());
        });
        assertEquals(29, points, "the what-if line of the capture's 29 throttle seconds");
    }
}
