package dev.tickbench.app.connect;

import dev.tickbench.core.capture.LineSink;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * This machine's probe process started before the window is built ({@link LocalConnection#startEarly},
 * from the launcher's main): the child JVM's start and the sources' opening (1–2 s) then run
 * while JavaFX starts and the window is laid out, instead of after. What it sends meanwhile is kept, in
 * order with its events, and handed over whole to the first {@link LocalConnection} that starts the same
 * command ({@link #take}); the child is then that connection's, as if it had started it. Not taken within
 * {@link #KEEP_MS}, or past {@link #MAX_BYTES} kept, it is ended and what it sent dropped (the connection
 * then starts its own).
 */
final class EarlyProbe {
    static final long KEEP_MS = 60_000;
    static final long MAX_BYTES = 32L << 20;
    /** How long a connection waits for an early start still choosing its command (hashing, the archive's check). */
    private static final long COMMAND_WAIT_MS = 10_000;

    private static CompletableFuture<EarlyProbe> pending;

    private final List<String> command;
    private final ProbeProcess process;
    /** Lines (byte[]) and events (ConnectionEvent) in the order they came, until taken. */
    private final List<Object> kept = new ArrayList<>();

    private long keptBytes;
    private LineSink sink;
    private Consumer<ConnectionEvent> events;
    private boolean dropped;

    private EarlyProbe(List<String> command, ProbeProcess process) {
        this.command = List.copyOf(command);
        this.process = process;
    }

    /**
     * Starts {@code process} now, on a thread of its own once {@code launch} gave its command (which may
     * read and hash files); {@code launch} giving null starts nothing.
     */
    static synchronized void start(Supplier<ProbeProcess> launch) {
        if (pending != null) {
            return;
        }
        CompletableFuture<EarlyProbe> f = new CompletableFuture<>();
        pending = f;
        Thread t = new Thread(
                () -> {
                    try {
                        ProbeProcess p = launch.get();
                        if (p == null) {
                            f.complete(null);
                            return;
                        }
                        EarlyProbe early = new EarlyProbe(p.command(), p);
                        p.start(early::line, early::event);
                        f.complete(early);
                        early.expireAfter(KEEP_MS);
                    } catch (RuntimeException e) {
                        f.complete(null); // the connection starts its own and says what is wrong
                    }
                },
                "tickbench-early-probe");
        t.setDaemon(true);
        t.start();
    }

    /**
     * The early child when it runs {@code command}: what it sent so far goes to {@code sink} and {@code
     * events} now, in order, and the rest as it comes; null when there is none (or another command, or it
     * was dropped), and then a running one is ended.
     */
    static ProbeProcess take(List<String> command, LineSink sink, Consumer<ConnectionEvent> events) {
        CompletableFuture<EarlyProbe> f;
        synchronized (EarlyProbe.class) {
            f = pending;
            pending = null;
        }
        if (f == null) {
            return null;
        }
        EarlyProbe early;
        try {
            early = f.get(COMMAND_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.thenAccept(e2 -> {
                if (e2 != null) {
                    e2.drop();
                }
            });
            return null;
        } catch (ExecutionException | TimeoutException e) {
            f.thenAccept(e2 -> {
                if (e2 != null) {
                    e2.drop();
                }
            });
            return null;
        }
        if (early == null) {
            return null;
        }
        if (!early.command.equals(command) || !early.handOver(sink, events)) {
            early.drop();
            return null;
        }
        return early.process;
    }

    /** Whether an early start is waiting to be taken (tests). */
    static synchronized boolean waiting() {
        return pending != null;
    }

    private synchronized boolean handOver(LineSink to, Consumer<ConnectionEvent> ev) {
        if (dropped) {
            return false;
        }
        try {
            for (Object o : kept) {
                if (o instanceof byte[] b) {
                    to.line(b, 0, b.length);
                } else {
                    ev.accept((ConnectionEvent) o);
                }
            }
        } catch (IOException e) {
            // the taker's sink refused a line: it said so itself; what follows goes to it all the same
        }
        kept.clear();
        sink = to;
        events = ev;
        return true;
    }

    /** The pump's lines: kept until taken, then passed on. */
    private synchronized void line(byte[] b, int off, int len) throws IOException {
        if (sink != null) {
            sink.line(b, off, len);
            return;
        }
        if (dropped) {
            return;
        }
        keptBytes += len;
        if (keptBytes > MAX_BYTES) {
            dropLocked();
            return;
        }
        kept.add(Arrays.copyOfRange(b, off, off + len));
    }

    private synchronized void event(ConnectionEvent e) {
        if (events != null) {
            events.accept(e);
        } else if (!dropped) {
            kept.add(e);
        }
    }

    private void expireAfter(long ms) {
        CompletableFuture.delayedExecutor(ms, TimeUnit.MILLISECONDS).execute(() -> {
            synchronized (this) {
                if (sink == null) {
                    dropLocked();
                }
            }
        });
    }

    private synchronized void drop() {
        dropLocked();
    }

    private void dropLocked() {
        if (!dropped) {
            dropped = true;
            kept.clear();
            process.close();
        }
    }
}
