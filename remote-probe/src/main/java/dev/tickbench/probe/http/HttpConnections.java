package dev.tickbench.probe.http;

import dev.tickbench.core.text.InertText;
import dev.tickbench.probe.budget.MemoryBudget;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP server's connections: its own accept loop, because the JDK's built-in server reads request
 * headers on its worker pool with no time limit, so a few dozen clients that send one byte and stop
 * hold every worker and {@code /healthz} stops answering. Here (SECURITY.md):
 * <ul>
 *   <li>a request's headers must arrive within {@link #HEADER_TIMEOUT_MS} (silence that long, or the
 *       whole head taking longer, closes the connection), and fit in {@link RequestHead#MAX_BYTES};
 *   <li>at most {@link #MAX_PENDING} connections wait for their headers, at most
 *       {@link #MAX_PENDING_PER_CLIENT} from one address: a new connection over either cap closes the
 *       oldest one that has waited {@link #EVICT_AFTER_MS} (of that address first), so slow clients
 *       cannot crowd out a new request, while a burst of quick ones (32 viewers starting at once) is
 *       not cut; beyond {@link #MAX_PENDING_HARD} the oldest goes whatever its age;
 *   <li>an answer other than {@code /stream} must be taken by the client within
 *       {@link #RESPONSE_TIMEOUT_MS}; a {@code /stream} client cut off for falling behind is closed once
 *       the rest of its line, its gap line and the body's end are in the kernel's send buffer (which
 *       delivers them after the close), never before, or the gap line would be lost;
 *   <li>a connection's kernel send buffer is {@link #SEND_BUFFER_BYTES} (not autotuned up to megabytes): a
 *       stalled client holds little kernel memory (charged to the probe's cgroup), and once cut it needs to
 *       read only that much before its whole gap line goes out.
 * </ul>
 * One request per connection ({@code Connection: close}).
 */
final class HttpConnections implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HttpConnections.class);
    static final int HEADER_TIMEOUT_MS = 5_000;
    static final int RESPONSE_TIMEOUT_MS = 10_000;
    static final int MAX_PENDING = 64;
    static final int MAX_PENDING_PER_CLIENT = 16;
    static final int MAX_PENDING_HARD = 128;
    static final int EVICT_AFTER_MS = 1_000;
    /** SO_SNDBUF of every connection (the kernel doubles it): 1.3 MB/s to a client 100 ms away. */
    static final int SEND_BUFFER_BYTES = 64 << 10;
    /** Requests being answered at once, /stream not counted. */
    static final int MAX_BUSY = 16;
    /** Room for every pending, busy and stream connection, and for those answered 503 or being closed. */
    private static final int MAX_THREADS = 2 * (MAX_PENDING_HARD + MemoryBudget.MAX_HTTP_STREAMS + MAX_BUSY);

    private static final long NEVER = Long.MAX_VALUE;

    /** Answers one request; the connection is closed when it returns. */
    @FunctionalInterface
    interface Handler {
        void handle(Conn conn, RequestHead head) throws IOException;
    }

    /** One accepted connection. */
    final class Conn {
        final Socket socket;
        final InetAddress client;
        final long acceptedNs = System.nanoTime();
        /**
         * While the head is awaited the worker judges {@link #HEADER_TIMEOUT_MS} ({@link RequestHead#read}: a
         * head that came in time is read however late the worker gets to it); the reaper is only the
         * backstop for a worker that did not, twice as late.
         */
        private volatile long deadlineNs = acceptedNs + TimeUnit.MILLISECONDS.toNanos(2L * HEADER_TIMEOUT_MS);

        private OutputStream out;
        /** A status line has been written: an error can no longer be answered as one. */
        private boolean headWritten;

        Conn(Socket socket) {
            this.socket = socket;
            this.client = socket.getInetAddress();
        }

        OutputStream out() throws IOException {
            if (out == null) {
                out = new BufferedOutputStream(socket.getOutputStream(), 8192);
            }
            return out;
        }

        /** The answer may take as long as the client stays (a /stream). */
        void noDeadline() {
            deadlineNs = NEVER;
        }

        /** Closed by the reaper after {@code ms} from now. */
        void closeIn(long ms) {
            deadlineNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        }

        void close() {
            try {
                socket.close(); // also ends a read or write blocked on it in another thread
            } catch (IOException e) {
                // already gone
            }
        }
    }

    private final ServerSocket server;
    private final Handler handler;
    private final ThreadPoolExecutor workers;
    private final Set<Conn> live = ConcurrentHashMap.newKeySet();
    private final LinkedHashSet<Conn> pending = new LinkedHashSet<>(); // guarded by itself, oldest first
    private final Thread acceptor;
    private final Thread reaper;
    private volatile boolean closed;

    HttpConnections(ServerSocket server, Handler handler) {
        this.server = server;
        this.handler = handler;
        this.workers = new ThreadPoolExecutor(0, MAX_THREADS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "tickbench-http");
            t.setDaemon(true);
            return t;
        });
        this.acceptor = new Thread(this::acceptLoop, "tickbench-http-accept");
        this.acceptor.setDaemon(true);
        this.reaper = new Thread(this::reapLoop, "tickbench-http-reaper");
        this.reaper.setDaemon(true);
    }

    void start() {
        acceptor.start();
        reaper.start();
    }

    InetSocketAddress address() {
        return (InetSocketAddress) server.getLocalSocketAddress();
    }

    /** Connections waiting for their headers (for /metrics). */
    int pendingCount() {
        synchronized (pending) {
            return pending.size();
        }
    }

    private void acceptLoop() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
                s.setSoTimeout(HEADER_TIMEOUT_MS);
                s.setTcpNoDelay(true);
                s.setSendBufferSize(SEND_BUFFER_BYTES);
            } catch (IOException e) {
                if (closed) {
                    return;
                }
                continue; // a connection that failed during accept: the next one
            }
            Conn c = new Conn(s);
            live.add(c);
            List<Conn> evicted = admit(c);
            evicted.forEach(Conn::close);
            try {
                workers.execute(() -> serve(c));
            } catch (RejectedExecutionException full) {
                live.remove(c);
                forget(c);
                c.close();
            }
        }
    }

    /** Adds {@code c} to the waiting connections; returns the ones it pushes out. */
    private List<Conn> admit(Conn c) {
        List<Conn> out = new ArrayList<>();
        long oldEnough = c.acceptedNs - TimeUnit.MILLISECONDS.toNanos(EVICT_AFTER_MS);
        synchronized (pending) {
            pending.add(c);
            int sameClient = 0;
            for (Conn p : pending) {
                sameClient += p.client.equals(c.client) ? 1 : 0;
            }
            for (Iterator<Conn> it = pending.iterator(); it.hasNext() && sameClient > MAX_PENDING_PER_CLIENT; ) {
                Conn p = it.next();
                if (p != c && p.client.equals(c.client) && p.acceptedNs - oldEnough <= 0) {
                    it.remove();
                    out.add(p);
                    sameClient--;
                }
            }
            for (Iterator<Conn> it = pending.iterator(); it.hasNext() && pending.size() > MAX_PENDING; ) {
                Conn p = it.next();
                if (p != c && (p.acceptedNs - oldEnough <= 0 || pending.size() > MAX_PENDING_HARD)) {
                    it.remove();
                    out.add(p);
                }
            }
        }
        return out;
    }

    private void forget(Conn c) {
        synchronized (pending) {
            pending.remove(c);
        }
    }

    private void serve(Conn c) {
        try (Socket s = c.socket) {
            RequestHead head;
            try {
                InputStream in = new BufferedInputStream(s.getInputStream(), 1024);
                head = RequestHead.read(in, c.acceptedNs + TimeUnit.MILLISECONDS.toNanos(HEADER_TIMEOUT_MS));
            } catch (RequestHead.BadRequest e) {
                forget(c);
                if (e.status != 0 && e.status != 408) { // a client that sends nothing is not waited on again
                    c.closeIn(1000);
                    plain(c, e.status, e.getMessage() + "\n");
                }
                return;
            } finally {
                forget(c);
            }
            c.closeIn(RESPONSE_TIMEOUT_MS);
            s.setSoTimeout(0);
            try {
                handler.handle(c, head);
            } catch (RuntimeException bug) {
                failed(c, head, bug);
                return;
            }
            c.out().flush();
        } catch (IOException e) {
            // the client went away, was cut off or pushed out: nothing to tell anyone
        } finally {
            live.remove(c);
        }
    }

    /**
     * A handler that threw: the client gets a 500 saying so (when no status line has been written yet)
     * instead of a connection closed without a word, and the probe's log (stderr) gets the stack.
     */
    private static void failed(Conn c, RequestHead head, RuntimeException bug) {
        LOG.error("answering {} failed", InertText.line(head.path()), bug);
        try {
            if (c.headWritten) {
                // a 500 now would land inside the answer begun: what was written goes out, and the close
                // ends it short of its length or its last chunk, which the client sees
                c.out().flush();
                return;
            }
            plain(
                    c,
                    500,
                    "internal error answering " + InertText.line(head.path()) + ": "
                            + bug.getClass().getSimpleName() + "\n");
        } catch (IOException | RuntimeException e) {
            // the client went away: nothing to tell it
        }
    }

    /** A short text answer with its status line and headers. */
    static void plain(Conn c, int status, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        writeHead(c, status, "text/plain; charset=utf-8", body.length, List.of());
        c.out().write(body);
        c.out().flush();
    }

    /** Status line and headers; {@code length} < 0 means chunked. */
    static void writeHead(Conn c, int status, String contentType, long length, List<String> extraHeaders)
            throws IOException {
        c.headWritten = true;
        StringBuilder h = new StringBuilder(256);
        h.append("HTTP/1.1 ").append(status).append(' ').append(reason(status)).append("\r\n");
        h.append("Content-Type: ").append(contentType).append("\r\n");
        if (length >= 0) {
            h.append("Content-Length: ").append(length).append("\r\n");
        } else {
            h.append("Transfer-Encoding: chunked\r\n");
        }
        for (String x : extraHeaders) {
            h.append(x).append("\r\n");
        }
        h.append("Connection: close\r\n\r\n");
        c.out().write(h.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 408 -> "Request Timeout";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            default -> "Status";
        };
    }

    private void reapLoop() {
        while (!closed) {
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            for (Conn c : live) {
                if (c.deadlineNs != NEVER && now - c.deadlineNs > 0) {
                    live.remove(c);
                    forget(c);
                    c.close();
                }
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        live.forEach(Conn::close);
        acceptor.interrupt();
        reaper.interrupt();
        workers.shutdownNow();
    }
}
