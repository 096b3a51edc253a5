package dev.tickbench.probe.ssh;

import dev.tickbench.probe.budget.MemoryBudget;
import dev.tickbench.probe.common.HostPort;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.sshd.common.compression.BuiltinCompressions;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.core.CoreModuleProperties;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.auth.pubkey.UserAuthPublicKeyFactory;
import org.apache.sshd.server.forward.RejectAllForwardingFilter;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import picocli.CommandLine;

/**
 * {@code serve --ssh}: an embedded Apache SSHD server for targets with no usable sshd. Public-key
 * authentication only, against one authorized_keys file and one user name ({@link AuthorizedKeys}, with
 * the OpenSSH key options it lists); exec requests run the
 * probe's own commands ({@link Allowlist}); no shell, no pty, no subsystem (so no SFTP), no TCP, agent or
 * X11 forwarding. Before authentication a connection holds little and not for long ({@link PreAuthGate});
 * after it, sessions are shared by key and closed when idle ({@link SessionSlots}), and so are command
 * slots ({@link CommandSlots}); a connection's channels are few and hold little ({@link ProbeChannelSession}).
 * The algorithms are OpenSSH's defaults without SHA-1 (SECURITY.md).
 */
public final class ProbeSshServer implements AutoCloseable {
    static {
        // SSHD logs every session at INFO; a service's stderr should carry only what needs attention
        String level = "org.slf4j.simpleLogger.log.org.apache.sshd";
        if (System.getProperty(level) == null) {
            System.setProperty(level, "warn");
        }
    }

    /** Public-key attempts per connection (OpenSSH's MaxAuthTries). */
    static final int MAX_AUTH_TRIES = 6;
    /** SSHD's read buffer of every connection, fixed for its life: small, since clients send little. */
    static final int READ_BUFFER_BYTES = 8 << 10;
    /** SSHD's I/O threads: a fixed few, not one per CPU of the node (a 64-CPU node's RSS grew with them). */
    static final int IO_THREADS = 3;
    /** SO_SNDBUF of every connection (the kernel doubles it), as for HTTP: a stalled client holds little. */
    static final int SEND_BUFFER_BYTES = 64 << 10;
    /** OpenSSH 8.8+ refuses SHA-1 RSA signatures ({@code ssh-rsa}); so do we, for host and user keys. */
    static final Set<String> REFUSED_SIGNATURES = Set.of("ssh-rsa", "ssh-rsa-cert-v01@openssh.com", "ssh-dss");
    /** SHA-1 MACs: OpenSSH still offers them last; every client that speaks SHA-2 needs none. */
    static final Set<String> REFUSED_MACS =
            Set.of("hmac-sha1", "hmac-sha1-etm@openssh.com", "hmac-sha1-96", "hmac-md5");

    private final SshServer server;
    private final PublicKey hostKey;
    private final PreAuthGate gate;
    private final SessionSlots sessions;

    private ProbeSshServer(SshServer server, PublicKey hostKey, PreAuthGate gate, SessionSlots sessions) {
        this.server = server;
        this.hostKey = hostKey;
        this.gate = gate;
        this.sessions = sessions;
    }

    /**
     * Starts the server. The host key is generated at {@code hostKeyFile} on first start and reused after
     * (its public half is written beside it as {@code <file>.pub}, in OpenSSH format, for known_hosts).
     *
     * @param verbs makes the command line of the probe's verbs that exec requests run (the CLI's own)
     */
    public static ProbeSshServer start(
            HostPort bind,
            Path authorizedKeys,
            Path hostKeyFile,
            String user,
            MemoryBudget budget,
            Supplier<CommandLine> verbs) {
        if (!Files.isReadable(authorizedKeys)) {
            throw new UserError("--authorized-keys " + authorizedKeys + ": cannot read the file", 2);
        }
        Path parent = hostKeyFile.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new UserError("--host-key " + hostKeyFile + ": directory " + parent + " does not exist", 2);
        }
        SimpleGeneratorHostKeyProvider keys = new SimpleGeneratorHostKeyProvider(hostKeyFile);
        keys.setAlgorithm(KeyUtils.EC_ALGORITHM);
        keys.setKeySize(256);
        List<KeyPair> pairs;
        try {
            pairs = keys.loadKeys(null);
        } catch (RuntimeException e) {
            throw new UserError(
                    "--host-key " + hostKeyFile + ": cannot read or create the host key (" + e.getMessage() + ")", 1);
        }
        if (pairs.isEmpty()) {
            throw new UserError("--host-key " + hostKeyFile + ": no host key could be read or created", 1);
        }
        PublicKey hostKey = pairs.get(0).getPublic();
        writePublicKey(hostKeyFile, hostKey);

