package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.RequiresTool;
import dev.tickbench.testkit.Waits;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Duration;
import java.util.List;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ProxyJump through real hops: two real sshd in a network namespace of the test's own, the jump host
 * on the namespace's end of a veth link (reachable from here) and the board on the namespace's
 * loopback (reachable only from inside, so only through the jump host, whose PermitOpen allows
 * just the board). The login is the keys of a real ssh-agent; known_hosts is hashed as Debian and
 * Ubuntu write it, by the real ssh-keygen.
 */
@RequiresTool(value = "sshd", debianPackage = "openssh-server")
@RequiresTool(value = "ssh-agent", debianPackage = "openssh-client")
@RequiresTool(value = "ip", debianPackage = "iproute2")
class JumpChainTest {
    private static final String USER = System.getProperty("user.name");

    @TempDir
    Path tmp;

    private RealAgent agent;
    private Netns netns;
    private OpenSshd jump;
    private OpenSshd board;
    private KeyPair jumpHostKey;
    private KeyPair boardHostKey;
    private PublicKey labKey;
    private int boardPort;
    private Path knownHosts;
    private SshRoute route;
    private final RecordingPrompts prompts = new RecordingPrompts();

    @BeforeEach
    void lab() throws Exception {
        agent = RealAgent.start(tmp.resolve("agent"));
        Path key = RealAgent.newKey(tmp.resolve("id_lab"), "lab passphrase", "lab-key");
        agent.add(key, "lab passphrase");
        Files.delete(key);
        labKey = RealAgent.publicKey(key);
        netns = Netns.create();
        boardPort = OpenSshd.freePort(); // free here: a direct connection finds nothing
        jumpHostKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        boardHostKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        board = new OpenSshd(
                tmp.resolve("board"),
                boardHostKey,
                labKey,
                OpenSshd.JAVA_PATH,
                netns.exec(),
                "127.0.0.1",
                boardPort,
                List.of());
        startJump(labKey);
        knownHosts = tmp.resolve("ssh/known_hosts");
        Files.createDirectories(knownHosts.getParent());
    }

    private void startJump(PublicKey accepted) throws Exception {
        jump = new OpenSshd(
                tmp.resolve("jump"),
                jumpHostKey,
                accepted,
                OpenSshd.JAVA_PATH,
                netns.exec(),
                netns.inside,
                22,
                List.of("PermitOpen 127.0.0.1:" + boardPort));
    }

    @AfterEach
    void teardown() throws Exception {
        if (route != null) {
            route.close();
        }
        for (AutoCloseable c : new AutoCloseable[] {jump, board, netns, agent}) {
            if (c != null) {
                c.close();
            }
        }
    }

    private SshTarget jumpHost() {
        return new SshTarget(
                netns.inside,
                netns.inside,
                22,
                USER,
                List.of(),
                LoginMethod.AGENT,
                false,
                agent.socket.toString(),
                null,
                List.of());
    }

    private SshTarget board(int port) {
        return new SshTarget(
                "board",
                "127.0.0.1",
                port,
                USER,
                List.of(),
                LoginMethod.AGENT,
                false,
                agent.socket.toString(),
                null,
                List.of(jumpHost()));
    }

    private ClientSession open(SshTarget t) throws ConnectFailure {
        if (route != null) {
            route.close();
        }
        route = new SshRoute(t, knownHosts, prompts, RealAgent.TIMEOUTS);
        return route.open();
    }

    @Test
    void throughTheJumpHostFromSshConfigToABoardOnlyItReaches() throws Exception {
        // the board is not reachable from here: its address is the namespace's own loopback
        ConnectFailure direct =
                assertThrows(ConnectFailure.class, () -> open(board(boardPort).via(List.of())));
        assertTrue(
                direct.getMessage().startsWith("Cannot reach board (127.0.0.1:" + boardPort + "): connection refused"),
                direct.getMessage());
        prompts.hostKeyQuestions.clear();

        // the jump host known, hashed by the real ssh-keygen -H as Debian's HashKnownHosts yes writes it
        Files.writeString(knownHosts, netns.inside + " " + PublicKeyEntry.toString(jumpHostKey.getPublic()) + "\n");
        Process hash = new ProcessBuilder("ssh-keygen", "-H", "-f", knownHosts.toString())
                .redirectErrorStream(true)
                .start();
        hash.getInputStream().readAllBytes();
        assertEquals(0, Waits.exit("ssh-keygen -H", hash));
        assertTrue(Files.readString(knownHosts).startsWith("|1|"), Files.readString(knownHosts));

        Path sshDir = Files.createDirectories(tmp.resolve("dotssh"));
        Files.writeString(
                sshDir.resolve("config"),
                String.join(
                        "\n",
                        "Host board",
                        "  HostName 127.0.0.1",
                        "  Port " + boardPort,
                        "  ProxyJump lab",
                        "Host lab",
                        "  HostName " + netns.inside,
                        "Host *",
                        "  IdentityAgent " + agent.socket,
                        ""));
        SshTarget fromConfig =
                SshTarget.resolve("board", null, null, null, null, LoginMethod.AGENT, sshDir.resolve("config"), sshDir);
        ClientSession s = open(fromConfig);
        String seen = SshLink.run(s, "echo $SSH_CONNECTION").out().strip();
        s.close(true);
        // the board saw a client on its own loopback: the jump host's sshd, inside the namespace
        assertTrue(seen.startsWith("127.0.0.1 ") && seen.endsWith(" 127.0.0.1 " + boardPort), seen);
        assertEquals(
                1, prompts.hostKeyQuestions.size(), "the hashed jump host entry is known: " + prompts.hostKeyQuestions);
        assertEquals(
                "board (127.0.0.1:" + boardPort + ")",
                prompts.hostKeyQuestions.get(0).host());
        assertEquals(
                HostKeyCheck.sha256(boardHostKey.getPublic()),
                prompts.hostKeyQuestions.get(0).sha256Fingerprint());
        List<String> lines = Files.readAllLines(knownHosts);
        assertEquals(2, lines.size());
        assertTrue(
                lines.stream().allMatch(l -> l.startsWith("|1|")), "the board's line hashed like the rest: " + lines);
        assertTrue(Files.readString(board.log).contains("Accepted publickey for " + USER + " from 127.0.0.1"));

        // connected again: both keys known, nothing asked
        prompts.hostKeyQuestions.clear();
        open(fromConfig).close(true);
        assertEquals(List.of(), prompts.hostKeyQuestions);
    }

