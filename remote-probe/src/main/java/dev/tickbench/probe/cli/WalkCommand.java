package dev.tickbench.probe.cli;

import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.cgroup.CgroupTarget;
import dev.tickbench.core.cgroup.PathWalk;
import dev.tickbench.core.cgroup.WalkJson;
import dev.tickbench.core.cgroup.WalkResult;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.probe.common.UserError;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code walk}: which level of a cgroup path is throttling (docs/walk.md). */
@Command(
        name = "walk",
        mixinStandardHelpOptions = true,
        description = "Read a cgroup and every ancestor twice, a window apart, and name the level that throttles.")
public final class WalkCommand implements Callable<Integer> {
    static final Duration MAX_WINDOW = Duration.ofMinutes(10);
    private static final Pattern WINDOW = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m)?");

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    CgroupTargetOptions target;

    @Option(
            names = "--window",
            paramLabel = "DURATION",
            defaultValue = "2s",
            description = "time between the two reads: 500ms, 2s, 1.5s, 1m (default: ${DEFAULT-VALUE})")
    String window;

    @Option(names = "--json", description = "print the walk as JSON (for tools) instead of a table")
    boolean json;

    @Option(names = "--proc-root", paramLabel = "DIR", description = "proc root (default: /proc)")
    Path procRoot = SystemRoots.LIVE_PROC;

    @Option(names = "--sys-root", paramLabel = "DIR", description = "sys root (default: /sys)")
    Path sysRoot = SystemRoots.LIVE_SYS;

    @Override
    public Integer call() {
        target.require();
        Duration w = parseWindow(window);
        SystemRoots roots = SystemRoots.of(procRoot, sysRoot);
        CgroupTarget t = target.resolve(roots);
        WalkResult result;
        try {
            result = new PathWalk(roots, PathWalk.Window.sleeping()).walk(t, w);
        } catch (CgroupException e) {
            throw new UserError(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted during the " + window + " window");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? WalkJson.render(result) + "\n" : WalkTable.render(result));
        out.flush();
        if (result.targetVanished()) {
            // what was read is printed above; the conclusion is incomplete, so the exit says so
            throw new UserError("cgroup " + result.target() + " was removed during the window: its counters are lost");
        }
        return 0;
    }

    /** {@code 2s}, {@code 500ms}, {@code 1.5s}, {@code 1m}, or bare seconds; 1 ms to 10 min. */
    Duration parseWindow(String text) {
        Matcher m = WINDOW.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw bad(text);
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double ms = switch (unit) {
            case "ms" -> n;
            case "m" -> n * 60_000;
            default -> n * 1000;
        };
        if (ms < 1 || ms > MAX_WINDOW.toMillis()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--window must be from 1ms to 10m, got '" + text + "'");
        }
        return Duration.ofNanos(Math.round(ms * 1_000_000));
    }

    private CommandLine.ParameterException bad(String text) {
        return new CommandLine.ParameterException(
                spec.commandLine(), "--window must be a duration like 500ms, 2s or 1m, got '" + text + "'");
    }
}
