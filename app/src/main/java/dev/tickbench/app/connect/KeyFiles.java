package dev.tickbench.app.connect;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.sshd.common.NamedResource;
import org.apache.sshd.common.config.keys.FilePasswordProvider;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.session.SessionContext;
import org.apache.sshd.common.util.security.SecurityUtils;

/**
 * The private key files of one connection, each read (and its passphrase asked) once and kept for
 * the connection's reconnects, as before any agent: a dropped link must not ask again.
 */
final class KeyFiles {
    /** Wrong passphrases the user may type before the key is given up. */
    static final int PASSPHRASE_ATTEMPTS = 3;

    private final Map<Path, List<KeyPair>> read = new ConcurrentHashMap<>();

    /** The key pairs in {@code file}, asking its passphrase through {@code prompts} when it is encrypted. */
    List<KeyPair> load(Path file, ConnectPrompts prompts) throws ConnectFailure {
        List<KeyPair> done = read.get(file);
        if (done != null) {
            return done;
        }
        List<KeyPair> keys = new ArrayList<>();
        FilePasswordProvider ask = new FilePasswordProvider() {
            @Override
            public String getPassword(SessionContext s, NamedResource r, int retry) {
                Optional<char[]> answer = prompts.askPassphrase(file, retry + 1);
                if (answer.isEmpty()) {
                    return null;
                }
                char[] chars = answer.get();
                String text = new String(chars); // SSHD takes a String; it lives only for this decode
                java.util.Arrays.fill(chars, '\0');
                return text;
            }

            @Override
            public ResourceDecodeResult handleDecodeAttemptResult(
                    SessionContext s, NamedResource r, int retry, String password, Exception err) {
                if (err == null) {
                    return null;
                }
                return password != null && retry + 1 < PASSPHRASE_ATTEMPTS
                        ? ResourceDecodeResult.RETRY
                        : ResourceDecodeResult.TERMINATE;
            }
        };
        try (InputStream in = Files.newInputStream(file)) {
            Iterable<KeyPair> pairs =
                    SecurityUtils.loadKeyPairIdentities(null, NamedResource.ofName(file.toString()), in, ask);
            if (pairs != null) {
                pairs.forEach(keys::add);
            }
        } catch (NoSuchFileException e) {
            throw new ConnectFailure("Key file " + file + " does not exist.", true, e);
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            throw new ConnectFailure(
                    "Cannot read key file " + file + ": " + SshLink.reason(e)
                            + " (wrong or no passphrase, or not an OpenSSH/PEM private key).",
                    true,
                    e);
        }
        if (keys.isEmpty()) {
            throw new ConnectFailure("No usable private key in " + file + ".", true);
        }
        read.put(file, List.copyOf(keys));
        return read.get(file);
    }

    /** Every key of {@code files}, in order (the old key-file login: all read before connecting). */
    List<KeyPair> loadAll(List<Path> files, ConnectPrompts prompts, String title) throws ConnectFailure {
        if (files.isEmpty()) {
            throw new ConnectFailure(
                    "No key file for " + title + ": choose one in the dialog (Ed25519, ECDSA"
                            + " or RSA), add IdentityFile to ~/.ssh/config, or log in with the agent or a password.",
                    true);
        }
        List<KeyPair> keys = new ArrayList<>();
        for (Path f : files) {
            keys.addAll(load(f, prompts));
        }
        return keys;
    }

    /**
     * The public key beside {@code file} ({@code file.pub}), read without the passphrase, or null:
     * how OpenSSH knows which agent key an IdentityFile is.
     */
    static PublicKey publicKeyOf(Path file) {
        Path pub = file.resolveSibling(file.getFileName() + ".pub");
        try {
            String line = Files.readString(pub).strip();
            return PublicKeyEntry.parsePublicKeyEntry(line).resolvePublicKey(null, null, null);
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            return null;
        }
    }
}
