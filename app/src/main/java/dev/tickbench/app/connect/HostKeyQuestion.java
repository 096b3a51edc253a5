package dev.tickbench.app.connect;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A first-contact host key put to the user.
 *
 * @param host              where it was met, as the user knows it ({@code board-7:22}, or
 *                          {@code board-7 (10.0.0.5:22)} when ~/.ssh/config renamed it)
 * @param keyType           {@code ssh-ed25519}, {@code ecdsa-sha2-nistp256}, {@code ssh-rsa}
 * @param sha256Fingerprint {@code SHA256:…} as {@code ssh-keygen -lf} prints it
 * @param knownHosts        the file an accepted key is added to
 * @param answerWithin      how long the question stays up before it is closed unanswered
 */
public record HostKeyQuestion(
        String host, String keyType, String sha256Fingerprint, Path knownHosts, Duration answerWithin) {}
