package dev.tickbench.app.connect;

import java.io.IOException;
import java.util.List;

/**
 * A connection that can run one probe command on its target beside the stream (the Path walk's
 * {@code walk --json} and {@code procs --json}), on the session the stream already uses.
 */
public interface ProbeCommands {
    /** What one command printed, and its exit status (null when it did not finish in time). */
    record Output(Integer exitStatus, String out, String err) {}

    /** The target as the user knows it ("pi@board-7:22"). */
    String title();

    /**
     * Runs {@code tickbench-probe ARGS…} on the target and waits for it to exit.
     *
     * @throws IOException when not connected (yet), or the link fails
     */
    Output runProbe(List<String> args) throws IOException;
}
