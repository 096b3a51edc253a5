package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.SyntheticCapture;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ProbeCommands} on an SSH host: one probe command runs beside the stream, started the way the
 * stream's probe was (the uploaded jar under ~/.cache/tickbench), and its output and exit come back.
 */
class ProbeCommandsTest {
    private static final Duration WAIT = Waits.DEADLINE;
    private static final String STREAM = " stream --rate 20 --floor-hz 0";

    @TempDir
    Path tmp;

    @Test
    void aProbeCommandRunsWithTheStreamsLaunchPrefix() throws Exception {
        KeyPair clientKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        Path keyFile = InProcessSshd.writeKey(tmp.resolve("id_ed25519"), clientKey, null);
        byte[] jar = new byte[50_000];
        new Random(3).nextBytes(jar);
        BundledProbe probe = BundledProbe.of(jar);
        Files.writeString(tmp.resolve("known_hosts"), "");
        try (InProcessSshd sshd = new InProcessSshd(
                Files.createDirectories(tmp.resolve("home")), clientKey.getPublic(), ProbeCommandsTest::host)) {
            SshTarget target =
                    new SshTarget("127.0.0.1", "127.0.0.1", sshd.port(), InProcessSshd.USER, List.of(keyFile));
            try (SshProbeConnection c = new SshProbeConnection(
                    target, StreamRequest.of(20, 0), new RecordingPrompts(), tmp.resolve("known_hosts"), probe)) {
                assertThrows(
                        IOException.class,
                        () -> c.runProbe(List.of("procs", "--json")),
                        "not started: nothing to run on");
                EventLog log = new EventLog();
                c.start(log, log);
                log.await(ConnectionEvent.Connected.class, WAIT);

                ProbeCommands.Output ok = c.runProbe(List.of("procs", "--json"));
                assertEquals(0, ok.exitStatus());
                assertEquals("{\"processes\":[]}\n", ok.out());
                // Connected comes before the stream's own exec is opened, so under load that exec can reach
                // the server after this one: wait for it, and find each command by its tail
                String ran = sshd.commands.stream()
                        .filter(x -> x.endsWith(" procs --json"))
                        .reduce((a, b) -> b)
                        .orElseThrow();
                String stream = Waits.forValue(
                        "the stream's exec on the server",
                        () -> sshd.commands.stream()
                                .filter(x -> x.endsWith(STREAM))
                                .findFirst()
                                .orElse(null));
                assertEquals(stream.replace(STREAM, " procs --json"), ran, "started as the stream's probe was");
                assertTrue(ran.contains(" -jar /" + ProbeUpload.CACHE_DIR + "/" + probe.remoteName() + " "), ran);

                ProbeCommands.Output gone = c.runProbe(List.of("walk", "--pid", "99", "--json"));
                assertEquals(1, gone.exitStatus());
                assertEquals("tickbench-probe walk: no process 99\n", gone.err());
                assertEquals("", gone.out());
            }
        }
    }

    /** A host with Java 17 and no sha256sum, whose "probe" answers the stream, procs and a walk of a gone pid. */
    private static int host(String cmd, OutputStream out, OutputStream err) throws Exception {
        if (cmd.equals("java -version")) {
            err.write("openjdk version \"17.0.9\" 2023-10-17\n".getBytes(StandardCharsets.UTF_8));
            return 0;
        }
        if (cmd.startsWith("sha256sum ")) {
            return 127; // hashed over SFTP instead
        }
        if (cmd.endsWith(STREAM)) {
            SyntheticCapture.stream(out, 20, -1);
            return 0;
        }
        if (cmd.endsWith(" walk --pid 99 --json")) {
            err.write("tickbench-probe walk: no process 99\n".getBytes(StandardCharsets.UTF_8));
            return 1;
        }
        out.write("{\"processes\":[]}\n".getBytes(StandardCharsets.UTF_8));
        return 0;
    }
}
