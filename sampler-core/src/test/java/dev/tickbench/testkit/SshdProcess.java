package dev.tickbench.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * OpenSSH's {@code sshd -D -e} with a test's own config, on a free loopback port. sshd cannot bind
 * port 0 and say which it got, so the port is picked first and sshd's own log decides: listening on
 * every address, or the port was taken by another process meanwhile and it is tried on another.
 *
 * @param process the sshd; the test stops it ({@link Waits#stop})
 * @param port    the port it listens on, on every address asked for
 */
public record SshdProcess(Process process, int port) {
    /**
     * Starts {@code sshd} with {@code config} (whose {@code ListenAddress} lines are {@code addresses}),
     * its output in {@code log}, and waits with the suite's deadline until it listens on each address.
     */
    public static SshdProcess start(Path sshd, Path config, Path log, List<String> addresses) throws Exception {
        return Ports.startOnFreePort("sshd", port -> attempt(sshd, config, log, addresses, port));
    }

    private static Optional<SshdProcess> attempt(Path sshd, Path config, Path log, List<String> addresses, int port)
            throws IOException, InterruptedException {
        Process p = new ProcessBuilder(
                        sshd.toString(), "-D", "-e", "-f", config.toString(), "-p", Integer.toString(port))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        // a connection that succeeds proves nothing: it could reach the other process holding the port
        List<String> listening = addresses.stream()
                .map(a -> "Server listening on " + a + " port " + port + ".")
                .toList();
        Waits.until(() -> "sshd to listen on port " + port + ": " + read(log), Duration.ofMillis(50), () -> {
            String text = read(log);
            return listening.stream().allMatch(text::contains)
                    || text.contains("Address already in use")
                    || !p.isAlive();
        });
        String text = read(log);
        if (listening.stream().allMatch(text::contains)) {
            return Optional.of(new SshdProcess(p, port));
        }
        if (text.contains("Address already in use")) {
            Waits.stop(p); // it may listen on the other addresses still
            return Optional.empty();
        }
        throw new IllegalStateException("sshd exited at once: " + text);
    }

    private static String read(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }
}
