package dev.tickbench.app.connect;

/** Reconnect delays: 1, 2, 4, … seconds, capped at 30 s. */
final class Backoff {
    static final long FIRST_MS = 1_000;
    static final long MAX_MS = 30_000;

    private Backoff() {}

    /** Delay before reconnect attempt {@code attempt} (1-based). */
    static long delayMs(int attempt) {
        if (attempt >= 6) {
            return MAX_MS; // 2^5 s = 32 s is already past the cap
        }
        return Math.min(MAX_MS, FIRST_MS << (attempt - 1));
    }
}
