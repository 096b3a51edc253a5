package dev.tickbench.app.connect;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.file.Path;
import java.security.PublicKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.digest.BuiltinDigests;
import org.apache.sshd.common.util.net.SshdSocketAddress;

/**
 * Host keys of one host of a connection (its target, or a jump host on the way) checked against
 * known_hosts (the user's, and the system's that OpenSSH reads too: {@link #SYSTEM}, never written),
 * under the name the host was connected to ({@code host}, or {@code [host]:port}) and no
 * other: not the address a tunnel through a jump host arrives on, not the IP address (OpenSSH's
 * {@code CheckHostIP no}). Hashed entries ({@code |1|salt|hash}) match as OpenSSH's do. A key that differs from the one
 * on record is refused without asking: a changed key is how a man-in-the-middle looks, and the user
 * has to clear it deliberately (ssh-keygen -R).
 *
 * <p>An unknown key is not asked about inside the key exchange: Apache SSHD calls the verifier there,
 * on its I/O thread, so a question asked from it holds the half-open session while the user reads —
 * the client's authentication limit, SSHD's AUTH_TIMEOUT and the server's LoginGraceTime all run on,
 * and when one fires the question is left on screen for a connection that is gone. Instead the
 * attempt is refused and the key kept ({@link #unknownKey()}); with no session open the user is asked
 * ({@link #ask}), an accepted key is added to known_hosts at once ({@link KnownHostsFile}) and the
 * connection is made again, with fresh timers, meeting a known key. A host that then presents another
 * key is refused as a changed one.
 */
final class HostKeyCheck {
    /**
     * The system's known_hosts, as OpenSSH's GlobalKnownHostsFile: a key found there is known, one that
     * differs from it is a changed key (unless the user's file has the key presented).
     */
    static final List<Path> SYSTEM = System.getProperty("os.name", "").startsWith("Windows")
            ? List.of(Path.of(System.getenv().getOrDefault("ProgramData", "C:\\ProgramData"), "ssh", "ssh_known_hosts"))
            : List.of(Path.of("/etc/ssh/ssh_known_hosts"), Path.of("/etc/ssh/ssh_known_hosts2"));

    /** A key the last attempt met and refused because it is in no known_hosts entry. */
    record Unknown(PublicKey key) {}

    private final KnownHostsFile file;
    private final SshTarget target;
    /** Null for the connection's target, {@code "jump host"} for a hop on the way. */
    private final String role;

    private final KnownHostsServerKeyVerifier known;
    /** One per system file: read only, a key not there is no question. */
    private final List<KnownHostsServerKeyVerifier> system = new ArrayList<>();
    /** A system file holds another key for the host (the last attempt's). */
    private volatile String systemRefusal;

    private final ServerKeyVerifier verifier;
    /** The key the user accepted on this connection: trusted even when it could not be saved. */
    private volatile PublicKey accepted;

    private volatile Unknown unknown;
    private volatile String refusal;
    private volatile boolean verified;
    /** Why the accepted key is not in known_hosts, or null. */
    private volatile String saveProblem;

    HostKeyCheck(Path knownHosts, List<Path> systemFiles, SshTarget target, String role) {
        this.file = new KnownHostsFile(knownHosts);
        this.target = target;
        this.role = role;
        SshdSocketAddress name = new SshdSocketAddress(target.hostName(), target.port());
        known =
                new KnownHostsServerKeyVerifier(
                        (session, address, key) -> {
                            unknown = new Unknown(key);
                            return false; // asked about once the attempt is over, with no session held open
                        },
                        knownHosts) {
                    @Override
                    protected Collection<SshdSocketAddress> resolveHostNetworkIdentities(
                            ClientSession s, SocketAddress a) {
                        return List.of(name);
                    }
                };
        known.setModifiedServerKeyAcceptor((session, address, entry, expected, actual) -> {
            refusal = changed(knownHosts, expected, actual) + "ssh-keygen -R " + knownHostsName();
            return false;
        });
        for (Path f : systemFiles) {
            KnownHostsServerKeyVerifier v = new KnownHostsServerKeyVerifier((session, address, key) -> false, f) {
                @Override
                protected Collection<SshdSocketAddress> resolveHostNetworkIdentities(ClientSession s, SocketAddress a) {
                    return List.of(name);
                }
            };
            v.setModifiedServerKeyAcceptor((session, address, entry, expected, actual) -> {
                systemRefusal =
                        changed(f, expected, actual) + "ssh-keygen -R " + knownHostsName() + " -f " + f + " (as root)";
                return false;
            });
            system.add(v);
        }
        verifier = (session, address, key) -> {
            PublicKey ok = accepted;
            boolean trusted =
                    ok != null && KeyUtils.compareKeys(ok, key) || known.verifyServerKey(session, address, key);
            for (int i = 0; !trusted && i < system.size(); i++) {
                trusted = system.get(i).verifyServerKey(session, address, key);
            }
            if (trusted) {
                unknown = null; // known to the system: nothing to ask, nothing changed
                refusal = null;
            } else if (refusal == null && systemRefusal != null) {
                refusal = systemRefusal;
                unknown = null;
            }
            verified |= trusted;
            return trusted;
        };
    }

