package dev.tickbench.probe.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.text.JsonOutput;
import dev.tickbench.core.throttle.Throttle;
import dev.tickbench.core.throttle.ThrottleSampler;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code throttle run}: an adaptive job runner. Each line of the tasks file is a shell command; at most
 * {@code effective} run at once, re-evaluated every second from the live sampler; every started task
 * runs to completion. Ctrl-C stops starting new tasks, waits for the running ones and still prints
 * the summary. A ceiling of 0 pauses: nothing starts until {@code --ceiling-file} raises it. Exit status: 0 when every task ran and exited 0, 1 when one failed or could not start,
 * 130 when stopped before all started.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = "Run the shell commands of FILE (one per line) with the iowait throttle deciding how "
                + "many run at once.")
final class ThrottleRunCommand implements Callable<Integer> {
    static final int EXIT_INTERRUPTED = 130;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    ThrottleOptions throttle;

    @Option(
            names = "--tasks",
            required = true,
            paramLabel = "FILE",
            description = "one shell command per line (run with /bin/sh -c; blank and # lines skipped)")
    Path tasksFile;

    @Option(
            names = "--ceiling-file",
            paramLabel = "FILE",
            description = "re-read once a second: a number 0-4096 in it replaces the ceiling (0 pauses)")
    Path ceilingFile;

    @Option(names = "--proc-root", paramLabel = "DIR", description = "proc root to sample (default: /proc)")
    Path procRoot = SystemRoots.LIVE_PROC;

    @Option(names = "--json", description = "print the summary as one JSON object")
    boolean json;

    @Override
    public Integer call() throws Exception {
        int ceiling = throttle.ceiling();
        if (ceiling == 0 && ceilingFile == null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--ceiling 0 pauses the runner until the "
                            + "ceiling rises: give --ceiling-file FILE to raise it while it waits");
        }
        List<AdaptiveRunner.Task> tasks = readTasks(tasksFile);
        Instant started = Instant.now();
        AdaptiveRunner.Report report;
        CountDownLatch summarised = new CountDownLatch(1);
        try (ThrottleSampler sampler = new ThrottleSampler(SystemRoots.of(procRoot, SystemRoots.LIVE_SYS))) {
            Throttle th = new Throttle(ceiling, System::nanoTime);
            PrintWriter err = spec.commandLine().getErr();
            java.util.function.Consumer<String> notes = note -> {
                err.println(spec.qualifiedName() + ": " + note);
                err.flush();
            };
            AdaptiveRunner runner = new AdaptiveRunner(
                    th,
                    sampler,
                    System::nanoTime,
                    ceilingFile == null ? null : new CeilingFile(ceilingFile, notes),
                    notes);
            // Ctrl-C: stop starting tasks, then hold the JVM until the running ones ended and the summary is out
            Thread hook = new Thread(
                    () -> {
                        runner.stop();
                        awaitQuietly(summarised);
                    },
                    "throttle-run-ctrl-c");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                report = runner.run(tasks);
                print(report, started);
            } finally {
                summarised.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running: it returns now that the summary is printed
                }
            }
        }
        if (report.interrupted()) {
            return EXIT_INTERRUPTED;
        }
        boolean allOk = report.results().stream().allMatch(r -> r.exit() != null && r.exit() == 0);
        return allOk ? 0 : 1;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static List<AdaptiveRunner.Task> readTasks(Path file) {
        InputFiles.requireReadable("--tasks", file);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw InputFiles.unreadable("--tasks", file, e);
        }
        List<AdaptiveRunner.Task> tasks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String cmd = lines.get(i).strip();
            if (!cmd.isEmpty() && !cmd.startsWith("#")) {
                tasks.add(new AdaptiveRunner.Task(i + 1, cmd));
            }
        }
        if (tasks.isEmpty()) {
            throw new UserError("--tasks " + file + ": no tasks in it (one shell command per line)");
        }
        return tasks;
    }

    private void print(AdaptiveRunner.Report report, Instant started) {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(JsonOutput.line(toJson(report, started)));
        } else {
            printTable(out, report);
        }
        out.flush();
        spec.commandLine().getErr().flush();
    }

    static ObjectNode toJson(AdaptiveRunner.Report report, Instant started) {
        ObjectNode root = JSON.createObjectNode();
        root.put("started", started.toString());
        root.put("ceiling", report.ceiling());
        root.put("interrupted", report.interrupted());
        root.put("peak_concurrency", report.peakConcurrency());
        root.put("skipped_seconds", report.skippedSeconds());
        ArrayNode ceilings = root.putArray("ceilings");
        for (AdaptiveRunner.CeilingChange c : report.ceilings()) {
            ceilings.addObject().put("t_s", micros(c.tS())).put("ceiling", c.ceiling());
        }
        ArrayNode tasks = root.putArray("tasks");
        for (AdaptiveRunner.Result r : report.results()) {
            ObjectNode t = tasks.addObject();
            t.put("line", r.index());
            t.put("command", r.command());
            t.put("start_s", micros(r.startS()));
            t.put("end_s", micros(r.endS()));
            t.put("duration_s", micros(r.durationS()));
            t.put("exit", r.exit());
            t.put("effective_at_start", r.effectiveAtStart());
            if (r.error() != null) {
                t.put("error", r.error());
            }
        }
        ArrayNode timeline = root.putArray("timeline");
        for (AdaptiveRunner.Second s : report.timeline()) {
            ObjectNode o = timeline.addObject();
            o.put("t_s", micros(s.tS()));
            o.put("iowait", s.iowait());
            o.put("smoothed", s.smoothed());
            o.put("zone", s.zone().name());
            o.put("effective", s.effective());
            o.put("ceiling", s.ceiling());
        }
        return root;
    }

    /** Seconds to the microsecond, written plainly (a Double would print 3.8E-4). */
    private static BigDecimal micros(Double seconds) {
        return seconds == null ? null : BigDecimal.valueOf(Math.round(seconds * 1e6), 6);
    }

    private static void printTable(PrintWriter out, AdaptiveRunner.Report report) {
        out.printf(
                Locale.ROOT, "%5s %5s %9s %9s %10s  %s%n", "line", "exit", "start(s)", "end(s)", "duration", "command");
        int ran = 0;
        int failed = 0;
        for (AdaptiveRunner.Result r : report.results()) {
            if (r.startS() == null) {
                out.printf(
                        Locale.ROOT,
                        "%5d %5s %9s %9s %10s  %s%n",
                        r.index(),
                        "-",
                        "-",
                        "-",
                        r.error() != null ? "error" : "not run",
                        r.command());
                failed += r.error() != null ? 1 : 0;
                continue;
            }
            ran++;
            failed += r.exit() != 0 ? 1 : 0;
            out.printf(
                    Locale.ROOT,
                    "%5d %5d %9.3f %9.3f %10.3f  %s%n",
                    r.index(),
                    r.exit(),
                    r.startS(),
                    r.endS(),
                    r.durationS(),
                    r.command());
        }
        int maxEffective = report.timeline().stream()
                .mapToInt(AdaptiveRunner.Second::effective)
                .max()
                .orElse(Math.min(1, report.ceiling()));
        out.printf(
                Locale.ROOT,
                "%d of %d tasks ran, %d failed; at most %d at once (effective reached %d, ceiling %d)%s%n",
                ran,
                report.results().size(),
                failed,
                report.peakConcurrency(),
                maxEffective,
                report.ceiling(),
                report.interrupted() ? "; stopped by Ctrl-C before the rest started" : "");
    }
}
