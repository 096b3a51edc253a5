package dev.tickbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.ConnectFlow;
import dev.tickbench.app.connect.ConnectViewModel;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.connect.RecentConnections;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.workbench.MainView;
import dev.tickbench.app.workbench.MainViewModel;
import dev.tickbench.app.workbench.TabsSeen;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.testkit.Ports;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.RouterCapture;
import dev.tickbench.testkit.TempDirs;
import dev.tickbench.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** What the command line opens, in the real window: one capture replays, several go to Compare, a host connects. */
@ExtendWith(ApplicationExtension.class)
class CommandLineWindowTest {
    @TempDir
    Path dir;

    private Workbench workbench;
    private MainViewModel vm;
    private MainView view;

    /** The window as the app opens it ({@link Workbench#open}), with temporary places and its own SSH form. */
    @Start
    void start(Stage s) throws Exception {
        Path spool = TempDirs.deletedAtExit("tickbench-spool");
        ConnectFlow flow = flow();
        workbench = Workbench.open(
                s,
                new Startup(
                        new Spool(spool, Spool.DEFAULT_MAX_BYTES, Spool.DEFAULT_MAX_AGE_NS, System::nanoTime),
                        dir.resolve("config/ui.properties"),
                        () -> flow,
                        SeriesCatalogue.standard(),
                        1200,
                        800,
                        null));
        vm = workbench.viewModel();
        view = workbench.view();
    }

    @AfterEach
    void close() throws Exception {
        fx(() -> {
            vm.shutdown();
            return null;
        });
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }

    private static void until(String what, Callable<Boolean> c) throws Exception {
        WaitForAsyncUtils.waitFor(Waits.DEADLINE.toMillis(), TimeUnit.MILLISECONDS, () -> fx(c));
    }

    private ConnectFlow flow() throws Exception {
        return new ConnectFlow(new ConnectViewModel(
                new RecentConnections(dir.resolve("recent.json")),
                Files.createDirectories(dir.resolve("ssh")),
                () -> null));
    }

    private void begin(AppArgs args) throws Exception {
        fx(() -> {
            workbench.begin(args);
            return null;
        });
    }

    @Test
    void oneCaptureReplays() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        begin(AppArgs.parse(List.of(file.toString())));
        until(
                "the replay of the file",
                () -> vm.replayProperty().get()
                        && file.equals(vm.replayFile())
                        && !vm.loadingProperty().get());
        assertTrue(fx(() -> vm.titleProperty().get()).startsWith("Tickbench — edge-router-3.ndjson.gz · "));
    }

    @Test
    void severalCapturesGoToCompare() throws Exception {
        // the captures recorded for Compare (FLOOR_HZ ≥ rate), as a file manager passes them (%F)
        Path assets = Path.of("..", "assets", "captures").toAbsolutePath().normalize();
        Path a = assets.resolve("fixture-sbc-50hz-floor50.ndjson.gz");
        Path b = assets.resolve("fixture-router-arm-50hz-floor50.ndjson.gz");
        begin(AppArgs.parse(List.of(a.toString(), b.toString())));
        assertEquals(
                "Compare",
                fx(() -> view.tabs().getSelectionModel().getSelectedItem().getText()));
        until(
                "both files in Compare",
                () -> TabsSeen.compare(view.tabs()).comparisonProperty().get() != null);
        assertEquals(
                List.of(a, b),
                fx(() -> List.copyOf(TabsSeen.compare(view.tabs()).files())));
    }

    /**
     * {@code tickbench --rate 10}: this machine sampled at 10 Hz, and the toolbar's Rate box says 10 Hz (it
     * said 100 Hz when it read the view-model once, before the command line was applied).
     */
    @Test
    void theRateOnTheCommandLineIsWhatTheToolbarSaysAndWhatIsSampled(FxRobot robot) throws Exception {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: --rate samples this machine");
        begin(AppArgs.parse(List.of("--rate", "10")));
        until("the local session's hello", () -> vm.sessionProperty().get() != null);
        assertEquals(10, (int) fx(() -> vm.sessionProperty().get().rateHz()), "sampled at 10 Hz");
        @SuppressWarnings("unchecked")
        ComboBox<Integer> rate =
                (ComboBox<Integer>) robot.lookup(".rate-selector").query();
        assertEquals(10, (int) fx(rate::getValue));
        assertEquals("10 Hz", fx(() -> rate.getButtonCell().getText()), "beside its label, Rate");
        assertFalse(fx(rate::isDisabled), "this machine: the rate can be changed");
        assertTrue(
                fx(() -> vm.titleProperty().get()).contains(" · 10 Hz · FLOOR_HZ "),
                fx(() -> vm.titleProperty().get()));

        // the box and the view-model are one: picking 25 Hz in it restarts the sampler at 25 Hz, marked as a new
        // session
        fx(() -> {
            rate.setValue(25);
            return null;
        });
        assertEquals(25, (int) fx(() -> vm.rateHzProperty().get()));
        until("the new session at 25 Hz", () -> vm.sessionProperty().get().rateHz() == 25);
        assertTrue(fx(() -> vm.events().stream().anyMatch(m -> m.text().startsWith("new session: 25 Hz"))));
    }

    /** {@code tickbench --rate 50 probe@127.0.0.1:PORT}: the form is filled and tried at once; refused, it comes back with why. */
    @Test
    void aHostIsTriedAtOnceAndAFailureOpensTheFilledForm(FxRobot robot) throws Exception {
        // held while the test connects: a port closed again could be bound by another process meanwhile
        try (Ports.Refusing refusing = Ports.refusing()) {
            int closed = refusing.port();
            ConnectFlow flow = workbench.ssh();
            Path key = dir.resolve("id_ed25519");
            try (var out = Files.newOutputStream(key)) {
                OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(
                        KeyUtils.generateKeyPair("ssh-ed25519", 256), "t", null, out);
            }
            flow.form().keyPath().set(key.toString());
            begin(AppArgs.parse(List.of("--rate", "50", "probe@127.0.0.1:" + closed)));
            assertEquals("50", flow.form().rate().get());
            until(
                    "the form back with the reason",
                    () -> robot.lookup("#connect-failure").tryQuery().isPresent()
                            && !((Label) robot.lookup("#connect-failure").query())
                                    .getText()
                                    .isEmpty());
            assertTrue(fx(() -> ((Label) robot.lookup("#connect-failure").query()).getText())
                    .startsWith("Cannot reach 127.0.0.1:" + closed + ": connection refused"));
            assertEquals(
                    "127.0.0.1", fx(() -> ((TextField) robot.lookup("#host").query()).getText()));
            assertEquals("probe", fx(() -> ((TextField) robot.lookup("#user").query()).getText()));
            assertEquals(
                    Integer.toString(closed),
                    fx(() -> ((TextField) robot.lookup("#port").query()).getText()));
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
}
