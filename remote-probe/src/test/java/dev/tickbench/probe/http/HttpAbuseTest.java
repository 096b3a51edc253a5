package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * serve's HTTP side attacked on loopback: slow and half-open clients, stalled /stream readers under a
 * small heap, short tokens, odd Authorization headers and out-of-range {@code since}; and TLS.
 */
class HttpAbuseTest {
    private static final String TOKEN = "abuse-test-token-0123456789";
    /** The deadline for one answer (the suite's: a busy machine is slow, not wrong); the measured latency goes to the README. */
    private static final Duration ANSWER = Waits.DEADLINE;

    @TempDir
    Path tmp;

    private Path token() throws IOException {
        Path t = tmp.resolve("token");
        Files.writeString(t, TOKEN + "\n");
        return t;
    }

    @Test
    void twoHundredSlowClientsDoNotStopHealthzOrMetrics() throws Exception {
        try (ServeProcess s = ServeProcess.start(List.of(), "--rate", "10", "--token", token().toString())) {
            ServeHttpTest.awaitSeq(s, 1);
            List<Socket> slow = new ArrayList<>();
            try {
                for (int i = 0; i < 200; i++) {
                    Socket c = new Socket();
                    c.connect(new InetSocketAddress("127.0.0.1", s.httpPort()), (int) ANSWER.toMillis());
                    if (i % 2 == 0) {
                        c.getOutputStream().write('G'); // one byte, then nothing; the others send nothing at all
                    }
                    slow.add(c);
                }
                long worstNs = 0;
                for (int round = 0; round < 5; round++) {
                    long t0 = System.nanoTime();
                    Answer h = raw(s.httpPort(), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
                    long t1 = System.nanoTime();
                    Answer m = raw(
                            s.httpPort(),
                            "GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + TOKEN + "\r\n\r\n");
                    long t2 = System.nanoTime();
                    assertEquals(200, h.status(), h.text());
                    assertEquals(200, m.status(), m.text());
                    assertTrue(m.text().contains("tickbench_http_pending_connections"), m.text());
                    worstNs = Math.max(worstNs, Math.max(t1 - t0, t2 - t1));
                    System.out.printf(
                            "round %d: healthz %.1f ms, metrics %.1f ms%n", round, (t1 - t0) / 1e6, (t2 - t1) / 1e6);
                }
                System.out.printf("healthz/metrics worst latency with 200 slow clients: %.1f ms%n", worstNs / 1e6);
            } finally {
                for (Socket c : slow) {
                    c.close();
                }
            }
        }
    }

    @Test
    void aClientThatStopsSendingItsHeadersIsClosed() throws Exception {
        try (ServeProcess s = ServeProcess.start(List.of(), "--rate", "10");
                Socket c = new Socket("127.0.0.1", s.httpPort())) {
            c.getOutputStream().write("GET /healthz HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII));
            c.setSoTimeout((int) ServeProcess.TIMEOUT.toMillis());
            long t0 = System.nanoTime();
            assertEquals(-1, c.getInputStream().read(), "closed without an answer");
            long waited = System.nanoTime() - t0;
            assertTrue(
                    waited >= TimeUnit.MILLISECONDS.toNanos(HttpConnections.HEADER_TIMEOUT_MS - 500),
                    "closed after the header timeout, not before: " + waited / 1e6 + " ms");
        }
    }

    @Test
    void shortTokensAreRefusedAtStart() throws Exception {
        Path t = tmp.resolve("short");
        Files.writeString(t, "abc\n");
        ServeProcess.Refusal r = ServeProcess.refuse("--http", "127.0.0.1:0", "--token", t.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("the token is shorter than 16 bytes"), r.err());
    }

    @Test
    void bearerSchemeIsCaseInsensitiveAndTheTokenIsNot() throws Exception {
        try (ServeProcess s = ServeProcess.start(List.of(), "--rate", "10", "--token", token().toString())) {
            for (String scheme : List.of("Bearer", "bearer", "BEARER")) {
                Answer a = raw(
                        s.httpPort(),
                        "GET /capabilities HTTP/1.1\r\nauthorization: " + scheme + " " + TOKEN + "\r\n\r\n");
                assertEquals(200, a.status(), scheme + ": " + a.text());
            }
            Answer wrong = raw(
                    s.httpPort(),
                    "GET /capabilities HTTP/1.1\r\nAuthorization: Bearer " + TOKEN.toUpperCase() + "\r\n\r\n");
            assertEquals(401, wrong.status());
            Answer basic =
                    raw(s.httpPort(), "GET /capabilities HTTP/1.1\r\nAuthorization: Basic " + TOKEN + "\r\n\r\n");
            assertEquals(401, basic.status());
            Answer unauthPost = raw(s.httpPort(), "POST /stream HTTP/1.1\r\n\r\n");
            assertEquals(401, unauthPost.status(), "the token is checked before anything else");
        }
    }

    @Test
    void sinceOutsideZeroToNewestIsABadRequest() throws Exception {
        try (ServeProcess s = ServeProcess.start(List.of(), "--rate", "20")) {
            long seq = ServeHttpTest.awaitSeq(s, 2);
            for (String since : List.of("-1", "99999999", "x", "9223372036854775808")) {
                HttpResponse<String> r = s.get("/stream?since=" + since, null);
                assertEquals(400, r.statusCode(), since + ": " + r.body());
            }
            assertEquals(
                    200,
                    raw(s.httpPort(), "HEAD /stream?since=" + seq + " HTTP/1.1\r\n\r\n")
                            .status());
        }
    }

    @Test
    void stalledStreamClientsUnderASmallHeapAreCutOffAndServeKeepsServing() throws Exception {
        try (ServeProcess s = ServeProcess.start(
                List.of("-Xmx64m", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError"),
                "--rate",
                "200",
                "--buffer",
                "60s")) {
            ServeHttpTest.awaitSeq(s, 1);
            List<Socket> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < 32; i++) {
                    Socket c = new Socket();
                    c.setReceiveBufferSize(4096);
                    c.connect(new InetSocketAddress("127.0.0.1", s.httpPort()));
                    c.getOutputStream().write("GET /stream HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    stalled.add(c); // never read
                }
                // every stalled client falls a whole share behind and is cut off; serve stays up meanwhile
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
                double cut = 0;
                while (cut < 32) {
                    assertTrue(System.nanoTime() < deadline, "stalled clients not cut off in 180 s: " + cut);
                    // serve answers meanwhile; 503 is an honest answer when the machine starved the
                    // sampler for 2 s (a busy laptop), so what is asserted is an answer with its JSON
                    HttpResponse<String> h = s.get("/healthz", null);
                    assertTrue(
                            (h.statusCode() == 200 || h.statusCode() == 503)
                                    && h.body().contains("\"seq\""),
                            h.statusCode() + " " + h.body());
                    cut = metric(s.get("/metrics", null).body(), "tickbench_http_slow_clients_cut_total");
                    Thread.sleep(500);
                }
                System.out.printf(
                        "32 stalled clients cut off after %.1f s%n",
                        (System.nanoTime() - deadline + TimeUnit.SECONDS.toNanos(180)) / 1e9);
                // and the sampler's lines still reach the hub: healthy again once the clients are cut
                Waits.until("/healthz 200 after the stalled clients were cut off", () -> {
                    try {
                        return s.get("/healthz", null).statusCode() == 200;
                    } catch (IOException | InterruptedException e) {
                        throw new AssertionError(e);
                    }
                });
                // the cut clients stall on, each keeping its slot until it has taken its gap line; a new
                // viewer finding every slot taken pushes the oldest of them out and gets its stream
                try (Socket viewer = new Socket()) {
                    viewer.connect(new InetSocketAddress("127.0.0.1", s.httpPort()));
                    viewer.setSoTimeout((int) ServeProcess.TIMEOUT.toMillis());
                    viewer.getOutputStream().write("GET /stream HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    String status = new java.io.BufferedReader(
                                    new java.io.InputStreamReader(viewer.getInputStream(), StandardCharsets.US_ASCII))
                            .readLine();
                    assertEquals("HTTP/1.1 200 OK", status);
                }
                assertFalse(String.join("\n", s.stderr()).contains("OutOfMemoryError"), String.join("\n", s.stderr()));
            } finally {
                for (Socket c : stalled) {
                    c.close();
                }
            }
        }
    }

    @Test
    void tlsServesHttpsWithTheGivenCertificate() throws Exception {
        Path[] pem = selfSigned();
        try (ServeProcess s = ServeProcess.start(
                List.of(),
                "--rate",
                "10",
                "--token",
                token().toString(),
                "--tls-cert",
                pem[0].toString(),
                "--tls-key",
                pem[1].toString())) {
            assertTrue(
                    s.stderr().stream().anyMatch(l -> l.contains("https listening on")),
                    s.stderr().toString());
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry(
                    "probe",
                    java.security.cert.CertificateFactory.getInstance("X.509")
                            .generateCertificate(Files.newInputStream(pem[0])));
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, tmf.getTrustManagers(), null);
            HttpClient client = HttpClient.newBuilder()
                    .sslContext(ctx)
                    .connectTimeout(ServeProcess.TIMEOUT)
                    .build();
            HttpResponse<String> r = client.send(
                    HttpRequest.newBuilder(java.net.URI.create("https://127.0.0.1:" + s.httpPort() + "/metrics"))
                            .header("Authorization", "Bearer " + TOKEN)
                            .timeout(ServeProcess.TIMEOUT)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            assertTrue(r.body().contains("tickbench_http_stream_clients"), r.body());
            Answer plain = raw(s.httpPort(), "GET /healthz HTTP/1.1\r\n\r\n");
            assertEquals(-1, plain.status(), "plain HTTP on the TLS port gets no answer: " + plain.text());
        }
    }

    /**
     * Issue 30 item 9: TLS 1.2 negotiated suites without forward secrecy (AES128-SHA, AES256-GCM-SHA384).
     * A real TLS client (OpenSSL) tries every suite it knows, one by one: only Mozilla's "intermediate"
     * ones are accepted, ECDHE with an AEAD cipher for TLS 1.2, and TLS 1.3's three.
     */
    @Test
    void tlsAcceptsOnlyForwardSecretAeadSuites() throws Exception {
        Path openssl = Prerequisites.tool("openssl", "openssl");
        for (String alg : List.of("RSA", "EC")) {
            tlsSuitesWith(openssl, selfSigned(alg));
        }
    }

    private void tlsSuitesWith(Path openssl, Path[] pem) throws Exception {
        try (ServeProcess s = ServeProcess.start(
                List.of(),
                "--rate",
                "10",
                "--token",
                token().toString(),
                "--tls-cert",
                pem[0].toString(),
                "--tls-key",
                pem[1].toString())) {
            List<String> accepted12 = new ArrayList<>();
            for (String suite : exec(openssl.toString(), "ciphers", "-s", "-tls1_2", "ALL:COMPLEMENTOFALL")
                    .strip()
                    .split(":")) {
                if (!suite.startsWith("TLS_") && handshake(openssl, s.httpPort(), "-tls1_2", "-cipher", suite)) {
                    accepted12.add(suite);
                }
            }
            List<String> accepted13 = new ArrayList<>();
            for (String suite :
                    List.of("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256")) {
                if (handshake(openssl, s.httpPort(), "-tls1_3", "-ciphersuites", suite)) {
                    accepted13.add(suite);
                }
            }
            System.out.println(
                    pem[0].getFileName() + ": TLS 1.2 suites accepted: " + accepted12 + "; TLS 1.3: " + accepted13);
            assertFalse(accepted12.isEmpty());
            for (String suite : accepted12) {
                assertTrue(
                        suite.startsWith("ECDHE-") && (suite.contains("-GCM-") || suite.contains("CHACHA20-POLY1305")),
                        "TLS 1.2 suite " + suite + " has no forward secrecy or no AEAD; accepted: " + accepted12);
            }
            assertEquals(
                    List.of("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256"),
                    accepted13);
            assertFalse(handshake(openssl, s.httpPort(), "-tls1_1"), "TLS 1.1");
        }
    }

    /** One handshake by {@code openssl s_client}; true when it completed with a cipher. */
    private static boolean handshake(Path openssl, int port, String... options) throws Exception {
        List<String> cmd = new ArrayList<>(
                List.of(openssl.toString(), "s_client", "-connect", "127.0.0.1:" + port, "-servername", "127.0.0.1"));
        cmd.addAll(List.of(options));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(ServeProcess.TIMEOUT.toSeconds(), TimeUnit.SECONDS), "openssl s_client did not end");
        return p.exitValue() == 0
                && out.matches("(?s).*Cipher (is|    :) [A-Z0-9_-]+.*")
                && !out.contains("Cipher is (NONE)")
                && !out.contains("Cipher    : 0000");
    }

    private static String exec(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(ServeProcess.TIMEOUT.toSeconds(), TimeUnit.SECONDS) && p.exitValue() == 0, out);
        return out;
    }

    @Test
    void offLoopbackWithoutTlsSaysSoAtStart() throws Exception {
        try (ServeProcess s =
                ServeProcess.start(List.of(), "--rate", "10", "--http", "0.0.0.0:0", "--token", token().toString())) {
            assertTrue(
                    s.stderr().stream()
                            .anyMatch(l ->
                                    l.contains("warning: --http 0.0.0.0:0 is not loopback and has no " + "--tls-cert")),
                    s.stderr().toString());
        }
    }

    /** A self-signed EC certificate for 127.0.0.1 made with the JDK's keytool: {cert.pem, key.pem}. */
    private Path[] selfSigned() throws Exception {
        return selfSigned("EC");
    }

    /** A self-signed certificate for 127.0.0.1 of key algorithm {@code alg} (EC P-256 or RSA 2048). */
    private Path[] selfSigned(String alg) throws Exception {
        Path ks = tmp.resolve("tls-" + alg + ".p12");
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "keytool")
                                .toString(),
                        "-genkeypair",
                        "-keystore",
                        ks.toString(),
                        "-storetype",
                        "PKCS12",
                        "-storepass",
                        "changeit",
                        "-alias",
                        "probe",
                        "-keyalg",
                        alg,
                        alg.equals("EC") ? "-groupname" : "-keysize",
                        alg.equals("EC") ? "secp256r1" : "2048",
                        "-dname",
                        "CN=127.0.0.1",
                        "-ext",
                        "SAN=ip:127.0.0.1",
                        "-validity",
                        "2")
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, Waits.exit("keytool", p), out);
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(ks)) {
            store.load(in, "changeit".toCharArray());
        }
        Certificate cert = store.getCertificate("probe");
        var key = store.getKey("probe", "changeit".toCharArray());
        Base64.Encoder b64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));
        Path certPem = tmp.resolve("cert-" + alg + ".pem");
        Path keyPem = tmp.resolve("key-" + alg + ".pem");
        Files.writeString(
                certPem,
                "-----BEGIN CERTIFICATE-----\n" + b64.encodeToString(cert.getEncoded())
                        + "\n-----END CERTIFICATE-----\n");
        Files.writeString(
                keyPem,
                "-----BEGIN PRIVATE KEY-----\n" + b64.encodeToString(key.getEncoded())
                        + "\n-----END PRIVATE KEY-----\n");
        return new Path[] {certPem, keyPem};
    }

    private static double metric(String exposition, String name) {
        return exposition
                .lines()
                .filter(l -> l.startsWith(name + " "))
                .mapToDouble(l -> Double.parseDouble(l.split(" ")[1]))
                .findFirst()
                .orElseThrow(() -> new AssertionError(name + " not in /metrics"));
    }

    record Answer(int status, String text) {}

    /** One raw HTTP exchange; status -1 when the server closed without an HTTP answer. */
    private static Answer raw(int port, String request) throws IOException {
        try (Socket c = new Socket()) {
            c.connect(new InetSocketAddress("127.0.0.1", port), (int) ANSWER.toMillis());
            c.setSoTimeout((int) ANSWER.toMillis());
            OutputStream out = c.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            String text;
            try {
                text = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (java.net.SocketException reset) {
                return new Answer(-1, reset.toString());
            }
            if (!text.startsWith("HTTP/1.1 ")) {
                return new Answer(-1, text);
            }
            return new Answer(Integer.parseInt(text.substring(9, 12)), text);
        }
    }
}
