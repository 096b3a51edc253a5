package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.SyntheticCapture;
import dev.tickbench.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Java check and probe upload against an in-process SSHD server (SFTP on a temp home). */
class SshProbeConnectionTest {
    private static final Duration WAIT = Waits.DEADLINE;
    private static final String JAVA_PREFIX =
            "exec java -Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData -XX:+ExitOnOutOfMemoryError -jar ";

    @TempDir
    Path tmp;

    private KeyPair clientKey;
    private Path keyFile;
    private Path home;
    private InProcessSshd sshd;
    private Connection connection;
    private final RecordingPrompts prompts = new RecordingPrompts();
    private final List<String> javaVersionReply =
            new CopyOnWriteArrayList<>(List.of("openjdk version \"17.0.9\" 2023-10-17"));
    private final List<Path> jarsRun = new CopyOnWriteArrayList<>();
    private volatile int javaStatus = 0;
    private volatile String arch = "x86_64\n";
    private volatile String getconfLibc = "glibc 2.36\n";
    private final List<String> launched = new CopyOnWriteArrayList<>();
    private BundledProbe probe;
    private BundledRuntime.Source runtime = arch -> null;

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
            if (cmd.equals("uname -m")) {
                out.write(arch.getBytes(StandardCharsets.UTF_8));
                return 0;
            }
            if (cmd.equals("getconf GNU_LIBC_VERSION")) {
                out.write(getconfLibc.getBytes(StandardCharsets.UTF_8));
                return getconfLibc.isEmpty() ? 1 : 0;
            }
            if (cmd.equals("ldd --version")) {
                out.write("musl libc (x86_64)\nVersion 1.2.4\n".getBytes(StandardCharsets.UTF_8));
                return 1;
            }
            if (cmd.startsWith("if [ ! -x /.cache/tickbench/") || cmd.startsWith("exec /.cache/tickbench/")) {
                // the unpack command and the unpacked launcher run for real, in a shell on the temp home
                if (!cmd.startsWith("if")) {
                    launched.add(cmd);
                }
                return sh(cmd.replace("/.cache/tickbench/", home + "/.cache/tickbench/"), out, err);
            }
            if (cmd.startsWith(JAVA_PREFIX)) {
                String path = cmd.substring(JAVA_PREFIX.length(), cmd.indexOf(" stream "));
                jarsRun.add(home.resolve(path.substring(1)));
                SyntheticCapture.stream(out, 20, 5);
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
        connection = new SshProbeConnection(
                target, StreamRequest.of(20, 0), prompts, tmp.resolve("ssh/known_hosts"), probe, runtime);
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
        assertEquals(
                "Java 17.0.9 · probe " + probe.remoteName() + " (already there)",
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
        assertEquals(
                List.of("java -version", "uname -m", "getconf GNU_LIBC_VERSION"),
                sshd.commands,
                "the host's platform is read to pick a packaged runtime");
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

    @Test
    void noJavaOnX86HostUploadsThePackagedRuntimeUnpacksItOnceAndRunsItsLauncher() throws Exception {
        noJava();
        BundledRuntime rt = BundledRuntime.of(RuntimePlatform.Arch.X64, runtimeTarball());
        runtime = arch -> arch == RuntimePlatform.Arch.X64 ? rt : null;
        EventLog log = connect();
        log.awaitLines(l -> l.size() >= 6, WAIT);

        Path cache = home.resolve(".cache/tickbench");
        assertArrayEquals(rt.tarball(), Files.readAllBytes(cache.resolve(rt.remoteName())));
        Path launcher = cache.resolve(rt.directoryName()).resolve(BundledRuntime.LAUNCHER);
        assertTrue(Files.isExecutable(launcher), "unpacked launcher " + launcher);
        String dir = "/.cache/tickbench/" + rt.directoryName();
        assertEquals(List.of("java -version", "uname -m", "getconf GNU_LIBC_VERSION"), sshd.commands.subList(0, 3));
        assertTrue(
                sshd.commands.contains(SshProbeConnection.unpackCommand("/.cache/tickbench/" + rt.remoteName(), dir)),
                sshd.commands.toString());
        assertEquals(
                List.of("exec " + dir + "/tickbench-probe/bin/tickbench-probe stream --rate 20 --floor-hz 0"),
                launched);
        assertTrue(jarsRun.isEmpty(), "no java -jar on a host without Java");
        assertTrue(log.lines().get(0).contains("\"hello\""), log.lines().get(0));
        assertEquals(
                "no Java 17+ · packaged x86_64 runtime " + rt.directoryName() + " (uploaded)",
                log.await(ConnectionEvent.Connected.class, WAIT).detail());
        long[] last = prompts.progress.get(prompts.progress.size() - 1);
        assertEquals(rt.tarball().length, last[0]);
        assertEquals(rt.tarball().length, last[1]);
        assertTrue(prompts.progress.size() > 3, "progress reported in chunks");
        assertNull(listPart(), "no partial upload or unpack left behind");

        // the second time: nothing sent, nothing unpacked again (the marker would vanish if it were)
        connection.close();
        Path marker = Files.writeString(cache.resolve(rt.directoryName()).resolve("marker"), "kept");
        prompts.progress.clear();
        launched.clear();
        EventLog again = connect();
        again.awaitLines(l -> l.size() >= 6, WAIT);
        assertEquals(
                "no Java 17+ · packaged x86_64 runtime " + rt.directoryName() + " (already there)",
                again.await(ConnectionEvent.Connected.class, WAIT).detail());
        assertEquals(1, prompts.progress.size(), "same bytes: nothing sent");
        assertTrue(Files.exists(marker), "unpacked once, not again");
        assertEquals(1, launched.size());
    }

    @Test
    void noJavaOnA32BitArmHostNamesItAndWhatToInstall() throws Exception {
        arch = "armv7l\n";
        String message = refusedWithARuntimeAtHand();
        assertTrue(message.startsWith("No Java on tester@127.0.0.1:" + sshd.port()), message);
        assertTrue(
                message.contains("The packaged probe runtimes are for x86_64 and aarch64 (64-bit), and this host is"
                        + " armv7l (32-bit ARM)."),
                message);
        assertTrue(message.contains("apt install openjdk-17-jre-headless"), message);
        assertFalse(message.contains("\n"), "one line: " + message);
        assertEquals(List.of("java -version", "uname -m"), sshd.commands);
        assertFalse(Files.exists(home.resolve(".cache")), "nothing uploaded");
    }

    @Test
    void noJavaOnAnAarch64HostAsksForTheAarch64Runtime() throws Exception {
        noJava();
        arch = "aarch64\n";
        List<RuntimePlatform.Arch> asked = new CopyOnWriteArrayList<>();
        runtime = a -> {
            asked.add(a);
            return null; // a build that carries the x86-64 runtime only
        };
        String message = connect().await(ConnectionEvent.Failed.class, WAIT).message();
        assertEquals(List.of(RuntimePlatform.Arch.AARCH64), asked);
        assertTrue(message.contains("this build has none for aarch64."), message);
        assertEquals(List.of("java -version", "uname -m", "getconf GNU_LIBC_VERSION"), sshd.commands);
    }

    @Test
    void noJavaAndOldGlibcSaysWhichGlibc() throws Exception {
        getconfLibc = "glibc 2.31\n";
        String message = refusedWithARuntimeAtHand();
        assertTrue(message.contains("need glibc 2.34+, and this host has glibc 2.31."), message);
        assertTrue(message.contains("openjdk-17-jre-headless"), message);
        assertFalse(Files.exists(home.resolve(".cache")), "nothing uploaded");
    }

    @Test
    void noJavaOnMuslSaysTheCLibraryIsNotGlibc() throws Exception {
        getconfLibc = "";
        String message = refusedWithARuntimeAtHand();
        assertTrue(
                message.contains("need glibc 2.34+, and this host's C library is musl 1.2.4"
                        + " (Alpine: `apk add openjdk17-jre-headless`)."),
                message);
        assertEquals(List.of("java -version", "uname -m", "getconf GNU_LIBC_VERSION", "ldd --version"), sshd.commands);
    }

    @Test
    void noJavaAndNoPackagedRuntimeSaysBothWays() throws Exception {
        noJava();
        EventLog log = connect();
        String message = log.await(ConnectionEvent.Failed.class, WAIT).message();
        assertTrue(message.startsWith("No Java on tester@127.0.0.1:" + sshd.port()), message);
        assertTrue(message.contains("openjdk-17-jre-headless"), message);
        assertTrue(
                message.contains("installed Tickbench package (jpackage/build.sh): it carries probe runtimes"),
                message);
        assertTrue(message.contains("this build has none for x86_64."), message);
        assertEquals(
                List.of("java -version", "uname -m", "getconf GNU_LIBC_VERSION"),
                sshd.commands,
                "the host is checked first: which runtime it needs");
    }

    /** No Java, a runtime the app could upload, and the host as the test set it up: the Failed message. */
    private String refusedWithARuntimeAtHand() throws Exception {
        noJava();
        BundledRuntime rt = BundledRuntime.of(RuntimePlatform.Arch.X64, new byte[] {1, 2, 3});
        runtime = arch -> rt;
        return connect().await(ConnectionEvent.Failed.class, WAIT).message();
    }

    private void noJava() {
        javaVersionReply.clear();
        javaVersionReply.add("bash: line 1: java: command not found");
        javaStatus = 127;
    }

    /**
     * A runtime-shaped tarball made with the real tar: {@code tickbench-probe/bin/tickbench-probe}
     * is a shell launcher that prints a recorded stream (the real jlinked runtime needs the package build).
     */
    private byte[] runtimeTarball() throws Exception {
        Path src = Files.createDirectories(tmp.resolve("rt/tickbench-probe/bin"));
        java.io.ByteArrayOutputStream stream = new java.io.ByteArrayOutputStream();
        SyntheticCapture.stream(stream, 20, 8);
        Files.createDirectories(tmp.resolve("rt/tickbench-probe/lib"));
        Files.write(tmp.resolve("rt/tickbench-probe/lib/stream.ndjson"), stream.toByteArray());
        byte[] filler = new byte[400_000]; // big enough for several progress chunks after gzip
        new Random(11).nextBytes(filler);
        Files.write(tmp.resolve("rt/tickbench-probe/lib/modules"), filler);
        Path launcher = Files.writeString(
                src.resolve("tickbench-probe"),
                "#!/bin/sh\n[ \"$1\" = stream ] || exit 2\nexec cat \"$(dirname \"$0\")/../lib/stream.ndjson\"\n");
        launcher.toFile().setExecutable(true);
        Path tar = tmp.resolve("runtime.tar.gz");
        Process p = new ProcessBuilder(
                        "tar", "-czf", tar.toString(), "-C", tmp.resolve("rt").toString(), "tickbench-probe")
                .inheritIO()
                .start();
        assertTrue(p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "tar did not exit");
        assertEquals(0, p.exitValue());
        return Files.readAllBytes(tar);
    }

    private static int sh(String command, java.io.OutputStream out, java.io.OutputStream err) throws Exception {
        Process p = new ProcessBuilder("sh", "-c", command).start();
        p.getInputStream().transferTo(out);
        err.write(p.getErrorStream().readAllBytes());
        assertTrue(p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "sh -c did not exit: " + command);
        return p.exitValue();
    }

    private String listPart() throws Exception {
        try (var s = Files.list(home.resolve(".cache/tickbench"))) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".part"))
                    .findFirst()
                    .orElse(null);
        }
    }
}
