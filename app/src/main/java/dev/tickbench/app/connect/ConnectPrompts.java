package dev.tickbench.app.connect;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What an SSH connection asks of the user while it connects. Called on the connection's own
 * thread; a GUI implementation blocks that thread until the user answers.
 */
public interface ConnectPrompts {
    /** A host key not in known_hosts: show the SHA256 fingerprint and ask (first contact only). */
    HostKeyDecision askHostKey(String host, String keyType, String sha256Fingerprint);

    /**
     * The passphrase of an encrypted key, or empty when the user cancels. The caller clears the
     * array after use; nothing keeps it.
     */
    Optional<char[]> askPassphrase(Path keyFile, int attempt);

    /** Upload of the probe jar (or the packaged probe runtime): bytes sent so far of total. */
    void uploadProgress(long sent, long total);
}
