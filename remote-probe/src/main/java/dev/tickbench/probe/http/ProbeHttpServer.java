package dev.tickbench.probe.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.metrics.Exposition;
import dev.tickbench.core.text.JsonOutput;
import dev.tickbench.probe.budget.MemoryBudget;
import dev.tickbench.probe.common.HostPort;
import dev.tickbench.probe.common.ProbeVersion;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;

/**
 * {@code serve}'s HTTP side: {@code /healthz}, {@code /capabilities}, {@code /metrics},
 * {@code /stream}, over plain HTTP or TLS, on the connection handling of {@link HttpConnections}.
 * Loopback unless told otherwise; a non-loopback address needs a token. The token is checked before
 * anything else is done for a request.
 */
public final class ProbeHttpServer implements AutoCloseable {
    static final int MAX_STREAM_CLIENTS = MemoryBudget.MAX_HTTP_STREAMS;
    static final String[] TLS_PROTOCOLS = {"TLSv1.3", "TLSv1.2"};
    /**
     * Mozilla's "intermediate" profile: TLS 1.3's suites, and for TLS 1.2 only ECDHE key exchange (forward
     * secrecy) with an AEAD cipher; the JDK's other defaults (AES-CBC with SHA-1, static RSA key exchange)
     * are not offered.
     */
    static final List<String> TLS_SUITES = List.of(
            "TLS_AES_128_GCM_SHA256",
            "TLS_AES_256_GCM_SHA384",
            "TLS_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");

    private static final ObjectMapper JSON = JsonOutput.newMapper();

    private final HttpConnections connections;
    private final ServedProbe probe;
    private final LineHub hub;
    private final BearerToken token;
    private final MemoryBudget budget;
    private final boolean tls;
    private final Semaphore streamSlots = new Semaphore(MAX_STREAM_CLIENTS);
    /**
     * /stream clients cut off for falling behind, until their gap line and the body's end are handed to the
     * kernel (oldest first; guarded by itself). None is closed on a timer: whenever it reads again, it gets
     * whole lines, its gap line and the end, however long it stalled ({@link #streamSlot} aside).
     */
    private final java.util.Set<HttpConnections.Conn> cutClients = new java.util.LinkedHashSet<>();

    private final Semaphore busySlots = new Semaphore(HttpConnections.MAX_BUSY);
    private final long startedNs = System.nanoTime();
    /** Endpoints of features of their own ({@link ProbeEndpoint}: /triggers), answered like the built-in ones. */
    private final List<ProbeEndpoint> endpoints = new java.util.concurrent.CopyOnWriteArrayList<>();

    private ProbeHttpServer(
            ServerSocket socket, ServedProbe probe, LineHub hub, BearerToken token, MemoryBudget budget, boolean tls) {
        this.probe = probe;
        this.hub = hub;
        this.token = token;
        this.budget = budget;
        this.tls = tls;
        this.connections = new HttpConnections(socket, this::handle);
    }

    /**
     * Checks the binding rule, binds and starts. {@code token} may be null only on a loopback address;
     * {@code tls} null serves plain HTTP.
     *
     * @throws UserError exit 2 for a non-loopback address without a token, exit 1 when the port is taken
     */
    public static ProbeHttpServer start(
            HostPort bind, BearerToken token, Tls tls, ServedProbe probe, LineHub hub, MemoryBudget budget) {
        checkBinding(bind, token);
        InetSocketAddress address = bind.resolve("--http");
        ServerSocket socket;
        try {
            if (tls != null) {
                SSLServerSocket s =
                        (SSLServerSocket) tls.context().getServerSocketFactory().createServerSocket();
                s.setEnabledProtocols(TLS_PROTOCOLS);
                List<String> supported = List.of(s.getSupportedCipherSuites());
                s.setEnabledCipherSuites(
                        TLS_SUITES.stream().filter(supported::contains).toArray(String[]::new));
                socket = s;
            } else {
                socket = new ServerSocket();
            }
            socket.setReuseAddress(true);
            socket.bind(address, 128);
        } catch (IOException e) {
            throw new UserError(
                    "--http " + bind.host() + ":" + bind.port() + ": cannot listen (" + e.getMessage()
                            + "); pick a free port",
                    1);
        }
        ProbeHttpServer s = new ProbeHttpServer(socket, probe, hub, token, budget, tls != null);
        s.connections.start();
        return s;
    }

