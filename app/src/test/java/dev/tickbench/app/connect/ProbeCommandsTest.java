package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ProbeCommands} on an SSH host: one probe command runs beside the stream, started the way the
 * stream's probe was (the uploaded jar under ~/.cache/tickbench), and its output and exit come back.
 */
class ProbeCommandsTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path tmp;

    private InProcessSshd sshd;
    private SshProbeConnection connection;

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
    void aProbeCommandRunsWithTheStreamsLaunchPrefix() throws Exception {
        KeyPair clientKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        Path keyFile = InProcessSshd.writeKey(tmp.resolve("id_ed25519"), clientKey, null);
        Path home = Files.createDirectories(tmp.resolve("home"));
        byte[] jar = new byte[50_000];
        new Random(3).nextBytes(jar);
        BundledProbe probe = BundledProbe.of(jar);
        sshd = new InProcessSshd(home, clientKey.getPublic(), (cmd, out, err) -> {
            if (cmd.equals("java -version")) {
                err.write("openjdk version \"17.0.9\" 2023-10-17\n".getBytes(StandardCharsets.UTF_8));
                return 0;
            }
            if (cmd.startsWith("sha256sum ")) {
                return 127; // hashed over SFTP instead
            }
            if (cmd.endsWith(" stream --rate 20 --floor-hz 0")) {
                TestStream.write(out, 20, -1);
                return 0;
            }
            if (cmd.endsWith(" walk --pid 99 --json")) {
                err.write("tickbench-probe walk: no process 99\n".getBytes(StandardCharsets.UTF_8));
                return 1;
            }
            out.write("{\"processes\":[]}\n".getBytes(StandardCharsets.UTF_8));
            return 0;
        });
        Files.createDirectories(tmp.resolve("ssh"));
        Files.writeString(tmp.resolve("ssh/known_hosts"), "");
        connection = new SshProbeConnection(new SshTarget("127.0.0.1", "127.0.0.1", sshd.port(), InProcessSshd.USER,
                List.of(keyFile)), StreamRequest.of(20, 0), new RecordingPrompts(), tmp.resolve("ssh/known_hosts"), probe);

        assertThrows(IOException.class, () -> connection.runProbe(List.of("procs", "--json")),
                "not started: nothing to run on");
        EventLog log = new EventLog();
        connection.start(log, log);
        log.await(ConnectionEvent.Connected.class, WAIT);

        ProbeCommands.Output ok = connection.runProbe(List.of("procs", "--json"));
        assertEquals(0, ok.exitStatus());
        assertEquals("{\"processes\":[]}\n", ok.out());
        String ran = sshd.commands.get(sshd.commands.size() - 1);
        String stream = sshd.commands.stream().filter(c -> c.endsWith(" stream --rate 20 --floor-hz 0")).findFirst().orElseThrow();
        assertEquals(stream.replace(" stream --rate 20 --floor-hz 0", " procs --json"), ran,
                "started as the stream's probe was");
        assertTrue(ran.contains(" -jar /" + ProbeUpload.CACHE_DIR + "/" + probe.remoteName() + " "), ran);

        ProbeCommands.Output gone = connection.runProbe(List.of("walk", "--pid", "99", "--json"));
        assertEquals(1, gone.exitStatus());
        assertEquals("tickbench-probe walk: no process 99\n", gone.err());
        assertEquals("", gone.out());
    }
}