    ServerKeyVerifier verifier() {
        return verifier;
    }

    /** Forgets what the last attempt met; called before each. */
    void beginAttempt() {
        unknown = null;
        refusal = null;
        systemRefusal = null;
        verified = false;
    }

    /** The unknown key the last attempt was refused for, or null. */
    Unknown unknownKey() {
        return unknown;
    }

    /** Why the last attempt's key was refused (a changed key), or null. */
    String refusal() {
        return refusal;
    }

    /** True when the last attempt's host key was trusted: the key exchange got past it. */
    boolean verified() {
        return verified;
    }

    /** Why the key accepted on this connection is not in known_hosts, or null. */
    String saveProblem() {
        return saveProblem;
    }

    /**
     * Puts {@code met} to the user and waits (no session open) up to {@code limit}. Accepted: the key is
     * trusted from now on and added to known_hosts at once. Otherwise a failure naming what happened.
     */
    void ask(Unknown met, ConnectPrompts prompts, Duration limit) throws ConnectFailure {
        String type = KeyUtils.getKeyType(met.key());
        String fp = sha256(met.key());
        HostKeyPrompt prompt = prompts.askHostKey(new HostKeyQuestion(where(), type, fp, file.path(), limit));
        switch (prompt.await(limit)) {
            case ACCEPTED -> {
                accepted = met.key();
                try {
                    file.add(target.hostName(), target.port(), met.key());
                    known.resetReloadAttributes(); // read again on the next attempt, with the new line
                    saveProblem = null;
                } catch (IOException | RuntimeException e) {
                    saveProblem = "the host key was accepted for this connection but not saved to " + file.path() + " ("
                            + SshLink.reason(e) + "), so it will be asked about again next time";
                }
            }
            case REJECTED ->
                throw new ConnectFailure(
                        "You rejected the host key of " + where() + " (" + type + " " + fp
                                + "); not connected. Nothing was added to " + file.path() + ".",
                        true);
            case TIMED_OUT ->
                throw new ConnectFailure(
                        "No answer to the host-key question for " + where() + " within "
                                + words(limit) + ": the question was closed, nothing was added to " + file.path()
                                + " and it is not connected. Connect again to see the fingerprint.",
                        true);
            case ABANDONED ->
                throw new ConnectFailure(
                        "The connection to " + where()
                                + " was closed while its host key was being asked about; not connected.",
                        true);
        }
    }

    /**
     * {@code board-7:22}, or {@code board-7 (10.0.0.5:22)} when ~/.ssh/config gave another HostName;
     * a hop is named as one: {@code jump host lab-gw:22}.
     */
    String where() {
        return (role == null ? "" : role + " ") + target.where();
    }

    static String sha256(PublicKey key) {
        return KeyUtils.getFingerPrint(BuiltinDigests.sha256, key);
    }

    /** "30 s", "5 min", "1 min 30 s". */
    static String words(Duration d) {
        long s = d.toSeconds();
        if (s < 60) {
            return s + " s";
        }
        return s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
    }

    private String changed(Path file, PublicKey expected, PublicKey actual) {
        return "WARNING: the host key of " + where() + " has CHANGED (" + file + " has "
                + KeyUtils.getKeyType(expected) + " " + sha256(expected) + ", the host now presents "
                + KeyUtils.getKeyType(actual) + " " + sha256(actual) + "). Someone may be intercepting the"
                + " connection, or the host was reinstalled. Refused. If you know why it changed, remove the old"
                + " entry with: ";
    }

    private String knownHostsName() {
        String pattern = KnownHostsFile.hostPattern(target.hostName(), target.port());
        return target.port() == 22 ? pattern : "'" + pattern + "'";
    }
}
