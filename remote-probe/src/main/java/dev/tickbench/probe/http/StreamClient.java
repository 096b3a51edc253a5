package dev.tickbench.probe.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One {@code /stream} client. The hub offers lines without ever blocking; the client's own HTTP thread
 * writes them. A client whose queue fills up loses lines until half the queue has drained, then gets
 * a {@code gap} line naming the samples it missed: memory stays bounded and the sampler never waits.
 */
final class StreamClient {
    /** About 20 s at 100 Hz; a client further behind than this is slow, not just unlucky. */
    static final int QUEUE_LINES = 2048;

    private final ArrayBlockingQueue<byte[]> queue = new ArrayBlockingQueue<>(QUEUE_LINES);
    private volatile boolean closed;
    // hub-thread state
    private boolean dropping;
    private long dropFrom;
    private long dropTo;
    private long lastSampleSeq;
    private long gapsSent;

    /** Called on the hub thread only. */
    void offer(LineRing.Entry e) {
        if (dropping) {
            if (queue.remainingCapacity() < QUEUE_LINES / 2) {
                if (e.sample()) {
                    dropTo = e.seq();
                }
                track(e);
                return;
            }
            // from_seq > to_seq when only event lines (kmsg, throttle) were lost, no sample
            queue.offer(gapLine(dropFrom, dropTo, "slow_client"));
            gapsSent++;
            dropping = false;
        }
        if (!queue.offer(e.bytes())) {
            dropping = true;
            dropFrom = e.sample() ? e.seq() : lastSampleSeq + 1;
            dropTo = e.sample() ? e.seq() : lastSampleSeq;
        }
        track(e);
    }

    private void track(LineRing.Entry e) {
        if (e.sample()) {
            lastSampleSeq = e.seq();
        }
    }

    /** Gap lines sent so far (read by /metrics; racy by design, a gauge). */
    long gapsSent() {
        return gapsSent;
    }

    static byte[] gapLine(long from, long to, String reason) {
        return ("{\"type\":\"gap\",\"from_seq\":" + from + ",\"to_seq\":" + to + ",\"reason\":\"" + reason + "\"}\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    void close() {
        closed = true;
    }

    /**
     * Writes hello, the replay and then live lines until the client goes away or the server stops.
     * Runs on the client's HTTP thread.
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
                continue;
            }
            out.write(line);
            if (queue.isEmpty()) {
                out.flush(); // one flush per burst: a chunk per tick, not per line
            }
        }
    }

    /** For tests: lines waiting. */
    int queued() {
        return queue.size();
    }

    List<byte[]> drainForTest() {
        List<byte[]> out = new java.util.ArrayList<>();
        queue.drainTo(out);
        return out;
    }
}
