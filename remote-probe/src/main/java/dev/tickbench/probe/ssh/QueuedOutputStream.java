package dev.tickbench.probe.ssh;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Puts a queue between a command's output and the SSH channel. A stream's lines are written on its
 * sampler thread, and a channel write waits for the client's window: a client that stops reading
 * would stall the sampler (and keep it alive after the channel closed). Here writes never block: a
 * client more than {@link #MAX_CHUNKS} writes behind gets an IOException, which ends the stream.
 */
final class QueuedOutputStream extends OutputStream {
    /** About 40 s of a 100 Hz stream. */
    static final int MAX_CHUNKS = 4096;

    private final ArrayBlockingQueue<byte[]> queue = new ArrayBlockingQueue<>(MAX_CHUNKS);
    private final OutputStream target;
    private final Thread writer;
    private volatile boolean closed;
    private volatile IOException failure;

    QueuedOutputStream(OutputStream target, String name) {
        this.target = target;
        this.writer = new Thread(this::drain, name);
        this.writer.setDaemon(true);
        this.writer.start();
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (failure != null) {
            throw failure;
        }
        if (closed) {
            throw new IOException("the SSH channel is closed");
        }
        if (len > 0 && !queue.offer(Arrays.copyOfRange(b, off, off + len))) {
            throw new IOException("the SSH client is " + MAX_CHUNKS + " writes behind; ending the stream");
        }
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
