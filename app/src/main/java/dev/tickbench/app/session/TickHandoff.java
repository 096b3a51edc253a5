package dev.tickbench.app.session;

import dev.tickbench.core.capture.LineSink;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The bounded hand-off between a sampler's tick thread and everything the workbench does with a line
 * (decoding, the series store, chart locks, the spool and the recorder): the tick thread copies the
 * line into a byte ring and returns, never waiting for a lock or a disk; one consumer thread drains the
 * ring into {@code downstream}. Like the probe's HTTP hub, and with the rule of docs/workbench-intake.md:
 *
 * <ul>
 * <li>When the ring is full (the consumer stalled for a whole ring), a {@code sample} line is dropped and
 *     counted; the consumer writes a {@code gap} line ({@code reason "workbench_behind"}) naming the lost
 *     seqs before the next sample it gets, so the store and every capture show the hole.
 * <li>Every other line (hello, schema, kmsg, throttle, …) is never dropped: when the ring is full it waits
 *     in a side queue, in order, until the consumer reaches it. Those lines carry state (a schema names the
 *     keys of the samples after it) or are counted elsewhere (kmsg), and there are few of them.
 * </ul>
 *
 * One producer thread only (the sampler's tick thread, or the thread that starts it: the hello).
 */
public final class TickHandoff implements LineSink, AutoCloseable {
    /**
     * 8 MiB of heap: 12 s of 100 Hz format-1 lines of a 2-CPU machine (~7 KB each) before a sample is
     * dropped; format 2's positional lines last several times longer.
     */
    public static final int DEFAULT_RING_BYTES = 8 << 20;
    static final String GAP_REASON = "workbench_behind";
    private static final byte[] SAMPLE_PREFIX = "{\"type\":\"sample\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SEQ_FIELD = "\"seq\":".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER = 8; // int length, int samples dropped just before this line
    private static final int WRAP = -1;

    private final byte[] ring;
    private final LineSink downstream;
    private final Consumer<String> errors;
    /** Bytes ever published by the producer / released by the consumer; index = position % ring.length. */
    private final AtomicLong head = new AtomicLong();
    private final AtomicLong tail = new AtomicLong();
    /** Lines that did not fit while the ring was full, each with the ring position it comes before. */
    private final ArrayDeque<Parked> parked = new ArrayDeque<>();
    private final AtomicLong droppedSamples = new AtomicLong();
    private final Thread consumer;
    private volatile boolean consumerWaiting;
    private volatile boolean closed;
    // producer-only state
    private long headLocal;
    private int dropsPending;
    // consumer-only state
    private long lastSeq; // a session counts from seq 1
    private long gapFrom = -1;
    private long failures;

    private record Parked(long beforePosition, byte[] line, int dropsBefore) {}

    public TickHandoff(LineSink downstream, Consumer<String> errors) {
        this(downstream, errors, DEFAULT_RING_BYTES);
    }

    /** @param ringBytes the ring's size; a line longer than half of it is treated as if the ring were full */
    public TickHandoff(LineSink downstream, Consumer<String> errors, int ringBytes) {
        this.ring = new byte[ringBytes];
        this.downstream = downstream;
        this.errors = errors;
        this.consumer = new Thread(this::drainLoop, "tickbench-intake");
        this.consumer.setDaemon(true);
        this.consumer.start();
    }

    /** Tick thread: copy and hand off. Never blocks (the side queue's monitor is held only to add or poll one line). */
    @Override
    public void line(byte[] bytes, int offset, int length) {
        boolean sample = startsWith(bytes, offset, length, SAMPLE_PREFIX);
        // a line that waits in the side queue comes before the ring position it was parked at, so lines
        // put in the ring after it still come after it
        if (put(bytes, offset, length)) {
            wake();
            return;
        }
        if (sample) {
            dropsPending++;
            droppedSamples.incrementAndGet();
            return;
        }
        synchronized (parked) {
            parked.addLast(new Parked(headLocal, java.util.Arrays.copyOfRange(bytes, offset, offset + length), dropsPending));
        }
        dropsPending = 0;
        wake();
    }

    private boolean hasParked() {
        synchronized (parked) {
            return !parked.isEmpty();
        }
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
        head.set(headLocal); // volatile, not release: ordered before the read of consumerWaiting in wake()
        return true;
    }

    private void wake() {
        if (consumerWaiting) {
            LockSupport.unpark(consumer);
        }
    }

    private void drainLoop() {
        while (true) {
            boolean worked = drainOnce();
            if (!worked) {
                if (closed) {
                    return;
                }
                consumerWaiting = true;
                if (head.getAcquire() == tail.get() && !hasParked() && !closed) {
                    LockSupport.parkNanos(100_000_000L);
                }
                consumerWaiting = false;
            }
        }
    }

    /** Consumer: everything published so far, parked lines in their place. True when anything was handed on. */
    private boolean drainOnce() {
        long t = tail.get();
        long h = head.getAcquire();
        boolean worked = false;
        while (true) {
            Parked p = nextParked(t);
            if (p != null) {
                deliver(p.line, 0, p.line.length, p.dropsBefore);
                worked = true;
                continue;
            }
            if (t >= h) {
                h = head.getAcquire();
                if (t >= h && !hasParkedAt(t)) {
                    return worked;
                }
                continue;
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
            deliver(ring, idx + HEADER, len, drops);
            t += HEADER + len;
            tail.setRelease(t);
            worked = true;
        }
    }

    private Parked nextParked(long position) {
        synchronized (parked) {
            Parked p = parked.peekFirst();
            return p != null && p.beforePosition <= position ? parked.pollFirst() : null;
        }
    }

    private boolean hasParkedAt(long position) {
        synchronized (parked) {
            Parked p = parked.peekFirst();
            return p != null && p.beforePosition <= position;
        }
    }

    private void deliver(byte[] b, int off, int len, int dropsBefore) {
        try {
            if (dropsBefore > 0 && gapFrom < 0) {
                gapFrom = lastSeq + 1;
            }
            if (startsWith(b, off, len, SAMPLE_PREFIX)) {
                long seq = seq(b, off, len);
                if (gapFrom >= 0 && seq > gapFrom) {
                    byte[] gap = ("{\"type\":\"gap\",\"from_seq\":" + gapFrom + ",\"to_seq\":" + (seq - 1)
                            + ",\"reason\":\"" + GAP_REASON + "\"}\n").getBytes(StandardCharsets.US_ASCII);
                    downstream.line(gap, 0, gap.length);
                }
                gapFrom = -1;
                if (seq >= 0) {
                    lastSeq = seq;
                }
            }
            downstream.line(b, off, len);
        } catch (IOException | RuntimeException e) {
            // the view goes on with the next line; said once per 1000 failures so that it is seen, not flooded
            if (failures++ % 1000 == 0) {
                errors.accept("A line could not be handed to the workbench (" + e.getMessage() + "); the session goes on");
            }
        }
    }

    /** Samples dropped because the ring was full, since the start. */
    public long droppedSamples() {
        return droppedSamples.get();
    }

    /** Bytes waiting in the ring now. */
    public long backlogBytes() {
        return head.get() - tail.get();
    }

    /**
     * Stops the consumer after it has handed on everything already offered (up to {@code timeoutMs}).
     * Call after the producer stopped.
     */
    @Override
    public void close() {
        closeWithin(2000);
    }

    public void closeWithin(long timeoutMs) {
        closed = true;
        LockSupport.unpark(consumer);
        if (Thread.currentThread() != consumer) {
            try {
                consumer.join(timeoutMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The sample's {@code seq}, read from the bytes without decoding the line; -1 when not found. */
    static long seq(byte[] b, int off, int len) {
        int end = off + Math.min(len, 96);
        outer:
        for (int i = off; i + SEQ_FIELD.length < end; i++) {
            for (int k = 0; k < SEQ_FIELD.length; k++) {
                if (b[i + k] != SEQ_FIELD[k]) {
                    continue outer;
                }
            }
            long v = 0;
            int j = i + SEQ_FIELD.length;
            int start = j;
            while (j < off + len && b[j] >= '0' && b[j] <= '9') {
                v = v * 10 + (b[j++] - '0');
            }
            return j > start ? v : -1;
        }
        return -1;
    }

    /** The writer always puts "type" first (FORMAT.md), so the type is told from the first bytes. */
    private static boolean startsWith(byte[] b, int off, int len, byte[] prefix) {
        return len >= prefix.length && java.util.Arrays.equals(b, off, off + prefix.length, prefix, 0, prefix.length);
    }

    private void putInt(int idx, int v) {
        ring[idx] = (byte) (v >>> 24);
        ring[idx + 1] = (byte) (v >>> 16);
        ring[idx + 2] = (byte) (v >>> 8);
        ring[idx + 3] = (byte) v;
    }

    private int getInt(int idx) {
        return (ring[idx] << 24) | ((ring[idx + 1] & 0xff) << 16) | ((ring[idx + 2] & 0xff) << 8) | (ring[idx + 3] & 0xff);
    }
}