        SshServer server = SshServer.setUpDefaultServer();
        PreAuthGate gate = new PreAuthGate();
        server.setIoServiceFactoryFactory(gate.ioFactory());
        server.setSessionFactory(gate.sessionFactory(server));
        server.addSessionListener(gate);
        CoreModuleProperties.AUTH_TIMEOUT.set(server, Duration.ofSeconds(PreAuthGate.LOGIN_GRACE_S));
        CoreModuleProperties.NIO2_READ_BUFFER_SIZE.set(server, READ_BUFFER_BYTES);
        CoreModuleProperties.SOCKET_SNDBUF.set(server, SEND_BUFFER_BYTES);
        CoreModuleProperties.NIO_WORKERS.set(server, IO_THREADS);
        CoreModuleProperties.WINDOW_SIZE.set(server, (long) ProbeChannelSession.WINDOW_BYTES);
        CoreModuleProperties.MAX_PACKET_SIZE.set(server, (long) ProbeChannelSession.WINDOW_BYTES);
        CoreModuleProperties.MAX_AUTH_REQUESTS.set(server, MAX_AUTH_TRIES);
        server.setHost(bind.resolve("--ssh").getAddress().getHostAddress());
        server.setPort(bind.port());
        server.setKeyPairProvider(keys);
        server.setSignatureFactories(server.getSignatureFactories().stream()
                .filter(f -> !REFUSED_SIGNATURES.contains(f.getName()))
                .toList());
        server.setMacFactories(server.getMacFactories().stream()
                .filter(f -> !REFUSED_MACS.contains(f.getName()))
                .toList());
        server.setUserAuthFactories(List.of(UserAuthPublicKeyFactory.INSTANCE));
        server.setPasswordAuthenticator(null);
        server.setKeyboardInteractiveAuthenticator(null);
        server.setGSSAuthenticator(null);
        server.setHostBasedAuthenticator(null);
        AuthorizedKeys authorized = new AuthorizedKeys(authorizedKeys, user, Clock.systemUTC());
        server.setPublickeyAuthenticator(authorized);
        SessionSlots sessions = new SessionSlots(authorized::distinctKeys);
        server.addSessionListener(sessions);
        server.setForwardingFilter(RejectAllForwardingFilter.INSTANCE);
        ClientAlive.install(server);
        server.setChannelFactories(List.of(ProbeChannelSession.FACTORY));
        // the stream is repetitive JSON: offer zlib after authentication only (zlib@openssh.com, as OpenSSH
        // does: before it, a client's compressed packets would be inflated for anyone), so a slow link
        // carries a fraction of it; the client's preference decides
        server.setCompressionFactories(List.of(BuiltinCompressions.delayedZlib, BuiltinCompressions.none));
        server.setSubsystemFactories(List.of());
        CommandSlots slots = new CommandSlots(MemoryBudget.MAX_SSH_COMMANDS, authorized::distinctKeys);
        server.setShellFactory(channel -> new ProbeCommand(null, budget, slots, sessions, verbs));
        server.setCommandFactory((channel, command) -> new ProbeCommand(command, budget, slots, sessions, verbs));
        try {
            server.start();
        } catch (IOException e) {
            sessions.close();
            throw new UserError(
                    "--ssh " + bind.host() + ":" + bind.port() + ": cannot listen (" + e.getMessage()
                            + "); pick a free port",
                    1);
        }
        return new ProbeSshServer(server, hostKey, gate, sessions);
    }

    private static void writePublicKey(Path hostKeyFile, PublicKey key) {
        Path pub = hostKeyFile.resolveSibling(hostKeyFile.getFileName() + ".pub");
        try {
            Files.writeString(pub, PublicKeyEntry.toString(key) + "\n", StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UserError("--host-key: cannot write " + pub + " (" + e.getMessage() + ")", 1);
        }
    }

    /** The port really bound (useful with port 0). */
    public int port() {
        return server.getPort();
    }

    public PublicKey hostKey() {
        return hostKey;
    }

    /** SHA256 fingerprint of the host key, as ssh prints it. */
    public String fingerprint() {
        return KeyUtils.getFingerPrint(hostKey);
    }

    /** Connections not authenticated yet. */
    public int unauthenticatedConnections() {
        return gate.pendingCount();
    }

    /** Connections refused or pushed out before authentication, since the start. */
    public long refusedConnections() {
        return gate.refused() + gate.evicted();
    }

    @Override
    public void close() throws IOException {
        try {
            server.stop(true);
        } finally {
            sessions.close();
        }
    }
}
