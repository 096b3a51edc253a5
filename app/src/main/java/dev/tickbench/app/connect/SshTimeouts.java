package dev.tickbench.app.connect;

import java.time.Duration;

/** Every SSH timeout in one place, so that they are chosen, reviewed and changed together. */
final class SshTimeouts {
    static final Duration CONNECT = Duration.ofSeconds(15);
    static final Duration AUTH = Duration.ofSeconds(30);
    static final Duration CHANNEL_OPEN = Duration.ofSeconds(15);
    /** A short remote command (java -version, sha256sum). */
    static final Duration COMMAND = Duration.ofSeconds(30);
    /** No byte from the stream for this long means the link is dead (the probe sends ≥ 1 line/s). */
    static final Duration STALL = Duration.ofSeconds(10);
    /** SSH keep-alive so a dead TCP link is noticed even when the stream is idle. */
    static final Duration HEARTBEAT = Duration.ofSeconds(5);

    private SshTimeouts() {}
}
