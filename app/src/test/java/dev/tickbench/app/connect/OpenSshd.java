package dev.tickbench.app.connect;

import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.SshdProcess;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.sshd.common.config.keys.PublicKeyEntry;

/**
 * A real OpenSSH {@code sshd} (Debian openssh-server) on loopback with its own config, host key and
 * authorized_keys in a temp dir. SFTP starts in {@code home} ({@code internal-sftp -d}), so the
 * probe upload lands in the temp dir, not in the user's real home.
 */
public final class OpenSshd implements AutoCloseable {
    static final Path SSHD = Path.of("/usr/sbin/sshd");
    /** A PATH with the JDK the test runs on first, whatever the login PATH would find. */
    public static final String JAVA_PATH =
            Path.of(System.getProperty("java.home"), "bin") + ":/usr/local/bin:/usr/bin:/bin";

    final Process process;
    public final int port;
    public final Path home;
    public final Path log;

    OpenSshd(Path dir, KeyPair hostKey, PublicKey clientKey) throws Exception {
        this(dir, hostKey, clientKey, JAVA_PATH);
    }

    /** With {@code path} as the PATH of every session (commands run by the login shell find only what is there). */
    OpenSshd(Path dir, KeyPair hostKey, PublicKey clientKey, String path) throws Exception {
        this(dir, hostKey, clientKey, path, List.of(), "127.0.0.1", 0, List.of());
    }

    /**
     * The general form: {@code first} config lines before the usual ones (sshd takes the first value
     * of a keyword, so they win), run as {@code prefix + sshd …} ({@code ip netns exec NS}: inside a
     * network namespace, reachable only there), listening on {@code listen:port} (port 0 and no prefix: a free loopback port). A null
     * {@code clientKey} leaves authorized_keys empty.
     */
    public OpenSshd(
            Path dir,
            KeyPair hostKey,
            PublicKey clientKey,
            String path,
            List<String> prefix,
            String listen,
            int port,
            List<String> first)
            throws Exception {
        home = Files.createDirectories(dir.resolve("home"));
        Path hostKeyFile = InProcessSshd.writeKey(dir.resolve("ssh_host_ed25519_key"), hostKey, null);
        Files.setPosixFilePermissions(hostKeyFile, PosixFilePermissions.fromString("rw-------"));
        Path authorized = dir.resolve("authorized_keys");
        Files.writeString(authorized, clientKey == null ? "" : PublicKeyEntry.toString(clientKey) + "\n");
        if (isRoot()) {
            // privilege separation directory; Debian creates it only when the service starts
            Files.createDirectories(Path.of("/run/sshd"));
        }
        Path config = dir.resolve("sshd_config");
        List<String> lines = new ArrayList<>(first);
        lines.addAll(List.of(
                "ListenAddress " + listen,
                "LogLevel VERBOSE",
                "HostKey " + hostKeyFile,
                "PidFile " + dir.resolve("sshd.pid"),
                "AuthorizedKeysFile " + authorized,
                "PubkeyAuthentication yes",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "PermitRootLogin prohibit-password",
                "UsePAM no",
                "StrictModes no",
                "AllowUsers " + System.getProperty("user.name"),
                "SetEnv PATH=" + path,
                ""));
        if (first.stream().noneMatch(l -> l.startsWith("Subsystem"))) {
            lines.add(
                    lines.size() - 1,
                    "Subsystem sftp internal-sftp -d " + home); // sshd refuses a second Subsystem line
        }
        Files.writeString(config, String.join("\n", lines), StandardCharsets.UTF_8);
        log = dir.resolve("sshd.log");
        if (port == 0 && prefix.isEmpty()) { // a free loopback port, taken again if another process gets it first
            SshdProcess started = SshdProcess.start(SSHD, config, log, List.of(listen));
            process = started.process();
            this.port = started.port();
        } else {
            this.port = port;
            List<String> command = new ArrayList<>(prefix);
            command.addAll(List.of(SSHD.toString(), "-D", "-e", "-f", config.toString(), "-p", Integer.toString(port)));
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            awaitListening(listen);
        }
    }

    /** Checks sshd is installed and the app carries the probe jar; returns the jar. */
    public static BundledProbe requireSshdAndProbe() throws IOException {
        Prerequisites.require(
                Files.isExecutable(SSHD),
                "no OpenSSH server at " + SSHD + ": install the Debian package openssh-server");
        BundledProbe probe = BundledProbe.fromResources();
        Prerequisites.require(
                probe != null,
                "the app carries no probe jar: build with `mvn package`/`verify` so that"
                        + " remote-probe/target/tickbench-probe.jar is bundled");
        return probe;
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /**
     * Waits, with the suite's deadline, for sshd's own word that it listens on the port: a connection that
     * succeeds could reach another process that took the port between freePort() and sshd's bind, and
     * inside a network namespace no socket of ours reaches it at all.
     */
    private void awaitListening(String listen) {
        String listening = "Server listening on " + listen + " port " + port + ".";
        Waits.until(() -> "sshd to listen on port " + port + ": " + readLog(), Duration.ofMillis(50), () -> {
            if (readLog().contains(listening)) {
                return true;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("sshd exited at once: " + readLog());
            }
            return false;
        });
    }

    private String readLog() {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Processes sshd started for sessions (the remote probe among them). */
    List<ProcessHandle> sessionProcesses() {
        return process.descendants().filter(ProcessHandle::isAlive).toList();
    }

    @Override
    public void close() throws Exception {
        process.descendants().forEach(ProcessHandle::destroy);
        Waits.stop(process);
    }
}
