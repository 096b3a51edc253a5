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
 * {@code ?since=SEQ} to resume, and is sent every line after sample SEQ once ({@link SinceCursor}).
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
    /** Hub thread: finds the line after {@code since} among the hub's next lines; null once found (or live). */
    private SinceCursor waiting;
    /** Set by the hub thread once {@link #waiting} found the client's first line: the hello to start with. */
    private volatile boolean started;

    private volatile byte[] startHello;

    /**
     * @param onCut run once, on the hub thread, when the client is cut off (the server then keeps the
     *     connection until its gap line is handed to the kernel, or closes it to give its slot to a new client)
     */
    StreamClient(long maxBytes, Runnable onCut) {
        this.queue =
                new LineHandoff((int) Math.min(Integer.MAX_VALUE - 8, maxBytes), LineHandoff.WhenFull.CUT, CUT_REASON);
        this.onCut = onCut;
    }

    /**
     * The replay ring has not reached the client's {@code since} yet: the hub's next lines are skipped until
     * {@code cursor} finds the line after it. Called under the hub's lock, before the first {@link #offer}.
     */
    void startAfter(SinceCursor cursor) {
        waiting = cursor;
    }

    /** Called on the hub thread only. */
    void offer(LineRing.Entry line) {
        LineRing.Entry e = line;
        if (waiting != null) {
            e = waiting.next(line);
            if (e == null) {
                return;
            }
            waiting = null;
            startHello = e.hello();
            started = true; // before the line is queued: the writer, woken by it, finds its hello
        }
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
        byte[] first = replay.rest() == null ? hello : awaitStart(hello);
        if (first == null) {
            return;
        }
        out.write(first);
        if (replay.hasGap()) {
            out.write(GapLine.encode(replay.gapFrom(), replay.gapTo(), GapLine.UNKNOWN_COUNT, BUFFER_REASON));
        }
        long lastSample = replay.resumesAfter();
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

    /**
     * The client starts at a line the hub has not taken in yet: waits for it (the sampler has written it,
     * so it comes, at the hub's pace) and returns its hello ({@code fallback} when the hub has seen none);
     * null when the server stops first.
     */
    private byte[] awaitStart(byte[] fallback) {
        while (!started && !closed) {
            queue.awaitLines(IDLE_MS, TimeUnit.MILLISECONDS);
        }
        if (!started) {
            return null;
        }
        return startHello != null ? startHello : fallback;
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
