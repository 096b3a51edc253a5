package dev.tickbench.probe.ssh;

import java.time.Duration;
import org.apache.sshd.common.SshConstants;
import org.apache.sshd.common.session.ConnectionService;
import org.apache.sshd.common.session.ReservedSessionMessagesHandler;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionHeartbeatController.HeartbeatType;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.server.SshServer;

/**
 * OpenSSH's {@code ClientAliveInterval}: every {@link #INTERVAL} an authenticated session is sent a
 * {@code keepalive@openssh.com} request that wants a reply. Clients answer it (OpenSSH's and Apache
 * SSHD's, with a failure, which is an answer), and SSHD counts an answer as traffic. So a client that is
 * there but does not read its channel (a cut stream whose gap line waits for its window) is not closed
 * by SSHD's idle timeout (10 minutes without traffic), while a client that is gone answers nothing and is.
 */
final class ClientAlive implements ReservedSessionMessagesHandler {
    static final Duration INTERVAL = Duration.ofSeconds(15);
    static final String REQUEST = "keepalive@openssh.com";

    private ClientAlive() {}

    static void install(SshServer server) {
        server.setSessionHeartbeat(HeartbeatType.RESERVED, INTERVAL);
        server.setReservedSessionMessagesHandler(new ClientAlive());
    }

    @Override
    public boolean sendReservedHeartbeat(ConnectionService service) throws Exception {
        Session session = service.getSession();
        Buffer request = session.createBuffer(SshConstants.SSH_MSG_GLOBAL_REQUEST, REQUEST.length() + 16);
        request.putString(REQUEST);
        request.putBoolean(true); // want a reply: the reply is what tells a live client from a gone one
        session.request(request, REQUEST, (cmd, reply) -> {});
        return true;
    }
}
