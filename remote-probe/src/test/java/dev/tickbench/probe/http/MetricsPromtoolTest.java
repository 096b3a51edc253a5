package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code promtool check metrics} on a live /metrics: the real /proc, and every fixture board. */
class MetricsPromtoolTest {

    @Test
    void realProcPassesPromtool() throws Exception {
        Path promtool = Prerequisites.tool("promtool", "prometheus");
        try (ServeProcess s = ServeProcess.start(List.of(), "--rate", "20")) {
            String metrics = scrapeAfterSamples(s, 5);
            check(promtool, metrics, "real /proc");
            assertTrue(metrics.contains("tickbench_source_cadence_hz{source=\"stat\",reason=\"rate\"} 20\n"), metrics);
            assertTrue(metrics.contains("tickbench_cpu_seconds_total{mode=\"user\"}"), metrics);
            assertTrue(metrics.contains("tickbench_sampler_tick_lateness_seconds_bucket{le=\"+Inf\"}"), metrics);
            assertTrue(metrics.contains("tickbench_probe_resident_memory_bytes "), metrics);
        }
    }

    /** The self line's families appear once a cost window (10 s) has passed, and pass promtool too. */
    @Test
    void theProbesOwnCostPerSourcePassesPromtool() throws Exception {
        Path promtool = Prerequisites.tool("promtool", "prometheus");
        try (ServeProcess s = ServeProcess.start(List.of(), "--rate", "20")) {
            String metrics = Waits.forValue("a scrape with the sources' cost per tick (after 10 s of ticks)", () -> {
                try {
                    String body = s.get("/metrics", null).body();
                    return body.contains("tickbench_source_tick_cpu_seconds{source=\"stat\"}") ? body : null;
                } catch (Exception e) {
                    return null;
                }
            });
            check(promtool, metrics, "real /proc, with the self line's families");
            assertTrue(metrics.contains("tickbench_probe_tick_cpu_seconds "), metrics);
            assertTrue(metrics.contains("tickbench_probe_cpu_ratio "), metrics);
        }
    }

    @Test
    void everyFixtureBoardPassesPromtool() throws Exception {
        Path promtool = Prerequisites.tool("promtool", "prometheus");
        for (Path board : Boards.ALL.stream().map(Boards::dir).toList()) {
            try (ServeProcess s = ServeProcess.start(
                    List.of(),
                    "--rate",
                    "10",
                    "--proc-root",
                    board.resolve("proc").toString(),
                    "--sys-root",
                    board.resolve("sys").toString())) {
                String metrics = scrapeAfterSamples(s, 3);
                check(promtool, metrics, board.getFileName().toString());
                assertTrue(metrics.contains("tickbench_source_cadence_hz{"), board + ": " + metrics);
                assertTrue(metrics.contains("tickbench_source_age_seconds{"), board + ": " + metrics);
            }
        }
    }

    /** The clock's sources with their attribute labels, on the laptop board and along the scripted laptop's story. */
    @Test
    void theClockSourcesPassPromtool(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        Path promtool = Prerequisites.tool("promtool", "prometheus");
        Path board = Boards.dir(Boards.LAPTOP);
        try (ServeProcess s = ServeProcess.start(
                List.of(),
                "--rate",
                "10",
                "--proc-root",
                board.resolve("proc").toString(),
                "--sys-root",
                board.resolve("sys").toString())) {
            String metrics = scrapeAfterSamples(s, 3);
            check(promtool, metrics, "x86-laptop");
            for (String family : List.of(
                    "tickbench_cpufreq_policy_hertz{policy=\"0\",setting=\"cpuinfo_max_freq\"} 3500000000\n",
                    "tickbench_cooling_device_state{device=\"cooling_device3\",type=\"Processor\"} 0\n",
                    "tickbench_rapl_power_limit_watts{zone=\"intel-rapl:0\",constraint=\"short_term\"} 25\n",
                    "tickbench_hwmon_celsius{chip=\"2\",sensor=\"2\",name=\"coretemp\",label=\"Core 0\"} 63\n",
                    "tickbench_thermal_throttle_events_total{cpu=\"1\",level=\"package\"} 0\n",
                    "tickbench_cpuidle_time_seconds_total{cpu=\"3\",state=\"8\",name=\"C10\"} 0\n",
                    "tickbench_source_cadence_hz{source=\"cpufreq_policy\",reason=\"change\"} 10\n")) {
                assertTrue(
                        dev.tickbench.testkit.Scrapes.withoutReadTimes(metrics).contains(family),
                        family + " in\n" + metrics);
            }
        }
        dev.tickbench.core.metrics.MetricsState state = new dev.tickbench.core.metrics.MetricsState();
        Path story = tmp.resolve("story.ndjson");
        dev.tickbench.testkit.StoryCapture.record(
                Boards.LAPTOP, tmp.resolve("board"), dev.tickbench.core.capture.StreamFormat.V2, story);
        try (var r = dev.tickbench.core.capture.CaptureReader.open(story)) {
            for (var l = r.next(); l != null; l = r.next()) {
                state.accept(l, 0);
            }
        }
        dev.tickbench.core.metrics.Exposition e = new dev.tickbench.core.metrics.Exposition();
        state.render(e, null, 0);
        check(promtool, e.text(), "the laptop's story");
        assertTrue(
                e.text()
                        .contains(
                                "tickbench_cpuidle_residency_ratio{cpu=\"0\",state=\"8\",name=\"C10\",window=\"1s\"} 0\n"),
                e.text());
    }

    /** Waits for {@code n} samples, then scrapes. */
    static String scrapeAfterSamples(ServeProcess s, long n) throws Exception {
        ServeHttpTest.awaitSeq(s, n);
        var r = s.get("/metrics", null);
        assertEquals(200, r.statusCode());
        return r.body();
    }

    static void check(Path promtool, String metrics, String what) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(promtool.toString(), "check", "metrics")
                .redirectErrorStream(true)
                .start();
        p.getOutputStream().write(metrics.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, Waits.exit("promtool check metrics", p), what + ": promtool check metrics said:\n" + out);
        assertEquals("", out.strip(), what + ": promtool lint findings:\n" + out);
    }
}
