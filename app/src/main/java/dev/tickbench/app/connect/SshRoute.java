package dev.tickbench.app.connect;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.agent.SshAgent;
import org.apache.sshd.agent.SshAgentFactory;
import org.apache.sshd.agent.SshAgentServer;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.future.AuthFuture;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.FactoryManager;
import org.apache.sshd.common.channel.ChannelFactory;
import org.apache.sshd.common.session.ConnectionService;
import org.apache.sshd.common.session.Session;

/**
 * The way to one target: its jump hosts, first hop first, then the target, each an SSH session of
 * its own inside the previous one's {@code direct-tcpip} channel ({@link JumpTunnel}), each host key
 * checked against known_hosts under the host's own name ({@link HostKeyCheck}, one per host), each
 * login its own ({@link HopLogin}). An unknown key of any host ends the attempt; the user is asked
 * with nothing open, and the whole way is connected again. One route per connection, reused by its
 * reconnects; the key files it read stay read for them, passwords never do.
 */
final class SshRoute implements AutoCloseable {
    /** Questions about unknown host keys one host may be asked on one {@link #open}. */
    static final int HOST_KEY_ROUNDS = 3;

    private static final AttributeRepository.AttributeKey<Integer> HOP = new AttributeRepository.AttributeKey<>();

    private final SshTarget target;
    private final List<SshTarget> hosts;
    private final List<HostKeyCheck> checks = new ArrayList<>();
    private final ConnectPrompts prompts;
    private final SshTimeouts timeouts;
    private final KeyFiles keyFiles = new KeyFiles();
    private final SshClient client;

    SshRoute(SshTarget target, Path knownHosts, ConnectPrompts prompts, SshTimeouts timeouts) {
        this(target, knownHosts, HostKeyCheck.SYSTEM, prompts, timeouts);
    }

    /** A route checking host keys against {@code knownHosts} and, read only, {@code systemKnownHosts}. */
    SshRoute(
            SshTarget target,
            Path knownHosts,
            List<Path> systemKnownHosts,
            ConnectPrompts prompts,
            SshTimeouts timeouts) {
        this.target = target;
        this.prompts = prompts;
        this.timeouts = timeouts;
        hosts = new ArrayList<>(target.jumps());
        hosts.add(target);
        for (int i = 0; i < hosts.size(); i++) {
            checks.add(new HostKeyCheck(
                    knownHosts, systemKnownHosts, hosts.get(i), i == hosts.size() - 1 ? null : "jump host"));
        }
        client = SshLink.newClient(
                (session, address, key) -> {
                    Integer hop = session.getConnectionContext() == null
                            ? null
                            : session.getConnectionContext().getAttribute(HOP);
                    return hop != null && checks.get(hop).verifier().verifyServerKey(session, address, key);
                },
                new Agents());
    }

    /** Why a host key accepted on this route is not in known_hosts (any host's, named), or null. */
    String saveProblem() {
        List<String> problems = new ArrayList<>();
        for (HostKeyCheck c : checks) {
            if (c.saveProblem() != null) {
                problems.add(checks.size() == 1 ? c.saveProblem() : c.where() + ": " + c.saveProblem());
            }
        }
        return problems.isEmpty() ? null : String.join("; ", problems);
    }

    /**
     * Connects the whole way, asking about unknown host keys between attempts (at most
     * {@value #HOST_KEY_ROUNDS} questions about one host), and returns the target's authenticated session;
     * closing it closes the jump hosts' sessions.
     */
    ClientSession open() throws ConnectFailure {
        List<KeyPair> preloaded = target.login() == LoginMethod.KEY_FILE
                ? keyFiles.loadAll(target.keyFiles(), prompts, target.title())
                : null;
        int[] asked = new int[checks.size()];
        while (true) {
            checks.forEach(HostKeyCheck::beginAttempt);
            List<AutoCloseable> opened = new ArrayList<>();
            try {
                return connectAll(preloaded, opened);
            } catch (ConnectFailure f) {
                for (int i = opened.size() - 1; i >= 0; i--) {
                    SshLink.closeQuietly(opened.get(i));
                }
                int hop = 0;
                while (hop < checks.size() && checks.get(hop).unknownKey() == null) {
                    hop++;
                }
                if (hop == checks.size()) {
                    throw f;
                }
                HostKeyCheck asking = checks.get(hop);
                if (++asked[hop] > HOST_KEY_ROUNDS) {
                    throw new ConnectFailure(
                            asking.where() + " showed a different unknown host key on each of " + asked[hop]
                                    + " connections; not connected. Ask its administrator which key it has.",
                            true);
                }
                asking.ask(asking.unknownKey(), prompts, timeouts.hostKeyAnswer());
            }
        }
    }

