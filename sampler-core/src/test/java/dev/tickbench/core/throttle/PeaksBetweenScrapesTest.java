package dev.tickbench.core.throttle;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.core.metrics.Exposition;
import dev.tickbench.core.metrics.MetricsState;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.testkit.Waits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The /metrics path without HTTP: a real sampler and throttle on a proc tree whose meminfo spikes
 * from 75 % to 90 % used for a moment between two scrapes; the stream's lines, decoded, feed the
 * metrics state the probe's server renders. The second scrape shows the 90 %, although the spike was
 * over seconds before it.
 */
class PeaksBetweenScrapesTest {
    @TempDir
    Path tmp;

    @Test
    void aMemorySpikeBetweenTwoScrapesShowsInTheSecond() throws Exception {
        FixtureProc proc = new FixtureProc(tmp); // MemTotal 1000, MemAvailable 250: 75 % used
        MetricsState metrics = new MetricsState();
        LineDecoder decoder = new LineDecoder();
        List<ThrottleLine> throttleLines = new ArrayList<>();
        try (Sampler sampler = Sampler.create(
                new SamplerConfig(proc.roots, 20, 0), List.of(), List.of(new ThrottleExtension(proc.roots, 4)))) {
            sampler.addSink((b, off, len) -> {
                StreamLine l = decoder.decode(b, off, len - 1);
                metrics.accept(l, System.nanoTime());
                if (l instanceof SampleLine) {
                    proc.advance(2, 1, 7, 0); // the CPU keeps running: every second has CPU time to measure
                }
                if (l instanceof ThrottleLine t) {
                    synchronized (throttleLines) {
                        throttleLines.add(t);
                    }
                }
            });
            sampler.start();
            awaitThrottle(throttleLines, 0, t -> mem(t) == 75.0, "a first second at 75 %");
            String first = scrape(metrics);
            assertTrue(first.contains("tickbench_throttle_peak_ratio{resource=\"mem\"} 0.75\n"), first);

            int before = count(throttleLines);
            proc.writeMeminfo(1000, 100); // 90 % used, until a throttle second has read it
            int spike = awaitThrottle(throttleLines, before, t -> mem(t) == 90.0, "the spike read");
            proc.writeMeminfo(1000, 250);
            awaitThrottle(throttleLines, spike + 1, t -> mem(t) == 75.0, "back to 75 %");
            int after =
                    awaitThrottle(throttleLines, count(throttleLines), t -> mem(t) == 75.0, "one more quiet second");
            assertTrue(after > spike + 1);
            String second = scrape(metrics);
            assertTrue(
                    second.contains("tickbench_throttle_peak_ratio{resource=\"mem\"} 0.9\n"),
                    "the spike is over, but it happened since the first scrape:\n" + second);
        }
    }

    private static double mem(ThrottleLine t) {
        return t.peaks() == null || !t.peaks().has("mem")
                ? Double.NaN
                : t.peaks().get("mem").asDouble();
    }

    private static int count(List<ThrottleLine> lines) {
        synchronized (lines) {
            return lines.size();
        }
    }

    /** Index of the first throttle line at or after {@code from} that matches; fails after the suite's deadline. */
    private static int awaitThrottle(List<ThrottleLine> lines, int from, Predicate<ThrottleLine> p, String what) {
        return Waits.forValue("a throttle line: " + what, () -> {
            synchronized (lines) {
                for (int i = from; i < lines.size(); i++) {
                    if (p.test(lines.get(i))) {
                        return i;
                    }
                }
            }
            return null;
        });
    }

    private static String scrape(MetricsState m) {
        Exposition e = new Exposition();
        m.render(e, null, System.nanoTime());
        return e.text();
    }
}
