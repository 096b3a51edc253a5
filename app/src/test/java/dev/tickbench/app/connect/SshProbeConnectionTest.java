package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Java check and probe upload against an in-process SSHD server (SFTP on a temp home). */
class SshProbeConnectionTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String JAVA_PREFIX = "java -Xmx64m -XX:+UseSerialGC -jar ";

    @TempDir
    Path tmp;

    private KeyPair clientKey;
    private Path keyFile;
    private Path home;
    private InProcessSshd sshd;
    private Connection connection;
    private final RecordingPrompts prompts = new RecordingPrompts();
    private final List<String> javaVersionReply = new CopyOnWriteArrayList<>(List.of("openjdk version \"17.0.9\" 2023-10-17"));
    private final List<Path> jarsRun = new CopyOnWriteArrayList<>();
    private volatile int javaStatus = 0;
    private BundledProbe probe;

    @BeforeEach
    void setUp() throws Exception {
        clientKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        keyFile = InProcessSshd.writeKey(tmp.resolve("id_ed25519"), clientKey, null);
        home = Files.createDirectories(tmp.resolve("home"));
        byte[] jar = new byte[300_000];
        new Random(7).nextBytes(jar);
        probe = BundledProbe.of(jar);
        sshd = new InProcessSshd(home, clientKey.getPublic(), (cmd, out, err) -> {
            if (cmd.equals("java -version")) {
                err.write((String.join("\n", javaVersionReply) + "\n").getBytes(StandardCharsets.UTF_8));
                return javaStatus;
            }
            if (cmd.startsWith("sha256sum ")) {
                err.write("sh: 1: sha256sum: not found\n".getBytes(StandardCharsets.UTF_8));
                return 127; // a host without coreutils: the client hashes over SFTP instead
            }
            if (cmd.startsWith(JAVA_PREFIX)) {
                String path = cmd.substring(JAVA_PREFIX.length(), cmd.indexOf(" stream "));
                jarsRun.add(home.resolve(path.substring(1)));
                TestStream.write(out, 20, 5);
                return 0;
            }
            return 127;
        });
        Files.createDirectories(tmp.resolve("ssh"));
        Files.writeString(tmp.resolve("ssh/known_hosts"), "");
    }

    @AfterEach
    void stop() throws Exception {
        if (connection != null) {
            connection.close();
        }
        sshd.close();
    }

    private EventLog connect() {
        SshTarget target = new SshTarget("127.0.0.1", "127.0.0.1", sshd.port(), InProcessSshd.USER, List.of(keyFile));
        connection = new SshProbeConnection(target, StreamRequest.of(20, 0), prompts, tmp.resolve("ssh/known_hosts"), probe);
        EventLog log = new EventLog();
        connection.start(log, log);
        return log;
    }

    @Test
    void uploadsTheProbeOnceThenRunsItsStream() throws Exception {
        EventLog log = connect();
        log.awaitLines(l -> l.size() >= 6, WAIT);

        Path remote = home.resolve(".cache/tickbench/" + probe.remoteName());
        assertArrayEquals(probe.jar(), Files.readAllBytes(remote));
        assertEquals(List.of(remote), jarsRun);
        assertEquals("java -version", sshd.commands.get(0));
        assertTrue(sshd.commands.get(sshd.commands.size() - 1).endsWith(" stream --rate 20 --floor-hz 0"));
        long[] last = prompts.progress.get(prompts.progress.size() - 1);
        assertEquals(probe.jar().length, last[0]);
        assertEquals(probe.jar().length, last[1]);
        assertTrue(prompts.progress.size() > 3, "progress reported in chunks");
        String detail = log.await(ConnectionEvent.Connected.class, WAIT).detail();
        assertEquals("Java 17.0.9 · probe " + probe.remoteName() + " (uploaded)", detail);
        assertNull(listPart(), "no partial upload left behind");

        connection.close();
        prompts.progress.clear();
        EventLog again = connect();
        again.awaitLines(l -> l.size() >= 6, WAIT);
        assertEquals("Java 17.0.9 · probe " + probe.remoteName() + " (already there)",
                again.await(ConnectionEvent.Connected.class, WAIT).detail());
        assertEquals(1, prompts.progress.size(), "same bytes: nothing sent");
    }

    @Test
    void aDifferentFileUnderTheSameNameIsReplaced() throws Exception {
        Path remote = Files.createDirectories(home.resolve(".cache/tickbench")).resolve(probe.remoteName());
        byte[] stale = probe.jar().clone();
        stale[1000] ^= 1; // same size, different bytes: only the hash tells
        Files.write(remote, stale);
        EventLog log = connect();
        log.awaitLines(l -> l.size() >= 6, WAIT);
        assertArrayEquals(probe.jar(), Files.readAllBytes(remote));
        assertTrue(log.await(ConnectionEvent.Connected.class, WAIT).detail().endsWith("(uploaded)"));
    }

    @Test
    void noJavaSaysHowToInstallIt() throws Exception {
        javaVersionReply.clear();
        javaVersionReply.add("bash: line 1: java: command not found");
        javaStatus = 127;
        EventLog log = connect();
        String message = log.await(ConnectionEvent.Failed.class, WAIT).message();
        assertTrue(message.startsWith("No Java on tester@127.0.0.1:" + sshd.port()), message);
        assertTrue(message.contains("java: command not found"), message);
        assertTrue(message.contains("apt install openjdk-17-jre-headless"), message);
        assertEquals(List.of("java -version"), sshd.commands);
        assertTrue(jarsRun.isEmpty());
    }

    @Test
    void oldJavaIsRefused() throws Exception {
        javaVersionReply.clear();
        javaVersionReply.add("openjdk version \"1.8.0_392\"");
        EventLog log = connect();
        String message = log.await(ConnectionEvent.Failed.class, WAIT).message();
        assertTrue(message.startsWith("Java 8 on tester@127.0.0.1:" + sshd.port() + " is too old"), message);
        assertTrue(message.contains("openjdk-17-jre-headless"), message);
    }

    private String listPart() throws Exception {
        try (var s = Files.list(home.resolve(".cache/tickbench"))) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".part")).findFirst().orElse(null);
        }
    }
}
