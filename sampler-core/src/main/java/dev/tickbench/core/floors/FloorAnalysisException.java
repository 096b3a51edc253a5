package dev.tickbench.core.floors;

/** A capture floors cannot be measured from; the message says which file, why and what to do. */
public final class FloorAnalysisException extends Exception {
    public FloorAnalysisException(String message) {
        super(message);
    }

    public FloorAnalysisException(String message, Throwable cause) {
        super(message, cause);
    }
}
