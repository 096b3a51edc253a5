package dev.tickbench.probe.http;

import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.handoff.LineHandoff;
import dev.tickbench.core.metrics.MetricsState;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one sampler sink behind the HTTP server. On the sampler thread it only copies the line into the
 * core's bounded {@link LineHandoff} (never blocks); its own thread decodes the line for {@code /metrics},
 * keeps it in the replay ring and hands the same bytes to every {@code /stream} client. When the hub's
 * thread falls a whole inbox behind, samples are dropped and a {@code gap} line
 * ({@code "probe_behind"}) names them for every client and the replay ring; a hello or {@code schema}
 * line is never dropped, so every value after the gap still decodes (docs/handoff.md).
 */
public final class LineHub implements LineSink, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LineHub.class);
    /** The reason of the gap lines the hub writes for the samples its inbox could not take. */
    static final String GAP_REASON = "probe_behind";
    /** The inbox never holds less: seconds of a 100 Hz format-1 stream of a 2-CPU machine. */
    static final int MIN_INBOX_BYTES = 1 << 20;

    static final int MAX_INBOX_BYTES = 8 << 20;
    private static final long IDLE_MS = 200;

    private final LineHandoff inbox;
    private final MetricsState metrics = new MetricsState();
    private final LineDecoder decoder = new LineDecoder();
    private final LineRing ring;
    private final List<StreamClient> clients = new CopyOnWriteArrayList<>();
    private final AtomicLong undecodable = new AtomicLong();
    private final AtomicLong slowClientsCut = new AtomicLong();
    private final Thread thread;
    private volatile boolean closed;
    private volatile long lastSampleReceivedNs;
    private long lastSeq;
    /** The hello a client joining now starts with (guarded by the ring): v2 key lists as of now. */
    private byte[] joinHello;

    /**
     * What a new {@code /stream} client is sent first: the hello ({@code null} before the hub has seen
     * one: the sampler's own) and the replay. The hello carries the key lists in effect where the
     * replay starts, so a client joining mid-stream decodes v2 lines without the schema lines it missed.
     */
    record Join(byte[] hello, LineRing.Replay replay) {}

    /**
     * @param ringBytes a hard bound on the replay ring whatever --buffer says (its share of the heap); the
     *     inbox is a quarter of it, within {@link #MIN_INBOX_BYTES}..{@link #MAX_INBOX_BYTES}
     */
    public LineHub(long bufferNs, long ringBytes) {
        this(bufferNs, ringBytes, (int) Math.max(MIN_INBOX_BYTES, Math.min(MAX_INBOX_BYTES, ringBytes / 4)));
        start();
    }

    /** A hub whose thread does not run until {@link #start()}: what the sampler offers meanwhile waits in the inbox. */
    LineHub(long bufferNs, long ringBytes, int inboxBytes) {
        this.ring = new LineRing(bufferNs, ringBytes);
        this.inbox = new LineHandoff(inboxBytes, LineHandoff.WhenFull.DROP_SAMPLES, GAP_REASON);
        this.thread = new Thread(this::run, "tickbench-http-hub");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Sampler thread: copy and hand off, never block. */
    @Override
    public void line(byte[] bytes, int offset, int length) {
        inbox.offer(bytes, offset, length);
    }

    private void run() {
        while (!closed) {
            if (drain() == 0) {
                inbox.awaitLines(IDLE_MS, TimeUnit.MILLISECONDS);
            }
        }
    }

    /** Hub thread: everything the inbox holds; returns the lines handled. */
    int drain() {
        try {
            return inbox.drainTo((b, off, len) -> handle(Arrays.copyOfRange(b, off, off + len)));
        } catch (IOException | RuntimeException e) {
            LOG.warn("a stream line could not be handed to the /stream clients: {}", e.toString());
            return 1;
        }
    }

    private void handle(byte[] line) {
        long now = System.nanoTime();
        // a client that starts at this line is sent the key lists it is read with: before a schema line's
        // change, which the line itself then makes (a kept run applied twice does not decode)
        byte[] before = decoder.joinHello();
        StreamLine decoded;
        try {
            decoded = decoder.decode(line, 0, line.length);
        } catch (IOException | RuntimeException e) {
            if (undecodable.getAndIncrement() == 0) {
                LOG.warn("a stream line could not be decoded for /metrics: {}", e.getMessage());
            }
            decoded = null;
        }
        if (decoded != null) {
            metrics.accept(decoded, now);
        }
        byte[] after = decoder.joinHello(); // for a client joining live, after this line
        if (decoded instanceof Hello) {
            synchronized (ring) {
                joinHello = after;
            }
            return; // /stream writes the hello itself, first, for every client
        }
        boolean sample = decoded instanceof SampleLine;
        if (sample) {
            lastSeq = ((SampleLine) decoded).seq();
            lastSampleReceivedNs = now;
        }
        LineRing.Entry e =
                new LineRing.Entry(lastSeq, sample, now, line, before, decoded instanceof GapLine g ? g : null);
        synchronized (ring) {
            joinHello = after;
            ring.add(e);
            for (StreamClient c : clients) {
                boolean wasCut = c.isCut();
                c.offer(e);
                if (!wasCut && c.isCut()) {
                    slowClientsCut.incrementAndGet();
                }
            }
        }
    }

    /**
     * Registers a client and returns what it must be sent first; atomically, so no line is lost or doubled.
     * A {@code since} the ring has not reached yet is found among the lines to come ({@link SinceCursor}):
     * the client skips them until then, and its hello is the one of the line it starts at.
     */
    Join subscribe(StreamClient c, Long since) {
        synchronized (ring) {
            LineRing.Replay r = since == null ? LineRing.Replay.LIVE : ring.after(since);
            if (r.rest() != null) {
                c.startAfter(r.rest());
            }
            clients.add(c);
            return new Join(
                    r.entries().isEmpty() ? joinHello : r.entries().get(0).hello(), r);
        }
    }

    void unsubscribe(StreamClient c) {
        clients.remove(c);
    }

    public MetricsState metrics() {
        return metrics;
    }

    int clientCount() {
        return clients.size();
    }

    /** Lines the inbox could not take: samples (named by gap lines) and other lines past its side queue. */
    long droppedLines() {
        return inbox.droppedSamples() + inbox.droppedLines();
    }

    long slowClientsCut() {
        return slowClientsCut.get();
    }

    /** {@link System#nanoTime()} when the last sample arrived; 0 before the first. */
    long lastSampleReceivedNs() {
        return lastSampleReceivedNs;
    }

    int ringLines() {
        synchronized (ring) {
            return ring.size();
        }
    }

    @Override
    public void close() {
        closed = true;
        inbox.abort();
        for (StreamClient c : clients) {
            c.close();
        }
        thread.interrupt();
    }
}
