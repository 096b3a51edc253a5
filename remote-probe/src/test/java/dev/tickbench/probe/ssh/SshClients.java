package dev.tickbench.probe.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelSession;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.RejectAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.channel.StreamingChannel;
import org.apache.sshd.common.session.ConnectionService;
import org.apache.sshd.common.util.security.SecurityUtils;

/** Apache SSHD's client, as an attacker holding a key uses it: sessions and bare channels at will. */
final class SshClients {
    private SshClients() {}

    /** A started client that trusts only the host keys of {@code knownHosts}. */
    static SshClient client(Path knownHosts) {
        SshClient client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier(new KnownHostsServerKeyVerifier(RejectAllServerKeyVerifier.INSTANCE, knownHosts));
        client.start();
        return client;
    }

    /** The key pairs of an OpenSSH private key file (no passphrase). */
    static List<KeyPair> keys(Path privateKey) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(privateKey)) {
            List<KeyPair> keys = new ArrayList<>();
            SecurityUtils.loadKeyPairIdentities(null, privateKey::toString, in, null)
                    .forEach(keys::add);
            return List.copyOf(keys);
        }
    }

    /** A session to {@code host:port} as {@code user}, connected; authenticated unless {@code auth} is false. */
    static ClientSession session(SshClient client, String user, String host, int port, List<KeyPair> keys, long waitS)
            throws IOException {
        ClientSession session =
                client.connect(user, host, port).verify(waitS, TimeUnit.SECONDS).getSession();
        keys.forEach(session::addPublicKeyIdentity);
        session.auth().verify(waitS, TimeUnit.SECONDS);
        return session;
    }

    /**
     * A session channel that asks for nothing (no exec, no shell): what the server must hold for it is all
     * it can be made to hold. Its stdin is asynchronous: a write is sent as the server's window allows.
     */
    static ChannelSession bareChannel(ClientSession session) throws IOException {
        ChannelSession channel = new ChannelSession();
        channel.setStreaming(StreamingChannel.Streaming.Async);
        session.getService(ConnectionService.class).registerChannel(channel);
        return channel;
    }
}
