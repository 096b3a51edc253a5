package dev.tickbench.app.connect;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What an SSH connection asks of the user while it connects. Called on the connection's own
 * thread; a GUI implementation blocks that thread until the user answers (the passphrase) or
 * returns a question on screen that the connection waits for ({@link HostKeyPrompt}).
 */
public interface ConnectPrompts {
    /**
     * A host key not in known_hosts: show the SHA256 fingerprint and ask (first contact only). Returns
     * at once; the user's answer completes the prompt. No SSH session is open while it is shown.
     */
    HostKeyPrompt askHostKey(HostKeyQuestion question);

    /**
     * The passphrase of an encrypted key, or empty when the user cancels. The caller clears the
     * array after use; nothing keeps it.
     */
    Optional<char[]> askPassphrase(Path keyFile, int attempt);

    /**
     * A password or keyboard-interactive question of the host: one answer per prompt, or empty when
     * the user cancels. Asked while the login waits (the host's LoginGraceTime runs, 2 minutes by
     * default). The caller clears the arrays after use; nothing keeps them. Prompts that cannot ask
     * (a policy, a test's) answer nothing, which ends that login.
     */
    default Optional<List<char[]>> askLogin(LoginQuestion question) {
        return Optional.empty();
    }

    /** Upload of the probe jar (or the packaged probe runtime): bytes sent so far of total. */
    void uploadProgress(long sent, long total);
}
