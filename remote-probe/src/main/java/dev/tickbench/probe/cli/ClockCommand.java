package dev.tickbench.probe.cli;

import dev.tickbench.core.clock.ClockAnalysis;
import dev.tickbench.core.clock.ClockJson;
import dev.tickbench.core.clock.ClockReport;
import dev.tickbench.core.clock.ClockWindow;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code clock}: why is the CPU clock low? A verdict per cpufreq policy over a window (docs/clock.md). */
@Command(
        name = "clock",
        mixinStandardHelpOptions = true,
        description = {
            "Sample for a window (or read a capture's range) and name, per cpufreq policy, what holds the clock down:",
            "thermal, power, policy, the governor, idle, or none, with the evidence (docs/clock.md)."
        })
public final class ClockCommand implements Callable<Integer> {
    static final Duration MAX_WINDOW = Duration.ofMinutes(10);

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    SamplerOptions sampling;

    @Option(
            names = "--window",
            paramLabel = "DURATION",
            defaultValue = "2s",
            description = "how long to sample: 500ms, 2s, 1m (default: ${DEFAULT-VALUE}; not with --capture)")
    String window;

    @Option(names = "--json", description = "print the verdict as JSON (for tools) instead of text")
    boolean json;

    @Option(
            names = "--capture",
            paramLabel = "FILE",
            description = "judge a capture (.ndjson or .ndjson.gz) instead of sampling")
    Path capture;

    @Option(
            names = "--from",
            paramLabel = "SECONDS",
            description = "with --capture: first t_s of the range, as in its CSV (default: start)")
    Double fromS;

    @Option(
            names = "--to",
            paramLabel = "SECONDS",
            description = "with --capture: last t_s of the range (default: end)")
    Double toS;

    @Override
    public Integer call() throws Exception {
        ClockReport report;
        String readError = null;
        if (capture != null) {
            if (spec.commandLine().getParseResult().hasMatchedOption("--window")) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--window samples live; a capture's range is --from/--to");
            }
            if (fromS != null && toS != null && fromS > toS) {
                throw new UserError("--from " + fromS + " is after --to " + toS, 2);
            }
            try {
                ClockAnalysis.CaptureVerdict v = ClockAnalysis.ofCapture(capture, fromS, toS);
                report = v.report();
                readError = v.readError();
            } catch (NoSuchFileException e) {
                throw new UserError("cannot read " + capture + ": no such file", 2);
            } catch (IOException e) {
                throw new UserError("cannot read " + capture + ": " + e.getMessage(), 1);
            }
        } else {
            if (fromS != null || toS != null) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--from and --to choose a range of --capture FILE");
            }
            sampling.validate();
            report = live(parseWindow(window));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? ClockJson.render(report) + "\n" : ClockTable.render(report));
        out.flush();
        if (readError != null) {
            // the verdict above is over the lines before the bad one; the exit says the capture is damaged
            throw new UserError(readError + " (judged on the lines before it)", 1);
        }
        return 0;
    }

    /** Runs the sampler for the window, its lines into the verdict's window; ends itself at the window's last tick. */
    private ClockReport live(Duration w) throws InterruptedException {
        ClockWindow clock = new ClockWindow();
        CountDownLatch done = new CountDownLatch(1);
        try (Sampler sampler = Sampler.create(sampling.config(), List.of(), List.of())) {
            sampler.addSink(clock.sink());
            sampler.endAfter(w.toNanos(), done::countDown);
            sampler.start();
            // the slack only matters if the tick thread died
            if (!done.await(w.toNanos() + TimeUnit.SECONDS.toNanos(60), TimeUnit.NANOSECONDS)) {
                throw new UserError("the sampler did not finish the " + window + " window within a minute after it", 1);
            }
        }
        return clock.report();
    }

    /** {@code 2s}, {@code 500ms}, {@code 1m}; from 1 ms to 10 min. */
    private Duration parseWindow(String text) {
        Duration d;
        try {
            d = DurationConverter.parse(text == null ? "" : text);
        } catch (CommandLine.TypeConversionException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--window: " + e.getMessage());
        }
        if (d.toNanos() < 1_000_000 || d.compareTo(MAX_WINDOW) > 0) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--window must be from 1ms to 10m, got '" + text + "'");
        }
        return d;
    }
}
