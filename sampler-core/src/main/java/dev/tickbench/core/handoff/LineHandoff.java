package dev.tickbench.core.handoff;

import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.LineBytes;
import dev.tickbench.core.capture.LineSink;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The one hand-off of stream lines from a thread that must never wait (a sampler's tick thread, the
 * probe's HTTP hub) to one consumer that may be slow (the workbench's intake, a {@code /stream}
 * client's socket, an SSH channel). The rules are docs/handoff.md's:
 *
 * <ul>
 * <li><b>Bounded.</b> Lines are copied into a byte ring of a fixed size; nothing else grows but the
 *     side queue below, itself bounded. A line longer than half the ring never fits.
 * <li><b>Never blocks the producer.</b> {@link #offer} copies and returns; the consumer is woken.
 * <li>When the ring is full, {@link WhenFull#DROP_SAMPLES}: a sample is dropped and counted, and the
 *     consumer gets one {@code gap} line (with the count) naming the lost samples before the next sample
 *     it gets, or at the end. Any other line waits in a side queue, in its place in the stream: a hello
 *     or {@code schema} line always (the values of every later sample are read by its key lists), any
 *     other line while the queue holds less than a quarter of the ring (past that it is dropped and
 *     counted in {@link #droppedLines()}).
 * <li>When the ring is full, {@link WhenFull#CUT}: the consumer is cut off. What it has not been handed
 *     yet is discarded; it gets one whole {@code gap} line from the first sample it did not get to the
 *     newest one offered, after the line it was being handed, and the hand-off ends.
 * </ul>
 *
 * One producer thread and one consumer thread; any thread may {@link #abort}.
 */
public final class LineHandoff {
    /** What a full ring costs. */
    public enum WhenFull {
        DROP_SAMPLES,
        CUT
    }

    private static final int HEADER = 8; // int length, int samples dropped just before this record
    private static final int WRAP = -1;

    private final byte[] ring;
    private final WhenFull whenFull;
    private final String gapReason;
    private final long maxParkedBytes;
    /** Bytes ever published by the producer / released by the consumer; index = position % ring.length. */
    private final AtomicLong head = new AtomicLong();

    private final AtomicLong tail = new AtomicLong();
    /** Lines that did not fit while the ring was full, each with the ring position it comes before. */
    private final ArrayDeque<Parked> parked = new ArrayDeque<>();

    private long parkedBytes; // guarded by parked
    private final AtomicLong droppedSamples = new AtomicLong();
    private final AtomicLong droppedLines = new AtomicLong();
    private volatile Thread waiter;
    private volatile boolean cut;
    private volatile boolean closed;
    private volatile boolean aborted;
    private volatile boolean ended;
    // written by the producer, read by the consumer once cut or closed
    private volatile long newestSeq = -1;
    private volatile long lastDroppedSeq = -1;
    private volatile long cutSeq = -1;
    // producer-only state
    private long headLocal;
    private int dropsPending;
    // consumer-only state
    private final MissedSeqs missed = new MissedSeqs();
    private long gapDropped;
    /** Drops the consumer has seen in records' headers; the rest happened after the last record. */
    private long dropsSeen;

    private record Parked(long beforePosition, byte[] line, int dropsBefore) {}

    /**
     * @param ringBytes the ring's size (allocated now)
     * @param gapReason the {@code reason} of the gap lines this hand-off writes (FORMAT.md "gap")
     */
    public LineHandoff(int ringBytes, WhenFull whenFull, String gapReason) {
        if (ringBytes < 4 * HEADER) {
            throw new IllegalArgumentException("ring of " + ringBytes + " bytes is too small");
        }
        this.ring = new byte[ringBytes];
        this.whenFull = whenFull;
        this.gapReason = gapReason;
        this.maxParkedBytes = ringBytes / 4;
    }

    // ---- producer ----

    /**
     * Copies one line in (with its newline) and returns at once. False when the hand-off takes no more
     * lines: cut off, closed or aborted (the producer may stop offering).
     */
    public boolean offer(byte[] b, int off, int len) {
        if (cut || closed || aborted) {
            return false;
        }
        long seq = LineBytes.sampleSeq(b, off, len);
        if (seq >= 0) {
            newestSeq = seq;
        }
        // a line that waits in the side queue comes before the ring position it was parked at, so lines
        // put in the ring after it still come after it
        if (put(b, off, len)) {
            wake();
            return true;
        }
        if (whenFull == WhenFull.CUT) {
            cutSeq = seq;
            cut = true;
            wake();
            return false;
        }
        if (LineBytes.isSample(b, off, len)) {
            dropsPending++;
            droppedSamples.incrementAndGet();
            if (seq >= 0) {
                lastDroppedSeq = seq;
            }
            return true;
        }
        synchronized (parked) {
            if (!LineBytes.setsKeys(b, off, len) && parkedBytes + len > maxParkedBytes) {
                droppedLines.incrementAndGet();
                return true;
            }
            parked.addLast(new Parked(headLocal, Arrays.copyOfRange(b, off, off + len), dropsPending));
            parkedBytes += len;
        }
        dropsPending = 0;
        wake();
        return true;
    }

    /** The producer is done: the consumer hands on what was offered, then the hand-off ends. */
    public void close() {
        closed = true;
        wake();
    }

    /** Whoever: stop now, nothing more is handed on (the consumer is gone, or the program stops). */
    public void abort() {
        aborted = true;
        wake();
    }

    /** Writes one record at the head if it fits; the drop count since the last record goes with it. */
    private boolean put(byte[] bytes, int offset, int length) {
        int cap = ring.length;
        if (length + HEADER > cap / 2) {
            return false;
        }
        long h = headLocal;
        int idx = (int) (h % cap);
        long need = HEADER + length;
        int contiguous = cap - idx;
        boolean wrap = contiguous < need;
        if (wrap) {
            need += contiguous;
        }
        if (h + need - tail.getAcquire() > cap) {
            return false;
        }
        if (wrap) {
            if (contiguous >= 4) {
                putInt(idx, WRAP);
            }
            idx = 0;
        }
        putInt(idx, length);
        putInt(idx + 4, dropsPending);
        System.arraycopy(bytes, offset, ring, idx + HEADER, length);
        dropsPending = 0;
        headLocal = h + need;
        head.set(headLocal); // volatile, not release: ordered before the read of waiter in wake()
        return true;
    }

    private void wake() {
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    // ---- consumer ----

    /** The consumer already has every sample up to {@code seq} (a replay it was sent before these lines). */
    public void consumerStartsAfter(long seq) {
        missed.startAfter(seq);
    }

    /**
     * Hands {@code sink} every line offered so far, in order, with the gap lines of this hand-off in
     * their place; returns how many lines it handed on. A line's bytes are valid only during the call.
     * When the sink throws, the line it was handed is consumed and the exception passes on.
     */
    public int drainTo(LineSink sink) throws IOException {
        if (ended) {
            return 0;
        }
        if (aborted) {
            ended = true;
            return 0;
        }
        int n = 0;
        long t = tail.get();
        while (true) {
            if (cut) {
                deliverCut(sink, t);
                return n + 1;
            }
            Parked p = nextParked(t);
            if (p != null) {
                n += deliver(sink, p.line, 0, p.line.length, p.dropsBefore);
                continue;
            }
            if (t >= head.getAcquire()) {
                if (closed && t >= head.getAcquire() && !hasParked()) {
                    n += finish(sink);
                }
                return n;
            }
            int cap = ring.length;
            int idx = (int) (t % cap);
            int contiguous = cap - idx;
            if (contiguous < 4 || getInt(idx) == WRAP) {
                t += contiguous;
                tail.setRelease(t);
                continue;
            }
            int len = getInt(idx);
            int drops = getInt(idx + 4);
            try {
                n += deliver(sink, ring, idx + HEADER, len, drops);
            } finally {
                t += HEADER + len;
                tail.setRelease(t);
            }
        }
    }

    /**
     * Waits until there is something to hand on (or the hand-off was cut, closed or aborted), at most
     * {@code timeout}. Consumer thread only.
     */
    public void awaitLines(long timeout, TimeUnit unit) {
        waiter = Thread.currentThread();
        try {
            if (!hasWork()) {
                LockSupport.parkNanos(this, unit.toNanos(timeout));
            }
        } finally {
            waiter = null;
        }
    }

    private boolean hasWork() {
        return cut || closed || aborted || head.getAcquire() != tail.get() || hasParked();
    }

    /** True once the consumer has had everything it will get (the gap line of a cut, or the last line). */
    public boolean isEnded() {
        return ended;
    }

    private int deliver(LineSink sink, byte[] b, int off, int len, int dropsBefore) throws IOException {
        int n = 0;
        gapDropped += dropsBefore;
        dropsSeen += dropsBefore;
        if (LineBytes.isHello(b, off, len)) {
            if (gapDropped > 0) {
                n += writeGap(sink, missed.known() ? missed.next() : lastDroppedSeq - gapDropped + 1);
            }
            missed.hello();
        } else {
            long seq = LineBytes.sampleSeq(b, off, len);
            if (seq >= 0) {
                if (gapDropped > 0) {
                    long from = missed.known() ? missed.next() : seq - gapDropped;
                    byte[] gap = GapLine.encode(from, seq - 1, gapDropped, gapReason);
                    gapDropped = 0;
                    sink.line(gap, 0, gap.length);
                    n++;
                }
                missed.sample(seq);
            }
        }
        sink.line(b, off, len);
        return n + 1;
    }

    /** The gap of the samples dropped since the last one handed on, up to the last one dropped. */
    private int writeGap(LineSink sink, long from) throws IOException {
        byte[] gap = GapLine.encode(from, Math.max(from + gapDropped - 1, lastDroppedSeq), gapDropped, gapReason);
        gapDropped = 0;
        sink.line(gap, 0, gap.length);
        return 1;
    }

    /** Closed and drained: the samples dropped since the last one handed on are named, and it ends. */
    private int finish(LineSink sink) throws IOException {
        ended = true;
        long trailing = droppedSamples.get() - dropsSeen; // dropped after the last line offered
        gapDropped += trailing;
        dropsSeen += trailing;
        return gapDropped > 0 ? writeGap(sink, missed.known() ? missed.next() : lastDroppedSeq - gapDropped + 1) : 0;
    }

    /** Cut off: what waits is discarded and named in one gap line, which ends the hand-off. */
    private void deliverCut(LineSink sink, long t) throws IOException {
        long h = head.getAcquire(); // read after cut: every record offered before the cut is in
        long firstLost = -1;
        long lost = 0;
        int cap = ring.length;
        while (t < h) {
            int idx = (int) (t % cap);
            int contiguous = cap - idx;
            if (contiguous < 4 || getInt(idx) == WRAP) {
                t += contiguous;
                continue;
            }
            int len = getInt(idx);
            long seq = LineBytes.sampleSeq(ring, idx + HEADER, len);
            if (seq >= 0) {
                firstLost = firstLost < 0 ? seq : firstLost;
                lost++;
            }
            t += HEADER + len;
        }
        tail.setRelease(h);
        if (cutSeq >= 0) {
            firstLost = firstLost < 0 ? cutSeq : firstLost;
            lost++;
        }
        long to = newestSeq;
        long from = missed.known() ? missed.next() : firstLost >= 0 ? firstLost : to + 1;
        ended = true;
        byte[] gap = GapLine.encode(from, Math.max(to, from - 1), lost, gapReason);
        sink.line(gap, 0, gap.length);
    }

    private Parked nextParked(long position) {
        synchronized (parked) {
            Parked p = parked.peekFirst();
            if (p == null || p.beforePosition > position) {
                return null;
            }
            parkedBytes -= p.line.length;
            return parked.pollFirst();
        }
    }

    private boolean hasParked() {
        synchronized (parked) {
            return !parked.isEmpty();
        }
    }

    // ---- counts ----

    /** Samples dropped because the ring was full, since the start (policy {@link WhenFull#DROP_SAMPLES}). */
    public long droppedSamples() {
        return droppedSamples.get();
    }

    /** Lines other than samples, hellos and schema lines dropped because the side queue was full too. */
    public long droppedLines() {
        return droppedLines.get();
    }

    /** True once the producer's lines no longer fit and the consumer was cut off (policy {@link WhenFull#CUT}). */
    public boolean isCut() {
        return cut;
    }

    /** Bytes waiting in the ring now. */
    public long backlogBytes() {
        return head.get() - tail.get();
    }

    /** The ring's size. */
    public int capacity() {
        return ring.length;
    }

    private void putInt(int idx, int v) {
        ring[idx] = (byte) (v >>> 24);
        ring[idx + 1] = (byte) (v >>> 16);
        ring[idx + 2] = (byte) (v >>> 8);
        ring[idx + 3] = (byte) v;
    }

    private int getInt(int idx) {
        return (ring[idx] << 24)
                | ((ring[idx + 1] & 0xff) << 16)
                | ((ring[idx + 2] & 0xff) << 8)
                | (ring[idx + 3] & 0xff);
    }
}
