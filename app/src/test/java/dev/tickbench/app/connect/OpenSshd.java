package dev.tickbench.app.connect;

import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.SshdProcess;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.List;
import org.apache.sshd.common.config.keys.PublicKeyEntry;

/**
 * A real OpenSSH {@code sshd} (Debian openssh-server) on loopback with its own config, host key and
 * authorized_keys in a temp dir. SFTP starts in {@code home} ({@code internal-sftp -d}), so the
 * probe upload lands in the temp dir, not in the user's real home.
 */
final class OpenSshd implements AutoCloseable {
    static final Path SSHD = Path.of("/usr/sbin/sshd");

    final Process process;
    final int port;
    final Path home;
    final Path log;

    OpenSshd(Path dir, KeyPair hostKey, PublicKey clientKey) throws Exception {
        // the same JDK as the test runs on, whatever the login PATH would find
        this(dir, hostKey, clientKey, Path.of(System.getProperty("java.home"), "bin") + ":/usr/local/bin:/usr/bin:/bin");
    }

    /** With {@code path} as the PATH of every session (commands run by the login shell find only what is there). */
    OpenSshd(Path dir, KeyPair hostKey, PublicKey clientKey, String path) throws Exception {
        home = Files.createDirectories(dir.resolve("home"));
        Path hostKeyFile = InProcessSshd.writeKey(dir.resolve("ssh_host_ed25519_key"), hostKey, null);
        Files.setPosixFilePermissions(hostKeyFile, PosixFilePermissions.fromString("rw-------"));
        Path authorized = dir.resolve("authorized_keys");
        Files.writeString(authorized, PublicKeyEntry.toString(clientKey) + "\n");
        if (isRoot()) {
            // privilege separation directory; Debian creates it only when the service starts
            Files.createDirectories(Path.of("/run/sshd"));
        }
        Path config = dir.resolve("sshd_config");
        Files.writeString(config, String.join("\n",
                "ListenAddress 127.0.0.1",
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
                "Subsystem sftp internal-sftp -d " + home,
                "") , StandardCharsets.UTF_8);
        log = dir.resolve("sshd.log");
        SshdProcess started = SshdProcess.start(SSHD, config, log, List.of("127.0.0.1"));
        process = started.process();
        port = started.port();
    }

    /** Checks sshd is installed and the app carries the probe jar; returns the jar. */
    static BundledProbe requireSshdAndProbe() throws IOException {
        Prerequisites.require(Files.isExecutable(SSHD), "no OpenSSH server at " + SSHD + ": install the Debian package openssh-server");
        BundledProbe probe = BundledProbe.fromResources();
        Prerequisites.require(probe != null, "the app carries no probe jar: build with `mvn package`/`verify` so that"
                + " remote-probe/target/tickbench-probe.jar is bundled");
        return probe;
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
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
