package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.RequiresTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.List;
import java.util.Map;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Logging in with the keys of a real OpenSSH ssh-agent, over the JDK's Unix socket, to a real sshd:
 * each key made by ssh-keygen with a passphrase and added by ssh-add, its private file then deleted
 * where the test says so (only the agent can sign).
 */
@RequiresTool(value = "sshd", debianPackage = "openssh-server")
@RequiresTool(value = "ssh-agent", debianPackage = "openssh-client")
class AgentLoginTest {
    private static final String USER = System.getProperty("user.name");

    @TempDir
    Path tmp;

    private RealAgent agent;
    private OpenSshd sshd;
    private SshRoute route;
    private final RecordingPrompts prompts = new RecordingPrompts();

    @AfterEach
    void stop() throws Exception {
        if (route != null) {
            route.close();
        }
        if (sshd != null) {
            sshd.close();
        }
        if (agent != null) {
            agent.close();
        }
    }

    private void serve(PublicKey accepted) throws Exception {
        sshd = new OpenSshd(tmp.resolve("sshd"), KeyUtils.generateKeyPair("ssh-ed25519", 256), accepted);
    }

    private SshTarget target(List<Path> files, boolean identitiesOnly, String agentAt) {
        return new SshTarget(
                "127.0.0.1",
                "127.0.0.1",
                sshd.port,
                USER,
                files,
                LoginMethod.AGENT,
                identitiesOnly,
                agentAt,
                null,
                List.of());
    }

    private String run(SshTarget t) throws Exception {
        route = new SshRoute(t, tmp.resolve("known_hosts"), prompts, RealAgent.TIMEOUTS);
        ClientSession s = route.open();
        try {
            return SshLink.run(s, "id -un").out().strip();
        } finally {
            s.close(true);
        }
    }

    @Test
    void theAgentsKeysLogInWithoutTheirFilesOrPassphrases() throws Exception {
        agent = RealAgent.start(tmp.resolve("agent"));
        for (String type : List.of("ed25519", "rsa")) {
            Path key = RealAgent.newKey(tmp.resolve("id_" + type), type, "correct horse " + type, "board-" + type);
            agent.add(key, "correct horse " + type);
            Files.delete(key); // only the agent can sign with it now
            serve(RealAgent.publicKey(key));
            try {
                assertEquals(USER, run(target(List.of(), false, agent.socket.toString())));
            } finally {
                route.close();
                sshd.close();
            }
            // RSA signs with rsa-sha2-256/512: OpenSSH 9 refuses the SHA-1 ssh-rsa signature
            String accepted = Files.readString(sshd.log);
            assertTrue(accepted.contains("Accepted publickey for " + USER), accepted);
            sshd = null;
            route = null;
        }
        assertTrue(agent.list().contains("board-rsa (RSA)"), agent.list());
        assertEquals(List.of(), prompts.passphraseAttempts, "the agent signs: no passphrase asked");
        assertEquals(2, prompts.hostKeyQuestions.size(), "each new host key asked about once");
    }

    @Test
    void anIdentityFileTheAgentHoldsIsOfferedFirstAndItsFileIsNotDecrypted() throws Exception {
        agent = RealAgent.start(tmp.resolve("agent"));
        Path other = RealAgent.newKey(tmp.resolve("id_other"), "pw-other", "other");
        Path board = RealAgent.newKey(tmp.resolve("id_board"), "pw-board", "board");
        agent.add(other, "pw-other");
        agent.add(board, "pw-board");
        serve(RealAgent.publicKey(board));
        assertEquals(USER, run(target(List.of(board), false, agent.socket.toString())));
        assertEquals(List.of(), prompts.passphraseAttempts, "the agent has id_board: its file is never opened");
        String log = Files.readString(sshd.log);
        assertFalse(log.contains("Failed publickey"), "the agent's id_board went first, as ssh offers it: " + log);
    }