    /** The TLS certificate and key, read at start ({@code --tls-cert}, {@code --tls-key}). */
    public record Tls(SSLContext context) {
        public static Tls read(java.nio.file.Path cert, java.nio.file.Path key) {
            return new Tls(TlsFiles.context(cert, key));
        }
    }

    /** Secure by default: the probe's data never reaches the network without a token. */
    public static void checkBinding(HostPort bind, BearerToken token) {
        if (token == null && !bind.isLoopback("--http")) {
            throw new UserError(
                    "--http " + bind.host() + ":" + bind.port() + " is not a loopback address: refusing to "
                            + "serve the probe's data to the network without authentication. Add --token FILE (clients send "
                            + "'Authorization: Bearer <token>'), or bind 127.0.0.1.",
                    2);
        }
    }

    /** Adds an endpoint of a feature of its own, served from now on. */
    public void add(ProbeEndpoint endpoint) {
        endpoints.add(endpoint);
    }

    public InetSocketAddress address() {
        return connections.address();
    }

    public boolean tls() {
        return tls;
    }

    private void handle(HttpConnections.Conn c, RequestHead req) throws IOException {
        if (!req.path().equals("/healthz") && token != null && !token.accepts(req.authorization())) {
            text(
                    c,
                    req,
                    401,
                    "missing or wrong bearer token\n",
                    List.of("WWW-Authenticate: Bearer realm=\"tickbench-probe\""));
            return;
        }
        if (!req.method().equals("GET") && !req.method().equals("HEAD")) {
            text(c, req, 405, "only GET and HEAD\n", List.of("Allow: GET, HEAD"));
            return;
        }
        if (req.path().equals("/stream")) {
            stream(c, req);
            return;
        }
        if (!busySlots.tryAcquire()) {
            text(c, req, 503, "busy: " + HttpConnections.MAX_BUSY + " requests are being answered\n", List.of());
            return;
        }
        try {
            switch (req.path()) {
                case "/healthz" -> healthz(c, req);
                case "/capabilities" ->
                    body(
                            c,
                            req,
                            200,
                            "application/json",
                            (JSON.writeValueAsString(probe.capabilities()) + "\n").getBytes(StandardCharsets.UTF_8));
                case "/metrics" -> metrics(c, req);
                default -> {
                    ProbeEndpoint x = endpoints.stream()
                            .filter(p -> p.path().equals(req.path()))
                            .findFirst()
                            .orElse(null);
                    if (x != null) {
                        body(c, req, 200, x.contentType(), x.body());
                    } else {
                        text(c, req, 404, "no such endpoint; try /healthz /capabilities /metrics /stream\n", List.of());
                    }
                }
            }
        } finally {
            busySlots.release();
        }
    }

