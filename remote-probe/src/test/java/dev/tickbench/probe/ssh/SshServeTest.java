package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.probe.http.ServeProcess;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ChannelSubsystem;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.RejectAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.util.net.SshdSocketAddress;
import org.apache.sshd.common.util.security.SecurityUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * serve's embedded SSH server, driven by the real OpenSSH client and by Apache SSHD's client: the
 * probe's commands work with Ed25519, ECDSA and RSA keys; everything else is refused.
 */
class SshServeTest {
    private static final String USER = "tickbench";
    private static final long WAIT_S = ServeProcess.TIMEOUT.toSeconds();

    @TempDir
    static Path dir;

    static ServeProcess serve;
    static Path knownHosts;
    /** serve's sampler threads with no stream open (its own); each stream adds one while it runs. */
    static int samplersIdle;

    @BeforeAll
    static void start() throws Exception {
        Path keygen = Prerequisites.tool("ssh-keygen", "openssh-client");
        for (String[] k :
                new String[][] {{"ed25519", "ed25519"}, {"ecdsa", "ecdsa"}, {"rsa", "rsa"}, {"stranger", "ed25519"}}) {
            run(List.of(
                    keygen.toString(),
                    "-q",
                    "-t",
                    k[1],
                    "-N",
                    "",
                    "-C",
                    k[0],
                    "-f",
                    dir.resolve(k[0]).toString()));
        }
        Path authorized = dir.resolve("authorized_keys");
        Files.writeString(
                authorized,
                Files.readString(dir.resolve("ed25519.pub"))
                        + Files.readString(dir.resolve("ecdsa.pub"))
                        + Files.readString(dir.resolve("rsa.pub")));
        SshServe s = SshServe.start(List.of(), "127.0.0.1", authorized, dir, USER, "--rate", "20");
        serve = s.serve();
        knownHosts = s.knownHosts();
        samplersIdle = samplerThreads();
    }

    @AfterAll
    static void stop() {
        if (serve != null) {
            serve.close();
        }
    }

    // ---- the real OpenSSH client ----

    private static List<String> ssh(String key, String... extra) {
        List<String> cmd = ProcessRun.ssh(dir.resolve(key), serve.sshPort(), knownHosts, USER);
        cmd.addAll(List.of(extra));
        return cmd;
    }

    private static List<String> sshTo(String key, String... remote) {
        List<String> cmd = ssh(key);
        cmd.add("127.0.0.1");
        cmd.addAll(List.of(remote));
        return cmd;
    }

    @Test
    void opensshStreamIsValidNdjson() throws Exception {
        Process p = new ProcessBuilder(sshTo("ed25519", "stream", "--rate", "20")).start();
        try {
            List<StreamLine> lines = untilSamples(p.getInputStream(), 3);
            Hello hello = assertInstanceOf(Hello.class, lines.get(0));
            assertEquals(20, hello.rateHz());
            long seq = 0;
            for (StreamLine l : lines.subList(1, lines.size())) {
                if (l instanceof SampleLine s) {
                    assertEquals(seq + 1, s.seq(), "consecutive samples");
                    seq = s.seq();
                }
            }
            assertEquals(3, seq, lines.toString());
        } finally {
            p.destroy();
            p.waitFor(WAIT_S, TimeUnit.SECONDS);
        }
    }

    /** The stream is repetitive text: a client asking for compression gets OpenSSH's delayed zlib. */
    @Test
    void opensshNegotiatesDelayedZlibCompression() throws Exception {
        List<String> cmd = ssh("ed25519", "-C", "-v");
        cmd.addAll(List.of("127.0.0.1", "capabilities"));
        ProcessRun.Result r = run(cmd);
        assertEquals(0, r.code(), r.err());
        assertTrue(
                r.err().contains("server->client cipher") && r.err().contains("compression: zlib@openssh.com"),
                "negotiated compression in ssh -v:\n" + r.err());
        assertTrue(r.out().contains("\"sources\""), r.out());
    }

