package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
            int promPort = freePort();
            Path config = tmp.resolve("prometheus.yml");
            Files.writeString(config, String.join("\n",
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
            Process prom = new ProcessBuilder(prometheus.toString(), "--config.file=" + config,
                    "--storage.tsdb.path=" + tmp.resolve("tsdb"), "--web.listen-address=127.0.0.1:" + promPort,
                    "--log.level=warn")
                    .redirectErrorStream(true).redirectOutput(tmp.resolve("prometheus.log").toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            try {
                JsonNode caps = JSON.readTree(serve.get("/capabilities", "scrape-me-0123456789").body());
                Set<String> expected = new TreeSet<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = caps.path("cadences").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> c = it.next();
                    expected.add(c.getKey() + "=" + c.getValue().path("reason").asText());
                }
                assertTrue(expected.contains("stat=rate"), expected.toString());

                // a scrape may time out on a busy machine (up 0): the first good one is what is awaited
                JsonNode up = awaitResult(promPort, "up{job=\"tickbench\"} == 1", prom, tmp);
                assertEquals("1", up.get(0).path("value").get(1).asText(), "target not up: " + up);

                JsonNode cadence = awaitResult(promPort, "tickbench_source_cadence_hz", prom, tmp);
                Set<String> seen = new TreeSet<>();
                for (JsonNode r : cadence) {
                    seen.add(r.path("metric").path("source").asText() + "=" + r.path("metric").path("reason").asText());
                }
                assertEquals(expected, seen);

                // six scrapes first (a window wider than six intervals: scrapes that time out on a busy
                // machine leave holes), then the rate between the last two: rate() over a window the series
                // does not fill yet would be extrapolated short of the CPU count
                awaitResult(promPort, "count_over_time(tickbench_samples_total[15s]) >= 6", prom, tmp);
                JsonNode rate = awaitResult(promPort, "irate(tickbench_cpu_seconds_total[15s])", prom, tmp);
                double busy = 0;
                for (JsonNode r : rate) {
                    busy += Double.parseDouble(r.path("value").get(1).asText());
                }
                // all modes together (idle included) add up to the host's CPU count in CPU-seconds per second
                int cores = Runtime.getRuntime().availableProcessors();
                assertTrue(busy > cores * 0.5 && busy <= cores * 1.5, "sum of CPU rates " + busy + " for " + cores + " cores");
                System.out.printf("prometheus: %d cadence series, rate(tickbench_cpu_seconds_total) sums to %.2f CPU%n",
                        cadence.size(), busy);
            } finally {
                Waits.stop(prom);
            }
        }
    }

    /** Polls the instant-query API until the result vector is not empty, with the suite's deadline. */
    private static JsonNode awaitResult(int port, String query, Process prom, Path tmp) {
        HttpClient http = HttpClient.newHttpClient();
        URI uri = URI.create("http://127.0.0.1:" + port + "/api/v1/query?query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8));
        String[] last = {""};
        Path log = tmp.resolve("prometheus.log");
        JsonNode[] result = new JsonNode[1];
        // every half second: each poll is a query Prometheus evaluates
        Waits.until(() -> "a result for " + query + "; last answer: " + last[0] + "\nlog: " + read(log), Duration.ofMillis(500), () -> {
            if (!prom.isAlive()) {
                throw new AssertionError("prometheus exited: " + read(log));
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
                last[0] = r.body();
                if (r.statusCode() == 200) {
                    result[0] = JSON.readTree(r.body()).path("data").path("result");
                    return result[0].isArray() && result[0].size() > 0;
                }
            } catch (IOException notYetListening) {
                last[0] = notYetListening.toString();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            return false;
        });
        return result[0];
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
