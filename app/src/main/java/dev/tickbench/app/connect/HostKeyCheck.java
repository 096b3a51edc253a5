package dev.tickbench.app.connect;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.digest.BuiltinDigests;
import org.apache.sshd.common.util.net.SshdSocketAddress;

/**
 * Host keys checked against known_hosts. An unknown key is shown to the user (SHA256 fingerprint)
 * and, when accepted, appended to known_hosts by {@link KnownHostsServerKeyVerifier}; a key that
 * differs from the one on record is refused without asking: a changed key is how a
 * man-in-the-middle looks, and the user has to clear it deliberately (ssh-keygen -R).
 */
final class HostKeyCheck {
    private final KnownHostsServerKeyVerifier verifier;
    private volatile String refusal;

    HostKeyCheck(Path knownHosts, ConnectPrompts prompts) throws IOException {
        if (knownHosts.getParent() != null) {
            Files.createDirectories(knownHosts.getParent());
        }
        ServerKeyVerifier firstContact = (session, address, key) -> {
            String host = hostText(address);
            HostKeyDecision decision = prompts.askHostKey(host, KeyUtils.getKeyType(key), sha256(key));
            if (decision != HostKeyDecision.ACCEPT) {
                refusal = "The host key of " + host + " was not accepted; not connected.";
                return false;
            }
            return true;
        };
        verifier = new KnownHostsServerKeyVerifier(firstContact, knownHosts);
        verifier.setModifiedServerKeyAcceptor((session, address, entry, expected, actual) -> {
            String host = hostText(address);
            refusal = "WARNING: the host key of " + host + " has CHANGED (" + knownHosts + " has "
                    + KeyUtils.getKeyType(expected) + " " + sha256(expected) + ", the host now presents "
                    + KeyUtils.getKeyType(actual) + " " + sha256(actual) + "). Someone may be intercepting the"
                    + " connection, or the host was reinstalled. Refused. If you know why it changed, remove the old"
                    + " entry with: ssh-keygen -R " + knownHostsName(address);
            return false;
        });
    }

    ServerKeyVerifier verifier() {
        return verifier;
    }

    /** Why the last key was refused, or null. */
    String refusal() {
        return refusal;
    }

    static String sha256(PublicKey key) {
        return KeyUtils.getFingerPrint(BuiltinDigests.sha256, key);
    }

    private static String hostText(SocketAddress address) {
        if (address instanceof SshdSocketAddress s) {
            return s.getHostName() + ":" + s.getPort();
        }
        if (address instanceof InetSocketAddress i) {
            return i.getHostString() + ":" + i.getPort();
        }
        return String.valueOf(address);
    }

    private static String knownHostsName(SocketAddress address) {
        if (address instanceof InetSocketAddress i) {
            return i.getPort() == 22 ? i.getHostString() : "'[" + i.getHostString() + "]:" + i.getPort() + "'";
        }
        if (address instanceof SshdSocketAddress s) {
            return s.getPort() == 22 ? s.getHostName() : "'[" + s.getHostName() + "]:" + s.getPort() + "'";
        }
        return String.valueOf(address);
    }
}
