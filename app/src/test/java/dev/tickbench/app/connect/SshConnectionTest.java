package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.testkit.SyntheticCapture;
import dev.tickbench.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SSH connections against an in-process Apache SSHD server on loopback. */
class SshConnectionTest {
    private static final Duration WAIT = Waits.DEADLINE;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private KeyPair clientKey;
    private Path keyFile;
    private Path knownHosts;
    private InProcessSshd sshd;
    private Connection connection;
    private final RecordingPrompts prompts = new RecordingPrompts();
    private final EventLog log = new EventLog();

    @BeforeEach
    void keys() throws Exception {
        clientKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        keyFile = InProcessSshd.writeKey(tmp.resolve("id_ed25519"), clientKey, null);
        knownHosts = tmp.resolve("ssh/known_hosts");
        Files.createDirectories(tmp.resolve("home"));
    }

    @AfterEach
    void stop() throws Exception {
        if (connection != null) {
            connection.close();
        }
        if (sshd != null) {
            sshd.close();
        }
    }

    private SshTarget target() {
        return new SshTarget("127.0.0.1", "127.0.0.1", sshd.port(), InProcessSshd.USER, List.of(keyFile));
    }

    private ProbeServerConnection probeServer(StreamRequest request) {
        return probeServer(request, SshTimeouts.DEFAULT);
    }

    private ProbeServerConnection probeServer(StreamRequest request, SshTimeouts timeouts) {
        ProbeServerConnection c = new ProbeServerConnection(target(), request, prompts, knownHosts, timeouts);
        connection = c;
        return c;
    }

