package dev.tickbench.probe.http;

import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.handoff.LineHandoff;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;

/**
 * One {@code /stream} client. The hub offers lines without ever blocking; the client's own thread
 * writes them. Between the two is the core's {@link LineHandoff} sized to the client's share of the
 * heap ({@link dev.tickbench.probe.budget.MemoryBudget}), with the rule for network clients
 * (docs/handoff.md): a client that falls a whole share behind is cut off. What it has not been sent is
 * dropped, and after the line being written it gets one whole {@code gap} line naming the samples it
 * did not get (from the first it missed to the newest); then the connection ends. It reconnects with
 * {@code ?since=SEQ} to resume.
 */
final class StreamClient {
    static final String CUT_REASON = "slow_client";
    static final String BUFFER_REASON = "buffer";
    /** How long the writer sleeps when nothing arrives (a line wakes it at once). */
    private static final long IDLE_MS = 500;

    private final LineHandoff queue;
    private final Runnable onCut;
    private volatile boolean closed;
    private boolean cutSignalled; // hub thread

    /**
     * @param onCut run once, on the hub thread, when the client is cut off (the server then closes the
     *     connection if the client does not take its last lines soon)
     */
    StreamClient(long maxBytes, Runnable onCut) {
        this.queue = new LineHandoff((int) Math.min(Integer.MAX_VALUE - 8, maxBytes), LineHandoff.WhenFull.CUT, CUT_REASON);
        this.onCut = onCut;
    }

    /** Called on the hub thread only. */
    void offer(LineRing.Entry e) {
        byte[] b = e.bytes();
        if (!queue.offer(b, 0, b.length) && queue.isCut() && !cutSignalled) {
            cutSignalled = true;
            onCut.run();
        }
    }

    /** True once the client fell a whole share behind. */
    boolean isCut() {
        return queue.isCut();
    }

    /** The server stops: the writer ends at once, without what is queued. */
    void close() {
        closed = true;
        queue.abort();
    }

    /**
     * Writes hello, the replay and then live lines until the client goes away, is cut off (its gap line
     * is the last line) or the server stops. Runs on the client's thread.
     */
    void pump(OutputStream out, byte[] hello, LineRing.Replay replay) throws IOException {
        out.write(hello);
        if (replay.hasGap()) {
            out.write(GapLine.encode(replay.gapFrom(), replay.gapTo(), GapLine.UNKNOWN_COUNT, BUFFER_REASON));
        }
        long lastSample = -1;
        for (LineRing.Entry e : replay.entries()) {
            out.write(e.bytes());
            lastSample = e.sample() ? e.seq() : lastSample;
        }
        if (lastSample >= 0) {
            queue.consumerStartsAfter(lastSample);
        }
        out.flush();
        while (!closed && !queue.isEnded()) {
            if (writeQueued(out) > 0) {
                out.flush(); // one flush per burst: a chunk per tick, not per line
            } else {
                queue.awaitLines(IDLE_MS, TimeUnit.MILLISECONDS);
            }
        }
        out.flush();
    }

    /** Writes what is queued now (the gap line of a cut included), without flushing; returns the lines written. */
    int writeQueued(OutputStream out) throws IOException {
        return queue.drainTo(out::write);
    }

    /** For tests and /metrics: bytes waiting. */
    long queuedBytes() {
        return queue.backlogBytes();
    }
}
