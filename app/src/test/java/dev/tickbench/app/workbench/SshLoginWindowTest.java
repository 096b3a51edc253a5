package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.ConnectFlow;
import dev.tickbench.app.connect.ConnectViewModel;
import dev.tickbench.app.connect.ConnectionEvent;
import dev.tickbench.app.connect.ConnectionKind;
import dev.tickbench.app.connect.FxConnectPrompts;
import dev.tickbench.app.connect.InProcessSshd;
import dev.tickbench.app.connect.LoginMethod;
import dev.tickbench.app.connect.Netns;
import dev.tickbench.app.connect.OpenSshd;
import dev.tickbench.app.connect.ProbeServerConnection;
import dev.tickbench.app.connect.RealAgent;
import dev.tickbench.app.connect.RecentConnections;
import dev.tickbench.app.connect.SshTarget;
import dev.tickbench.app.connect.StreamRequest;
import dev.tickbench.app.connect.TestUser;
import dev.tickbench.testkit.RequiresTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.util.Base64;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The connect form of the real window to real sshd, as an engineer on a laptop uses it: through a
 * jump host with the agent's key, every host key asked in the window; and to a board that has only a
 * password, asked in the window. Each reaches the first curves of the real probe streaming there.
 */
@ExtendWith(ApplicationExtension.class)
@RequiresTool(value = "sshd", debianPackage = "openssh-server")
class SshLoginWindowTest {
    private static final String USER = System.getProperty("user.name");

