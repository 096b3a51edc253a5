package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real OpenSSH client runs {@code stream} on serve's SSH server and its reader stops reading: the
 * server cuts the stream off once the client is a whole share behind. The reader then stalls on, longer
 * than any limit the server had for a cut client (10 s for a finished command's output, 30 s for a write
 * waiting for the client's window), and reads again: it gets whole lines, then one whole
 * {@code slow_client} gap line, then the end and the exit status. Meanwhile the server asks the client
 * whether it is there ({@link ClientAlive}), which is what keeps a longer stall from SSHD's idle timeout.
 */
class StalledSshStreamTest {
    private static final String USER = "tickbench";
    /** Longer than every limit the server had for a cut client: a stall of 10 s lost its gap line. */
    private static final long LONG_STALL_S = 45;

    @TempDir
    Path dir;

    @Test
    void aStreamCutAndStalledLongAfterStillGetsItsGapLineAndItsEnd() throws Exception {
        Path keygen = Prerequisites.tool("ssh-keygen", "openssh-client");
        Process k = new ProcessBuilder(
                        keygen.toString(),
                        "-q",
                        "-t",
                        "ed25519",
                        "-N",
                        "",
                        "-C",
                        "stalled",
                        "-f",
                        dir.resolve("id").toString())
                .redirectErrorStream(true)
                .start();
        assertEquals(0, Waits.exit("ssh-keygen", k));
        Path authorized = dir.resolve("authorized_keys");
        Files.copy(dir.resolve("id.pub"), authorized);
        try (SshServe s = SshServe.start(
                List.of("-Xmx48m", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError"),
                "127.0.0.1",
                authorized,
                dir,
                USER)) {
            List<String> cmd = ProcessRun.ssh(dir.resolve("id"), s.serve().sshPort(), s.knownHosts(), USER);
            cmd.addAll(List.of("-v", "127.0.0.1", "stream", "--rate", "100"));
            Process ssh = new ProcessBuilder(cmd).start();
            List<String> sshLog = new CopyOnWriteArrayList<>();
            Thread logReader = collect(ssh, sshLog);
            try (OutputStream stdin = ssh.getOutputStream()) { // held open: a closed stdin ends the stream
                Waits.until(
                        () -> "serve cuts the stalled stream off; serve said: "
                                + String.join("\n", s.serve().stderr()),
                        java.time.Duration.ofMillis(200),
                        () -> s.serve().stderr().stream().anyMatch(l -> l.contains("fell a whole share")));
                Thread.sleep(TimeUnit.SECONDS.toMillis(
                        LONG_STALL_S)); // the stall itself: what the test is about, not a sync

                ByteArrayOutputStream raw = new ByteArrayOutputStream();
                Thread reader = new Thread(
                        () -> {
                            try {
                                ssh.getInputStream().transferTo(raw);
                            } catch (IOException ended) {
                                // the process ended
                            }
                        },
                        "stalled-ssh-stdout");
                reader.start();
                int status = Waits.exit("ssh stream", ssh);
                reader.join(Waits.DEADLINE.toMillis());
                logReader.join(Waits.DEADLINE.toMillis());
                assertEquals(0, status, "the stream's exit status came: " + String.join("\n", sshLog));

                String out = raw.toString(StandardCharsets.UTF_8);
                assertTrue(out.endsWith("\n"), "whole lines only; the end: " + tail(out));
                List<String> lines = out.lines().toList();
                LineDecoder decoder = new LineDecoder();
                long lastSample = -1;
                for (String line : lines.subList(0, lines.size() - 1)) {
                    if (decoder.decode(line) instanceof SampleLine sample) {
                        assertTrue(lastSample < 0 || sample.seq() == lastSample + 1, "consecutive: " + sample.seq());
                        lastSample = sample.seq();
                    }
                }
                StreamLine last = decoder.decode(lines.get(lines.size() - 1));
                GapLine gap = assertInstanceOf(GapLine.class, last, "the last line is the gap line: " + tail(out));
                assertEquals("slow_client", gap.reason());
                assertEquals(
                        lastSample + 1, gap.fromSeq(), "the gap starts at the first sample the client did not get");
                assertTrue(gap.toSeq() >= gap.fromSeq(), gap.toString());
                assertTrue(
                        sshLog.stream().anyMatch(l -> l.contains("rtype " + ClientAlive.REQUEST + " want_reply 1")),
                        "the server asked the stalled client whether it is there: " + String.join("\n", sshLog));
                System.out.printf(
                        "ssh stream cut and stalled %d s more: %d bytes, last sample %d, gap %d..%d%n",
                        LONG_STALL_S, raw.size(), lastSample, gap.fromSeq(), gap.toSeq());
            } finally {
                ssh.destroy();
                Waits.exit("ssh stream", ssh);
            }
        }
    }

    private static Thread collect(Process p, List<String> lines) {
        Thread t = new Thread(
                () -> {
                    try (BufferedReader r =
                            new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                        for (String line; (line = r.readLine()) != null; ) {
                            lines.add(line);
                        }
                    } catch (IOException ended) {
                        // the process ended
                    }
                },
                "stalled-ssh-stderr");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static String tail(String s) {
        return s.substring(Math.max(0, s.length() - 300));
    }
}
