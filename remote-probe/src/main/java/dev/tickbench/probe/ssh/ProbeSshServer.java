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
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;
import org.apache.sshd.common.compression.BuiltinCompressions;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.auth.pubkey.UserAuthPublicKeyFactory;
import org.apache.sshd.server.forward.RejectAllForwardingFilter;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import picocli.CommandLine;

/**
 * {@code serve --ssh}: an embedded Apache SSHD server for targets with no usable sshd. Public-key
 * authentication only, against one authorized_keys file and one user name ({@link AuthorizedKeys}, with
 * the OpenSSH key options it lists); exec requests run the
 * probe's own commands ({@link Allowlist}); no shell, no subsystem (so no SFTP), no TCP, agent or X11
 * forwarding.
 */
public final class ProbeSshServer implements AutoCloseable {
    static {
        // SSHD logs every session at INFO; a service's stderr should carry only what needs attention
        String level = "org.slf4j.simpleLogger.log.org.apache.sshd";
        if (System.getProperty(level) == null) {
            System.setProperty(level, "warn");
        }
    }

    private final SshServer server;
    private final PublicKey hostKey;

    private ProbeSshServer(SshServer server, PublicKey hostKey) {
        this.server = server;
        this.hostKey = hostKey;
    }

    /**
     * Starts the server. The host key is generated at {@code hostKeyFile} on first start and reused after
     * (its public half is written beside it as {@code <file>.pub}, in OpenSSH format, for known_hosts).
     *
     * @param verbs makes the command line of the probe's verbs that exec requests run (the CLI's own)
     */
    public static ProbeSshServer start(HostPort bind, Path authorizedKeys, Path hostKeyFile, String user,
            MemoryBudget budget, Supplier<CommandLine> verbs) {
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
            throw new UserError("--host-key " + hostKeyFile + ": cannot read or create the host key (" + e.getMessage() + ")", 1);
        }
        if (pairs.isEmpty()) {
            throw new UserError("--host-key " + hostKeyFile + ": no host key could be read or created", 1);
        }
        PublicKey hostKey = pairs.get(0).getPublic();
        writePublicKey(hostKeyFile, hostKey);

        SshServer server = SshServer.setUpDefaultServer();
        server.setHost(bind.resolve("--ssh").getAddress().getHostAddress());
        server.setPort(bind.port());
        server.setKeyPairProvider(keys);
        server.setUserAuthFactories(List.of(UserAuthPublicKeyFactory.INSTANCE));
        server.setPasswordAuthenticator(null);
        server.setKeyboardInteractiveAuthenticator(null);
        server.setGSSAuthenticator(null);
        server.setHostBasedAuthenticator(null);
        server.setPublickeyAuthenticator(new AuthorizedKeys(authorizedKeys, user, Clock.systemUTC()));
        server.setForwardingFilter(RejectAllForwardingFilter.INSTANCE);
        // the stream is repetitive JSON: offer zlib (after authentication, as OpenSSH does) so a slow
        // link carries a fraction of it; the client's preference decides
        server.setCompressionFactories(List.of(BuiltinCompressions.delayedZlib, BuiltinCompressions.zlib,
                BuiltinCompressions.none));
        server.setSubsystemFactories(List.of());
        Semaphore slots = new Semaphore(MemoryBudget.MAX_SSH_COMMANDS);
        server.setShellFactory(channel -> new ProbeCommand(null, budget, slots, verbs));
        server.setCommandFactory((channel, command) -> new ProbeCommand(command, budget, slots, verbs));
        try {
            server.start();
        } catch (IOException e) {
            throw new UserError("--ssh " + bind.host() + ":" + bind.port() + ": cannot listen (" + e.getMessage()
                    + "); pick a free port", 1);
        }
        return new ProbeSshServer(server, hostKey);
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

    @Override
    public void close() throws IOException {
        server.stop(true);
    }
}
