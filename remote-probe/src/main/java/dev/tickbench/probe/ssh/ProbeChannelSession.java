package dev.tickbench.probe.ssh;

import java.io.IOException;
import org.apache.sshd.common.channel.Channel;
import org.apache.sshd.common.channel.ChannelFactory;
import org.apache.sshd.common.channel.RequestHandler;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.server.channel.ChannelSession;

/**
 * The only channel the probe's SSH server opens: a session channel for one exec request. What a shell
 * would need is refused, as OpenSSH refuses what it does not offer: a pseudo-terminal ({@code pty-req},
 * which Apache SSHD answers with success though there is no shell), environment variables ({@code env}:
 * each would be kept for the channel's life) and agent and X11 forwarding.
 */
final class ProbeChannelSession extends ChannelSession {
    /** Makes these for every {@code session} channel; no other channel type is offered. */
    static final ChannelFactory FACTORY = new ChannelFactory() {
        @Override
        public String getName() {
            return "session";
        }

        @Override
        public Channel createChannel(Session session) {
            return new ProbeChannelSession();
        }
    };

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
