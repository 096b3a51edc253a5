package dev.tickbench.probe.ssh;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.sshd.client.future.DefaultOpenFuture;
import org.apache.sshd.client.future.OpenFuture;
import org.apache.sshd.common.AttributeRepository.AttributeKey;
import org.apache.sshd.common.SshConstants;
import org.apache.sshd.common.channel.Channel;
import org.apache.sshd.common.channel.ChannelFactory;
import org.apache.sshd.common.channel.RequestHandler;
import org.apache.sshd.common.channel.exception.SshChannelOpenException;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.core.CoreModuleProperties;
import org.apache.sshd.server.channel.ChannelSession;

/**
 * The only channel the probe's SSH server opens: a session channel for one exec request. What a shell
 * would need is refused, as OpenSSH refuses what it does not offer: a pseudo-terminal ({@code pty-req},
 * which Apache SSHD answers with success though there is no shell), environment variables ({@code env}:
 * each would be kept for the channel's life) and agent and X11 forwarding.
 *
 * <p>What a connection's channels may hold (SECURITY.md): at most {@link #MAX_PER_CONNECTION} at once
 * (OpenSSH's {@code MaxSessions}; 19 634 empty ones on one connection took a 48 MiB probe down); more
 * are refused ({@code administratively prohibited}), the connection stays. And
 * each gives its client a window of {@link #WINDOW_BYTES} ({@code ServerFactoryManager}'s
 * {@code window-size}, set by {@link ProbeSshServer}): what a client sends before its exec request is kept
 * for the command, and the window is not replenished until the command reads it, so a channel never
 * holds more than that, before its command or during it (Apache SSHD's default of 2 MiB let 12 channels
 * that sent data and no request take the probe down).
 *
 * <p>A write to the client waits for its window as long as the client takes ({@link #WRITE_WAIT}): with
 * SSHD's 30 s, a client that stalled longer lost the rest of a line and its gap line. The command's output
 * queue is what bounds a stalled client ({@link QueuedOutputStream}), and the slot it keeps meanwhile goes
 * to a new command that needs it ({@link CommandSlots}).
 */
final class ProbeChannelSession extends ChannelSession {
    /** Session channels one connection may have open at once (OpenSSH's MaxSessions). */
    static final int MAX_PER_CONNECTION = 10;
    /** The window, and the largest data packet, a channel offers its client: stdin carries little. */
    static final int WINDOW_BYTES = 32 << 10;

    /** How long a write waits for the client's window: no limit that a stalled client could outlast (SSHD needs one). */
    static final Duration WRITE_WAIT = Duration.ofDays(365L * 100);

    private static final AttributeKey<AtomicInteger> OPEN = new AttributeKey<>();

    /** Makes these for every {@code session} channel; no other channel type is offered. */
    static final ChannelFactory FACTORY = new ChannelFactory() {
        @Override
        public String getName() {
            return "session";
        }

        @Override
        public Channel createChannel(Session session) {
            AtomicInteger open = session.computeAttributeIfAbsent(OPEN, k -> new AtomicInteger());
            if (open.incrementAndGet() > MAX_PER_CONNECTION) {
                open.decrementAndGet();
                return new ProbeChannelSession(true);
            }
            ProbeChannelSession channel = new ProbeChannelSession(false);
            channel.addCloseFutureListener(f -> open.decrementAndGet());
            return channel;
        }
    };

    /** A channel refused because its connection has its maximum open. */
    private final boolean refused;

    private ProbeChannelSession(boolean refused) {
        this.refused = refused;
        CoreModuleProperties.WAIT_FOR_SPACE_TIMEOUT.set(this, WRITE_WAIT); // read by the command's output streams
    }

    @Override
    protected OpenFuture doInit(Buffer buffer) {
        if (!refused) {
            return super.doInit(buffer);
        }
        OpenFuture failed = new DefaultOpenFuture(this, this);
        failed.setException(new SshChannelOpenException(
                getChannelId(),
                SshConstants.SSH_OPEN_ADMINISTRATIVELY_PROHIBITED,
                "at most " + MAX_PER_CONNECTION + " session channels per connection"));
        close(true); // never opened: nothing to tell the client but the refusal; unregisters it
        return failed;
    }

    @Override
    protected RequestHandler.Result handlePtyReq(Buffer buffer, boolean wantReply) {
        return RequestHandler.Result.ReplyFailure;
    }

    @Override
    protected RequestHandler.Result handleEnv(Buffer buffer, boolean wantReply) {
        return RequestHandler.Result.ReplyFailure;
    }

    @Override
    protected RequestHandler.Result handleAgentForwarding(String requestType, Buffer buffer, boolean wantReply) {
        return RequestHandler.Result.ReplyFailure;
    }

    @Override
    protected RequestHandler.Result handleX11Forwarding(String requestType, Buffer buffer, boolean wantReply) {
        return RequestHandler.Result.ReplyFailure;
    }

    @Override
    protected RequestHandler.Result handleWindowChange(Buffer buffer, boolean wantReply) throws IOException {
        return RequestHandler.Result.ReplyFailure; // no terminal to resize
    }
}
