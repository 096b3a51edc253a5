package dev.tickbench.core.capture;

import java.io.IOException;

/** A corrupt or truncated line; everything before {@link #lineNumber()} was read fine. */
public final class CaptureFormatException extends IOException {
    private final long lineNumber;

    public CaptureFormatException(long lineNumber, String message, Throwable cause) {
        super("line " + lineNumber + ": " + message, cause);
        this.lineNumber = lineNumber;
    }

    public long lineNumber() {
        return lineNumber;
    }
}
