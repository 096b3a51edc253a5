package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.testkit.Prerequisites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real Prometheus server on loopback scrapes a running serve (with a bearer token) every second. */
class PrometheusScrapeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void prometheusScrapesCadencesAndCpuRates() throws Exception {
        Path prometheus = Prerequisites.tool("prometheus", "prometheus");
        Path token = tmp.resolve("token");
        Files.writeString(token, "scrape-me-0123456789\n");
        try (ServeProcess serve = ServeProcess.start(List.of(), "--rate", "20", "--token", token.toString())) {
            Path config = tmp.resolve("prometheus.yml");
            Files.writeString(
                    config,
                    String.join(
                            "\n",
                            "global:",
                            "  scrape_interval: 1s",
                            "  scrape_timeout: 1s",
                            "  evaluation_interval: 1s",
                            "scrape_configs:",
                            "  - job_name: tickbench",
                            "    authorization:",
                            "      type: Bearer",
                            "      credentials_file: " + token,
                            "    static_configs:",
                            "      - targets: ['127.0.0.1:" + serve.httpPort() + "']",
                            ""));
            try (PrometheusServer prom = PrometheusServer.start(prometheus, config, tmp)) {
                JsonNode caps = JSON.readTree(
                        serve.get("/capabilities", "scrape-me-0123456789").body());
                Set<String> expected = new TreeSet<>();
                for (Iterator<Map.Entry<String, JsonNode>> it =
                                caps.path("cadences").fields();
                        it.hasNext(); ) {
                    Map.Entry<String, JsonNode> c = it.next();
                    expected.add(c.getKey() + "=" + c.getValue().path("reason").asText());
                }
                assertTrue(expected.contains("stat=rate"), expected.toString());

                // a scrape may time out on a busy machine (up 0): the first good one is what is awaited
                JsonNode up = prom.awaitResult("up{job=\"tickbench\"} == 1");
                assertEquals("1", up.get(0).path("value").get(1).asText(), "target not up: " + up);

                JsonNode cadence = prom.awaitResult("tickbench_source_cadence_hz");
                Set<String> seen = new TreeSet<>();
                for (JsonNode r : cadence) {
                    seen.add(r.path("metric").path("source").asText() + "="
                            + r.path("metric").path("reason").asText());
                }
                assertEquals(expected, seen);

                // six scrapes first (a window wider than six intervals: scrapes that time out on a busy
                // machine leave holes), then the rate between the last two: rate() over a window the series
                // does not fill yet would be extrapolated short of the CPU count
                prom.awaitResult("count_over_time(tickbench_samples_total[15s]) >= 6");
                JsonNode rate = prom.awaitResult("irate(tickbench_cpu_seconds_total[15s])");
                double busy = 0;
                for (JsonNode r : rate) {
                    busy += Double.parseDouble(r.path("value").get(1).asText());
                }
                // all modes together (idle included) add up to the host's CPU count in CPU-seconds per second
                int cores = Runtime.getRuntime().availableProcessors();
                assertTrue(
                        busy > cores * 0.5 && busy <= cores * 1.5,
                        "sum of CPU rates " + busy + " for " + cores + " cores");
                System.out.printf(
                        "prometheus: %d cadence series, rate(tickbench_cpu_seconds_total) sums to %.2f CPU%n",
                        cadence.size(), busy);
            }
        }
    }
}
