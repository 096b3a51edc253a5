package dev.tickbench.app.connect;

import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.sshd.common.config.keys.PublicKeyEntry;

/**
 * A real OpenSSH {@code ssh-agent} on a socket of its own, and keys made by the real
 * {@code ssh-keygen} and added by the real {@code ssh-add}, which reads the passphrase from an
 * askpass helper (as a desktop's does) since a test has no terminal.
 */
public final class RealAgent implements AutoCloseable {
    final Path dir;
    public final Path socket;
    private final Process agent;

    private RealAgent(Path dir, Path socket, Process agent) {
        this.dir = dir;
        this.socket = socket;
        this.agent = agent;
    }

    public static RealAgent start(Path dir) throws Exception {
        Path bin = Prerequisites.tool("ssh-agent", "openssh-client");
        Prerequisites.tool("ssh-add", "openssh-client");
        Prerequisites.tool("ssh-keygen", "openssh-client");
        Files.createDirectories(dir);
        Path socket = dir.resolve("agent.sock");
        Process p = new ProcessBuilder(bin.toString(), "-D", "-a", socket.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("agent.log").toFile())
                .start();
        Waits.until(Waits.DEADLINE, () -> "ssh-agent's socket " + socket, () -> Files.exists(socket) || !p.isAlive());
        if (!p.isAlive()) {
            throw new IllegalStateException("ssh-agent exited: " + Files.readString(dir.resolve("agent.log")));
        }
        return new RealAgent(dir, socket, p);
    }

    /** A new Ed25519 key by ssh-keygen, encrypted with {@code passphrase} (file and file.pub). */
    public static Path newKey(Path file, String passphrase, String comment) throws Exception {
        return newKey(file, "ed25519", passphrase, comment);
    }

    /** A new key of {@code type} ({@code ed25519}, {@code rsa}, {@code ecdsa}) by ssh-keygen. */
    static Path newKey(Path file, String type, String passphrase, String comment) throws Exception {
        run(List.of("ssh-keygen", "-q", "-t", type, "-N", passphrase, "-C", comment, "-f", file.toString()), Map.of());
        return file;
    }

    public static PublicKey publicKey(Path key) throws IOException, GeneralSecurityException {
        return PublicKeyEntry.parsePublicKeyEntry(Files.readString(key.resolveSibling(key.getFileName() + ".pub"))
                        .strip())
                .resolvePublicKey(null, null, null);
    }

    /** ssh-add with the passphrase given by an askpass script, as a desktop session gives it. */
    public void add(Path key, String passphrase) throws Exception {
        Path askpass = dir.resolve("askpass-" + key.getFileName());
        Files.writeString(askpass, "#!/bin/sh\nprintf '%s\\n' '" + passphrase + "'\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(askpass, PosixFilePermissions.fromString("rwx------"));
        run(
                List.of("ssh-add", key.toString()),
                Map.of(
                        "SSH_AUTH_SOCK",
                        socket.toString(),
                        "SSH_ASKPASS",
                        askpass.toString(),
                        "SSH_ASKPASS_REQUIRE",
                        "force",
                        "DISPLAY",
                        ":0"));
        Files.delete(askpass);
    }

    /** {@code ssh-add -l}: what the agent holds, as OpenSSH lists it. */
    String list() throws Exception {
        return run(List.of("ssh-add", "-l"), Map.of("SSH_AUTH_SOCK", socket.toString()));
    }

    /** Runs {@code command} with {@code env} added, stdin empty; its output, or a failure naming the command. */
    static String run(List<String> command, Map<String, String> env) throws Exception {
        return run(command, env, "");
    }

    /** As {@link #run(List, Map)}, with {@code stdin} written to the command's input. */
    static String run(List<String> command, Map<String, String> env, String stdin) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        try (var in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int status = Waits.exit(String.join(" ", command), p);
        if (status != 0) {
            throw new IllegalStateException(String.join(" ", command) + " exited " + status + ": " + out);
        }
        return out;
    }

    @Override
    public void close() throws Exception {
        agent.destroy();
        Waits.stop(agent);
    }

    /** Short limits for the real hosts here: nothing is slow on loopback but the machine's load. */
    static final SshTimeouts TIMEOUTS = new SshTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(60), Waits.DEADLINE);
}
