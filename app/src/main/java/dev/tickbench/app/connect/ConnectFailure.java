package dev.tickbench.app.connect;

/**
 * A connection attempt that failed, with a message the user can act on. {@code permanent} failures
 * (authentication, host key, no Java, bad flags) end the connection; the others are retried.
 */
final class ConnectFailure extends Exception {
    private final boolean permanent;

    ConnectFailure(String message, boolean permanent) {
        super(message);
        this.permanent = permanent;
    }

    ConnectFailure(String message, boolean permanent, Throwable cause) {
        super(message, cause);
        this.permanent = permanent;
    }

    boolean permanent() {
        return permanent;
    }
}
