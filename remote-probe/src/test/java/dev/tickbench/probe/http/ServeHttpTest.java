package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** serve's HTTP side against a real child process sampling the real /proc. */
class ServeHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void tokenGuardsEverythingButHealthz() throws Exception {
        Path token = tmp.resolve("token");
        Files.writeString(token, "s3cret-token-0123456\n");
        try (ServeProcess s = ServeProcess.start(List.of(), "--rate", "20", "--token", token.toString())) {
            assertEquals(401, s.get("/metrics", null).statusCode());
            assertEquals(401, s.get("/metrics", "wrong").statusCode());
            assertEquals(401, s.get("/capabilities", null).statusCode());
            assertEquals(401, s.get("/stream", null).statusCode());
            HttpResponse<String> ok = s.get("/metrics", "s3cret-token-0123456");
            assertEquals(200, ok.statusCode());
            assertEquals(
                    "text/plain; version=0.0.4; charset=utf-8",
                    ok.headers().firstValue("Content-Type").orElse(""));
            assertTrue(ok.body().contains("# TYPE tickbench_source_cadence_hz gauge"), ok.body());

            HttpResponse<String> health = s.get("/healthz", null);
            assertEquals(200, health.statusCode(), health.body());
            JsonNode h = JSON.readTree(health.body());
            assertTrue(h.path("ok").asBoolean());
            assertEquals(20, h.path("rate_hz").asInt());
            assertEquals(64, h.path("capabilities_sha256").asText().length());
            assertFalse(h.path("version").asText().isEmpty());
            JsonNode caps =
                    JSON.readTree(s.get("/capabilities", "s3cret-token-0123456").body());
            assertEquals(20, caps.path("rate_hz").asInt());
            assertEquals(
                    ProbeHttpServer.sha256(JSON.writeValueAsBytes(caps)),
                    h.path("capabilities_sha256").asText());
            assertEquals(404, s.get("/nope", "s3cret-token-0123456").statusCode());
        }
    }

    @Test
    void nonLoopbackWithoutTokenRefusesToStart() throws Exception {
        ServeProcess.Refusal r = ServeProcess.refuse("--http", "0.0.0.0:0");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("0.0.0.0:0 is not a loopback address"), r.err());
        assertTrue(r.err().contains("--token FILE"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void badAddressIsAUsageError() throws Exception {
        ServeProcess.Refusal r = ServeProcess.refuse("--http", "localhost");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--http must be ADDR:PORT"), r.err());
    }

    @Test
    void streamStartsWithHelloAndReplaysFromTheRingWithAGapWhenTooOld() throws Exception {
        try (ServeProcess s = ServeProcess.start(List.of(), "--rate", "50", "--buffer", "1s")) {
            awaitSeq(s, 150); // 3 s at 50 Hz
            // seq 1 leaves the ring 1 s after the hub received it: on a busy machine the hub may take in seconds
            // of samples at once, late, so it is awaited, as the answer that says it (how many samples a second of
            // the hub's time holds then is not a number to assert)
            List<StreamLine> lines = Waits.forValue("seq 1 gone from the 1 s ring", Duration.ofMillis(200), () -> {
                try {
                    List<StreamLine> l = readStream(s, "/stream?since=0");
                    return l.get(1) instanceof GapLine ? l : null;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertInstanceOf(Hello.class, lines.get(0));
            GapLine gap = assertInstanceOf(GapLine.class, lines.get(1));
            assertEquals(1, gap.fromSeq());
            assertEquals("buffer", gap.reason());
            // the gap names what left the ring, and the first sample follows it
            SampleLine first = firstSample(lines.subList(2, lines.size()));
            assertEquals(gap.toSeq() + 1, first.seq());
        }
        // a recent seq is replayed from the ring without a gap: a ring of a minute, so that the request, however
        // late a busy machine sends it after seq was read, still finds seq there (a 1 s ring gave it under a second);
        // and a seq a live client was sent, so the hub has put it in the ring
        try (ServeProcess s = ServeProcess.start(List.of(), "--rate", "50", "--buffer", "60s")) {
            long now = liveSeqAtLeast(s, 10);
            List<StreamLine> recent = readStream(s, "/stream?since=" + (now - 5));
            assertInstanceOf(Hello.class, recent.get(0));
            assertFalse(recent.stream().anyMatch(l -> l instanceof GapLine), recent.toString());
            assertEquals(now - 4, firstSample(recent).seq());

            List<StreamLine> live = readStream(s, "/stream");
            assertInstanceOf(Hello.class, live.get(0));
            assertTrue(firstSample(live).seq() > now, "a live client starts after what the hub had sent: " + live);

            // the sampler's newest seq (/healthz), which the hub's thread may not have taken in yet: the client
            // still starts right after it (it joined live from the hub's next line, and got samples up to it again)
            for (int i = 0; i < 5; i++) {
                long newest = awaitSeq(s, 1);
                List<StreamLine> after = readStream(s, "/stream?since=" + newest);
                assertInstanceOf(Hello.class, after.get(0));
                StreamLine first = after.stream()
                        .filter(l -> l instanceof SampleLine || l instanceof GapLine)
                        .findFirst()
                        .orElseThrow();
                long from = first instanceof GapLine g ? g.fromSeq() : ((SampleLine) first).seq();
                assertEquals(
                        newest + 1,
                        from,
                        "the first sample (or the gap naming it) after since=" + newest + ": " + after);
            }
        }
    }

    private static SampleLine firstSample(List<StreamLine> lines) {
        return (SampleLine)
                lines.stream().filter(l -> l instanceof SampleLine).findFirst().orElseThrow();
    }

    /** Waits until the probe's seq reaches {@code min}; returns it. */
    static long awaitSeq(ServeProcess s, long min) {
        return Waits.forValue("serve's seq to reach " + min, Duration.ofMillis(100), () -> {
            try {
                long seq = JSON.readTree(s.get("/healthz", null).body())
                        .path("seq")
                        .asLong();
                return seq >= min ? seq : null;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
    }

    /** The first sample at or after {@code min} that a live /stream client is sent: one the hub has put in its ring. */
    private static long liveSeqAtLeast(ServeProcess s, long min) throws Exception {
        HttpResponse<InputStream> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(s.uri("/stream"))
                                .timeout(ServeProcess.TIMEOUT)
                                .build(),
                        HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, r.statusCode());
        LineDecoder decoder = new LineDecoder();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (decoder.decode(line) instanceof SampleLine sample && sample.seq() >= min) {
                    return sample.seq();
                }
            }
        }
        throw new AssertionError("the live stream ended before seq " + min);
    }

    /**
     * Reads a /stream answer up to its first sample line, decoding each line. Not a count of lines: between
     * the hello and the samples come the process table's start and exit lines, as many as the machine
     * started and ended processes (dozens a second beside a build).
     */
    static List<StreamLine> readStream(ServeProcess s, String path) throws Exception {
        HttpResponse<InputStream> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(s.uri(path))
                                .timeout(ServeProcess.TIMEOUT)
                                .build(),
                        HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, r.statusCode());
        assertEquals(
                "application/x-ndjson", r.headers().firstValue("Content-Type").orElse(""));
        List<StreamLine> out = new ArrayList<>();
        LineDecoder decoder = new LineDecoder();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                StreamLine l = decoder.decode(line);
                out.add(l);
                if (l instanceof SampleLine) {
                    return out;
                }
                if (out.size() > 100_000) {
                    break;
                }
            }
        }
        throw new AssertionError(path + ": no sample line in " + out.size() + " lines");
    }
}
