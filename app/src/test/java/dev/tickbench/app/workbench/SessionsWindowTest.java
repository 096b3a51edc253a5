package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.ConnectFlow;
import dev.tickbench.app.connect.ConnectViewModel;
import dev.tickbench.app.connect.ConnectionKind;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.connect.RecentConnections;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.testkit.Ports;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.RouterCapture;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.concurrent.Worker;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The window's sessions: titles, a failed connect in the real window, the charts as PNG, Open Recent. */
@ExtendWith(ApplicationExtension.class)
class SessionsWindowTest {
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

    private Path openFixture() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        var task = fx(() -> w.view.openCapture(file));
        until(
                "the replay",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && w.vm.replayProperty().get());
        return file;
    }

    /**
     * On this machine, a connect to a port nothing listens on: the charts go on growing, the form comes
     * back with what was typed and the plain reason, and the title still names this machine.
     */
    @Test
    void aFailedConnectBringsTheFormBackAndTheLocalChartsGoOn(FxRobot robot) throws Exception {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: the live session needs Linux");
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        until("the first samples", () -> w.samples() > 5);
        until("the title", () -> w.vm.titleProperty().get().startsWith("Tickbench — this machine · "));
        String title = fx(() -> w.vm.titleProperty().get());
        assertTrue(title.contains(" · 100 Hz · "), title);
        SeriesStore local = fx(() -> w.vm.storeProperty().get());

        Path key = dir.resolve("id_ed25519");
        try (var out = Files.newOutputStream(key)) {
            OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(
                    KeyUtils.generateKeyPair("ssh-ed25519", 256), "test", null, out);
        }
        ConnectViewModel form = new ConnectViewModel(
                new RecentConnections(dir.resolve("recent.json")),
                Files.createDirectories(dir.resolve("ssh")),
                () -> null);
        ConnectFlow flow = new ConnectFlow(form);
        // held while the test connects: a port closed again could be bound by another process meanwhile
        try (Ports.Refusing refusing = Ports.refusing()) {
            int closed = refusing.port();
            form.kind().set(ConnectionKind.PROBE_SERVER);
            form.host().set("127.0.0.1");
            form.port().set(Integer.toString(closed));
            form.user().set("probe");
            form.keyPath().set(key.toString());
            fx(() -> {
                w.vm.connect(flow.connectNow(w.view.getScene().getWindow()), w.view.outcome(flow));
                return null;
            });

            until(
                    "the form back with the reason",
                    () -> robot.lookup("#connect-failure").tryQuery().isPresent()
                            && !((Label) robot.lookup("#connect-failure").query())
                                    .getText()
                                    .isEmpty());
            String shown = fx(() -> ((Label) robot.lookup("#connect-failure").query()).getText());
            assertTrue(shown.startsWith("Cannot reach 127.0.0.1:" + closed + ": connection refused"), shown);
            assertEquals(
                    "127.0.0.1", fx(() -> ((TextField) robot.lookup("#host").query()).getText()));
            assertEquals(
                    Integer.toString(closed),
                    fx(() -> ((TextField) robot.lookup("#port").query()).getText()));
            assertEquals("probe", fx(() -> ((TextField) robot.lookup("#user").query()).getText()));
            assertTrue(
                    fx(() -> w.vm.errorProperty().get()).endsWith("(Still showing this machine.)"),
                    fx(() -> w.vm.errorProperty().get()));
            assertSame(local, fx(() -> w.vm.storeProperty().get()), "the local session stays");
            long at = fx(() -> local.samples());
            until("the local points growing", () -> local.samples() > at + 20);
            assertEquals(title, fx(() -> w.vm.titleProperty().get()));
            assertTrue(form.recent().isEmpty(), "a failed connect is not remembered");
            fx(() -> {
                robot.lookup(".dialog-pane")
                        .queryAs(javafx.scene.control.DialogPane.class)
                        .getScene()
                        .getWindow()
                        .hide();
                return null;
            });
        }
    }

    @Test
    void aCaptureIsNamedInTheTitleAndInOpenRecent() throws Exception {
        Path file = openFixture();
        assertTrue(
                fx(() -> w.vm.titleProperty().get())
                        .startsWith("Tickbench — edge-router-3.ndjson.gz · edge-router-3 ("),
                fx(() -> w.vm.titleProperty().get()));
        assertEquals(
                file.toAbsolutePath().normalize(),
                fx(() -> w.vm.files().recentCaptures().get(0)));
    }

    /** The charts as on screen when the PNG was saved: the picture, their bounds, their controls' bounds in them. */
    private record AtSave(javafx.scene.image.WritableImage screen, Bounds bounds, List<Bounds> controls) {}

    private static int fx0(javafx.scene.image.WritableImage img, int x, int y) {
        return img.getPixelReader().getArgb(x, y);
    }

    /** PNG of the charts: exactly the charts' size, and no button drawn in it. */
    @Test
    void thePngHoldsTheChartsWithoutTheirButtons() throws Exception {
        openFixture();
        Path png = dir.resolve("charts.png");
        // the charts as on screen, their bounds, where their controls are and the PNG in one go on the FX
        // thread: no layout or redraw between them (the notice the save shows is laid out a pulse later)
        Node charts = fx(() -> w.view.charts().getContent());
        AtSave atSave = fx(() -> {
            AtSave shown = new AtSave(
                    charts.snapshot(null, null),
                    charts.getLayoutBounds(),
                    charts.lookupAll("*").stream()
                            .filter(PngWriter::isControl)
                            .map(n -> charts.sceneToLocal(n.localToScene(n.getLayoutBounds())))
                            .toList());
            w.view.savePng((ChartGroup) null, png); // the toolbar's PNG, the file chosen
            return shown;
        });
        javafx.scene.image.WritableImage screen = atSave.screen();
        Bounds b = atSave.bounds();
        List<Bounds> controls = atSave.controls();
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(Math.ceil(b.getWidth()), img.getWidth(), 1.0);
        assertEquals(Math.ceil(b.getHeight()), img.getHeight(), 1.0);
        assertTrue(
                fx(() -> w.vm.noticeProperty().get()).matches("Saved .*charts\\.png \\(\\d+ kB on disk\\)"),
                fx(() -> w.vm.noticeProperty().get()));
        // against the charts as on screen: every pixel that differs lies on a control (button, picker), and
        // each chart's PNG button, back on screen now, is missing from the image
        var pngButtons = fx(() -> charts.lookupAll(".button").stream()
                .filter(n -> n instanceof Button bt && "PNG".equals(bt.getText()))
                .toList());
        assertFalse(pngButtons.isEmpty(), "the charts have PNG buttons to leave out");
        for (Node n : pngButtons) {
            assertTrue(fx(n::isVisible), "shown again after the snapshot");
        }
        int differing = 0;
        for (int x = 0; x < img.getWidth(); x++) {
            for (int y = 0; y < img.getHeight(); y++) {
                int onScreen = fx0(screen, x, y);
                if (onScreen != img.getRGB(x, y)) {
                    differing++;
                    double lx = x + b.getMinX();
                    double ly = y + b.getMinY();
                    assertTrue(
                            controls.stream()
                                    .anyMatch(c -> c.getMinX() - 2 <= lx
                                            && lx <= c.getMaxX() + 2
                                            && c.getMinY() - 2 <= ly
                                            && ly <= c.getMaxY() + 2),
                            "a pixel off the controls differs at " + x + "," + y);
                }
            }
        }
        assertTrue(differing > 0, "the buttons were on screen and are not in the image");
    }
}
