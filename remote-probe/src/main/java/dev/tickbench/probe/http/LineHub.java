package dev.tickbench.probe.http;

import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.metrics.MetricsState;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one sampler sink behind the HTTP server. On the sampler thread it only copies the line and
 * offers it to a bounded inbox (never blocks); its own thread decodes the line for {@code /metrics},
 * keeps it in the replay ring and hands the same bytes to every {@code /stream} client.
 */
public final class LineHub implements LineSink, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LineHub.class);
    /** Ten seconds at 1000 Hz: the hub thread would have to stall that long to lose a line. */
    static final int INBOX_LINES = 10_000;

    private final ArrayBlockingQueue<byte[]> inbox = new ArrayBlockingQueue<>(INBOX_LINES);
    private final MetricsState metrics = new MetricsState();
    private final LineDecoder decoder = new LineDecoder();
    private final LineRing ring;
    private final List<StreamClient> clients = new CopyOnWriteArrayList<>();
    private final AtomicLong droppedLines = new AtomicLong();
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

    /** @param ringBytes a hard bound on the replay ring whatever --buffer says (its share of the heap) */
    public LineHub(long bufferNs, long ringBytes) {
        this.ring = new LineRing(bufferNs, ringBytes);
        this.thread = new Thread(this::run, "tickbench-http-hub");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** Sampler thread: copy and hand off, never block. */
    @Override
    public void line(byte[] bytes, int offset, int length) {
        if (!inbox.offer(Arrays.copyOfRange(bytes, offset, offset + length))) {
            droppedLines.incrementAndGet();
        }
    }

    private void run() {
        while (!closed) {
            byte[] line;
            try {
                line = inbox.poll(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (line != null) {
                handle(line);
            }
        }
    }

    private void handle(byte[] line) {
        long now = System.nanoTime();
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
        byte[] hello = decoder.joinHello(); // after this line: a schema line's change is in it
        if (decoded instanceof Hello) {
            synchronized (ring) {
                joinHello = hello;
            }
            return; // /stream writes the hello itself, first, for every client
        }
        boolean sample = decoded instanceof SampleLine;
        if (sample) {
            lastSeq = ((SampleLine) decoded).seq();
            lastSampleReceivedNs = now;
        }
        LineRing.Entry e = new LineRing.Entry(lastSeq, sample, now, line, hello);
        synchronized (ring) {
            joinHello = hello;
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

    /** Registers a client and returns what it must be sent first; atomically, so no line is lost or doubled. */
    Join subscribe(StreamClient c, Long since) {
        synchronized (ring) {
            LineRing.Replay r = since == null ? new LineRing.Replay(1, 0, List.of()) : ring.after(since);
            clients.add(c);
            return new Join(r.entries().isEmpty() ? joinHello : r.entries().get(0).hello(), r);
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

    long droppedLines() {
        return droppedLines.get();
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
        for (StreamClient c : clients) {
            c.close();
        }
        thread.interrupt();
    }
}
