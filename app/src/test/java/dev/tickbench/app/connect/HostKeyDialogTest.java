package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.SyntheticCapture;
import dev.tickbench.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.core.CoreModuleProperties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The host-key dialog as the user meets it: a real connection (to an in-process SSHD server with a
 * fresh host key) asks through {@link FxConnectPrompts} on its own thread, and the test answers the
 * real dialog with the robot.
 */
@ExtendWith(ApplicationExtension.class)
class HostKeyDialogTest {
    private static final Duration WAIT = Waits.DEADLINE;

    @TempDir
    Path tmp;

    private Stage stage;
    private KeyPair hostKey;
    private Path keyFile;
    private Path knownHosts;
    private InProcessSshd sshd;
    private Connection connection;

    /** The window behind the question: what the user types into once the question is gone. */
    private TextField behind;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        behind = new TextField();
        behind.setId("behind");
        stage.setScene(new Scene(new StackPane(behind), 400, 300));
        stage.show();
    }

    @BeforeEach
    void server() throws Exception {
        KeyPair clientKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        keyFile = InProcessSshd.writeKey(tmp.resolve("id_ed25519"), clientKey, null);
        hostKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        sshd = new InProcessSshd(
                Files.createDirectories(tmp.resolve("home")), clientKey.getPublic(), hostKey, (cmd, out, err) -> {
                    if (cmd.startsWith("stream ")) {
                        SyntheticCapture.stream(out, 20, -1); // until the client goes away
                        return 0;
                    }
                    return 127;
                });
        knownHosts = tmp.resolve("ssh/known_hosts");
    }

    @AfterEach
    void stop() throws Exception {
        if (connection != null) {
            connection.close();
        }
        sshd.close();
    }

    private EventLog connect() {
        return connect(SshTimeouts.DEFAULT);
    }

    private EventLog connect(SshTimeouts timeouts) {
        // the prompts of the real Connect dialog, over the test's window; the connection asks from its own thread
        return connect(timeouts, new FxConnectPrompts(stage, "127.0.0.1"));
    }

    private EventLog connect(SshTimeouts timeouts, ConnectPrompts prompts) {
        SshTarget target = new SshTarget("127.0.0.1", "127.0.0.1", sshd.port(), InProcessSshd.USER, List.of(keyFile));
        connection = new ProbeServerConnection(target, StreamRequest.of(20, 0), prompts, knownHosts, timeouts);
        EventLog log = new EventLog();
        connection.start(log, log);
        return log;
    }

    @Test
    void anUnknownKeyShowsItsFingerprintAndAcceptRemembersItAndConnects(FxRobot robot) throws Exception {
        EventLog log = connect();
        TextField fp = awaitDialog(robot);

        assertEquals(independentSha256(hostKey.getPublic()), fx(fp::getText));
        assertFalse(fx(fp::isEditable));
        Button accept = button(robot, "Accept and remember");
        Button reject = button(robot, "Reject");
        assertTrue(fx(reject::isDefaultButton), "Reject is the default button");
        assertFalse(fx(accept::isDefaultButton));
        assertTrue(log.events().isEmpty(), "nothing happens before the user answers: " + log.events());

        robot.clickOn(accept);
        log.awaitLines(l -> l.size() >= 5, WAIT);
        assertEquals(
                "probe SSH server at " + InProcessSshd.USER + "@127.0.0.1:" + sshd.port(),
                log.await(ConnectionEvent.Connected.class, WAIT).detail());
        String line = Files.readString(knownHosts).strip();
        assertEquals("[127.0.0.1]:" + sshd.port() + " " + PublicKeyEntry.toString(hostKey.getPublic()), line);
        assertFalse(robot.lookup("#host-key-fingerprint").tryQuery().isPresent(), "the dialog is gone");
    }

    @Test
    void rejectIsWhatEnterDoesAndEndsTheConnection(FxRobot robot) throws Exception {
        EventLog log = connect();
        awaitDialog(robot);

        robot.type(KeyCode.ENTER); // the default button
        String message = log.await(ConnectionEvent.Failed.class, WAIT).message();
        assertEquals(
                "You rejected the host key of 127.0.0.1:" + sshd.port() + " (ssh-ed25519 "
                        + independentSha256(hostKey.getPublic()) + "); not connected. Nothing was added to "
                        + knownHosts + ".",
                message);
        assertEquals(0, log.count(ConnectionEvent.Connected.class));
        assertTrue(log.lines().isEmpty());
        assertTrue(
                !Files.exists(knownHosts) || Files.readString(knownHosts).isBlank(),
                "a rejected key is not remembered");
        assertEquals(List.of(), sshd.commands, "nothing ran on the host");
    }

    /**
     * The case: the fingerprint read for 40 s against a 30 s authentication limit, here scaled
     * down: while the question is up the server's own authentication timeout (OpenSSH's LoginGraceTime)
     * is 5 s, and the question is held past it before Accept. The client's connect and authentication
     * limits time a connection attempt, and none is open while the question is up (the server has no
     * session: an attempt held open through the question would be one, and the server's 5 s would end it).
     * So every limit is the suite's deadline whenever an attempt runs: the first one, which meets the key,
     * and the one after Accept; a loaded machine makes them slow, not wrong. The hold is the scenario, not
     * a synchronisation.
     */
    @Test
    void aQuestionHeldPastEveryTimeoutThenAcceptedConnectsAndSavesTheKey(FxRobot robot) throws Exception {
        EventLog log = connect(new SshTimeouts(WAIT, WAIT, WAIT));
        awaitDialog(robot);
        long shown = System.nanoTime();
        Duration limit = Duration.ofSeconds(5);
        CoreModuleProperties.AUTH_TIMEOUT.set(
                sshd.server, limit); // read at each check: any session open now is held to it

        // nothing is held open while the user reads: the attempt that met the key is gone from the server
        Waits.until(
                "no session open on the server while the question is up",
                () -> sshd.server.getActiveSessions().isEmpty());
        Duration hold = limit.plusSeconds(2);
        Waits.until("the question held past every limit", () -> System.nanoTime() - shown > hold.toNanos());
        assertTrue(robot.lookup("#host-key-fingerprint").tryQuery().isPresent(), "still asking");
        assertTrue(log.events().isEmpty(), "nothing failed while the user read: " + log.events());

        CoreModuleProperties.AUTH_TIMEOUT.set(sshd.server, WAIT); // the reconnect's limit on the server
        robot.clickOn(button(robot, "Accept and remember"));
        assertEquals(
                "probe SSH server at " + InProcessSshd.USER + "@127.0.0.1:" + sshd.port(),
                log.await(ConnectionEvent.Connected.class, WAIT).detail());
        log.awaitLines(l -> l.size() >= 5, WAIT);
        assertEquals(
                "[127.0.0.1]:" + sshd.port() + " " + PublicKeyEntry.toString(hostKey.getPublic()),
                Files.readString(knownHosts).strip(),
                "saved at once, as OpenSSH writes it");
        assertEquals(0, log.count(ConnectionEvent.Failed.class));
    }

    /**
     * The answer limit (1 s here) runs from the question asked, and a loaded FX thread may show it late
     * or close it before the robot looks: the question is handed to the connection once it is on screen
     * (see {@link ShownPrompts}), so the second the user was given is the one the test sees pass.
     */
    @Test
    void aQuestionNobodyAnswersIsClosedAndSaysSoAndLeavesTheWindowItsKeys(FxRobot robot) throws Exception {
        ShownPrompts prompts = new ShownPrompts(new FxConnectPrompts(stage, "127.0.0.1"), robot);
        EventLog log = connect(
                new SshTimeouts(SshTimeouts.DEFAULT.connect(), SshTimeouts.DEFAULT.auth(), Duration.ofSeconds(1)),
                prompts);

        String message = log.await(ConnectionEvent.Failed.class, WAIT).message();
        assertEquals(
                "No answer to the host-key question for 127.0.0.1:" + sshd.port() + " within 1 s: the question"
                        + " was closed, nothing was added to " + knownHosts
                        + " and it is not connected. Connect again to see"
                        + " the fingerprint.",
                message);
        assertFalse(message.contains("authorized_keys"), message);
        assertEquals(
                independentSha256(hostKey.getPublic()), prompts.shownFingerprint.get(), "the question was on screen");
        WaitForAsyncUtils.waitForFxEvents(); // the close was queued before the failure was reported
        assertFalse(robot.lookup("#host-key-fingerprint").tryQuery().isPresent(), "no stale question left");
        assertEquals(
                List.of(stage),
                fx(() -> List.copyOf(Window.getWindows().filtered(Window::isShowing))),
                "only the window");
        assertFalse(Files.exists(knownHosts), "nothing saved");

        // what the user types next goes to the window, not to a question nobody waits for
        robot.clickOn("#behind").write("after");
        Waits.until(
                () -> "the typing in the window, is " + text(behind),
                Duration.ofMillis(50),
                () -> "after".equals(text(behind)));
        assertEquals(List.of(), sshd.commands, "nothing ran on the host");
    }

    @Test
    void closingTheConnectionWhileItAsksClosesTheQuestion(FxRobot robot) throws Exception {
        EventLog log = connect();
        awaitDialog(robot);

        connection.close(); // another session chosen, the window closed
        Waits.until("the question closed", () -> {
            try {
                return fx(() -> Window.getWindows().filtered(Window::isShowing).size()) == 1;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertFalse(robot.lookup("#host-key-fingerprint").tryQuery().isPresent());
        assertFalse(Files.exists(knownHosts), "nothing saved");
        assertEquals(0, log.count(ConnectionEvent.Connected.class));
    }

    @Test
    void aChangedKeyIsRefusedWithoutADialogNamingBothFingerprints(FxRobot robot) throws Exception {
        PublicKey old = KeyUtils.generateKeyPair("ssh-ed25519", 256).getPublic();
        Files.createDirectories(knownHosts.getParent());
        Files.writeString(knownHosts, "[127.0.0.1]:" + sshd.port() + " " + PublicKeyEntry.toString(old) + "\n");
        EventLog log = connect();

        // a dialog would block the connection thread, so a Failed event also proves none was asked
        String message = log.await(ConnectionEvent.Failed.class, WAIT).message();
        assertTrue(message.contains("has CHANGED"), message);
        assertTrue(message.contains(independentSha256(old)), message);
        assertTrue(message.contains(independentSha256(hostKey.getPublic())), message);
        assertTrue(message.contains("ssh-keygen -R '[127.0.0.1]:" + sshd.port() + "'"), message);
        assertFalse(robot.lookup("#host-key-fingerprint").tryQuery().isPresent(), "no host-key dialog");
        assertEquals(
                "[127.0.0.1]:" + sshd.port() + " " + PublicKeyEntry.toString(old),
                Files.readString(knownHosts).strip(),
                "known_hosts untouched");
    }

    /** SHA256:base64(sha256(key blob)) without padding, as ssh-keygen -lf prints it; not via SSHD's fingerprint code. */
    private static String independentSha256(PublicKey key) throws Exception {
        byte[] blob = Base64.getDecoder().decode(PublicKeyEntry.toString(key).split(" ")[1]);
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(blob);
        return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(digest);
    }

    private static TextField awaitDialog(FxRobot robot) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(
                    WAIT.toSeconds(),
                    TimeUnit.SECONDS,
                    () -> robot.lookup("#host-key-fingerprint").tryQuery().isPresent());
        } catch (TimeoutException e) {
            throw new AssertionError("the host-key dialog did not appear", e);
        }
        return robot.lookup("#host-key-fingerprint").queryAs(TextField.class);
    }

    /**
     * The real prompts, returning a host-key question to the connection only once its dialog is on
     * screen, so that the connection's answer limit runs from the moment the user can read it.
     */
    private static final class ShownPrompts implements ConnectPrompts {
        private final FxConnectPrompts fx;
        private final FxRobot robot;
        /** The fingerprint the dialog showed; null while it has not been seen. */
        final AtomicReference<String> shownFingerprint = new AtomicReference<>();

        ShownPrompts(FxConnectPrompts fx, FxRobot robot) {
            this.fx = fx;
            this.robot = robot;
        }

        @Override
        public HostKeyPrompt askHostKey(HostKeyQuestion question) {
            HostKeyPrompt prompt = fx.askHostKey(question);
            try {
                shownFingerprint.set(fx(awaitDialog(robot)::getText));
            } catch (Exception | AssertionError e) {
                // not shown within the deadline: the test's assertion on shownFingerprint says so
            }
            return prompt;
        }

        @Override
        public Optional<char[]> askPassphrase(Path keyFile, int attempt) {
            return fx.askPassphrase(keyFile, attempt);
        }

        @Override
        public void uploadProgress(long sent, long total) {
            fx.uploadProgress(sent, total);
        }
    }

    private static String text(TextField field) {
        try {
            return fx(field::getText);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Button button(FxRobot robot, String text) {
        return robot.lookup(n -> n instanceof Button b && text.equals(b.getText()))
                .queryAs(Button.class);
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }
}
