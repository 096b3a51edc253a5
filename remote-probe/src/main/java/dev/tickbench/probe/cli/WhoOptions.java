package dev.tickbench.probe.cli;

import dev.tickbench.core.who.WhoConfig;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --top N} and {@code --top-hz HZ}: the process and cgroup tables (docs/who.md) name the first N of
 * each list (by CPU, memory, I/O), 0 switching them off, and are read HZ times a second (stream, record,
 * serve, capabilities).
 */
public final class WhoOptions {
    @Spec(Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--top",
            paramLabel = "N",
            description = "processes and cgroups named per list (CPU, memory, I/O), 0-" + WhoConfig.MAX_TOP
                    + ", 0 switches the tables off (default: " + WhoConfig.DEFAULT_TOP + ")")
    Integer top;

    @Option(
            names = "--top-hz",
            paramLabel = "HZ",
            description =
                    "how often the process and cgroup tables are read, above 0 (default: 1, like atop and pidstat)")
    Double hz;

    /** The tables' configuration; a value out of range is a usage error (exit 2) before anything starts. */
    public WhoConfig config() {
        int n = top == null ? WhoConfig.DEFAULT_TOP : top;
        if (n < 0 || n > WhoConfig.MAX_TOP) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--top must be from 0 to " + WhoConfig.MAX_TOP + " (0 switches the tables off), got " + n);
        }
        double hertz = ChosenHz.checked(spec.commandLine(), "--top-hz", hz, WhoConfig.DEFAULT_HZ);
        return new WhoConfig(n, hertz);
    }
}
