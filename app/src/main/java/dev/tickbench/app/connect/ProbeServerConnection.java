package dev.tickbench.app.connect;

import java.nio.file.Path;
import java.util.List;
import org.apache.sshd.client.session.ClientSession;

/**
 * A probe's own SSH server ({@code tickbench-probe serve --ssh}): it offers only its commands, so
 * {@code stream …} runs directly; nothing is uploaded and no Java check is needed.
 */
public final class ProbeServerConnection extends SshStreamConnection {
    public ProbeServerConnection(SshTarget target, StreamRequest request, ConnectPrompts prompts, Path knownHosts) {
        this(target, request, prompts, knownHosts, SshTimeouts.DEFAULT);
    }

    ProbeServerConnection(
            SshTarget target, StreamRequest request, ConnectPrompts prompts, Path knownHosts, SshTimeouts timeouts) {
        super(target, request, prompts, knownHosts, timeouts);
    }

    @Override
    List<String> probeLaunch() {
        return List.of(); // the server runs probe commands directly
    }

    @Override
    Prepared prepare(ClientSession session) {
        return new Prepared(StreamRequest.shellJoin(request.streamArgs()), "probe SSH server at " + title());
    }
}
