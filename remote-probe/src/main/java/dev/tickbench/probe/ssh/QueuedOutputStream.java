package dev.tickbench.probe.ssh;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Puts a queue between a command's output and the SSH channel. A stream's lines are written on its
 * sampler thread, and a channel write waits for the client's window: a client that stops reading
 * would stall the sampler (and keep it alive after the channel closed). Here writes never block. The
 * queue holds at most {@code maxBytes} (the consumer's share of the heap, README "Memory budget"): a
 * client that falls that far behind gets a {@code gap} line after what is queued, and the write that
 * did not fit fails, which ends the stream and then the channel.
 */
final class QueuedOutputStream extends OutputStream {
    private static final byte[] SAMPLE_PREFIX = "{\"type\":\"sample\",\"seq\":".getBytes(StandardCharsets.US_ASCII);

    private final LinkedBlockingQueue<byte[]> queue = new LinkedBlockingQueue<>();
    private final AtomicLong queuedBytes = new AtomicLong();
    private final long maxBytes;
    private final OutputStream target;
    private final Thread writer;
    private volatile boolean closed;
    private volatile IOException failure;
    private long lastSampleSeq;
    private boolean cut;

    QueuedOutputStream(OutputStream target, String name, long maxBytes) {
        this.target = target;
        this.maxBytes = maxBytes;
        this.writer = new Thread(this::drain, name);
        this.writer.setDaemon(true);
        this.writer.start();
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        if (failure != null) {
            throw failure;
        }
        if (closed || cut) {
            throw new IOException("the SSH channel is closed");
        }
        if (len == 0) {
            return;
        }
        long seq = sampleSeq(b, off, len);
        if (queuedBytes.get() + len > maxBytes) {
            cut = true;
            long from = seq >= 0 ? seq : lastSampleSeq + 1;
            queue.offer(("{\"type\":\"gap\",\"from_seq\":" + from + ",\"to_seq\":" + from
                    + ",\"reason\":\"slow_client\"}\n").getBytes(StandardCharsets.US_ASCII));
            throw new IOException("the SSH client is " + (queuedBytes.get() >> 10) + " KiB behind; ending the stream");
        }
        if (seq >= 0) {
            lastSampleSeq = seq;
        }
        queuedBytes.addAndGet(len);
        queue.offer(Arrays.copyOfRange(b, off, off + len));
    }

    /** The seq of a sample line (the writer puts type and seq first), or -1. */
    static long sampleSeq(byte[] b, int off, int len) {
        if (len <= SAMPLE_PREFIX.length || !Arrays.equals(b, off, off + SAMPLE_PREFIX.length, SAMPLE_PREFIX, 0,
                SAMPLE_PREFIX.length)) {
            return -1;
        }
        long v = 0;
        int i = off + SAMPLE_PREFIX.length;
        int digits = 0;
        for (; i < off + len && b[i] >= '0' && b[i] <= '9' && digits < 18; i++, digits++) {
            v = v * 10 + (b[i] - '0');
        }
        return digits == 0 ? -1 : v;
    }

    /** Nothing to do: the writer thread flushes the channel whenever it has drained the queue. */
    @Override
    public void flush() throws IOException {
        if (failure != null) {
            throw failure;
        }
    }

    private void drain() {
        try {
            while (true) {
                byte[] chunk = queue.poll(100, TimeUnit.MILLISECONDS);
                if (chunk == null) {
                    if (closed) {
                        break;
                    }
                    continue;
                }
                target.write(chunk);
                queuedBytes.addAndGet(-chunk.length);
                if (queue.isEmpty()) {
                    target.flush();
                }
            }
            target.flush();
        } catch (IOException e) {
            failure = e;
            queue.clear();
        } catch (InterruptedException e) {
            failure = new InterruptedIOException("SSH output writer stopped");
            queue.clear();
        }
    }

    /** Stops taking writes, lets the writer send what is queued (up to {@code waitMs}), then returns. */
    void finish(long waitMs) throws InterruptedException {
        closed = true;
        writer.join(waitMs);
    }

    /** The channel is gone: drop what is queued and stop the writer. */
    void abort() {
        closed = true;
        queue.clear();
        writer.interrupt();
    }

    @Override
    public void close() {
        closed = true;
    }
}
