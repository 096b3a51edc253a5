package dev.tickbench.probe.ssh;

import dev.tickbench.core.handoff.LineHandoff;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts the core's {@link LineHandoff} between a command's output and the SSH channel. A stream's lines
 * are written on its sampler thread, and a channel write waits for the client's window: a client that
 * stops reading would stall the sampler (and keep it alive after the channel closed). Here writes never
 * block. The hand-off holds at most {@code maxBytes} (the consumer's share of the heap, README "Memory
 * budget"), with the rule for network clients (docs/handoff.md): a client that falls that far behind
 * is cut off; after the line being sent it gets one whole {@code gap} line from the first sample it did
 * not get, and the write that did not fit fails, which ends the stream and then the channel. The writer
 * waits for the client's window as long as the client takes ({@link #finish}): however long a cut client
 * stalls, the rest of its line and its gap line go out before its channel closes.
 */
final class QueuedOutputStream extends OutputStream {
    private static final Logger LOG = LoggerFactory.getLogger(QueuedOutputStream.class);
    private static final long IDLE_MS = 100;

    private final LineHandoff queue;
    private final OutputStream target;
    private final Thread writer;
    private volatile IOException failure;
    private boolean cutLogged; // guarded by this

    QueuedOutputStream(OutputStream target, String name, long maxBytes) {
        this.target = target;
        this.queue = new LineHandoff(
                (int) Math.min(Integer.MAX_VALUE - 8, maxBytes), LineHandoff.WhenFull.CUT, "slow_client");
        this.writer = new Thread(this::drain, name);
        this.writer.setDaemon(true);
        this.writer.start();
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    /** One line of a stream (or a piece of a command's text output): queued, never waited for. */
    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        if (failure != null) {
            throw failure;
        }
        if (len == 0) {
            return;
        }
        if (!queue.offer(b, off, len)) {
            if (queue.isCut()) {
                if (!cutLogged) {
                    cutLogged = true;
                    LOG.info(
                            "{}: an SSH client fell a whole share ({} KiB) behind: its output is cut off, its gap line"
                                    + " goes out when it reads",
                            writer.getName(),
                            queue.capacity() >> 10);
                }
                throw new IOException("the SSH client is a whole share (" + (queue.capacity() >> 10)
                        + " KiB) behind; ending the stream");
            }
            throw new IOException("the SSH channel is closed");
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
            while (!queue.isEnded()) {
                if (queue.drainTo(target::write) > 0) {
                    target.flush();
                } else {
                    queue.awaitLines(IDLE_MS, TimeUnit.MILLISECONDS);
                }
                if (Thread.interrupted()) {
                    throw new InterruptedIOException("SSH output writer stopped");
                }
            }
            target.flush();
        } catch (IOException e) {
            failure = e;
            queue.abort();
        }
    }

    /**
     * Stops taking writes and waits until the writer has handed everything queued to the channel (the gap
     * line of a cut included), as long as the client takes to read it; {@link #abort} ends the wait.
     */
    void finish() throws InterruptedException {
        queue.close();
        writer.join();
    }

    /** The channel is gone: drop what is queued and stop the writer. */
    void abort() {
        queue.abort();
        writer.interrupt();
    }

    @Override
    public void close() {
        queue.close();
    }
}
