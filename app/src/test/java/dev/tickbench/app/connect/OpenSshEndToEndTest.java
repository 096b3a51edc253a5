package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real path end to end: a real OpenSSH sshd on loopback, the real connection code (known_hosts
 * first contact, Java check, SFTP upload of the bundled probe jar, exec of {@code stream}) and the
 * real probe sampling this machine's /proc.
 */
class OpenSshEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int RATE_HZ = 20;
    private static final int MIN_SAMPLES = 40;

    @TempDir
    Path tmp;

    @Test
    void uploadsTheProbeAndStreamsOverRealOpenSsh() throws Exception {
        BundledProbe probe = OpenSshd.requireSshdAndProbe();

        KeyPair hostKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        KeyPair clientKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        Path keyFile = InProcessSshd.writeKey(tmp.resolve("id_ed25519"), clientKey, null);
        RecordingPrompts prompts = new RecordingPrompts();
        EventLog log = new EventLog();
        try (OpenSshd sshd = new OpenSshd(tmp.resolve("sshd"), hostKey, clientKey.getPublic())) {
            SshTarget target = new SshTarget(
                    "127.0.0.1", "127.0.0.1", sshd.port, System.getProperty("user.name"), List.of(keyFile));
            SshProbeConnection connection = new SshProbeConnection(
                    target, StreamRequest.of(RATE_HZ, 0), prompts, tmp.resolve("known_hosts"), probe);
            try {
                connection.start(log, log);
                // the stream also carries throttle and kmsg lines: count samples, not lines
                log.awaitLines(
                        l -> l.stream()
                                        .filter(x -> x.startsWith("{\"type\":\"sample\""))
                                        .count()
                                >= MIN_SAMPLES,
                        Waits.DEADLINE);
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "\nsshd log:\n" + Files.readString(sshd.log), e);
            } finally {
                connection.close();
            }

            assertEquals(1, prompts.hostKeyQuestions.size());
            assertEquals(
                    HostKeyCheck.sha256(hostKey.getPublic()),
                    prompts.hostKeyQuestions.get(0).sha256Fingerprint());
            ConnectionEvent.Connected connected = log.await(ConnectionEvent.Connected.class, Duration.ZERO);
            assertTrue(
                    connected.detail().startsWith("Java 17")
                            || connected.detail().startsWith("Java 2"),
                    connected.detail());
            assertTrue(connected.detail().endsWith("(uploaded)"), connected.detail());
            // the stream crosses the link compressed (OpenSSH's default "Compression yes" is delayed zlib)
            assertEquals("zlib@openssh.com", connection.compression());

            Path remoteJar = sshd.home.resolve(".cache/tickbench/" + probe.remoteName());
            assertTrue(Files.isRegularFile(remoteJar), "probe uploaded to " + remoteJar);
            assertEquals(probe.sha256(), BundledProbe.fromFile(remoteJar).sha256());
            long[] lastProgress = prompts.progress.get(prompts.progress.size() - 1);
            assertEquals(probe.jar().length, lastProgress[0]);

            List<String> lines = log.lines();
            JsonNode hello = JSON.readTree(lines.get(0));
            assertEquals("hello", hello.get("type").asText());
            assertEquals(RATE_HZ, hello.get("rate_hz").asInt());
            assertNotNull(hello.get("capabilities").get("cadences").get("stat"), "real /proc sources");
            long expected = 1;
            for (String line : lines.subList(1, lines.size())) {
                JsonNode n = JSON.readTree(line);
                if (n.get("type").asText().equals("sample")) {
                    assertEquals(expected++, n.get("seq").asLong(), "consecutive seq");
                }
            }
            assertTrue(expected - 1 >= MIN_SAMPLES, "samples: " + (expected - 1));

            // closing the connection ends the remote probe (its stdin closes): nothing is left running
            Waits.until(
                    Waits.DEADLINE,
                    () -> "the remote probe to end, still running: "
                            + sshd.sessionProcesses().stream()
                                    .map(p -> p.info().commandLine().orElse("?"))
                                    .toList(),
                    () -> sshd.sessionProcesses().isEmpty());
        }
    }

    @Test
    void aKilledProbeIsReconnectedWithAGapAndTheJarIsNotSentTwice() throws Exception {
        BundledProbe probe = OpenSshd.requireSshdAndProbe();

        KeyPair hostKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        KeyPair clientKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        Path keyFile = InProcessSshd.writeKey(tmp.resolve("id_ed25519"), clientKey, null);
        RecordingPrompts prompts = new RecordingPrompts();
        EventLog log = new EventLog();
        try (OpenSshd sshd = new OpenSshd(tmp.resolve("sshd"), hostKey, clientKey.getPublic())) {
            SshTarget target = new SshTarget(
                    "127.0.0.1", "127.0.0.1", sshd.port, System.getProperty("user.name"), List.of(keyFile));
            SshProbeConnection connection = new SshProbeConnection(
                    target, StreamRequest.of(RATE_HZ, 0), prompts, tmp.resolve("known_hosts"), probe);
            try {
                connection.start(log, log);
                log.awaitLines(l -> l.size() >= 11, Waits.DEADLINE);
                List<ProcessHandle> probes = sshd.sessionProcesses().stream()
                        .filter(p -> p.info().commandLine().orElse("").contains(probe.remoteName()))
                        .toList();
                assertEquals(1, probes.size(), "one remote probe");
                probes.get(0).destroyForcibly();

                log.await(ConnectionEvent.Dropped.class, Waits.DEADLINE);
                // the new probe's hello and its fifth sample after it (more may have come by the time it is seen)
                log.awaitLines(
                        l -> {
                            int second = -1;
                            for (int i = 0, hellos = 0; i < l.size() && second < 0; i++) {
                                if (l.get(i).contains("\"type\":\"hello\"") && ++hellos == 2) {
                                    second = i;
                                }
                            }
                            return second >= 0
                                    && l.subList(second, l.size()).stream().anyMatch(x -> x.contains("\"seq\":5,"));
                        },
                        Waits.DEADLINE);
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "\nsshd log:\n" + Files.readString(sshd.log), e);
            } finally {
                connection.close();
            }
            List<ConnectionEvent> events = log.events();
            assertEquals(ConnectionEvent.Reconnecting.class, events.get(2).getClass(), events.toString());
            assertEquals(2, log.count(ConnectionEvent.Connected.class), events.toString());
            assertTrue(
                    ((ConnectionEvent.Connected) events.get(3)).detail().endsWith("(already there)"),
                    events.toString());

            List<String> lines = log.lines();
            int gapAt = -1;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains("\"type\":\"gap\"")) {
                    gapAt = i;
                }
            }
            assertTrue(gapAt > 0, "a gap line");
            JsonNode gap = JSON.readTree(lines.get(gapAt));
            assertEquals(
                    JSON.readTree(lines.get(gapAt - 1)).get("seq").asLong() + 1,
                    gap.get("from_seq").asLong());
            assertEquals("reconnect", gap.get("reason").asText());
            assertEquals(
                    "hello", JSON.readTree(lines.get(gapAt + 1)).get("type").asText());
            assertEquals(1, JSON.readTree(lines.get(gapAt + 2)).get("seq").asLong());
        }
    }
}
