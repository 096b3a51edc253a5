package dev.tickbench.probe.cli;

import dev.tickbench.core.session.Utf8Process;
import dev.tickbench.core.text.InertText;
import dev.tickbench.probe.common.ProbeVersion;
import dev.tickbench.probe.common.UserError;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code tickbench-probe}: the headless probe that runs on the target. */
@Command(
        name = "tickbench-probe",
        mixinStandardHelpOptions = true,
        versionProvider = ProbeVersion.class,
        description = "Tickbench probe: high-rate /proc and /sys sampler, cgroup walk and iowait throttle.")
public final class ProbeMain implements Runnable {

    public static void main(String[] cmdline) {
        // first: UTF-8 file names, arguments and stdout/stderr whatever the locale (a service has none)
        Utf8Process.execUnderUtf8Locale(); // returns when the file names are UTF-8, or cannot be made so
        String[] args = Utf8Process.setUp(cmdline);
        System.exit(run(
                args,
                new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true),
                new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true)));
    }

    /** Runs one command line; returns the exit status (2 for bad usage, nothing started). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLine(args.length > 0 ? args[0] : null);
        cl.setOut(out);
        cl.setErr(err);
        return cl.execute(args);
    }

    /** Every subcommand, in the order the help lists them. */
    private static final List<Class<?>> SUBCOMMANDS = List.of(
            // one subcommand per line, so that parallel work adds lines instead of editing one
            CapabilitiesCommand.class,
            StreamCommand.class,
            RecordCommand.class,
            BenchCommand.class,
            CsvCommand.class,
            ConvertCommand.class,
            WalkCommand.class,
            ClockCommand.class,
            ProcsCommand.class,
            ThrottleCommand.class,
            FloorsCommand.class,
            DiffCommand.class,
            ServeCommand.class);

    public static CommandLine commandLine() {
        return commandLine(null);
    }

    /**
     * The command line for arguments starting with {@code first}: when it names a subcommand only that
     * one is built (picocli's model of all of them, built by reflection, was most of the probe's
     * start-up on the main thread, docs/perf.md), else all of them (help, an unknown command).
     */
    static CommandLine commandLine(String first) {
        CommandLine cl = new CommandLine(new ProbeMain());
        List<Class<?>> chosen = SUBCOMMANDS;
        for (Class<?> c : SUBCOMMANDS) {
            if (c.getAnnotation(Command.class).name().equals(first)) {
                chosen = List.of(c);
            }
        }
        for (Class<?> c : chosen) {
            try {
                cl.addSubcommand(c.getDeclaredConstructor().newInstance());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot make the " + c.getSimpleName() + " command", e);
            }
        }
        // '@FILE' would make picocli read FILE as arguments: over SSH that prints any file the probe can read
        cl.setExpandAtFiles(false);
        cl.setParameterExceptionHandler(ProbeMain::badUsage);
        cl.setExecutionExceptionHandler(ProbeMain::failed);
        return cl;
    }

    /** Bad flags: one line naming the flag and what is allowed, exit 2. */
    private static int badUsage(CommandLine.ParameterException e, String[] args) {
        if (e instanceof PointedUsageError p) {
            List<String> lines = p.lines();
            e.getCommandLine().getErr().println("tickbench-probe: " + lines.get(0));
            lines.subList(1, lines.size()).forEach(e.getCommandLine().getErr()::println);
        } else {
            e.getCommandLine().getErr().println("tickbench-probe: " + InertText.line(e.getMessage()));
        }
        e.getCommandLine()
                .getErr()
                .println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help' for the flags.");
        return 2;
    }

    /** A failure while running: a clear message, no stack trace unless TICKBENCH_DEBUG is set. */
    private static int failed(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        if (e instanceof UserError u) {
            cl.getErr().println(cl.getCommandSpec().qualifiedName() + ": " + InertText.line(u.getMessage()));
            return u.exitCode();
        }
        cl.getErr().println(cl.getCommandSpec().qualifiedName() + ": " + InertText.line(e));
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
