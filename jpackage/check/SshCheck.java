import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.sshd.client.ClientBuilder;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.RejectAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.kex.BuiltinDHFactories;
import org.apache.sshd.common.kex.KexProposalOption;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;

/**
 * Makes real SSH connections with the classes and the trimmed Java runtime of the installed app, so
 * that a module jlink left out (a crypto provider jdeps cannot see) fails the package test instead
 * of the user's first connection. Run by jpackage/test-packages.sh against a loopback OpenSSH sshd.
 *
 * <p>Usage: {@code SshCheck HOST PORT USER KEY KNOWN_HOSTS KEX...}; a KEX of {@code default} lets
 * the two sides negotiate. Prints one line per key exchange; exit status 1 on the first failure.
 */
public final class SshCheck {
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    private SshCheck() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 6) {
            System.err.println("usage: SshCheck HOST PORT USER KEY KNOWN_HOSTS KEX...");
            System.exit(2);
        }
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        String user = args[2];
        KeyPair identity = new FileKeyPairProvider(Path.of(args[3])).loadKeys(null).iterator().next();
        Path knownHosts = Path.of(args[4]);
        for (String kex : List.of(args).subList(5, args.length)) {
            try {
                System.out.println(connect(host, port, user, identity, knownHosts, kex));
            } catch (Exception e) {
                System.out.println("FAIL kex=" + kex + ": " + e);
                System.exit(1);
            }
        }
    }

    private static String connect(String host, int port, String user, KeyPair identity, Path knownHosts,
            String kex) throws Exception {
        SshClient client = SshClient.setUpDefaultClient();
        // the host key is pinned in a known_hosts file: an unknown key is rejected, never accepted
        client.setServerKeyVerifier(new KnownHostsServerKeyVerifier(RejectAllServerKeyVerifier.INSTANCE, knownHosts));
        if (!kex.equals("default")) {
            BuiltinDHFactories factory = BuiltinDHFactories.fromFactoryName(kex);
            if (factory == null || !factory.isSupported()) {
                throw new IllegalStateException("key exchange " + kex + " is not supported by this runtime");
            }
            client.setKeyExchangeFactories(List.of(ClientBuilder.DH2KEX.apply(factory)));
        }
        client.start();
        try (ClientSession session = client.connect(user, host, port).verify(TIMEOUT).getSession()) {
            session.addPublicKeyIdentity(identity);
            session.auth().verify(TIMEOUT);
            String out = session.executeRemoteCommand("echo tickbench-ssh-ok", TIMEOUT).trim();
            if (!out.equals("tickbench-ssh-ok")) {
                throw new IllegalStateException("remote command printed '" + out + "'");
            }
            Map<KexProposalOption, String> negotiated = session.getKexNegotiationResult();
            return "ok kex=" + negotiated.get(KexProposalOption.ALGORITHMS)
                    + " hostkey=" + negotiated.get(KexProposalOption.SERVERKEYS)
                    + " cipher=" + negotiated.get(KexProposalOption.C2SENC)
                    + " userkey=" + identity.getPublic().getAlgorithm();
        } finally {
            client.stop();
        }
    }
}
