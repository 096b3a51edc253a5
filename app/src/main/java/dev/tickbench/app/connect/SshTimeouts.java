package dev.tickbench.app.connect;

import java.time.Duration;

/**
 * Every SSH timeout in one place, so that they are chosen, reviewed and changed together. The three
 * of a connection attempt are a value, so that a test can shorten them (a host-key prompt held past
 * them without waiting 40 s); the others are constants.
 *
 * <p>The user's answer to an unknown host key is waited for with no SSH session open (the key is
 * asked about between two attempts, {@link HostKeyCheck}), so neither {@code connect} nor
 * {@code auth} nor the server's own LoginGraceTime counts the time spent reading a fingerprint.
 *
 * @param connect       TCP connect to the SSH session being set up
 * @param auth          key exchange and authentication of one host of one attempt, the time the user
 *                      spends answering a passphrase or password question left out
 * @param hostKeyAnswer how long a host-key question waits for the user before it is closed unanswered
 */
record SshTimeouts(Duration connect, Duration auth, Duration hostKeyAnswer) {
    /**
     * The workbench's: a first-contact question stays up 5 minutes, time to fetch the fingerprint from
     * the host's console; after that nobody is waiting for that connection any more.
     */
    static final SshTimeouts DEFAULT =
            new SshTimeouts(Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofMinutes(5));

    static final Duration CHANNEL_OPEN = Duration.ofSeconds(15);
    /** A short remote command (java -version, sha256sum). */
    static final Duration COMMAND = Duration.ofSeconds(30);
    /** No byte from the stream for this long means the link is dead (the probe sends ≥ 1 line/s). */
    static final Duration STALL = Duration.ofSeconds(10);
    /**
     * Before the probe's first byte: a JVM starting on a slow board. Seconds on a real Cortex-A72,
     * 40 s to minutes on an emulated one (jpackage/arm64/README.md), where STALL would kill every start.
     */
    static final Duration PROBE_START = Duration.ofMinutes(5);
    /** Unpacking the 20 MB probe runtime tarball on the host: seconds, a minute on an emulated board. */
    static final Duration UNPACK = Duration.ofMinutes(5);
    /**
     * Apache SSHD's own limit on a login, kept out of the way: the login's limit ({@link #auth}) leaves
     * out the time the user spends on a passphrase or password, and the host's LoginGraceTime (2 min
     * by default) ends a login nobody answers.
     */
    static final Duration LOGIN_ANSWER = Duration.ofMinutes(10);
    /** SSH keep-alive so a dead TCP link is noticed even when the stream is idle. */
    static final Duration HEARTBEAT = Duration.ofSeconds(5);
}
