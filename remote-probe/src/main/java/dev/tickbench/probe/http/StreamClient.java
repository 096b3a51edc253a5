package dev.tickbench.probe.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One {@code /stream} client. The hub offers lines without ever blocking; the client's own thread
 * writes them. The queue holds at most {@code maxBytes} (its share of the heap, {@link
 * dev.tickbench.probe.budget.MemoryBudget}): a client that falls that far behind is cut off, with a
 * {@code gap} line naming the samples it did not get (from the first it missed to the newest), after
 * the lines already queued. It reconnects with {@code ?since=SEQ} to resume.
 */
final class StreamClient {
    private final LinkedBlockingQueue<byte[]> queue = new LinkedBlockingQueue<>();
    private final AtomicLong queuedBytes = new AtomicLong();
    private final long maxBytes;
    private final Runnable onCut;
    private volatile boolean closed;
    private volatile byte[] farewell;
    // hub-thread state
    private long lastSampleSeq;
    private boolean cut;

    /**
     * @param onCut run once, on the hub thread, when the client is cut off (the server then closes the
     *     connection if the client does not take its last lines soon)
     */
    StreamClient(long maxBytes, Runnable onCut) {
        this.maxBytes = maxBytes;
        this.onCut = onCut;
    }

    /** Called on the hub thread only. */
    void offer(LineRing.Entry e) {
        if (cut) {
            return;
        }
        byte[] b = e.bytes();
        if (queuedBytes.get() + b.length > maxBytes) {
            cut = true;
            long from = e.sample() ? e.seq() : lastSampleSeq + 1;
            long to = e.sample() ? e.seq() : lastSampleSeq;
            farewell = gapLine(from, to, "slow_client");
            onCut.run();
            return;
        }
        queuedBytes.addAndGet(b.length);
        queue.offer(b);
        if (e.sample()) {
            lastSampleSeq = e.seq();
        }
    }

    /** True once the client fell a whole share behind. */
    boolean isCut() {
        return farewell != null;
    }

    static byte[] gapLine(long from, long to, String reason) {
        return ("{\"type\":\"gap\",\"from_seq\":" + from + ",\"to_seq\":" + to + ",\"reason\":\"" + reason + "\"}\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    void close() {
        closed = true;
    }

    /**
     * Writes hello, the replay and then live lines until the client goes away, is cut off (its gap line
     * is the last line) or the server stops. Runs on the client's thread.
     */
    void pump(OutputStream out, byte[] hello, LineRing.Replay replay) throws IOException {
        out.write(hello);
        if (replay.hasGap()) {
            out.write(gapLine(replay.gapFrom(), replay.gapTo(), "buffer"));
        }
        for (LineRing.Entry e : replay.entries()) {
            out.write(e.bytes());
        }
        out.flush();
        while (!closed) {
            byte[] line;
            try {
                line = queue.poll(500, TimeUnit.MILLISECONDS);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                return;
            }
            if (line == null) {
                byte[] last = farewell;
                if (last != null && queue.isEmpty()) {
                    out.write(last);
                    out.flush();
                    return;
                }
                continue;
            }
            queuedBytes.addAndGet(-line.length);
            out.write(line);
            if (queue.isEmpty()) {
                out.flush(); // one flush per burst: a chunk per tick, not per line
            }
        }
    }

    /** For tests and /metrics: bytes waiting. */
    long queuedBytes() {
        return queuedBytes.get();
    }

    List<byte[]> drainForTest() {
        List<byte[]> out = new java.util.ArrayList<>();
        queue.drainTo(out);
        out.forEach(b -> queuedBytes.addAndGet(-b.length));
        if (farewell != null) {
            out.add(farewell);
        }
        return out;
    }
}
