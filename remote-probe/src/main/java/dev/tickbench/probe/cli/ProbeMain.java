package dev.tickbench.probe.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code tickbench-probe}: the headless probe that runs on the target. */
@Command(
        name = "tickbench-probe",
        mixinStandardHelpOptions = true,
        versionProvider = ProbeVersion.class,
        description = "Tickbench probe: high-rate /proc and /sys sampler, cgroup walk and iowait throttle.")
public final class ProbeMain implements Runnable {

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs one command line; returns the exit status (2 for bad usage, nothing started). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        return cl.execute(args);
    }

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new ProbeMain());
        // one subcommand per line, so that parallel work adds lines instead of editing one
        cl.addSubcommand(new CapabilitiesCommand());
        cl.addSubcommand(new StreamCommand());
        cl.addSubcommand(new RecordCommand());
        cl.addSubcommand(new BenchCommand());
        cl.addSubcommand(new CsvCommand());
        cl.addSubcommand(new ConvertCommand());
        cl.addSubcommand(new WalkCommand());
        cl.addSubcommand(new ProcsCommand());
        cl.addSubcommand(new ThrottleCommand());
        cl.addSubcommand(new FloorsCommand());
        cl.addSubcommand(new ServeCommand());
        // '@FILE' would make picocli read FILE as arguments: over SSH that prints any file the probe can read
        cl.setExpandAtFiles(false);
        cl.setParameterExceptionHandler(ProbeMain::badUsage);
        cl.setExecutionExceptionHandler(ProbeMain::failed);
        return cl;
    }

    /** Bad flags: one line naming the flag and what is allowed, exit 2. */
    private static int badUsage(CommandLine.ParameterException e, String[] args) {
        e.getCommandLine().getErr().println("tickbench-probe: " + e.getMessage());
        e.getCommandLine().getErr().println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName()
                + " --help' for the flags.");
        return 2;
    }

    /** A failure while running: a clear message, no stack trace unless TICKBENCH_DEBUG is set. */
    private static int failed(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        if (e instanceof UserError u) {
            cl.getErr().println(cl.getCommandSpec().qualifiedName() + ": " + u.getMessage());
            return u.exitCode();
        }
        cl.getErr().println(cl.getCommandSpec().qualifiedName() + ": " + e);
        if (System.getenv("TICKBENCH_DEBUG") != null) {
            e.printStackTrace(cl.getErr());
        }
        return 1;
    }

    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }
}