    @Test
    void ecdsaAndRsaKeysRunCapabilities() throws Exception {
        for (String key : List.of("ecdsa", "rsa")) {
            ProcessRun.Result r = run(sshTo(key, "capabilities", "--rate", "10"));
            assertEquals(0, r.code(), key + ": " + r.err());
            assertEquals(
                    10, new ObjectMapper().readTree(r.out()).path("rate_hz").asInt(), key);
        }
    }

    @Test
    void walkAndThrottleReplayAreOffered() throws Exception {
        ProcessRun.Result walk = run(sshTo("ed25519", "walk", "--help"));
        assertEquals(0, walk.code(), walk.err());
        assertTrue(walk.out().contains("--cgroup"), walk.out());
        ProcessRun.Result replay = run(sshTo("ed25519", "throttle", "replay", "--help"));
        assertEquals(0, replay.code(), replay.err());
        assertTrue(replay.out().contains("replay"), replay.out());
        ProcessRun.Result walkPid = run(sshTo("ed25519", "walk", "--pid", "1", "--window", "100ms", "--json"));
        assertEquals(0, walkPid.code(), walkPid.err());
        assertTrue(new ObjectMapper().readTree(walkPid.out()).path("levels").isArray(), walkPid.out());
    }

    @Test
    void keyNotInAuthorizedKeysIsRefused() throws Exception {
        ProcessRun.Result r = run(sshTo("stranger", "capabilities"));
        assertEquals(255, r.code(), r.err());
        assertTrue(r.err().contains("Permission denied"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void authorizedKeyForAnotherUserIsRefused() throws Exception {
        List<String> cmd = sshTo("ed25519", "capabilities");
        cmd.set(cmd.indexOf(USER), "root");
        ProcessRun.Result r = run(cmd);
        assertEquals(255, r.code(), r.err());
        assertTrue(r.err().contains("Permission denied"), r.err());
    }

    @Test
    void shellsAndArbitraryCommandsAreRefused() throws Exception {
        for (String[] remote : new String[][] {
            {"bash"}, {"cat /etc/passwd"}, {"cat", "/etc/passwd"}, {"throttle", "run"}, {"stream; id"}
        }) {
            ProcessRun.Result r = run(sshTo("ed25519", remote));
            assertEquals(ProbeCommand.REFUSED, r.code(), String.join(" ", remote) + ": " + r.err());
            assertTrue(r.err().startsWith("tickbench-probe: "), r.err());
            assertFalse(r.out().contains("root:"), r.out());
        }
        ProcessRun.Result bash = run(sshTo("ed25519", "bash"));
        assertTrue(bash.err().contains("'bash' is not offered"), bash.err());
        assertTrue(bash.err().contains("stream, capabilities, walk, procs, throttle replay"), bash.err());
    }

    @Test
    void aShellRequestIsRefused() throws Exception {
        List<String> cmd = ssh("ed25519", "-T");
        cmd.add("127.0.0.1");
        ProcessRun.Result r = run(cmd);
        assertEquals(ProbeCommand.REFUSED, r.code(), r.out() + r.err());
        assertTrue((r.out() + r.err()).contains("no shell here"), r.out() + r.err());
    }

    /** Issue 30 item 9: there is no terminal here, so a pty-req gets a failure, as OpenSSH answers what it does not offer. */
    @Test
    void aPseudoTerminalIsRefused() throws Exception {
        List<String> cmd = ssh("ed25519", "-tt");
        cmd.addAll(List.of("127.0.0.1", "capabilities"));
        ProcessRun.Result r = run(cmd);
        assertTrue(r.err().contains("PTY allocation request failed"), r.out() + r.err());
    }

    @Test
    void portForwardingIsRefused() throws Exception {
        List<String> remote =
                ssh("ed25519", "-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:" + serve.httpPort());
        remote.add("127.0.0.1");
        ProcessRun.Result r = run(remote);
        assertEquals(255, r.code(), r.err());
        assertTrue(r.err().contains("forwarding failed"), r.err());

        List<String> local = ssh("ed25519", "-W", "127.0.0.1:" + serve.httpPort());
        local.add("127.0.0.1");
        ProcessRun.Result w = run(local);
        assertEquals(255, w.code(), w.err());
        assertTrue(w.err().contains("open failed"), w.err());
    }

    @Test
    void sftpIsRefused() throws Exception {
        Path sftp = Prerequisites.tool("sftp", "openssh-client");
        ProcessRun.Result r = run(List.of(
                sftp.toString(),
                "-F",
                "/dev/null",
                "-b",
                "/dev/null",
                "-i",
                dir.resolve("ed25519").toString(),
                "-P",
                String.valueOf(serve.sshPort()),
                "-o",
                "UserKnownHostsFile=" + knownHosts,
                "-o",
                "StrictHostKeyChecking=yes",
                "-o",
                "BatchMode=yes",
                "-o",
                "IdentitiesOnly=yes",
                USER + "@127.0.0.1"));
        assertNotEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("subsystem request failed"), r.err());
    }

    // ---- Apache SSHD's client ----

    @Test
    void sshdClientStreamsAndTheStreamEndsWhenTheClientGoes() throws Exception {
        int samplersBefore = samplersIdle;
        awaitSamplerThreads(samplersBefore); // the stream of an earlier test may still be ending
        try (SshClient client = client()) {
            try (ClientSession session = connect(client)) {
                ChannelExec exec = session.createExecChannel("stream --rate 20");
                exec.open().verify(WAIT_S, TimeUnit.SECONDS);
                List<StreamLine> lines = untilSamples(exec.getInvertedOut(), 3);
                assertInstanceOf(Hello.class, lines.get(0));
                // samples, with the process table's proc lines among them when processes start
                assertEquals(
                        3, lines.stream().filter(SampleLine.class::isInstance).count(), lines.toString());
                assertEquals(samplersBefore + 1, samplerThreads(), "the stream runs its own sampler");
            }
            // the viewer went away (session closed, the client stopped reading long before): the stream ends
            awaitSamplerThreads(samplersBefore);
        }
    }

    @Test
    void streamEndsWhenTheChannelClosesAndTheSessionStays() throws Exception {
        int samplersBefore = samplersIdle;
        awaitSamplerThreads(samplersBefore); // the stream of an earlier test may still be ending
        try (SshClient client = client();
                ClientSession session = connect(client)) {
            ChannelExec exec = session.createExecChannel("stream --rate 20");
            exec.open().verify(WAIT_S, TimeUnit.SECONDS);
            InputStream in = exec.getInvertedOut();
            assertInstanceOf(Hello.class, decode(in, 3).get(0));
            // a viewer keeps reading until it closes the channel
            Thread reader = new Thread(
                    () -> {
                        try {
                            in.transferTo(java.io.OutputStream.nullOutputStream());
                        } catch (IOException closed) {
                            // the channel went
                        }
                    },
                    "viewer");
            reader.setDaemon(true);
            reader.start();
            exec.close(false);
            awaitSamplerThreads(samplersBefore);
            assertTrue(session.isOpen(), "the session outlives the channel");
            try (ChannelExec caps = session.createExecChannel("capabilities --rate 5")) {
                caps.open().verify(WAIT_S, TimeUnit.SECONDS);
                caps.waitFor(EnumSet.of(ClientChannelEvent.EXIT_STATUS), TimeUnit.SECONDS.toMillis(WAIT_S));
                assertEquals(0, caps.getExitStatus());
                String json = new String(caps.getInvertedOut().readAllBytes(), StandardCharsets.UTF_8);
                assertEquals(
                        5, new ObjectMapper().readTree(json).path("rate_hz").asInt(), json);
            }
        }
    }

    @Test
    void sshdClientIsRefusedShellsSftpAndForwarding() throws Exception {
        try (SshClient client = client();
                ClientSession session = connect(client)) {
            try (ChannelExec bash = session.createExecChannel("bash")) {
                bash.open().verify(WAIT_S, TimeUnit.SECONDS);
                bash.waitFor(EnumSet.of(ClientChannelEvent.EXIT_STATUS), TimeUnit.SECONDS.toMillis(WAIT_S));
                assertEquals(ProbeCommand.REFUSED, bash.getExitStatus());
                String err = new String(bash.getInvertedErr().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(err.contains("'bash' is not offered"), err);
            }

            try (ChannelSubsystem sftp = session.createSubsystemChannel("sftp")) {
                sftp.open().verify(WAIT_S, TimeUnit.SECONDS);
                var events = sftp.waitFor(
                        EnumSet.of(ClientChannelEvent.CLOSED, ClientChannelEvent.EXIT_STATUS),
                        TimeUnit.SECONDS.toMillis(WAIT_S));
                assertTrue(events.contains(ClientChannelEvent.CLOSED), "sftp subsystem channel not closed: " + events);
                assertTrue(
                        sftp.getExitStatus() == null || sftp.getExitStatus() != 0, "sftp exit " + sftp.getExitStatus());
            }

            var forward = session.createDirectTcpipChannel(
                    new SshdSocketAddress("127.0.0.1", 0), new SshdSocketAddress("127.0.0.1", serve.httpPort()));
            assertThrows(Exception.class, () -> forward.open().verify(WAIT_S, TimeUnit.SECONDS));
        }
    }

    private static SshClient client() {
        SshClient client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier(new KnownHostsServerKeyVerifier(RejectAllServerKeyVerifier.INSTANCE, knownHosts));
        client.start();
        return client;
    }

    private static ClientSession connect(SshClient client) throws Exception {
        ClientSession session = client.connect(USER, "127.0.0.1", serve.sshPort())
                .verify(WAIT_S, TimeUnit.SECONDS)
                .getSession();
        try (InputStream in = Files.newInputStream(dir.resolve("ed25519"))) {
            for (KeyPair kp : SecurityUtils.loadKeyPairIdentities(null, () -> "ed25519", in, null)) {
                session.addPublicKeyIdentity(kp);
            }
        }
        session.auth().verify(WAIT_S, TimeUnit.SECONDS);
        return session;
    }

    /** Threads named tickbench-sampler in the serve process (Linux cuts thread names to 15 bytes). */
    private static int samplerThreads() throws IOException {
        int n = 0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc", String.valueOf(serve.pid()), "task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                try {
                    if (Files.readString(t.resolve("comm")).strip().equals("tickbench-sampl")) {
                        n++;
                    }
                } catch (IOException threadEnded) {
                    // gone between list and read
                }
            }
        }
        return n;
    }

    private static void awaitSamplerThreads(int expected) {
        Waits.until(
                expected + " sampler threads in serve (the stream's sampler ends when its client goes away)", () -> {
                    try {
                        return samplerThreads() == expected;
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
    }

    // ---- helpers ----

    private static List<StreamLine> decode(InputStream in, int n) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        LineDecoder decoder = new LineDecoder();
        List<StreamLine> out = new ArrayList<>();
        String line;
        while (out.size() < n && (line = r.readLine()) != null) {
            out.add(decoder.decode(line));
        }
        assertEquals(n, out.size(), "stream ended early: " + out);
        return out;
    }

    /**
     * The lines up to the {@code samples}th sample: a busy machine's process table puts its start and exit
     * lines between the samples, as many as processes came and went (a fixed count of lines once held 2).
     */
    private static List<StreamLine> untilSamples(InputStream in, int samples) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        LineDecoder decoder = new LineDecoder();
        List<StreamLine> out = new ArrayList<>();
        int seen = 0;
        String line;
        while (seen < samples && (line = r.readLine()) != null) {
            StreamLine l = decoder.decode(line);
            out.add(l);
            if (l instanceof SampleLine) {
                seen++;
            }
        }
        assertEquals(samples, seen, "stream ended early: " + out);
        return out;
    }

    private static ProcessRun.Result run(List<String> cmd) throws IOException, InterruptedException {
        return ProcessRun.exec(cmd, "", WAIT_S);
    }
}