    private WindowFixture w;
    private final List<AutoCloseable> lab = new java.util.ArrayList<>();

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
        for (int i = lab.size() - 1; i >= 0; i--) {
            lab.get(i).close();
        }
    }

    private <T extends AutoCloseable> T keep(T c) {
        lab.add(c);
        return c;
    }

    private ConnectViewModel form(Path sshDir) {
        return new ConnectViewModel(new RecentConnections(dir.resolve("recent.json")), sshDir, () -> {
            try {
                return OpenSshd.requireSshdAndProbe();
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private void connect(ConnectViewModel form) throws Exception {
        ConnectFlow flow = new ConnectFlow(form);
        fx(() -> {
            w.vm.connect(flow.connectNow(w.view.getScene().getWindow()), w.view.outcome(flow));
            return null;
        });
    }

    /** Waits for the host-key question showing {@code key}'s fingerprint and accepts it with the robot. */
    private static String accept(FxRobot robot, PublicKey key) throws Exception {
        String fp = sha256(key);
        until(
                "the host-key question for " + fp,
                () -> robot.lookup("#host-key-fingerprint").queryAllAs(TextField.class).stream()
                        .anyMatch(f -> f.getText().equals(fp)
                                && f.getScene().getWindow().isShowing()));
        TextField field = robot.lookup("#host-key-fingerprint").queryAllAs(TextField.class).stream()
                .filter(f -> f.getText().equals(fp))
                .findFirst()
                .orElseThrow();
        DialogPane pane = fx(() -> (DialogPane) field.getScene().getRoot());
        String header = fx(pane::getHeaderText);
        robot.clickOn(robot.from(pane)
                .lookup((Node n) -> n instanceof Button b && "Accept and remember".equals(b.getText()))
                .queryAs(Button.class));
        return header;
    }

    private static String sha256(PublicKey key) throws Exception {
        byte[] blob = Base64.getDecoder().decode(PublicKeyEntry.toString(key).split(" ")[1]);
        return "SHA256:"
                + Base64.getEncoder()
                        .withoutPadding()
                        .encodeToString(MessageDigest.getInstance("SHA-256").digest(blob));
    }

    @Test
    @RequiresTool(value = "ssh-agent", debianPackage = "openssh-client")
    @RequiresTool(value = "ip", debianPackage = "iproute2")
    void throughAJumpHostWithTheAgentsKeyToTheFirstCurves(FxRobot robot) throws Exception {
        OpenSshd.requireSshdAndProbe();
        RealAgent agent = keep(RealAgent.start(dir.resolve("agent")));
        Path key = RealAgent.newKey(dir.resolve("id_lab"), "lab passphrase", "lab-key");
        agent.add(key, "lab passphrase");
        Files.delete(key);
        PublicKey labKey = RealAgent.publicKey(key);
        Netns netns = keep(Netns.create());
        KeyPair jumpKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        KeyPair boardKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        int boardPort = OpenSshd.freePort();
        OpenSshd board = keep(new OpenSshd(
                dir.resolve("board"),
                boardKey,
                labKey,
                OpenSshd.JAVA_PATH,
                netns.exec(),
                "127.0.0.1",
                boardPort,
                List.of()));
        keep(new OpenSshd(
                dir.resolve("jump"),
                jumpKey,
                labKey,
                OpenSshd.JAVA_PATH,
                netns.exec(),
                netns.inside,
                22,
                List.of("PermitOpen 127.0.0.1:" + boardPort)));
        Path sshDir = Files.createDirectories(dir.resolve("dotssh"));
        Files.writeString(sshDir.resolve("config"), "Host *\n  IdentityAgent " + agent.socket + "\n");

        ConnectViewModel form = form(sshDir);
        form.kind().set(ConnectionKind.SSH_HOST);
        form.host().set("127.0.0.1");
        form.port().set(Integer.toString(boardPort));
        form.jump().set(USER + "@" + netns.inside);
        form.login().set(LoginMethod.AGENT);
        connect(form);

        assertEquals(
                "The authenticity of jump host " + netns.inside + ":22 cannot be established.",
                accept(robot, jumpKey.getPublic()));
        assertEquals(
                "The authenticity of 127.0.0.1:" + boardPort + " cannot be established.",
                accept(robot, boardKey.getPublic()));
        until("the first curves from the board", () -> w.samples() > 5);
        assertTrue(
                fx(() -> w.vm.titleProperty().get()).startsWith("Tickbench — " + USER + "@127.0.0.1:" + boardPort),
                fx(() -> w.vm.titleProperty().get()));
        assertTrue(Files.isDirectory(board.home.resolve(".cache/tickbench")), "the probe went to the board");
        assertEquals(2, Files.readAllLines(sshDir.resolve("known_hosts")).size(), "both keys remembered");
        until("the recent entry", () -> !form.recent().isEmpty());
        assertEquals(USER + "@" + netns.inside, form.recent().get(0).jump());
    }

    @Test
    @RequiresTool(value = "useradd", debianPackage = "passwd")
    void aPasswordAskedInTheWindowToTheFirstCurves(FxRobot robot) throws Exception {
        OpenSshd.requireSshdAndProbe();
        TestUser user = keep(TestUser.create());
        KeyPair hostKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        OpenSshd sshd = keep(new OpenSshd(
                dir.resolve("sshd"),
                hostKey,
                null,
                OpenSshd.JAVA_PATH,
                List.of(),
                "127.0.0.1",
                OpenSshd.freePort(),
                List.of(
                        "PasswordAuthentication yes",
                        "PubkeyAuthentication no",
                        "AllowUsers " + user.name,
                        "Subsystem sftp internal-sftp -d " + user.home)));

        ConnectViewModel form = form(Files.createDirectories(dir.resolve("dotssh")));
        form.kind().set(ConnectionKind.SSH_HOST);
        form.host().set("127.0.0.1");
        form.port().set(Integer.toString(sshd.port));
        form.user().set(user.name);
        form.login().set(LoginMethod.PASSWORD);
        connect(form);

        accept(robot, hostKey.getPublic());
        until(
                "the password question",
                () -> robot.lookup("#login-answer-0").tryQuery().isPresent());
        DialogPane login = fx(() -> (DialogPane) robot.lookup("#login-dialog").query());
        assertEquals("Log in as " + user.name + "@127.0.0.1:" + sshd.port, fx(login::getHeaderText));
        robot.clickOn("#login-answer-0").write(user.password);
        robot.clickOn(robot.from(login)
                .lookup((Node n) -> n instanceof Button b && "OK".equals(b.getText()))
                .queryAs(Button.class));

        until("the first curves from the board", () -> w.samples() > 5);
        assertTrue(
                Files.readString(sshd.log).contains("Accepted password for " + user.name), Files.readString(sshd.log));
        assertFalse(robot.lookup("#login-answer-0").tryQuery().isPresent(), "the question is gone");
        until("the recent entry", () -> !form.recent().isEmpty());
        String remembered = Files.readString(dir.resolve("recent.json"));
        assertTrue(remembered.contains("\"PASSWORD\""), remembered);
        assertFalse(remembered.contains(user.password), "the password is not remembered: " + remembered);
    }

    /** A connection closed while its password question is up takes the question away: none is left to answer. */
    @Test
    void closingTheConnectionTakesThePasswordQuestionAway(FxRobot robot) throws Exception {
        KeyPair nobody = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        InProcessSshd sshd = keep(new InProcessSshd(
                Files.createDirectories(dir.resolve("home")), nobody.getPublic(), (cmd, out, err) -> 0));
        sshd.server.setPasswordAuthenticator((u, p, s) -> false);
        Path knownHosts = dir.resolve("known_hosts");
        Files.writeString(
                knownHosts,
                "[127.0.0.1]:" + sshd.port() + " " + PublicKeyEntry.toString(sshd.hostKey.getPublic()) + "\n");
        SshTarget target = new SshTarget(
                "127.0.0.1",
                "127.0.0.1",
                sshd.port(),
                InProcessSshd.USER,
                List.of(),
                LoginMethod.PASSWORD,
                false,
                null,
                null,
                List.of());
        ProbeServerConnection c = new ProbeServerConnection(
                target,
                StreamRequest.of(10, 0),
                fx(() -> new FxConnectPrompts(w.view.getScene().getWindow(), "test")),
                knownHosts);
        java.util.List<ConnectionEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();
        c.start((bytes, off, len) -> {}, events::add);
        until(
                "the password question",
                () -> robot.lookup("#login-answer-0").tryQuery().isPresent());
        c.close();
        until(
                "the question taken away",
                () -> robot.lookup("#login-answer-0").tryQuery().isEmpty());
        assertTrue(events.stream().noneMatch(e -> e instanceof ConnectionEvent.Connected), events.toString());
    }
}
