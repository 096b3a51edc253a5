package dev.tickbench.app.connect;

import java.io.IOException;
import org.apache.sshd.agent.common.AbstractAgentProxy;
import org.apache.sshd.common.SshException;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;

/**
 * Apache SSHD's agent client over an {@link AgentTransport} of ours: SSHD encodes the requests
 * (SSH2_AGENTC_REQUEST_IDENTITIES, SSH2_AGENTC_SIGN_REQUEST with the rsa-sha2 flags) and reads the
 * answers; this moves the bytes. SSHD's own Unix agent factory needs tomcat-native (APR); the JDK's
 * Unix-domain sockets need nothing. One connection per login, closed with it.
 */
final class AgentClient extends AbstractAgentProxy {
    /** OpenSSH's AGENT_MAX_LEN: a longer answer is not an agent's. */
    static final int MAX_ANSWER = 256 * 1024;

    private final AgentTransport transport;

    AgentClient(AgentTransport transport) {
        super(null);
        this.transport = transport;
    }

    String where() {
        return transport.where();
    }

    @Override
    protected synchronized Buffer request(Buffer buffer) throws IOException {
        transport.write(buffer.getCompactData());
        byte[] head = transport.read(4);
        long length = ((head[0] & 0xffL) << 24) | ((head[1] & 0xff) << 16) | ((head[2] & 0xff) << 8) | (head[3] & 0xff);
        if (length < 1 || length > MAX_ANSWER) {
            throw new SshException("the agent at " + transport.where() + " sent an answer of " + length
                    + " bytes (at most " + MAX_ANSWER + "): not an SSH agent?");
        }
        return new ByteArrayBuffer(transport.read((int) length));
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public void close() throws IOException {
        try {
            super.close();
        } finally {
            transport.close();
        }
    }
}