    /** Short limits for a test that expects one to pass (an answer that never comes). */
    private static final SshTimeouts SHORT = new SshTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(1), WAIT);

    /** The OpenSSH fingerprint, computed here independently of SSHD: SHA-256 of the key blob, base64 unpadded. */
    private static String openSshSha256(PublicKey key) throws Exception {
        String blob = PublicKeyEntry.toString(key).split(" ")[1];
        byte[] digest =
                MessageDigest.getInstance("SHA-256").digest(Base64.getDecoder().decode(blob));
        return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(digest);
    }

    @Test
    void streamsFromTheProbeServerAfterAskingAboutTheUnknownHostKey() throws Exception {
        sshd = new InProcessSshd(tmp.resolve("home"), clientKey.getPublic(), (cmd, out, err) -> {
            SyntheticCapture.stream(out, 50, 20);
            return 0;
        });
        probeServer(new StreamRequest(50, 5, null, "/kubepods.slice/my pod", 4)).start(log, log);

        log.awaitLines(l -> l.size() >= 21, WAIT);
        assertEquals(
                "stream --rate 50 --floor-hz 5 --cgroup '/kubepods.slice/my pod' --ceiling 4", sshd.commands.get(0));
        List<String> lines = log.lines();
        assertEquals("hello", JSON.readTree(lines.get(0)).get("type").asText());
        for (int i = 1; i <= 20; i++) {
            assertEquals(i, JSON.readTree(lines.get(i)).get("seq").asLong());
        }
        assertEquals(1, prompts.hostKeyQuestions.size());
        HostKeyQuestion q = prompts.hostKeyQuestions.get(0);
        assertEquals("127.0.0.1:" + sshd.port(), q.host());
        assertEquals("ssh-ed25519", q.keyType());
        assertEquals(openSshSha256(sshd.hostKey.getPublic()), q.sha256Fingerprint());
        assertEquals(
                "probe SSH server at tester@127.0.0.1:" + sshd.port(),
                log.await(ConnectionEvent.Connected.class, WAIT).detail());
        // accepted: appended to known_hosts, so the next connection does not ask again
        String known = Files.readString(knownHosts);
        assertTrue(known.contains("[127.0.0.1]:" + sshd.port()), known);
        assertTrue(
                known.contains(PublicKeyEntry.toString(sshd.hostKey.getPublic()).split(" ")[1]), known);

        connection.close();
        EventLog second = new EventLog();
        connection = probeServer(StreamRequest.of(50, 0));
        connection.start(second, second);
        second.awaitLines(l -> l.size() >= 3, WAIT);
        assertEquals(1, prompts.hostKeyQuestions.size(), "a known key is not asked about again");
    }

    @Test
    void rejectedUnknownKeyFailsAndIsNotRemembered() throws Exception {
        sshd = new InProcessSshd(tmp.resolve("home"), clientKey.getPublic(), (cmd, out, err) -> 0);
        prompts.decision = HostKeyDecision.REJECT;
        probeServer(StreamRequest.of(10, 0)).start(log, log);

        ConnectionEvent.Failed failed = log.await(ConnectionEvent.Failed.class, WAIT);
        assertTrue(
                failed.message()
                        .startsWith("You rejected the host key of 127.0.0.1:" + sshd.port() + " (ssh-ed25519 "
                                + openSshSha256(sshd.hostKey.getPublic()) + "); not connected."),
                failed.message());
        assertTrue(sshd.commands.isEmpty());
        assertFalse(Files.exists(knownHosts) && Files.readString(knownHosts).contains("127.0.0.1"));
    }

    @Test
    void anAcceptedKeyThatCannotBeSavedStillConnectsAndSaysWhy() throws Exception {
        sshd = new InProcessSshd(tmp.resolve("home"), clientKey.getPublic(), (cmd, out, err) -> {
            SyntheticCapture.stream(out, 20, 2);
            return 0;
        });
        Path notADirectory = Files.writeString(tmp.resolve("ssh-is-a-file"), "");
        knownHosts = notADirectory.resolve("known_hosts"); // cannot be written, not even by root
        probeServer(StreamRequest.of(20, 0)).start(log, log);

        String detail = log.await(ConnectionEvent.Connected.class, WAIT).detail();
        assertTrue(
                detail.startsWith("probe SSH server at tester@127.0.0.1:" + sshd.port() + "; the host key was accepted"
                        + " for this connection but not saved to " + knownHosts + " ("),
                detail);
        assertTrue(detail.endsWith("), so it will be asked about again next time"), detail);
        log.awaitLines(l -> l.size() >= 3, WAIT);
        assertEquals(1, prompts.hostKeyQuestions.size(), "asked once: the accepted key is trusted for the connection");
    }

    @Test
    void changedHostKeyIsRefusedWithoutAsking() throws Exception {
        sshd = new InProcessSshd(tmp.resolve("home"), clientKey.getPublic(), (cmd, out, err) -> 0);
        PublicKey old = KeyUtils.generateKeyPair("ssh-ed25519", 256).getPublic();
        Files.createDirectories(knownHosts.getParent());
        Files.writeString(knownHosts, "[127.0.0.1]:" + sshd.port() + " " + PublicKeyEntry.toString(old) + "\n");
        probeServer(StreamRequest.of(10, 0)).start(log, log);

        ConnectionEvent.Failed failed = log.await(ConnectionEvent.Failed.class, WAIT);
        assertTrue(failed.message().contains("has CHANGED"), failed.message());
        assertTrue(failed.message().contains(openSshSha256(sshd.hostKey.getPublic())), failed.message());
        assertTrue(failed.message().contains(openSshSha256(old)), failed.message());
        assertTrue(failed.message().contains("ssh-keygen -R '[127.0.0.1]:" + sshd.port() + "'"), failed.message());
        assertTrue(prompts.hostKeyQuestions.isEmpty(), "a changed key is never offered for acceptance");
        assertTrue(sshd.commands.isEmpty());
        assertEquals(1, Files.readAllLines(knownHosts).size(), "known_hosts untouched");
    }

    /** An entry as OpenSSH writes it with HashKnownHosts yes (Debian's default): |1|salt|HMAC-SHA1(salt, host). */
    private static String hashedEntry(String host, PublicKey key) throws Exception {
        byte[] salt = new byte[20];
        new java.security.SecureRandom().nextBytes(salt);
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA1");
        mac.init(new javax.crypto.spec.SecretKeySpec(salt, "HmacSHA1"));
        byte[] hash = mac.doFinal(host.getBytes(StandardCharsets.UTF_8));
        return "|1|" + Base64.getEncoder().encodeToString(salt) + "|"
                + Base64.getEncoder().encodeToString(hash) + " " + PublicKeyEntry.toString(key);
    }

    @Test
    void hashedKnownHostsEntriesAreHonoured() throws Exception {
        sshd = new InProcessSshd(tmp.resolve("home"), clientKey.getPublic(), (cmd, out, err) -> {
            SyntheticCapture.stream(out, 20, 2);
            return 0;
        });
        Files.createDirectories(knownHosts.getParent());
        Files.writeString(knownHosts, hashedEntry("[127.0.0.1]:" + sshd.port(), sshd.hostKey.getPublic()) + "\n");
        probeServer(StreamRequest.of(20, 0)).start(log, log);
        log.awaitLines(l -> l.size() >= 3, WAIT);
        assertTrue(prompts.hostKeyQuestions.isEmpty(), "a hashed entry with the same key is known");

        connection.close();
        sshd.close();
        sshd = new InProcessSshd(tmp.resolve("home"), clientKey.getPublic(), (cmd, out, err) -> 0);
        Files.writeString(
                knownHosts,
                hashedEntry(
                                "[127.0.0.1]:" + sshd.port(),
                                KeyUtils.generateKeyPair("ssh-ed25519", 256).getPublic()) + "\n");
        EventLog second = new EventLog();
        probeServer(StreamRequest.of(20, 0)).start(second, second);
        assertTrue(second.await(ConnectionEvent.Failed.class, WAIT).message().contains("has CHANGED"));
        assertTrue(prompts.hostKeyQuestions.isEmpty());
    }

    @Test
    void aKeyTheSystemsKnownHostsHoldsIsKnownAndOneItDoesNotHoldIsChanged() throws Exception {
        sshd = new InProcessSshd(tmp.resolve("home"), clientKey.getPublic(), (cmd, out, err) -> 0);
        Path system = tmp.resolve("etc/ssh_known_hosts");
        Files.createDirectories(system.getParent());
        Files.writeString(
                system, "[127.0.0.1]:" + sshd.port() + " " + PublicKeyEntry.toString(sshd.hostKey.getPublic()) + "\n");
        try (SshRoute route = new SshRoute(target(), knownHosts, List.of(system), prompts, SshTimeouts.DEFAULT)) {
            assertTrue(route.open().isAuthenticated(), "connected");
        }
        assertTrue(prompts.hostKeyQuestions.isEmpty(), "a key the system knows is not asked about");
        assertFalse(Files.exists(knownHosts), "nor copied into the user's known_hosts");

        PublicKey other = KeyUtils.generateKeyPair("ssh-ed25519", 256).getPublic();
        Files.writeString(system, "[127.0.0.1]:" + sshd.port() + " " + PublicKeyEntry.toString(other) + "\n");
        try (SshRoute route = new SshRoute(target(), knownHosts, List.of(system), prompts, SshTimeouts.DEFAULT)) {
            ConnectFailure f = org.junit.jupiter.api.Assertions.assertThrows(ConnectFailure.class, route::open);
            assertTrue(f.getMessage().contains("has CHANGED (" + system + " has"), f.getMessage());
            assertTrue(f.getMessage().contains("-f " + system + " (as root)"), f.getMessage());
        }
        assertTrue(prompts.hostKeyQuestions.isEmpty(), "a changed key is refused without asking");
        assertEquals(1, Files.readAllLines(system).size(), "the system's file is never written");
    }

    @Test
    void encryptedKeyAsksForThePassphrase() throws Exception {
        keyFile = InProcessSshd.writeKey(tmp.resolve("id_enc"), clientKey, "s3cret");
        sshd = new InProcessSshd(tmp.resolve("home"), clientKey.getPublic(), (cmd, out, err) -> {
            SyntheticCapture.stream(out, 20, 3);
            return 0;
        });
        prompts.passphrase = "s3cret";
        probeServer(StreamRequest.of(20, 0)).start(log, log);
        log.awaitLines(l -> l.size() >= 4, WAIT);
        assertEquals(List.of(1), prompts.passphraseAttempts);
    }

    @Test
    void rsaAndEcdsaKeysWorkToo() throws Exception {
        for (String[] type : new String[][] {{"ssh-rsa", "3072"}, {"ecdsa-sha2-nistp256", "256"}}) {
            KeyPair k = KeyUtils.generateKeyPair(type[0], Integer.parseInt(type[1]));
            keyFile = InProcessSshd.writeKey(tmp.resolve("id_" + type[0]), k, "pw");
            prompts.passphrase = "pw";
            InProcessSshd server = new InProcessSshd(tmp.resolve("home"), k.getPublic(), (cmd, out, err) -> {
                SyntheticCapture.stream(out, 20, 1);
                return 0;
            });
            try {
                sshd = server;
                EventLog l = new EventLog();
                Connection c = probeServer(StreamRequest.of(20, 0));
                c.start(l, l);
                l.awaitLines(x -> x.size() >= 2, WAIT);
                c.close();
            } finally {
                server.close();
            }
        }
        assertEquals(List.of(1, 1), prompts.passphraseAttempts);
    }

    @Test
    void cancelledPassphraseFailsNamingTheKey() throws Exception {
        keyFile = InProcessSshd.writeKey(tmp.resolve("id_enc"), clientKey, "s3cret");
        sshd = new InProcessSshd(tmp.resolve("home"), clientKey.getPublic(), (cmd, out, err) -> 0);
        probeServer(StreamRequest.of(20, 0)).start(log, log);
        ConnectionEvent.Failed failed = log.await(ConnectionEvent.Failed.class, WAIT);
        assertTrue(failed.message().contains(keyFile.toString()), failed.message());
        assertTrue(sshd.commands.isEmpty());
    }

    @Test
    void wrongKeyFailsWithAnActionableMessage() throws Exception {
        PublicKey other = KeyUtils.generateKeyPair("ssh-ed25519", 256).getPublic();
        sshd = new InProcessSshd(tmp.resolve("home"), other, (cmd, out, err) -> 0);
        probeServer(StreamRequest.of(20, 0)).start(log, log);
        ConnectionEvent.Failed failed = log.await(ConnectionEvent.Failed.class, WAIT);
        assertEquals(
                "Authentication refused as tester on 127.0.0.1:" + sshd.port() + ": the server accepted none of "
                        + keyFile + ". Is the public key in ~tester/.ssh/authorized_keys there?",
                failed.message());
    }

    @Test
    void authenticationThatDoesNotAnswerInTimeSaysSoAndDoesNotBlameAuthorizedKeys() throws Exception {
        sshd = new InProcessSshd(tmp.resolve("home"), clientKey.getPublic(), (cmd, out, err) -> 0);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        sshd.server.setPublickeyAuthenticator((user, key, session) -> {
            try {
                release.await(); // a server stuck in authentication (a DNS lookup, a full MaxStartups)
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return false;
        });
        Files.createDirectories(knownHosts.getParent());
        Files.writeString(
                knownHosts,
                "[127.0.0.1]:" + sshd.port() + " " + PublicKeyEntry.toString(sshd.hostKey.getPublic()) + "\n");
        try {
            probeServer(StreamRequest.of(20, 0), SHORT).start(log, log);
            String message = log.await(ConnectionEvent.Failed.class, WAIT).message();
            assertEquals(
                    "127.0.0.1:" + sshd.port() + " did not finish authenticating tester within 1 s (its host key was"
                            + " verified): the host is slow or overloaded, or its sshd waits on a DNS lookup (UseDNS).",
                    message);
            assertTrue(prompts.hostKeyQuestions.isEmpty(), "a known key is not asked about");
        } finally {
            release.countDown();
        }
    }

    /**
     * A password question nobody answers is taken away when its limit passes (the host-key question's),
     * and says so: no question is left waiting for an answer nobody needs, though the route lives on.
     */
    @Test
    void anUnansweredLoginQuestionIsTakenAwayAndSaysSo() throws Exception {
        sshd = new InProcessSshd(tmp.resolve("home"), clientKey.getPublic(), (cmd, out, err) -> 0);
        sshd.server.setPasswordAuthenticator((u, p, s) -> false);
        Files.createDirectories(knownHosts.getParent());
        Files.writeString(
                knownHosts,
                "[127.0.0.1]:" + sshd.port() + " " + PublicKeyEntry.toString(sshd.hostKey.getPublic()) + "\n");
        java.util.concurrent.CountDownLatch takenAway = new java.util.concurrent.CountDownLatch(1);
        ConnectPrompts waiting = new ConnectPrompts() {
            @Override
            public HostKeyPrompt askHostKey(HostKeyQuestion question) {
                return Answered.hostKey(HostKeyDecision.REJECT);
            }

            @Override
            public java.util.Optional<char[]> askPassphrase(Path keyFile, int attempt) {
                return java.util.Optional.empty();
            }

            @Override
            public java.util.Optional<List<char[]>> askLogin(LoginQuestion question) {
                try {
                    new java.util.concurrent.CountDownLatch(1)
                            .await(WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    takenAway.countDown(); // the user is no longer asked
                }
                return java.util.Optional.empty();
            }

            @Override
            public void uploadProgress(long sent, long total) {}
        };
        SshTarget t = new SshTarget(
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
        SshTimeouts answerWithin =
                new SshTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ofSeconds(1));
        try (SshRoute route = new SshRoute(t, knownHosts, waiting, answerWithin)) {
            ConnectFailure f = org.junit.jupiter.api.Assertions.assertThrows(ConnectFailure.class, route::open);
            assertEquals(
                    "No answer to the login question of 127.0.0.1:" + sshd.port() + " within 1 s: the question was"
                            + " closed and it is not connected. Connect again to be asked again.",
                    f.getMessage());
            assertTrue(
                    takenAway.await(WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS),
                    "the question taken away while the route lives on");
        }
    }

    @Test
    void aPortThatNeverStartsTheHandshakeSaysSo() throws Exception {
        // listening, never accepting: the kernel completes the TCP handshake, nothing ever speaks SSH
        try (java.net.ServerSocket silent =
                new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            SshTarget at = new SshTarget(
                    "127.0.0.1", "127.0.0.1", silent.getLocalPort(), InProcessSshd.USER, List.of(keyFile));
            connection = new ProbeServerConnection(at, StreamRequest.of(20, 0), prompts, knownHosts, SHORT);
            connection.start(log, log);
            String message = log.await(ConnectionEvent.Failed.class, WAIT).message();
            assertEquals(
                    "No SSH handshake with 127.0.0.1:" + silent.getLocalPort() + " within 1 s (no host key received):"
                            + " the host is slow or overloaded, or what listens on port " + silent.getLocalPort()
                            + " is not an SSH server.",
                    message);
            assertTrue(prompts.hostKeyQuestions.isEmpty());
        }
    }

    @Test
    void droppedLinkReconnectsAndWritesAGapBeforeTheNewHello() throws Exception {
        sshd = new InProcessSshd(tmp.resolve("home"), clientKey.getPublic(), (cmd, out, err) -> {
            SyntheticCapture.stream(out, 20, -1);
            return 0;
        });
        probeServer(StreamRequest.of(20, 0)).start(log, log);
        log.awaitLines(l -> l.size() >= 11, WAIT);
        sshd.dropSessions();

        ConnectionEvent.Reconnecting r = log.await(ConnectionEvent.Reconnecting.class, WAIT);
        assertEquals(1, r.attempt());
        assertEquals(1_000, r.delayMs());
        assertEquals(1, log.count(ConnectionEvent.Dropped.class));
        log.awaitLines(
                l -> l.stream().filter(s -> s.contains("\"type\":\"hello\"")).count() == 2
                        && l.get(l.size() - 1).contains("\"seq\":3"),
                WAIT);
        assertEquals(2, log.count(ConnectionEvent.Connected.class));

        List<String> lines = log.lines();
        int secondHello = -1;
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).contains("\"type\":\"hello\"")) {
                secondHello = i;
            }
        }
        JsonNode lastBefore = JSON.readTree(lines.get(secondHello - 2));
        JsonNode gap = JSON.readTree(lines.get(secondHello - 1));
        assertEquals("gap", gap.get("type").asText());
        assertEquals("reconnect", gap.get("reason").asText());
        assertEquals(lastBefore.get("seq").asLong() + 1, gap.get("from_seq").asLong());
        // about 1 s of back-off plus the reconnect at 20 Hz: at least the back-off's worth of ticks
        assertTrue(gap.get("to_seq").asLong() >= gap.get("from_seq").asLong() + 15, gap.toString());
        assertEquals(1, JSON.readTree(lines.get(secondHello + 1)).get("seq").asLong());
        String text = String.join("", lines);
        assertEquals(1, text.split("\"type\":\"gap\"", -1).length - 1, "one gap line");
        assertTrue(lines.stream().allMatch(s -> s.endsWith("\n")));
        assertFalse(text.getBytes(StandardCharsets.UTF_8).length == 0);
    }

    @Test
    void probeThatExitsWithAnErrorFailsWithItsMessage() throws Exception {
        sshd = new InProcessSshd(tmp.resolve("home"), clientKey.getPublic(), (cmd, out, err) -> {
            err.write("tickbench-probe: --rate must be from 1 to 1000 Hz, got 0\n".getBytes(StandardCharsets.UTF_8));
            return 2;
        });
        probeServer(StreamRequest.of(20, 0)).start(log, log);
        ConnectionEvent.Failed failed = log.await(ConnectionEvent.Failed.class, WAIT);
        assertTrue(failed.message().contains("exited with status 2"), failed.message());
        assertTrue(failed.message().contains("--rate must be from 1 to 1000 Hz"), failed.message());
        assertEquals(0, log.count(ConnectionEvent.Reconnecting.class));
    }
}
