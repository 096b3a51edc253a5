package dev.tickbench.probe.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.tickbench.core.metrics.Exposition;
import dev.tickbench.probe.cli.HostPort;
import dev.tickbench.probe.cli.ProbeVersion;
import dev.tickbench.probe.cli.UserError;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * {@code serve}'s HTTP side (JDK built-in server): {@code /healthz}, {@code /capabilities},
 * {@code /metrics}, {@code /stream}. Loopback unless told otherwise; a non-loopback address needs a
 * token. Each {@code /stream} client holds one server thread for as long as it stays connected.
 */
public final class ProbeHttpServer implements AutoCloseable {
    /** Concurrent /stream clients; more get 503 rather than an unbounded thread count. */
    static final int MAX_STREAM_CLIENTS = 32;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService executor;
    private final ServedProbe probe;
    private final LineHub hub;
    private final BearerToken token;
    private final Semaphore streamSlots = new Semaphore(MAX_STREAM_CLIENTS);
    private final long startedNs = System.nanoTime();

    private ProbeHttpServer(HttpServer server, ExecutorService executor, ServedProbe probe, LineHub hub, BearerToken token) {
        this.server = server;
        this.executor = executor;
        this.probe = probe;
        this.hub = hub;
        this.token = token;
    }

    /**
     * Checks the binding rule, binds and starts. {@code token} may be null only on a loopback address.
     *
     * @throws UserError exit 2 for a non-loopback address without a token, exit 1 when the port is taken
     */
    public static ProbeHttpServer start(HostPort bind, BearerToken token, ServedProbe probe, LineHub hub) {
        checkBinding(bind, token);
        InetSocketAddress address = bind.resolve("--http");
        HttpServer server;
        try {
            server = HttpServer.create(address, 64);
        } catch (IOException e) {
            throw new UserError("--http " + bind.host() + ":" + bind.port() + ": cannot listen (" + e.getMessage()
                    + "); pick a free port", 1);
        }
        ThreadPoolExecutor executor = new ThreadPoolExecutor(2, MAX_STREAM_CLIENTS + 8, 30, TimeUnit.SECONDS,
                new SynchronousQueue<>(), r -> {
                    Thread t = new Thread(r, "tickbench-http");
                    t.setDaemon(true);
                    return t;
                });
        ProbeHttpServer s = new ProbeHttpServer(server, executor, probe, hub, token);
        server.createContext("/", s::handle);
        server.setExecutor(executor);
        server.start();
        return s;
    }

    /** Secure by default: the probe's data never reaches the network without a token. */
    public static void checkBinding(HostPort bind, BearerToken token) {
        if (token == null && !bind.isLoopback("--http")) {
            throw new UserError("--http " + bind.host() + ":" + bind.port() + " is not a loopback address: refusing to "
                    + "serve the probe's data to the network without authentication. Add --token FILE (clients send "
                    + "'Authorization: Bearer <token>'), or bind 127.0.0.1.", 2);
        }
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            String method = ex.getRequestMethod();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                ex.getResponseHeaders().set("Allow", "GET, HEAD");
                text(ex, 405, "only GET and HEAD\n");
                return;
            }
            if (!path.equals("/healthz") && token != null && !token.accepts(ex.getRequestHeaders().getFirst("Authorization"))) {
                ex.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"tickbench-probe\"");
                text(ex, 401, "missing or wrong bearer token\n");
                return;
            }
            switch (path) {
                case "/healthz" -> healthz(ex);
                case "/capabilities" -> body(ex, 200, "application/json", (JSON.writeValueAsString(probe.capabilities()) + "\n")
                        .getBytes(StandardCharsets.UTF_8));
                case "/metrics" -> metrics(ex);
                case "/stream" -> stream(ex);
                default -> text(ex, 404, "no such endpoint; try /healthz /capabilities /metrics /stream\n");
            }
        } catch (IOException e) {
            // the client went away mid-answer: nothing to tell anyone
        }
    }

    private void healthz(HttpExchange ex) throws IOException {
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
        body(ex, ok ? 200 : 503, "application/json", (JSON.writeValueAsString(o) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private void metrics(HttpExchange ex) throws IOException {
        Exposition e = new Exposition();
        hub.metrics().render(e, probe.selfCost(), System.nanoTime());
        e.gauge("tickbench_http_stream_clients", "Connected /stream clients.", hub.clientCount());
        e.counter("tickbench_http_hub_dropped_lines_total", "Lines the HTTP hub could not take (its thread stalled).",
                hub.droppedLines());
        e.gauge("tickbench_http_slow_client_gaps", "Gap lines sent to the connected /stream clients that fell behind.",
                hub.slowClientGaps());
        e.gauge("tickbench_http_replay_lines", "Lines held for /stream?since=SEQ.", hub.ringLines());
        e.gauge("tickbench_probe_heap_used_bytes", "Java heap in use (live data plus garbage not yet collected).",
                java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        java.nio.ByteBuffer text = e.utf8();
        body(ex, 200, Exposition.CONTENT_TYPE, text.array(), text.arrayOffset() + text.position(), text.remaining());
    }

    private void stream(HttpExchange ex) throws IOException {
        Long since = null;
        String query = ex.getRequestURI().getRawQuery();
        if (query != null) {
            for (String kv : query.split("&")) {
                if (kv.startsWith("since=")) {
                    try {
                        since = Long.parseLong(kv.substring("since=".length()));
                    } catch (NumberFormatException nfe) {
                        text(ex, 400, "since must be a sample seq number, got '" + kv.substring(6) + "'\n");
                        return;
                    }
                }
            }
        }
        if (!streamSlots.tryAcquire()) {
            text(ex, 503, "too many /stream clients (" + MAX_STREAM_CLIENTS + ")\n");
            return;
        }
        StreamClient client = new StreamClient();
        try {
            ex.getResponseHeaders().set("Content-Type", "application/x-ndjson");
            ex.getResponseHeaders().set("Cache-Control", "no-store");
            if (ex.getRequestMethod().equals("HEAD")) {
                ex.sendResponseHeaders(200, -1);
                return;
            }
            ex.sendResponseHeaders(200, 0); // 0: chunked, as long as the client stays
            LineRing.Replay replay = hub.subscribe(client, since);
            try (OutputStream out = ex.getResponseBody()) {
                client.pump(out, probe.helloLine(), replay);
            }
        } finally {
            hub.unsubscribe(client);
            streamSlots.release();
        }
    }

    private static void text(HttpExchange ex, int status, String message) throws IOException {
        body(ex, status, "text/plain; charset=utf-8", message.getBytes(StandardCharsets.UTF_8));
    }

    private static void body(HttpExchange ex, int status, String contentType, byte[] body) throws IOException {
        body(ex, status, contentType, body, 0, body.length);
    }

    private static void body(HttpExchange ex, int status, String contentType, byte[] body, int off, int len)
            throws IOException {
        ex.getResponseHeaders().set("Content-Type", contentType);
        if (ex.getRequestMethod().equals("HEAD")) {
            ex.sendResponseHeaders(status, -1);
            return;
        }
        ex.sendResponseHeaders(status, len);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body, off, len);
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
        hub.close(); // ends the /stream pumps, so stop() does not wait on them
        server.stop(0);
        executor.shutdownNow();
    }
}
