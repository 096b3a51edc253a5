package dev.tickbench.probe.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.text.JsonOutput;
import dev.tickbench.core.throttle.IowaitSeries;
import dev.tickbench.core.throttle.ThrottleReplay;
import dev.tickbench.probe.common.CommandIo;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code throttle replay}: "what concurrency would this board have allowed during that capture?" —
 * a fresh controller at t = 0, the i-th iowait value fed at t = i s.
 */
@Command(
        name = "replay",
        mixinStandardHelpOptions = true,
        description = "Feed a recorded iowait series (a capture, or one percentage per line at 1 Hz) "
                + "through the throttle and print what it would have done.")
final class ThrottleReplayCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = JsonOutput.newMapper();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    ThrottleOptions throttle;

    @Option(
            names = "--input",
            paramLabel = "FILE",
            description = "a capture (.ndjson, .gz) or a text file with one iowait %% per line (default: stdin;"
                    + " over SSH only stdin)")
    Path input;

    @Option(names = "--json", description = "one JSON object per input value")
    boolean json;

    /**
     * How much a gzip series sent on stdin over SSH may grow (SECURITY.md): real
     * captures grow 10 to 25 times; a bomb of a few KB that stands for gigabytes is refused at its line.
     */
    static final long SSH_MAX_INFLATION = 100;

    @Override
    public Integer call() {
        int ceiling = throttle.ceiling();
        PrintWriter out = spec.commandLine().getOut();
        Printer printer = new Printer(out, ceiling, json);
        ThrottleReplay.Replayer replayer = new ThrottleReplay.Replayer(ceiling);
        IowaitSeries.PointSink sink = p -> printer.print(replayer.step(p));
        Optional<String> warning;
        try {
            if (input == null) {
                try {
                    warning = IowaitSeries.stream(
                            CommandIo.in(), "stdin", CommandIo.isBound() ? SSH_MAX_INFLATION : 0, sink);
                } catch (IowaitSeries.SeriesFormatException e) {
                    throw new UserError(e.getMessage());
                } catch (IOException e) {
                    throw new UserError("stdin: cannot be read: " + e.getMessage());
                }
            } else {
                InputFiles.requireReadable("--input", input);
                try (InputStream in = Files.newInputStream(input)) {
                    warning = IowaitSeries.stream(in, input.toString(), 0, sink);
                } catch (IowaitSeries.SeriesFormatException e) {
                    throw new UserError(e.getMessage());
                } catch (IOException e) {
                    throw InputFiles.unreadable("--input", input, e);
                }
            }
        } finally {
            out.flush(); // what was replayed before a bad line is shown
        }
        printer.finish();
        out.flush();
        if (warning.isPresent()) {
            // what was read is replayed above; the input is still bad data, as for csv and floors
            throw new UserError(warning.get());
        }
        return 0;
    }

    /** Prints each step as it is replayed: one JSON object, or a table row (its header with the first). */
    private static final class Printer {
        private final PrintWriter out;
        private final int ceiling;
        private final boolean json;
        private long steps;
        private int throttles;
        private int max;
        private int previous;

        Printer(PrintWriter out, int ceiling, boolean json) {
            this.out = out;
            this.ceiling = ceiling;
            this.json = json;
            this.max = Math.min(1, ceiling); // the controller's first effective: 0 when the ceiling pauses it
            this.previous = max;
        }

        void print(ThrottleReplay.Step s) {
            if (json) {
                ObjectNode o = JSON.createObjectNode();
                o.put("t", s.t());
                o.put("iowait", s.iowait());
                o.put("smoothed", s.smoothed());
                o.put("zone", s.zone().name());
                o.put("effective", s.effective());
                out.println(JsonOutput.line(o));
            } else {
                if (steps == 0) {
                    out.printf(
                            Locale.ROOT,
                            "%6s %8s %9s  %-6s %9s%n",
                            "t(s)",
                            "iowait%",
                            "smoothed%",
                            "zone",
                            "effective");
                }
                out.printf(
                        Locale.ROOT,
                        "%6d %8.2f %9.2f  %-6s %9d%n",
                        s.t(),
                        s.iowait(),
                        s.smoothed(),
                        s.zone(),
                        s.effective());
            }
            steps++;
            throttles += s.effective() < previous ? 1 : 0;
            max = Math.max(max, s.effective());
            previous = s.effective();
        }

        void finish() {
            if (!json) {
                out.printf(
                        Locale.ROOT,
                        "%d values replayed, ceiling %d: effective reached %d, %d throttle%s%n",
                        steps,
                        ceiling,
                        max,
                        throttles,
                        throttles == 1 ? "" : "s");
            }
        }
    }
}
