package dev.tickbench.probe.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.testkit.Waits;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real Prometheus server on loopback with a test's config, its data and log in {@code dir}. It binds
 * port 0 and the port is read from its own log: a port picked free beforehand could be taken by another
 * process before Prometheus binds it, and the test would then query whatever answers there.
 */
public final class PrometheusServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The web listener's line (Prometheus 2.x, exporter-toolkit), with the address it got. */
    private static final Pattern LISTENING = Pattern.compile("msg=\"Listening on\" address=127\\.0\\.0\\.1:(\\d+)");

    private final Process process;
    private final Path log;
    private final int port;
    private final HttpClient http = HttpClient.newHttpClient();

    private PrometheusServer(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /** Starts {@code prometheus} with {@code config}, waiting with the suite's deadline for its port. */
    public static PrometheusServer start(Path prometheus, Path config, Path dir) throws IOException {
        Path log = dir.resolve("prometheus.log");
        // info: the listener's line is logged at info level
        Process p = new ProcessBuilder(
                        prometheus.toString(),
                        "--config.file=" + config,
                        "--storage.tsdb.path=" + dir.resolve("tsdb"),
                        "--web.listen-address=127.0.0.1:0",
                        "--log.level=info")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        int[] port = {0};
        Waits.until(
                () -> "prometheus to say which port it listens on; log: " + read(log), Duration.ofMillis(100), () -> {
                    Matcher m = LISTENING.matcher(read(log));
                    if (m.find()) {
                        port[0] = Integer.parseInt(m.group(1));
                        return true;
                    }
                    if (!p.isAlive()) {
                        throw new AssertionError("prometheus exited: " + read(log));
                    }
                    return false;
                });
        return new PrometheusServer(p, log, port[0]);
    }

    /**
     * Polls the instant-query API every half second (each poll is a query Prometheus evaluates) until
     * the result vector of {@code query} is not empty, with the suite's deadline; that vector.
     */
    public JsonNode awaitResult(String query) {
        URI uri = URI.create(
                "http://127.0.0.1:" + port + "/api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
        String[] last = {""};
        JsonNode[] result = new JsonNode[1];
        Waits.until(
                () -> "a result for " + query + "; last answer: " + last[0] + "\nlog: " + read(log),
                Duration.ofMillis(500),
                () -> {
                    if (!process.isAlive()) {
                        throw new AssertionError("prometheus exited: " + read(log));
                    }
                    try {
                        HttpResponse<String> r =
                                http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
                        last[0] = r.body();
                        if (r.statusCode() == 200) {
                            result[0] = JSON.readTree(r.body()).path("data").path("result");
                            return result[0].isArray() && result[0].size() > 0;
                        }
                    } catch (IOException notYetReady) {
                        last[0] = notYetReady.toString();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    }
                    return false;
                });
        return result[0];
    }

    @Override
    public void close() throws InterruptedException {
        Waits.stop(process);
    }

    private static String read(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }
}
