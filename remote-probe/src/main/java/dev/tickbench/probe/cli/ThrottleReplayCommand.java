package dev.tickbench.probe.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.throttle.IowaitSeries;
import dev.tickbench.core.throttle.ThrottleReplay;
import dev.tickbench.probe.common.CommandIo;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
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
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Feed a recorded iowait series (a capture, or one percentage per line at 1 Hz) "
                + "through the throttle and print what it would have done.")
final class ThrottleReplayCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    ThrottleOptions throttle;

    @Option(names = "--input", paramLabel = "FILE",
            description = "a capture (.ndjson, .gz) or a text file with one iowait %% per line (default: stdin;"
                    + " over SSH only stdin)")
    Path input;

    @Option(names = "--json", description = "one JSON object per input value")
    boolean json;

    @Override
    public Integer call() {
        int ceiling = throttle.ceiling();
        IowaitSeries.Loaded loaded;
        if (input == null) {
            try {
                loaded = IowaitSeries.load(CommandIo.in(), "stdin");
            } catch (IowaitSeries.SeriesFormatException e) {
                throw new UserError(e.getMessage());
            } catch (IOException e) {
                throw new UserError("stdin: cannot be read: " + e.getMessage());
            }
        } else {
            InputFiles.requireReadable("--input", input);
            try {
                loaded = IowaitSeries.load(input);
            } catch (IowaitSeries.SeriesFormatException e) {
                throw new UserError(e.getMessage());
            } catch (IOException e) {
                throw InputFiles.unreadable("--input", input, e);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        List<ThrottleReplay.Step> steps = ThrottleReplay.run(ceiling, loaded.points());
        if (json) {
            for (ThrottleReplay.Step s : steps) {
                ObjectNode o = JSON.createObjectNode();
                o.put("t", s.t());
                o.put("iowait", s.iowait());
                o.put("smoothed", s.smoothed());
                o.put("zone", s.zone().name());
                o.put("effective", s.effective());
                out.println(o);
            }
        } else {
            printTable(out, ceiling, steps);
        }
        out.flush();
        if (loaded.warning().isPresent()) {
            // what was read is replayed above; the input is still bad data, as for csv and floors
            throw new UserError(loaded.warning().get());
        }
        return 0;
    }

    private static void printTable(PrintWriter out, int ceiling, List<ThrottleReplay.Step> steps) {
        out.printf(Locale.ROOT, "%6s %8s %9s  %-6s %9s%n", "t(s)", "iowait%", "smoothed%", "zone", "effective");
        int throttles = 0;
        int start = Math.min(1, ceiling); // the controller's first effective: 0 when the ceiling pauses it
        int max = start;
        int previous = start;
        for (ThrottleReplay.Step s : steps) {
            out.printf(Locale.ROOT, "%6d %8.2f %9.2f  %-6s %9d%n", s.t(), s.iowait(), s.smoothed(), s.zone(), s.effective());
            throttles += s.effective() < previous ? 1 : 0;
            max = Math.max(max, s.effective());
            previous = s.effective();
        }
        out.printf(Locale.ROOT, "%d values replayed, ceiling %d: effective reached %d, %d throttle%s%n",
                steps.size(), ceiling, max, throttles, throttles == 1 ? "" : "s");
    }
}
