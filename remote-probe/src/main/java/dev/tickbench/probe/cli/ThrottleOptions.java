package dev.tickbench.probe.cli;

import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --ceiling N}: the most tasks the iowait throttle may allow at once (stream, record, throttle);
 * 0 is a pause (docs/throttle.md: effective starts at min(1, ceiling)).
 */
public final class ThrottleOptions {
    public static final int MIN_CEILING = dev.tickbench.core.throttle.Throttle.MIN_CEILING;
    public static final int MAX_CEILING = 4096;

    @Spec(Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--ceiling",
            paramLabel = "N",
            description = "throttle ceiling: most tasks at once, 0-4096, 0 pauses (default: number of CPUs)")
    Integer ceiling;

    /** The ceiling; a value out of range is a usage error (exit 2) before anything starts. */
    public int ceiling() {
        if (ceiling == null) {
            return Math.min(MAX_CEILING, Runtime.getRuntime().availableProcessors());
        }
        if (ceiling < MIN_CEILING || ceiling > MAX_CEILING) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--ceiling must be from " + MIN_CEILING + " to " + MAX_CEILING + ", got " + ceiling);
        }
        return ceiling;
    }
}
