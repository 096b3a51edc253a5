package dev.tickbench.probe.cli;

import picocli.CommandLine.Command;

/** {@code tickbench-probe throttle replay|run}: the iowait throttle of docs/throttle.md, offline and live. */
@Command(
        name = "throttle",
        mixinStandardHelpOptions = true,
        description = "The adaptive iowait throttle: replay a recorded series, or run tasks under it.",
        subcommands = {ThrottleReplayCommand.class, ThrottleRunCommand.class})
public final class ThrottleCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
