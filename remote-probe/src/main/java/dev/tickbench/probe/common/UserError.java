package dev.tickbench.probe.common;

/** An error the user can act on: printed as one line (what, where, what to do), no stack trace. */
public final class UserError extends RuntimeException {
    private final int exitCode;

    public UserError(String message) {
        this(message, 1);
    }

    public UserError(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
