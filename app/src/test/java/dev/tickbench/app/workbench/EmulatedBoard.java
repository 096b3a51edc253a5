package dev.tickbench.app.workbench;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The emulated arm64 board of jpackage/arm64/ (Debian's arm64 kernel, busybox, dropbear; no Java),
 * booted in QEMU's TCG by jpackage/arm64/boot.sh with its SSH port on 127.0.0.1 only, and reached
 * with the OpenSSH client. An emulated Cortex-A72 runs a JVM tens of times slower than the host, so
 * every wait here has a long deadline and a message.
 */
final class EmulatedBoard implements AutoCloseable {
    /** Surefire runs in the module directory, app/. */
    static final Path REPO =
            Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent();

    static final Path TARBALL = REPO.resolve("jpackage/target/tickbench-probe-runtime-linux-aarch64.tar.gz");
    static final Path BOARD = REPO.resolve("jpackage/target/arm64-board/initramfs.cpio.gz");
    static final String HOW = "build them with jpackage/arm64/test-board.sh (README: the arm64 board)";
    /** Booting the kernel and starting dropbear: ~20 s on an idle 2-core machine. */
    static final Duration BOOT = Duration.ofMinutes(5);
    /** One JVM start on the emulated CPU: a minute idle, several on a loaded machine. */
    static final Duration JVM = Duration.ofMinutes(12);

    final int port;
    final Path key;
    final Path log;
    final Path knownHosts;
    final Duration bootTime;
    private final Process qemu;

    private EmulatedBoard(int port, Path key, Path log, Path knownHosts, Process qemu, Duration bootTime) {
        this.port = port;
        this.key = key;
        this.log = log;
        this.knownHosts = knownHosts;
        this.qemu = qemu;
        this.bootTime = bootTime;
    }

    /** Boots the board (built beforehand: {@link #HOW}) and waits until its SSH server answers. */
    static EmulatedBoard boot(Path dir) throws Exception {
        for (String tool : List.of("/usr/bin/qemu-system-aarch64", "/usr/bin/ssh", "/usr/bin/ssh-keygen")) {
            if (!Files.isExecutable(Path.of(tool))) {
                fail("no " + tool + ": apt-get install qemu-system-arm openssh-client");
            }
        }
        if (!Files.isRegularFile(TARBALL) || !Files.isRegularFile(BOARD)) {
            fail("no " + TARBALL + " or " + BOARD + ": " + HOW);
        }
        Path key = dir.resolve("id_ed25519");
        run(
                Duration.ofSeconds(60),
                "ssh-keygen",
                "-q",
                "-t",
                "ed25519",
                "-N",
                "",
                "-C",
                "tickbench-test",
                "-f",
                key.toString());
        String pub = Files.readString(dir.resolve("id_ed25519.pub")).strip();
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path log = dir.resolve("console.log");
        long t0 = System.nanoTime();
        Process qemu = new ProcessBuilder(
                        REPO.resolve("jpackage/arm64/boot.sh").toString(),
                        "--port",
                        Integer.toString(port),
                        "--key",
                        pub)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        EmulatedBoard board = new EmulatedBoard(port, key, log, dir.resolve("known_hosts"), qemu, Duration.ZERO);
        long deadline = System.nanoTime() + BOOT.toNanos();
        while (!Files.readString(log, StandardCharsets.ISO_8859_1).contains("board: ready")) {
            if (!qemu.isAlive()) {
                fail("QEMU ended (exit " + qemu.exitValue() + ") before the board was ready:\n" + tail(log));
            }
            if (System.nanoTime() > deadline) {
                board.close();
                fail("the board did not print 'board: ready' within " + BOOT + ":\n" + tail(log));
            }
            Thread.sleep(250);
        }
        return new EmulatedBoard(port, key, log, board.knownHosts, qemu, Duration.ofNanos(System.nanoTime() - t0));
    }

    /** The OpenSSH client words for this board (its fresh host key is recorded in our own known_hosts). */
    List<String> ssh() {
        return new ArrayList<>(List.of(
                "ssh",
                "-i",
                key.toString(),
                "-p",
                Integer.toString(port),
                "-o",
                "StrictHostKeyChecking=accept-new",
                "-o",
                "UserKnownHostsFile=" + knownHosts,
                "-o",
                "BatchMode=yes",
                "-o",
                "LogLevel=ERROR",
                "root@127.0.0.1"));
    }

    /** Runs a shell command on the board; its stdout, or a failure with stderr and the exit status. */
    String sh(Duration limit, String command) throws Exception {
        List<String> words = ssh();
        words.add(command);
        return run(limit, words.toArray(String[]::new));
    }

    /** The first {@code n} lines a long-running command prints; then the SSH client is ended (the channel closes). */
    List<String> firstLines(Duration limit, String command, int n) throws Exception {
        List<String> words = ssh();
        words.add(command);
        Process p = new ProcessBuilder(words)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        List<String> lines = new ArrayList<>();
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader r =
                            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                        for (String l; lines.size() < n && (l = r.readLine()) != null; ) {
                            synchronized (lines) {
                                lines.add(l);
                            }
                        }
                    } catch (IOException e) {
                        // the process was ended: the lines read so far are the answer
                    }
                },
                "board-lines");
        reader.start();
        reader.join(limit.toMillis());
        p.destroy();
        p.waitFor(10, TimeUnit.SECONDS);
        synchronized (lines) {
            if (lines.size() < n) {
                fail("`" + command + "` printed " + lines.size() + " of " + n + " lines within " + limit + ": "
                        + lines);
            }
            return List.copyOf(lines);
        }
    }

    static String run(Duration limit, String... command) throws Exception {
        Process p = new ProcessBuilder(command).start();
        StringBuilder err = new StringBuilder();
        Thread errReader = new Thread(() -> {
            try {
                err.append(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                err.append(e);
            }
        });
        errReader.start();
        byte[] out = p.getInputStream().readNBytes(64 << 20);
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " did not finish within " + limit);
        }
        errReader.join(10_000);
        if (p.exitValue() != 0) {
            fail(String.join(" ", command) + " exited " + p.exitValue() + ": " + err);
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    @Override
    public void close() throws InterruptedException {
        qemu.destroy();
        if (!qemu.waitFor(20, TimeUnit.SECONDS)) {
            qemu.destroyForcibly();
        }
    }
}