    private ClientSession connectAll(List<KeyPair> preloaded, List<AutoCloseable> opened) throws ConnectFailure {
        ClientSession previous = null;
        for (int i = 0; i < hosts.size(); i++) {
            SshTarget hop = hosts.get(i);
            HostKeyCheck check = checks.get(i);
            boolean last = i == hosts.size() - 1;
            Duration connectLimit = hop.connectTimeout() != null ? hop.connectTimeout() : timeouts.connect();
            AttributeRepository context = AttributeRepository.ofKeyValuePair(HOP, i);
            ClientSession session;
            if (previous == null) {
                session = connect(hop, hop.hostName(), hop.port(), context, connectLimit, check);
            } else {
                JumpTunnel tunnel;
                try {
                    tunnel = JumpTunnel.open(previous, hop.hostName(), hop.port(), connectLimit);
                } catch (IOException | RuntimeException e) {
                    throw new ConnectFailure(
                            checks.get(i - 1).where() + " could not open a connection to " + hop.where()
                                    + ": " + SshLink.reason(e)
                                    + ". Can the jump host reach it (its sshd's AllowTcpForwarding and"
                                    + " PermitOpen allow it)?",
                            false,
                            e);
                }
                opened.add(tunnel);
                try {
                    session = connect(hop, "127.0.0.1", tunnel.address().getPort(), context, connectLimit, check);
                    opened.add(session);
                    SocketAddress local = session.getIoSession().getLocalAddress();
                    tunnel.admit(local, connectLimit);
                } catch (IOException e) {
                    throw new ConnectFailure(
                            "Cannot set up the way through " + checks.get(i - 1).where() + " to " + hop.where() + ": "
                                    + SshLink.reason(e) + ".",
                            false,
                            e);
                }
                ClientSession jump = previous;
                session.addCloseFutureListener(f -> {
                    tunnel.close();
                    jump.close(true);
                });
                jump.addCloseFutureListener(f -> session.close(true));
            }
            if (!opened.contains(session)) {
                opened.add(session);
            }
            HopLogin login = new HopLogin(
                    hop,
                    last ? null : "jump host",
                    prompts,
                    keyFiles,
                    last ? preloaded : null,
                    () -> AgentTransport.locate(hop.identityAgent(), System.getenv(), AgentTransport.windows()));
            login.applyTo(session);
            authenticate(session, hop, check, login);
            previous = session;
        }
        return previous;
    }

    private ClientSession connect(
            SshTarget hop, String host, int port, AttributeRepository context, Duration limit, HostKeyCheck check)
            throws ConnectFailure {
        try {
            return client.connect(hop.user(), host, port, context, null)
                    .verify(limit)
                    .getSession();
        } catch (IOException e) {
            String why = SshLink.reason(e);
            String what = check.where();
            // a refused or timed-out link may come back (a reboot): retried once connected; an unknown name will not
            throw new ConnectFailure(
                    "Cannot reach " + what + ": " + why + ". Check the host name and port, and that sshd"
                            + " runs there.",
                    why.startsWith("unknown host"),
                    e);
        }
    }

    /**
     * Authenticates within the login limit, leaving out the time the user spends on a passphrase or
     * password question, which may stay up for the host-key question's limit (5 min) and is then
     * taken away with the session ({@link HopLogin}). The host's own LoginGraceTime (2 minutes by
     * default) still runs; a host that gave up is seen once the question is answered, as with ssh.
     */
    private void authenticate(ClientSession session, SshTarget hop, HostKeyCheck check, HopLogin login)
            throws ConnectFailure {
        try {
            AuthFuture auth = session.auth();
            long start = System.nanoTime();
            while (!auth.await(100, TimeUnit.MILLISECONDS)) {
                if (login.openPromptNanos() > timeouts.hostKeyAnswer().toNanos()) {
                    SshLink.closeQuietly(session); // takes the question away
                    throw new ConnectFailure(
                            "No answer to the login question of " + login.where() + " within "
                                    + HostKeyCheck.words(timeouts.hostKeyAnswer())
                                    + ": the question was closed and it is not"
                                    + " connected. Connect again to be asked again.",
                            true);
                }
                if (System.nanoTime() - start - login.promptNanos()
                        > timeouts.auth().toNanos()) {
                    throw new IOException(new java.util.concurrent.TimeoutException("login timeout"));
                }
            }
            auth.verify(Duration.ofSeconds(1));
        } catch (IOException e) {
            SshLink.closeQuietly(session);
            throw SshLink.handshakeFailure(hop, check, login, timeouts, e);
        }
    }

    @Override
    public void close() {
        client.stop();
    }

    /** The client's agent factory: each session's own login says whether and which agent. */
    private static final class Agents implements SshAgentFactory {
        @Override
        public List<ChannelFactory> getChannelForwardingFactories(FactoryManager manager) {
            return List.of(); // no agent forwarding: the boards never see the laptop's agent
        }

        @Override
        public SshAgent createClient(Session session, FactoryManager manager) {
            HopLogin login = session.getAttribute(HopLogin.KEY);
            return login == null ? null : login.agent();
        }

        @Override
        public SshAgentServer createServer(ConnectionService service) {
            return null;
        }
    }
}
