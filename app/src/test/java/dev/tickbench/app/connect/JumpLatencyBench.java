package dev.tickbench.app.connect;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;

/**
 * Benchmark, not a test: what a jump host adds to a connect. Real OpenSSH sshd everywhere and the keys of a
 * real ssh-agent: a board reached directly on loopback beside the same board's key on an sshd inside a
 * network namespace, reached only through a jump host's sshd there ({@link JumpChainTest}'s lab). Each
 * round makes a new route, as a connect from the window does, logs in on every hop, runs {@code true} on
 * the board and closes; direct and through the jump host alternate so both see the same load. Prints
 * min / median / p90 wall milliseconds of each, the difference of the medians and their ratio (side by
 * side, so the ratio moves less with the load than the times do). As root (network
 * namespaces). Run by app/bench/ssh-jump-latency.sh, or:
 * <pre>java -cp "$(cat app/target/bench.cp):app/target/classes:app/target/test-classes" dev.tickbench.app.connect.JumpLatencyBench [rounds]</pre>
 */
public final class JumpLatencyBench {
    private static final int WARM_UP = 3;

    private JumpLatencyBench() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        String user = System.getProperty("user.name");
        Path tmp = Files.createTempDirectory("tickbench-jump-bench");
        try (RealAgent agent = RealAgent.start(tmp.resolve("agent"));
                Netns ns = Netns.create()) {
            Path key = RealAgent.newKey(tmp.resolve("id"), "bench passphrase", "bench");
            agent.add(key, "bench passphrase");
            KeyPair jumpKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
            KeyPair boardKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
            int port = OpenSshd.freePort();
            try (OpenSshd board = new OpenSshd(
                            tmp.resolve("board"),
                            boardKey,
                            RealAgent.publicKey(key),
                            OpenSshd.JAVA_PATH,
                            ns.exec(),
                            "127.0.0.1",
                            port,
                            List.of());
                    OpenSshd jump = new OpenSshd(
                            tmp.resolve("jump"),
                            jumpKey,
                            RealAgent.publicKey(key),
                            OpenSshd.JAVA_PATH,
                            ns.exec(),
                            ns.inside,
                            22,
                            List.of());
                    OpenSshd direct = new OpenSshd(tmp.resolve("direct"), boardKey, RealAgent.publicKey(key))) {
                Path knownHosts = tmp.resolve("known_hosts");
                String boardEntry = " " + PublicKeyEntry.toString(boardKey.getPublic()) + "\n";
                Files.writeString(
                        knownHosts,
                        ns.inside + " " + PublicKeyEntry.toString(jumpKey.getPublic()) + "\n"
                                + KnownHostsFile.hostPattern("127.0.0.1", port) + boardEntry
                                + KnownHostsFile.hostPattern("127.0.0.1", direct.port) + boardEntry);
                String socket = agent.socket.toString();
                SshTarget hop = new SshTarget(
                        ns.inside, ns.inside, 22, user, List.of(), LoginMethod.AGENT, false, socket, null, List.of());
                SshTarget viaJump = new SshTarget(
                        "board",
                        "127.0.0.1",
                        port,
                        user,
                        List.of(),
                        LoginMethod.AGENT,
                        false,
                        socket,
                        null,
                        List.of(hop));
                SshTarget straight = new SshTarget(
                        "board",
                        "127.0.0.1",
                        direct.port,
                        user,
                        List.of(),
                        LoginMethod.AGENT,
                        false,
                        socket,
                        null,
                        List.of());
                List<Double> straightMs = new ArrayList<>();
                List<Double> jumpMs = new ArrayList<>();
                for (int i = 0; i < WARM_UP + rounds; i++) {
                    double a = connectMs(straight, knownHosts);
                    double b = connectMs(viaJump, knownHosts);
                    if (i >= WARM_UP) {
                        straightMs.add(a);
                        jumpMs.add(b);
                    }
                }
                print("direct", straightMs);
                print("through one jump host", jumpMs);
                double straightMedian = quantile(straightMs, 0.5);
                double jumpMedian = quantile(jumpMs, 0.5);
                System.out.printf(
                        Locale.ROOT,
                        "the jump host adds %.1f ms to the median connect: %.2fx (%d rounds after %d warm-up)%n",
                        jumpMedian - straightMedian,
                        jumpMedian / straightMedian,
                        rounds,
                        WARM_UP);
            }
        } finally {
            try (var files = Files.walk(tmp)) {
                files.sorted(java.util.Comparator.reverseOrder())
                        .forEach(p -> p.toFile().delete());
            }
        }
    }

    /** A new route's connect, login on every hop, {@code true} run on the board, in wall milliseconds. */
    private static double connectMs(SshTarget target, Path knownHosts) throws Exception {
        long start = System.nanoTime();
        try (SshRoute route = new SshRoute(target, knownHosts, new RecordingPrompts(), RealAgent.TIMEOUTS);
                ClientSession session = route.open()) {
            SshLink.Result r = SshLink.run(session, "true");
            if (r.exitStatus() == null || r.exitStatus() != 0) {
                throw new IllegalStateException("`true` on the board: " + r);
            }
        }
        return (System.nanoTime() - start) / 1e6;
    }

    private static void print(String what, List<Double> ms) {
        System.out.printf(
                Locale.ROOT,
                "%-22s min %6.1f  median %6.1f  p90 %6.1f ms%n",
                what,
                quantile(ms, 0),
                quantile(ms, 0.5),
                quantile(ms, 0.9));
    }

    private static double quantile(List<Double> values, double q) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get((int) Math.min(sorted.size() - 1, Math.round(q * (sorted.size() - 1))));
    }
}