    @Test
    void identitiesOnlyKeepsTheAgentsOtherKeysBackAndTheFilesPassphraseIsAskedInTurn() throws Exception {
        agent = RealAgent.start(tmp.resolve("agent"));
        Path accepted = RealAgent.newKey(tmp.resolve("id_accepted"), "pw1", "accepted-but-not-listed");
        agent.add(accepted, "pw1");
        Path listed = RealAgent.newKey(tmp.resolve("id_listed"), "pw2", "listed");
        serve(RealAgent.publicKey(accepted));
        prompts.passphrase = "pw2";
        ConnectFailure f =
                assertThrows(ConnectFailure.class, () -> run(target(List.of(listed), true, agent.socket.toString())));
        assertEquals(
                "Authentication refused as " + USER + " on 127.0.0.1:" + sshd.port + ": the agent at " + agent.socket
                        + " holds no key of IdentityFile (add one with ssh-add); nor any of " + listed
                        + ". Is the public key in ~"
                        + USER + "/.ssh/authorized_keys there?",
                f.getMessage());
        assertEquals(List.of(1), prompts.passphraseAttempts, "the file's passphrase, asked when its turn came");
        assertTrue(f.permanent());
    }

    @Test
    void theAgentHasNoKeyThatTheBoardAcceptsSaysSo() throws Exception {
        agent = RealAgent.start(tmp.resolve("agent"));
        Path mine = RealAgent.newKey(tmp.resolve("id_mine"), "pw", "me@laptop");
        agent.add(mine, "pw");
        KeyPair someoneElse = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        serve(someoneElse.getPublic());
        ConnectFailure f =
                assertThrows(ConnectFailure.class, () -> run(target(List.of(), false, agent.socket.toString())));
        assertEquals(
                "Authentication refused as " + USER + " on 127.0.0.1:" + sshd.port + ": the agent has no key that"
                        + " 127.0.0.1 accepts (it offered ssh-ed25519 me@laptop); no key file was offered. Is the public key in ~"
                        + USER + "/.ssh/authorized_keys there?",
                f.getMessage());
    }

    @Test
    void anAgentThatCannotBeReachedIsNamedAndTheKeyFilesStillServe() throws Exception {
        Path file = RealAgent.newKey(tmp.resolve("id_file"), "pw", "file");
        serve(RealAgent.publicKey(file));
        prompts.passphrase = "pw";
        Path gone = tmp.resolve("no-agent.sock");
        assertEquals(USER, run(target(List.of(file), false, gone.toString())), "as ssh: no agent, the files are tried");
        route.close();
        KeyPair someoneElse = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        sshd.close();
        serve(someoneElse.getPublic());
        ConnectFailure f = assertThrows(ConnectFailure.class, () -> run(target(List.of(file), false, gone.toString())));
        assertTrue(f.getMessage().contains(": the agent at " + gone + " cannot be reached ("), f.getMessage());
        assertEquals(List.of(1, 1), prompts.passphraseAttempts, "read once per connection: a new one asks again");
    }

    @Test
    void theAgentIsFoundAsOpenSshFindsIt() {
        assertEquals("/run/a.sock", AgentTransport.locate(null, Map.of("SSH_AUTH_SOCK", "/run/a.sock"), false));
        assertEquals(
                "/run/a.sock", AgentTransport.locate("SSH_AUTH_SOCK", Map.of("SSH_AUTH_SOCK", "/run/a.sock"), false));
        assertEquals("/run/op.sock", AgentTransport.locate("$OP", Map.of("OP", "/run/op.sock"), false));
        assertEquals(
                "/home/me/1p.sock", AgentTransport.locate("/home/me/1p.sock", Map.of("SSH_AUTH_SOCK", "/x"), false));
        assertNull(AgentTransport.locate("none", Map.of("SSH_AUTH_SOCK", "/x"), false));
        assertNull(AgentTransport.locate(null, Map.of(), false));
        assertEquals("\\\\.\\pipe\\openssh-ssh-agent", AgentTransport.locate(null, Map.of(), true));
        assertNull(
                AgentTransport.locate("SSH_AUTH_SOCK", Map.of(), true),
                "IdentityAgent names the variable: no fallback");
    }
}
