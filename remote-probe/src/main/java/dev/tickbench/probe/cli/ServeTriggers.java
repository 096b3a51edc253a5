package dev.tickbench.probe.cli;

import dev.tickbench.core.recorder.FlightRecorder;
import dev.tickbench.core.recorder.RecorderConfig;
import dev.tickbench.core.text.InertText;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.io.PrintWriter;

/** {@code serve --trigger … --dir DIR}: the flight recorder on the served sampler, saved captures on stderr. */
final class ServeTriggers {
    private ServeTriggers() {}

    /** The recorder for {@code config}, or null without {@code --dir}. */
    static FlightRecorder recorder(RecorderConfig config, PrintWriter err) {
        if (config == null) {
            return null;
        }
        try {
            FlightRecorder r = new FlightRecorder(config, s -> {
                synchronized (err) {
                    err.println(
                            "tickbench-probe serve: saved " + s.file() + " (" + String.join(", ", s.triggers()) + "; "
                                    + s.samples() + " samples, " + s.bytes() + " bytes"
                                    + (s.error() != null ? "; " + s.error() : "")
                                    + ")");
                    err.flush();
                }
            });
            r.onTrouble(trouble -> {
                synchronized (err) {
                    err.println("tickbench-probe serve: " + (trouble.over() ? "" : "warning: ")
                            + InertText.line(trouble.message()));
                    err.flush();
                }
            });
            return r;
        } catch (IOException e) {
            throw new UserError("--dir " + config.dir() + ": " + e.getMessage(), 2);
        }
    }
}
