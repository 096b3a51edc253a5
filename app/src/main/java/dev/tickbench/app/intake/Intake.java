package dev.tickbench.app.intake;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.ConnectionEvent;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.StreamLine;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The way every line of a live session takes, from the connection that produces it to the charts
 * (docs/workbench-intake.md), assembled here and nowhere else. A line goes, in this order:
 *
 * <ol>
 * <li><b>the front</b>: what the connection writes to. A connection whose producer must never wait
 *     (this machine's tick thread, a probe process's pipe) writes into a {@link TickHandoff}, whose
 *     consumer thread takes the rest of the way; any other takes it on its own receiving thread;
 * <li><b>decoded once</b> ({@link LineDecoder}): the one place a live line is parsed;
 * <li><b>kept as it came</b>, byte for byte: in the spool (what Export CSV reads), in a recording
 *     (Record), in the flight recorder's ring (the seconds before a trigger fires);
 * <li><b>read by the trigger session</b>, decoded: the probe's answers and the firings;
 * <li><b>into the store</b>: series and marks, which the charts see at each flush, at most every
 *     {@link #FLUSH_NS} (a batch, never single points), and after a pause by the idle check.
 * </ol>
 *
 * One intake per connection: a new connection, even into the same store, gets a new one.
 */
public final class Intake implements AutoCloseable {
    static final long FLUSH_NS = 50_000_000L;
    private static final LineSink NOWHERE = (b, off, len) -> {};
    private static final Consumer<StreamLine> NOBODY = line -> {};

    private final Connection connection;
    private final SeriesStore store;
    private final Consumer<String> errors;
    private final LineDecoder decoder = new LineDecoder();
    /**
     * Held while a line takes the way, while the idle check flushes, and while a keeper joins (its first
     * line is then the hello in effect, and no line slips past it). Nothing is called under it that takes
     * it on another thread.
     */
    private final Object lineLock = new Object();

    private TickHandoff handoff;
    private boolean closed;
    private volatile Runnable beforeFirstLine;
    private volatile LineSink spool = NOWHERE;
    private volatile LineSink recording = NOWHERE;
    private volatile LineSink flightRecorder = NOWHERE;
    private volatile Consumer<StreamLine> triggerLines = NOBODY;
    /** The hello a keeper joining now starts with (format 2: with the key lists now in effect); null before one. */
    private volatile byte[] joinHello;

    private long lastFlushNs = System.nanoTime();
    /** Lines handed to the store since its last flush (under lineLock). */
    private boolean unflushed;

    private long badLines;
    private final ScheduledFuture<?> idleCheck;

    /** @param errors what the user should see about this session's lines (a line that cannot be read) */
    public Intake(Connection connection, SeriesStore store, Consumer<String> errors) {
        this.connection = connection;
        this.store = store;
        this.errors = errors;
        this.idleCheck = IdleFlush.watch(this);
    }

    /** {@code r} runs before the first line takes the way, on the thread that takes it (it may switch the spool over). */
    public void beforeFirstLine(Runnable r) {
        beforeFirstLine = r;
    }

    /**
     * Starts the connection, its lines coming in at the front; returns at once. Off the UI thread: a
     * connection may read files as it starts (this machine's sampler opens every source). Nothing once closed.
     */
    public synchronized void start(Consumer<ConnectionEvent> events) {
        if (closed) {
            return;
        }
        LineSink front = this::arrive;
        if (connection.producerMustNotWait()) {
            handoff = new TickHandoff(front, errors);
            front = handoff;
        }
        connection.start(front, events);
    }

    /** A line from the front, on the thread that reads it: the hand-off's consumer, or the connection's own. */
    private void arrive(byte[] bytes, int offset, int length) throws IOException {
        Runnable first = beforeFirstLine;
        if (first != null) {
            beforeFirstLine = null;
            first.run();
        }
        synchronized (lineLock) {
            StreamLine line = decode(bytes, offset, length);
            if (line == null) {
                return;
            }
            spool.line(bytes, offset, length);
            recording.line(bytes, offset, length);
            flightRecorder.line(bytes, offset, length);
            triggerLines.accept(line);
            store.accept(line);
            publish(line instanceof Hello);
        }
    }

    /** The line decoded, null when it cannot be (said once per 1000: one bad line must not stop the view). */
    private StreamLine decode(byte[] bytes, int offset, int length) {
        StreamLine line;
        try {
            line = decoder.decode(bytes, offset, length);
        } catch (IOException e) {
            if (badLines++ % 1000 == 0) {
                errors.accept("Unreadable line from the connection (" + e.getMessage() + "); skipped");
            }
            return null;
        }
        if (line instanceof Hello || line instanceof OtherLine o && o.type().equals(LineDecoder.SCHEMA_TYPE)) {
            joinHello = decoder.joinHello();
        }
        return line;
    }

    /** Flushes the store when {@link #FLUSH_NS} passed since the last flush, or {@code now}. Under lineLock. */
    private void publish(boolean now) {
        long t = System.nanoTime();
        if (now || t - lastFlushNs >= FLUSH_NS) {
            store.flush();
            lastFlushNs = t;
            unflushed = false;
        } else {
            unflushed = true;
        }
    }

    /** The idle check: what came since the last flush is flushed when nothing came for {@link #FLUSH_NS}. */
    private void flushIfIdle() {
        synchronized (lineLock) {
            if (unflushed && System.nanoTime() - lastFlushNs >= FLUSH_NS) {
                publish(true);
            }
        }
    }

    // ---- the keepers of the bytes and the trigger session join and leave the way here ----

    /** Keeps every following line in the spool (null: no longer), from the hello in effect. */
    public void spoolTo(LineSink sink) throws IOException {
        synchronized (lineLock) {
            spool = joined(sink);
        }
    }

    /** Records every following line (null: no longer), from the hello in effect. */
    public void recordTo(LineSink sink) throws IOException {
        synchronized (lineLock) {
            recording = joined(sink);
        }
    }

    /** Hands every following line to a flight recorder (null: no longer), from the hello in effect. */
    public void flightRecorderTo(LineSink sink) throws IOException {
        synchronized (lineLock) {
            flightRecorder = joined(sink);
        }
    }

    /** Hands every following line, decoded, to {@code reader} (null: no longer); a new stream begins with its hello. */
    public void triggerLinesTo(Consumer<StreamLine> reader) {
        synchronized (lineLock) {
            triggerLines = reader == null ? NOBODY : reader;
        }
    }

    private LineSink joined(LineSink sink) throws IOException {
        if (sink == null) {
            return NOWHERE;
        }
        byte[] hello = joinHello;
        if (hello != null) {
            sink.line(hello, 0, hello.length);
        }
        return sink;
    }

    /** Ends the connection (its producer first), then the hand-off once it handed on what was offered. */
    @Override
    public synchronized void close() {
        closed = true;
        idleCheck.cancel(false);
        connection.close();
        if (handoff != null) {
            handoff.close();
        }
    }

    public Connection connection() {
        return connection;
    }

    public SeriesStore store() {
        return store;
    }

    /** Whether the session's hello came: a recording can start. */
    public boolean hasHello() {
        return joinHello != null;
    }

    /** The hello a capture started now begins with (null before one); do not modify it. */
    public byte[] joinHello() {
        return joinHello;
    }

    /** One daemon thread checks every intake in use each {@link #FLUSH_NS}; one no longer referenced drops out. */
    private static final class IdleFlush {
        private static final ScheduledExecutorService CHECKS = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "tickbench-intake-idle");
            t.setDaemon(true);
            return t;
        });

        static ScheduledFuture<?> watch(Intake intake) {
            WeakReference<Intake> ref = new WeakReference<>(intake);
            Object lock = new Object();
            ScheduledFuture<?>[] task = new ScheduledFuture<?>[1];
            synchronized (lock) {
                task[0] = CHECKS.scheduleWithFixedDelay(
                        () -> {
                            Intake in = ref.get();
                            if (in != null) {
                                in.flushIfIdle();
                                return;
                            }
                            synchronized (lock) {
                                task[0].cancel(false);
                            }
                        },
                        FLUSH_NS,
                        FLUSH_NS,
                        TimeUnit.NANOSECONDS);
                return task[0];
            }
        }
    }
}
