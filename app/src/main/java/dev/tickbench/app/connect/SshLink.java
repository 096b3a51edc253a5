package dev.tickbench.app.connect;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.NamedResource;
import org.apache.sshd.common.SshConstants;
import org.apache.sshd.common.SshException;
import org.apache.sshd.common.compression.BuiltinCompressions;
import org.apache.sshd.common.compression.Compression;
import org.apache.sshd.common.kex.KexProposalOption;
import org.apache.sshd.common.config.keys.FilePasswordProvider;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;
import org.apache.sshd.common.util.security.SecurityUtils;
import org.apache.sshd.core.CoreModuleProperties;

/** Opens an authenticated SSH session (public key only) and runs short remote commands. */
final class SshLink {
    /** Wrong passphrases the user may type before the key is given up. */
    static final int PASSPHRASE_ATTEMPTS = 3;

    /**
     * Compression the client asks for, best first: the stream is repetitive JSON text, so zlib takes
     * most of it off a slow link (a router's uplink, a VPN). {@code zlib@openssh.com} starts after
     * authentication (OpenSSH's default); plain {@code zlib} and {@code none} keep old servers working.
     */
    static final List<NamedFactory<Compression>> COMPRESSION =
            List.of(BuiltinCompressions.delayedZlib, BuiltinCompressions.zlib, BuiltinCompressions.none);

    private SshLink() {}

    /** The compression negotiated for what the host sends ({@code none} when the server offers none). */
    static String compression(ClientSession session) {
        return session.getNegotiatedKexParameter(KexProposalOption.S2CCOMP);
    }

