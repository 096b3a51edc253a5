package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.RequiresTool;
import dev.tickbench.testkit.SyntheticCapture;
import dev.tickbench.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real OpenSSH Ed25519 key, end to end: made by ssh-keygen (the OpenSSH private-key format, encrypted
 * with a passphrase), read by the workbench's SSH client through Bouncy Castle, and accepted by the
 * in-process server whose own host key is Ed25519 too.
 */
@RequiresTool(value = "ssh-keygen", debianPackage = "openssh-client")
class OpenSshEd25519KeyTest {
    private static final Duration WAIT = Waits.DEADLINE;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private InProcessSshd sshd;
    private Connection connection;

    @AfterEach
    void stop() throws Exception {
        if (connection != null) {
            connection.close();
        }
        if (sshd != null) {
            sshd.close();
        }
    }

    @Test
    void aPassphraseProtectedKeyFromSshKeygenAuthenticates() throws Exception {
        Path key = tmp.resolve("id_ed25519");
        Process keygen = new ProcessBuilder(
                        Prerequisites.tool("ssh-keygen", "openssh-client").toString(),
                        "-q",
                        "-t",
                        "ed25519",
                        "-N",
                        "correct horse",
                        "-C",
                        "tickbench-test",
                        "-f",
                        key.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(keygen.getInputStream().readAllBytes());
        assertTrue(keygen.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "ssh-keygen did not exit");
        assertEquals(0, keygen.exitValue(), out);
        assertTrue(Files.readString(key).startsWith("-----BEGIN OPENSSH PRIVATE KEY-----"), "the OpenSSH key format");
        PublicKey pub = PublicKeyEntry.parsePublicKeyEntry(
                        Files.readString(key.resolveSibling("id_ed25519.pub")).strip())
                .resolvePublicKey(null, null, null);
        assertTrue(
                Set.of("Ed25519", "EdDSA").contains(pub.getAlgorithm()),
                "an Ed25519 public key: " + pub.getAlgorithm());

        Files.createDirectories(tmp.resolve("home"));
        sshd = new InProcessSshd(tmp.resolve("home"), pub, (cmd, o, e) -> {
            SyntheticCapture.stream(o, 20, 5);
            return 0;
        });
        RecordingPrompts prompts = new RecordingPrompts();
        prompts.passphrase = "correct horse";
        EventLog log = new EventLog();
        connection = new ProbeServerConnection(
                new SshTarget("127.0.0.1", "127.0.0.1", sshd.port(), InProcessSshd.USER, List.of(key)),
                StreamRequest.of(20, 0),
                prompts,
                tmp.resolve("known_hosts"));
        connection.start(log, log);

        log.await(ConnectionEvent.Connected.class, WAIT);
        log.awaitLines(l -> l.size() >= 6, WAIT);
        assertEquals("hello", JSON.readTree(log.lines().get(0)).get("type").asText());
        assertEquals(5, JSON.readTree(log.lines().get(5)).get("seq").asLong());
        assertEquals(List.of(1), prompts.passphraseAttempts, "asked once for the passphrase, and it opened the key");
        assertEquals(
                "ssh-ed25519", prompts.hostKeyQuestions.get(0).keyType(), "the server's Ed25519 host key was shown");
    }
}