    @Test
    void anUnknownJumpHostKeyIsAskedFirstAndRejectingItEndsThere() throws Exception {
        prompts.decision = HostKeyDecision.REJECT;
        ConnectFailure f = assertThrows(ConnectFailure.class, () -> open(board(boardPort)));
        assertEquals(1, prompts.hostKeyQuestions.size());
        assertEquals(
                "jump host " + netns.inside + ":22",
                prompts.hostKeyQuestions.get(0).host());
        assertTrue(
                f.getMessage()
                        .startsWith("You rejected the host key of jump host " + netns.inside + ":22 (ssh-ed25519 "
                                + HostKeyCheck.sha256(jumpHostKey.getPublic()) + "); not connected."),
                f.getMessage());
        assertTrue(!Files.exists(knownHosts) || Files.readString(knownHosts).isEmpty());
        assertTrue(!Files.readString(board.log).contains("Connection from"), "nothing reached the board");
    }

    @Test
    void aChangedJumpHostKeyIsRefusedWithoutAsking() throws Exception {
        Files.writeString(
                knownHosts,
                netns.inside + " "
                        + PublicKeyEntry.toString(
                                KeyUtils.generateKeyPair("ssh-ed25519", 256).getPublic()) + "\n");
        ConnectFailure f = assertThrows(ConnectFailure.class, () -> open(board(boardPort)));
        assertTrue(
                f.getMessage().startsWith("WARNING: the host key of jump host " + netns.inside + ":22 has CHANGED"),
                f.getMessage());
        assertTrue(f.getMessage().endsWith("ssh-keygen -R " + netns.inside), f.getMessage());
        assertEquals(List.of(), prompts.hostKeyQuestions);
    }

    @Test
    void theJumpHostRefusingTheKeySaysSo() throws Exception {
        jump.close();
        startJump(KeyUtils.generateKeyPair("ssh-ed25519", 256).getPublic());
        ConnectFailure f = assertThrows(ConnectFailure.class, () -> open(board(boardPort)));
        assertEquals(
                "The jump host " + netns.inside + ":22 refused " + USER + ": the jump host refused the key of the"
                        + " agent (it offered ssh-ed25519 lab-key); no key file was offered. Is the public key in ~"
                        + USER
                        + "/.ssh/authorized_keys there?",
                f.getMessage());
        assertEquals(1, prompts.hostKeyQuestions.size(), "only the jump host was met");
    }

    @Test
    void aPortTheJumpHostMayNotOpenIsNamed() throws Exception {
        int other = boardPort == 65535 ? boardPort - 1 : boardPort + 1;
        ConnectFailure f = assertThrows(ConnectFailure.class, () -> open(board(other)));
        assertTrue(
                f.getMessage()
                        .startsWith("jump host " + netns.inside + ":22 could not open a connection to board"
                                + " (127.0.0.1:" + other + "): "),
                f.getMessage());
        assertTrue(
                f.getMessage()
                        .endsWith("Can the jump host reach it (its sshd's AllowTcpForwarding and PermitOpen"
                                + " allow it)?"),
                f.getMessage());
    }

    /** The tunnel's loopback end lets through only the session it was made for; another program gets nothing. */
    @Test
    void anotherProgramConnectingToTheTunnelIsClosedUnread() throws Exception {
        ClientSession viaJump = open(jumpHost());
        try (JumpTunnel tunnel = JumpTunnel.open(viaJump, "127.0.0.1", boardPort, Duration.ofSeconds(30));
                Socket stranger = new Socket();
                Socket ours = new Socket()) {
            stranger.connect(tunnel.address());
            ours.connect(tunnel.address());
            tunnel.admit(ours.getLocalSocketAddress(), Duration.ofSeconds(30));
            assertEquals(1, tunnel.strangers());
            assertEquals(-1, stranger.getInputStream().read(), "closed without a byte of the board's");
            InputStream in = ours.getInputStream();
            byte[] banner = new byte[8];
            int n = 0;
            while (n < banner.length) {
                int r = in.read(banner, n, banner.length - n);
                assertTrue(r > 0, "the board's banner");
                n += r;
            }
            assertEquals(
                    "SSH-2.0-", new String(banner, StandardCharsets.US_ASCII), "the board speaks through the tunnel");
            try (Socket late = new Socket()) {
                assertThrows(
                        java.io.IOException.class,
                        () -> late.connect(tunnel.address(), 2_000),
                        "the listener is gone once the session's connection came");
            }
        } finally {
            viaJump.close(true);
        }
        assertTrue(new InetSocketAddress(netns.inside, 22).getAddress() != null);
    }
}