    /** A client that verifies host keys with {@code check} and reads no config or keys on its own. */
    static SshClient newClient(HostKeyCheck check) {
        SshClient client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier(check.verifier());
        // ~/.ssh/config is applied once, visibly, by SshTarget.resolve; keys are given per session
        client.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY);
        client.setKeyIdentityProvider(KeyIdentityProvider.EMPTY_KEYS_PROVIDER);
        client.setCompressionFactories(COMPRESSION);
        CoreModuleProperties.HEARTBEAT_INTERVAL.set(client, SshTimeouts.HEARTBEAT);
        CoreModuleProperties.HEARTBEAT_NO_REPLY_MAX.set(client, 3);
        client.start();
        return client;
    }

    /**
     * Connects, verifies the host key and authenticates, each attempt with fresh {@code timeouts}.
     * An unknown host key ends the attempt; the user is asked with no session open
     * ({@link HostKeyCheck#ask}) and, once the key is accepted, the attempt is made again. A host showing a new unknown key on every attempt is given up after
     * {@value #HOST_KEY_ROUNDS} questions.
     */
    static ClientSession open(SshClient client, SshTarget target, HostKeyCheck check, List<KeyPair> keys,
            SshTimeouts timeouts, ConnectPrompts prompts) throws ConnectFailure {
        for (int round = 1; ; round++) {
            check.beginAttempt();
            ClientSession session = connect(client, target, timeouts);
            try {
                keys.forEach(session::addPublicKeyIdentity);
                session.auth().verify(timeouts.auth());
                return session;
            } catch (IOException e) {
                closeQuietly(session);
                HostKeyCheck.Unknown unknown = check.unknownKey();
                if (unknown == null) {
                    throw handshakeFailure(target, check, timeouts, e);
                }
                if (round > HOST_KEY_ROUNDS) {
                    throw new ConnectFailure(check.where() + " showed a different unknown host key on each of "
                            + round + " connections; not connected. Ask its administrator which key it has.", true);
                }
                check.ask(unknown, prompts, timeouts.hostKeyAnswer());
            }
        }
    }

    /** Questions about unknown host keys one {@link #open} may ask. */
    static final int HOST_KEY_ROUNDS = 3;

    private static ClientSession connect(SshClient client, SshTarget target, SshTimeouts timeouts) throws ConnectFailure {
        try {
            return client.connect(target.user(), target.hostName(), target.port())
                    .verify(timeouts.connect()).getSession();
        } catch (IOException e) {
            String why = reason(e);
            // a refused or timed-out link may come back (a reboot): retried once connected; an unknown name will not
            throw new ConnectFailure("Cannot reach " + target.hostName() + ":" + target.port() + ": " + why
                    + ". Check the host name and port, and that sshd runs there.", why.startsWith("unknown host"), e);
        }
    }

    /**
     * What stopped an attempt after the TCP link was up, named by what it was: a changed host key, the
     * server refusing every key, no handshake or no answer to authentication in time, or the link
     * failing. Only the server's refusal is about authorized_keys.
     */
    private static ConnectFailure handshakeFailure(SshTarget target, HostKeyCheck check, SshTimeouts timeouts,
            IOException e) {
        String at = target.hostName() + ":" + target.port();
        if (check.refusal() != null) {
            return new ConnectFailure(check.refusal(), true, e);
        }
        if (refusedAllKeys(e)) {
            return new ConnectFailure("Authentication refused as " + target.user() + " on " + at + ": the server"
                    + " accepted none of " + keyNames(target) + ". Is the public key in ~" + target.user()
                    + "/.ssh/authorized_keys there?", true, e);
        }
        String why = reason(e);
        if (why.equals("timed out")) {
            return new ConnectFailure(check.verified()
                    ? at + " did not finish authenticating " + target.user() + " within " + HostKeyCheck.words(timeouts.auth())
                            + " (its host key was verified): the host is slow or overloaded, or its sshd waits on a"
                            + " DNS lookup (UseDNS)."
                    : "No SSH handshake with " + at + " within " + HostKeyCheck.words(timeouts.auth())
                            + " (no host key received): the host is slow or overloaded, or what listens on port "
                            + target.port() + " is not an SSH server.", false, e);
        }
        return new ConnectFailure("The SSH handshake with " + at + " failed"
                + (check.verified() ? " after its host key was verified" : "") + ": " + why + ".", false, e);
    }

    /** The server answered that no key (method) of ours is left to try: {@code Permission denied (publickey)}. */
    private static boolean refusedAllKeys(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SshException s
                    && s.getDisconnectCode() == SshConstants.SSH2_DISCONNECT_NO_MORE_AUTH_METHODS_AVAILABLE) {
                return true;
            }
        }
        return false;
    }

    /** Reads the key files; asks for the passphrase of encrypted ones. */
    static List<KeyPair> loadKeys(SshTarget target, ConnectPrompts prompts) throws ConnectFailure {
        if (target.keyFiles().isEmpty()) {
            throw new ConnectFailure("No key file for " + target.title() + ": choose one in the dialog (Ed25519, ECDSA"
                    + " or RSA), or add IdentityFile to ~/.ssh/config. Passwords are not supported.", true);
        }
        List<KeyPair> keys = new ArrayList<>();
        for (Path file : target.keyFiles()) {
            FilePasswordProvider ask = new FilePasswordProvider() {
                @Override
                public String getPassword(org.apache.sshd.common.session.SessionContext s, NamedResource r, int retry) {
                    Optional<char[]> answer = prompts.askPassphrase(file, retry + 1);
                    if (answer.isEmpty()) {
                        return null;
                    }
                    char[] chars = answer.get();
                    String text = new String(chars); // SSHD takes a String; it lives only for this decode
                    java.util.Arrays.fill(chars, '\0');
                    return text;
                }

                @Override
                public ResourceDecodeResult handleDecodeAttemptResult(org.apache.sshd.common.session.SessionContext s,
                        NamedResource r, int retry, String password, Exception err) {
                    if (err == null) {
                        return null;
                    }
                    return password != null && retry + 1 < PASSPHRASE_ATTEMPTS
                            ? ResourceDecodeResult.RETRY : ResourceDecodeResult.TERMINATE;
                }
            };
            try (InputStream in = Files.newInputStream(file)) {
                Iterable<KeyPair> pairs = SecurityUtils.loadKeyPairIdentities(null, NamedResource.ofName(file.toString()),
                        in, ask);
                if (pairs != null) {
                    pairs.forEach(keys::add);
                }
            } catch (NoSuchFileException e) {
                throw new ConnectFailure("Key file " + file + " does not exist.", true, e);
            } catch (IOException | GeneralSecurityException | RuntimeException e) {
                throw new ConnectFailure("Cannot read key file " + file + ": " + reason(e)
                        + " (wrong or no passphrase, or not an OpenSSH/PEM private key).", true, e);
            }
        }
        if (keys.isEmpty()) {
            throw new ConnectFailure("No usable private key in " + keyNames(target) + ".", true);
        }
        return keys;
    }

    /** Output of a short remote command. */
    record Result(Integer exitStatus, String out, String err) {}

    static Result run(ClientSession session, String command) throws IOException {
        return run(session, command, SshTimeouts.COMMAND);
    }

    /**
     * A new exec channel for {@code command}. Apache SSHD refuses a channel on a session being closed
     * with an IllegalStateException ("Channel … not registered because session is being closed"): that
     * is a closed link like any other, an IOException here, so that callers report it as one.
     */
    static ChannelExec execChannel(ClientSession session, String command) throws IOException {
        try {
            return session.createExecChannel(command);
        } catch (IllegalStateException closing) {
            throw new IOException("the SSH session is closed", closing);
        }
    }

    /** Output of a remote command that may take up to {@code limit}. */
    static Result run(ClientSession session, String command, Duration limit) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (ChannelExec ch = execChannel(session, command)) {
            ch.setOut(out);
            ch.setErr(err);
            ch.open().verify(SshTimeouts.CHANNEL_OPEN);
            ch.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), limit.toMillis());
            return new Result(ch.getExitStatus(), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        }
    }

    /**
     * Why an SSH operation failed, in words: the network exceptions that Apache SSHD wraps in its
     * futures ("DefaultConnectFuture[…]: Failed (UnresolvedAddressException) to execute: null") are
     * named by what happened (docs/sessions.md).
     */
    static String reason(Throwable e) {
        Throwable root = e;
        boolean timeout = false;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            root = t;
            timeout |= t instanceof java.net.SocketTimeoutException || t instanceof java.nio.channels.InterruptedByTimeoutException
                    || t instanceof java.util.concurrent.TimeoutException
                    || (t.getMessage() != null && t.getMessage().toLowerCase(java.util.Locale.ROOT).contains("timeout"));
        }
        if (root instanceof UnknownHostException || root instanceof java.nio.channels.UnresolvedAddressException) {
            return "unknown host (the name does not resolve)";
        }
        if (root instanceof java.net.NoRouteToHostException) {
            return "no route to host";
        }
        if (root instanceof ConnectException) {
            return "connection refused (nothing listens on that port)";
        }
        if (timeout) {
            return "timed out";
        }
        String m = root.getMessage() != null ? root.getMessage() : e.getMessage();
        if (m == null || m.contains("Future[")) {
            return root.getClass().getSimpleName().replaceAll("(?<=[a-z])(?=[A-Z])", " ").toLowerCase(java.util.Locale.ROOT)
                    .replaceFirst(" exception$", "");
        }
        return m;
    }

    static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception ignored) {
            // closing after a failure: the failure is what gets reported
        }
    }

    private static String keyNames(SshTarget target) {
        return target.keyFiles().stream().map(Path::toString).reduce((a, b) -> a + ", " + b).orElse("no key");
    }
}
