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
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
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

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 400, 300));
        stage.show();
    }

    @BeforeEach
    void server() throws Exception {
        KeyPair clientKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        keyFile = InProcessSshd.writeKey(tmp.resolve("id_ed25519"), clientKey, null);
        hostKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        sshd = new InProcessSshd(Files.createDirectories(tmp.resolve("home")), clientKey.getPublic(), hostKey,
                (cmd, out, err) -> {
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
        SshTarget target = new SshTarget("127.0.0.1", "127.0.0.1", sshd.port(), InProcessSshd.USER, List.of(keyFile));
        // the prompts of the real Connect dialog, over the test's window; the connection asks from its own thread
        connection = new ProbeServerConnection(target, StreamRequest.of(20, 0),
                new FxConnectPrompts(stage, "127.0.0.1"), knownHosts);
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
        assertEquals("probe SSH server at " + InProcessSshd.USER + "@127.0.0.1:" + sshd.port(),
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
        assertEquals("The host key of 127.0.0.1:" + sshd.port() + " was not accepted; not connected.", message);
        assertEquals(0, log.count(ConnectionEvent.Connected.class));
        assertTrue(log.lines().isEmpty());
        assertTrue(!Files.exists(knownHosts) || Files.readString(knownHosts).isBlank(), "a rejected key is not remembered");
        assertEquals(List.of(), sshd.commands, "nothing ran on the host");
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
        assertEquals("[127.0.0.1]:" + sshd.port() + " " + PublicKeyEntry.toString(old),
                Files.readString(knownHosts).strip(), "known_hosts untouched");
    }

    /** SHA256:base64(sha256(key blob)) without padding, as ssh-keygen -lf prints it; not via SSHD's fingerprint code. */
    private static String independentSha256(PublicKey key) throws Exception {
        byte[] blob = Base64.getDecoder().decode(PublicKeyEntry.toString(key).split(" ")[1]);
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(blob);
        return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(digest);
    }

    private static TextField awaitDialog(FxRobot robot) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS,
                    () -> robot.lookup("#host-key-fingerprint").tryQuery().isPresent());
        } catch (TimeoutException e) {
            throw new AssertionError("the host-key dialog did not appear", e);
        }
        return robot.lookup("#host-key-fingerprint").queryAs(TextField.class);
    }

    private static Button button(FxRobot robot, String text) {
        return robot.lookup(n -> n instanceof Button b && text.equals(b.getText())).queryAs(Button.class);
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }
}
