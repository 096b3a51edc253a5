package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.RequiresTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Password and keyboard-interactive logins to a real sshd that takes only passwords, for a user
 * made for the test (as a vendor image or a Yocto build has only root's password).
 */
@RequiresTool(value = "sshd", debianPackage = "openssh-server")
@RequiresTool(value = "useradd", debianPackage = "passwd")
class PasswordLoginTest {
    @TempDir
    Path tmp;

    private TestUser user;
    private OpenSshd sshd;
    private SshRoute route;
    private final RecordingPrompts prompts = new RecordingPrompts();

    @BeforeEach
    void user() throws Exception {
        user = TestUser.create();
    }

    @AfterEach
    void teardown() throws Exception {
        if (route != null) {
            route.close();
        }
        if (sshd != null) {
            sshd.close();
        }
        if (user != null) { // null: skipped before it was made (a plain user cannot make one)
            user.close();
            assertFalse(Files.readString(Path.of("/etc/passwd")).contains(user.name + ":"), "the test user is gone");
        }
    }

    /** sshd taking passwords only: {@code PasswordAuthentication}, or PAM's keyboard-interactive. */
    private void serve(List<String> first) throws Exception {
        List<String> lines = new java.util.ArrayList<>(first);
        lines.addAll(List.of("PubkeyAuthentication no", "AllowUsers " + user.name));
        sshd = new OpenSshd(
                tmp.resolve("sshd"),
                KeyUtils.generateKeyPair("ssh-ed25519", 256),
                null,
                OpenSshd.JAVA_PATH,
                List.of(),
                "127.0.0.1",
                OpenSshd.freePort(),
                lines);
    }

    private SshTarget target() {
        return new SshTarget(
                "127.0.0.1",
                "127.0.0.1",
                sshd.port,
                user.name,
                List.of(),
                LoginMethod.PASSWORD,
                false,
                null,
                null,
                List.of());
    }

    private String whoami() throws Exception {
        route = new SshRoute(target(), tmp.resolve("known_hosts"), prompts, RealAgent.TIMEOUTS);
        ClientSession s = route.open();
        try {
            return SshLink.run(s, "id -un").out().strip();
        } finally {
            s.close(true);
        }
    }

    @Test
    void thePasswordAskedInTheWindowLogsIn() throws Exception {
        serve(List.of("PasswordAuthentication yes"));
        prompts.password = user.password;
        assertEquals(user.name, whoami());
        assertEquals(1, prompts.loginQuestions.size());
        LoginQuestion q = prompts.loginQuestions.get(0);
        assertEquals(user.name + "@127.0.0.1:" + sshd.port, q.host());
        assertEquals(List.of(new LoginQuestion.Prompt("Password:", false)), q.prompts());
        assertEquals(1, q.attempt());
        assertEquals(1, prompts.hostKeyQuestions.size(), "the host key first, then the password");
    }

    @Test
    void aWrongPasswordIsSaidAfterThreeTries() throws Exception {
        serve(List.of("PasswordAuthentication yes"));
        prompts.password = "not " + user.password;
        ConnectFailure f = assertThrows(ConnectFailure.class, this::whoami);
        assertEquals(
                "Wrong password: 127.0.0.1:" + sshd.port + " refused " + user.name + " after 3 tries (or that user"
                        + " cannot log in there).",
                f.getMessage());
        assertEquals(
                List.of(1, 2, 3),
                prompts.loginQuestions.stream().map(LoginQuestion::attempt).toList());
        assertTrue(f.permanent());
    }

    @Test
    void cancellingThePasswordEndsTheLogin() throws Exception {
        serve(List.of("PasswordAuthentication yes"));
        ConnectFailure f = assertThrows(ConnectFailure.class, this::whoami);
        assertEquals(
                "You cancelled the login of " + user.name + " on 127.0.0.1:" + sshd.port + "; not connected.",
                f.getMessage());
        assertEquals(1, prompts.loginQuestions.size());
    }

    @Test
    void keyboardInteractiveAsksThePamPromptsInTheWindow() throws Exception {
        serve(List.of("PasswordAuthentication no", "KbdInteractiveAuthentication yes", "UsePAM yes"));
        prompts.password = user.password;
        assertEquals(user.name, whoami());
        LoginQuestion q = prompts.loginQuestions.get(0);
        assertEquals(1, q.prompts().size(), q.toString());
        assertTrue(q.prompts().get(0).text().startsWith("Password"), q.toString());
        assertFalse(q.prompts().get(0).echo(), "a secret is not echoed");
        assertTrue(
                Files.readString(sshd.log).contains("Accepted keyboard-interactive/pam for " + user.name),
                Files.readString(sshd.log));
    }

    @Test
    void aHostThatTakesNoPasswordSaysSo() throws Exception {
        serve(List.of("PasswordAuthentication no", "KbdInteractiveAuthentication no", "PubkeyAuthentication yes"));
        prompts.password = user.password;
        ConnectFailure f = assertThrows(ConnectFailure.class, this::whoami);
        assertEquals(
                "127.0.0.1:" + sshd.port + " does not accept a password for " + user.name + " (its sshd has"
                        + " PasswordAuthentication and KbdInteractiveAuthentication off?). Log in with the agent or a key file.",
                f.getMessage());
        assertEquals(List.of(), prompts.loginQuestions);
    }

    /** The password is kept nowhere: a dropped link's reconnect asks it again, as a new login. */
    @Test
    void aReconnectAsksThePasswordAgain() throws Exception {
        BundledProbe probe = OpenSshd.requireSshdAndProbe();
        serve(List.of("PasswordAuthentication yes", "Subsystem sftp internal-sftp -d " + user.home));
        prompts.password = user.password;
        EventLog log = new EventLog();
        SshProbeConnection c =
                new SshProbeConnection(target(), StreamRequest.of(20, 0), prompts, tmp.resolve("known_hosts"), probe);
        try {
            c.start(log, log);
            log.awaitLines(l -> l.size() >= 3, dev.tickbench.testkit.Waits.DEADLINE);
            assertEquals(1, prompts.loginQuestions.size());
            List<ProcessHandle> probes = sshd.sessionProcesses().stream()
                    .filter(p -> p.info().commandLine().orElse("").contains(probe.remoteName()))
                    .toList();
            assertTrue(!probes.isEmpty(), "the remote probe");
            // the link drops: the probe is killed, and the user's login shell first if there is one still
            // (the command execs the probe; a probe killed under a live shell is its exit status 137, a failure)
            probes.stream()
                    .sorted(java.util.Comparator.comparing(
                            p -> p.info().command().orElse("").endsWith("/java")))
                    .forEach(p -> {
                        p.destroyForcibly();
                        dev.tickbench.testkit.Waits.until(
                                dev.tickbench.testkit.Waits.DEADLINE,
                                () -> "pid " + p.pid() + " to end",
                                () -> !p.isAlive());
                    });
            log.await(ConnectionEvent.Dropped.class, dev.tickbench.testkit.Waits.DEADLINE);
            dev.tickbench.testkit.Waits.until(
                    dev.tickbench.testkit.Waits.DEADLINE,
                    () -> "connected again: " + log.events(),
                    () -> log.count(ConnectionEvent.Connected.class) == 2);
        } finally {
            c.close();
        }
        assertEquals(
                List.of(1, 1),
                prompts.loginQuestions.stream().map(LoginQuestion::attempt).toList(),
                "asked again on the reconnect, as a first try");
    }
}
