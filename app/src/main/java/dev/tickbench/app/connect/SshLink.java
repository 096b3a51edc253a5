package dev.tickbench.app.connect;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.apache.sshd.agent.SshAgentFactory;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.SshConstants;
import org.apache.sshd.common.SshException;
import org.apache.sshd.common.compression.BuiltinCompressions;
import org.apache.sshd.common.compression.Compression;
import org.apache.sshd.common.kex.KexProposalOption;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;
import org.apache.sshd.core.CoreModuleProperties;

/** The SSH client's parts: the client itself, the words for a failed attempt, short remote commands. */
final class SshLink {
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

    /**
     * A client that verifies host keys with {@code verifier}, takes each session's agent from
     * {@code agents} and reads no config or keys on its own.
     */
    static SshClient newClient(ServerKeyVerifier verifier, SshAgentFactory agents) {
        SshClient client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier(verifier);
        // ~/.ssh/config is applied once, visibly, by SshTarget.resolve; keys are given per session (HopLogin)
        client.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY);
        client.setKeyIdentityProvider(KeyIdentityProvider.EMPTY_KEYS_PROVIDER);
        client.setAgentFactory(agents);
        client.setCompressionFactories(COMPRESSION);
        CoreModuleProperties.HEARTBEAT_INTERVAL.set(client, SshTimeouts.HEARTBEAT);
        CoreModuleProperties.HEARTBEAT_NO_REPLY_MAX.set(client, 3);
        // the login's own limit (SshRoute) leaves out the user's typing; SSHD's must not cut it short
        CoreModuleProperties.AUTH_TIMEOUT.set(client, SshTimeouts.LOGIN_ANSWER);
        client.start();
        return client;
    }

    /**
     * What stopped an attempt after the TCP link was up, named by what it was: a changed host key, the
     * server refusing every key, no handshake or no answer to authentication in time, or the link
     * failing. Only the server's refusal is about authorized_keys.
     */
    static ConnectFailure handshakeFailure(
            SshTarget target, HostKeyCheck check, HopLogin login, SshTimeouts timeouts, IOException e) {
        String at = check.where();
        if (check.refusal() != null) {
            return new ConnectFailure(check.refusal(), true, e);
        }
        if (refusedAllKeys(e)) {
            return login.refused(e);
        }
        String why = reason(e);
        if (why.equals("timed out")) {
            return new ConnectFailure(
                    check.verified()
                            ? at + " did not finish authenticating " + target.user() + " within "
                                    + HostKeyCheck.words(timeouts.auth())
                                    + " (its host key was verified): the host is slow or overloaded, or its sshd waits on a"
                                    + " DNS lookup (UseDNS)."
                            : "No SSH handshake with " + at + " within " + HostKeyCheck.words(timeouts.auth())
                                    + " (no host key received): the host is slow or overloaded, or what listens on port "
                                    + target.port() + " is not an SSH server.",
                    false,
                    e);
        }
        return new ConnectFailure(
                "The SSH handshake with " + at + " failed"
                        + (check.verified() ? " after its host key was verified" : "") + ": " + why + ".",
                false,
                e);
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
            return new Result(
                    ch.getExitStatus(), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
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
            timeout |= t instanceof java.net.SocketTimeoutException
                    || t instanceof java.nio.channels.InterruptedByTimeoutException
                    || t instanceof java.util.concurrent.TimeoutException
                    || (t.getMessage() != null
                            && t.getMessage().toLowerCase(java.util.Locale.ROOT).contains("timeout"));
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
            return root.getClass()
                    .getSimpleName()
                    .replaceAll("(?<=[a-z])(?=[A-Z])", " ")
                    .toLowerCase(java.util.Locale.ROOT)
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
}