    private void healthz(HttpConnections.Conn c, RequestHead req) throws IOException {
        long now = System.nanoTime();
        long periodNs = 1_000_000_000L / Math.max(1, probe.rateHz());
        long last = hub.lastSampleReceivedNs();
        double uptime = (now - startedNs) / 1e9;
        // healthy while samples keep arriving (grace of 2 s or 10 periods, for start-up and a GC pause)
        long graceNs = Math.max(2_000_000_000L, 10 * periodNs);
        boolean ok = last == 0 ? now - startedNs < graceNs : now - last < graceNs;
        ObjectNode o = JSON.createObjectNode();
        o.put("ok", ok);
        o.put("seq", probe.lastSeq());
        o.put("uptime_s", Math.round(uptime * 1000) / 1000.0);
        o.put("rate_hz", probe.rateHz());
        o.put("capabilities_sha256", sha256(JSON.writeValueAsBytes(probe.capabilities())));
        o.put("version", ProbeVersion.version());
        body(
                c,
                req,
                ok ? 200 : 503,
                "application/json",
                (JSON.writeValueAsString(o) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private void metrics(HttpConnections.Conn c, RequestHead req) throws IOException {
        Exposition e = new Exposition();
        hub.metrics().render(e, probe.selfCost(), System.nanoTime());
        for (ProbeEndpoint x : endpoints) {
            x.metrics(e);
        }
        e.gauge("tickbench_http_stream_clients", "Connected /stream clients.", hub.clientCount());
        e.counter(
                "tickbench_http_hub_dropped_lines_total",
                "Lines the HTTP hub could not take (its thread stalled).",
                hub.droppedLines());
        e.counter(
                "tickbench_http_slow_clients_cut_total",
                "/stream clients cut off (gap line, then disconnected) for falling a whole buffer share behind.",
                hub.slowClientsCut());
        e.gauge(
                "tickbench_http_pending_connections",
                "Connections still sending their request headers.",
                connections.pendingCount());
        e.gauge("tickbench_http_replay_lines", "Lines held for /stream?since=SEQ.", hub.ringLines());
        e.gauge(
                "tickbench_probe_heap_used_bytes",
                "Java heap in use (live data plus garbage not yet collected).",
                java.lang.management.ManagementFactory.getMemoryMXBean()
                        .getHeapMemoryUsage()
                        .getUsed());
        e.gauge(
                "tickbench_probe_heap_max_bytes",
                "Java heap limit (-Xmx); every buffer is sized from it.",
                budget.heapBytes());
        java.nio.ByteBuffer text = e.utf8();
        byte[] b = new byte[text.remaining()];
        text.get(b);
        body(c, req, 200, Exposition.CONTENT_TYPE, b);
    }

    private void stream(HttpConnections.Conn c, RequestHead req) throws IOException {
        Long since = null;
        if (req.rawQuery() != null) {
            for (String kv : req.rawQuery().split("&")) {
                if (kv.startsWith("since=")) {
                    String v = kv.substring("since=".length());
                    long newest = probe.lastSeq();
                    try {
                        since = Long.parseLong(v);
                    } catch (NumberFormatException nfe) {
                        text(c, req, 400, "since must be a sample seq number from 0 to " + newest + "\n", List.of());
                        return;
                    }
                    if (since < 0 || since > newest) {
                        text(
                                c,
                                req,
                                400,
                                "since " + since + " is outside 0.." + newest + " (the newest sample)\n",
                                List.of());
                        return;
                    }
                }
            }
        }
        if (!streamSlot()) {
            text(c, req, 503, "too many /stream clients (" + MAX_STREAM_CLIENTS + ")\n", List.of());
            return;
        }
        List<String> headers = List.of("Cache-Control: no-store");
        if (req.method().equals("HEAD")) {
            try {
                HttpConnections.writeHead(c, 200, "application/x-ndjson", 0, headers);
            } finally {
                streamSlots.release();
            }
            return;
        }
        StreamClient client = new StreamClient(budget.consumerBytes(), () -> {
            synchronized (cutClients) {
                cutClients.add(c);
            }
        });
        try {
            HttpConnections.writeHead(c, 200, "application/x-ndjson", -1, headers);
            c.noDeadline();
            LineHub.Join join = hub.subscribe(client, since);
            try (OutputStream out = new ChunkedOutputStream(c.out())) {
                client.pump(out, join.hello() != null ? join.hello() : probe.helloLine(), join.replay());
            }
        } finally {
            hub.unsubscribe(client);
            synchronized (cutClients) {
                cutClients.remove(c);
            }
            streamSlots.release();
        }
    }

    /**
     * A /stream slot; when all are taken, the client cut off longest ago that has not yet been sent its gap
     * line (it stopped reading) is closed to make room: the slots go to clients that read.
     */
    private boolean streamSlot() throws IOException {
        if (streamSlots.tryAcquire()) {
            return true;
        }
        HttpConnections.Conn oldest;
        synchronized (cutClients) {
            var first = cutClients.iterator();
            if (!first.hasNext()) {
                return false;
            }
            oldest = first.next();
            first.remove();
        }
        oldest.close(); // its writer fails at once and gives its slot back
        try {
            return streamSlots.tryAcquire(HttpConnections.RESPONSE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void text(HttpConnections.Conn c, RequestHead req, int status, String message, List<String> headers)
            throws IOException {
        byte[] b = message.getBytes(StandardCharsets.UTF_8);
        HttpConnections.writeHead(c, status, "text/plain; charset=utf-8", b.length, headers);
        if (!req.method().equals("HEAD")) {
            c.out().write(b);
        }
    }

    private static void body(HttpConnections.Conn c, RequestHead req, int status, String contentType, byte[] body)
            throws IOException {
        HttpConnections.writeHead(c, status, contentType, body.length, List.of());
        if (!req.method().equals("HEAD")) {
            c.out().write(body);
        }
    }

    static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        hub.close(); // ends the /stream pumps
        connections.close();
    }
}
