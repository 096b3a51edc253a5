package dev.tickbench.app.session;

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
 * The sink a connection feeds: decodes each line on the receiving thread, hands it to the store,
 * passes the raw bytes on to the recorder (a capture is the saved stream, byte for byte) and flushes
 * the store's datasets at most every {@link #FLUSH_NS}, so charts get batches, never single points.
 * Lines that no line follows within {@link #FLUSH_NS} (the last before a pause: a stalled link, a
 * scripted stage, a stream slower than the flush) are flushed by a check on a shared daemon thread, so
 * the charts, which follow what the store published (SeriesStore#publishedX), never wait for a next line
 * to show them. The check and the lines take turns on a lock of their own.
 */
public final class LineIntake implements LineSink {
    static final long FLUSH_NS = 50_000_000L;

    private final SeriesStore store;
    private final LineDecoder decoder = new LineDecoder();
    private final Consumer<String> errors;
    /** The recorder and the spool: each gets every line, byte for byte. */
    private final java.util.List<LineSink> taps = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile byte[] lastHello;
    private long lastFlushNs = System.nanoTime();
    /**
     * Held while a line goes to the store and while the idle check flushes: not this intake's monitor,
     * which startTap takes under the spool's lock while a line holds this one and writes to the spool.
     */
    private final Object storeLock = new Object();
    /** Lines handed to the store since its last flush (under storeLock). */
    private boolean unflushed;
    private long badLines;

    public LineIntake(SeriesStore store, Consumer<String> errors) {
        this.store = store;
        this.errors = errors;
        IdleFlush.watch(this);
    }

    @Override
    public void line(byte[] bytes, int offset, int length) throws IOException {
        synchronized (storeLock) {
            take(bytes, offset, length);
        }
    }

    private void take(byte[] bytes, int offset, int length) throws IOException {
        StreamLine line;
        try {
            line = decoder.decode(bytes, offset, length);
        } catch (IOException e) {
            // one bad line from a live link must not stop the view; say so once per 1000 so it is seen
            if (badLines++ % 1000 == 0) {
                errors.accept("Unreadable line from the connection (" + e.getMessage() + "); skipped");
            }
            return;
        }
        if (line instanceof Hello || line instanceof OtherLine o && o.type().equals(LineDecoder.SCHEMA_TYPE)) {
            lastHello = decoder.joinHello(); // format v2: with the key lists now in effect, for a tap joining later
        }
        for (LineSink t : taps) {
            t.line(bytes, offset, length);
        }
        store.accept(line);
        long now = System.nanoTime();
        if (now - lastFlushNs >= FLUSH_NS || line instanceof Hello) {
            store.flush();
            lastFlushNs = now;
            unflushed = false;
        } else {
            unflushed = true;
        }
    }

    /** The idle check: flushes what came since the last flush when nothing came for {@link #FLUSH_NS}. */
    private void flushIfIdle() {
        synchronized (storeLock) {
            long now = System.nanoTime();
            if (unflushed && now - lastFlushNs >= FLUSH_NS) {
                store.flush();
                lastFlushNs = now;
                unflushed = false;
            }
        }
    }

    /** One daemon thread checks every intake still in use each {@link #FLUSH_NS}; an intake no longer referenced drops out. */
    private static final class IdleFlush {
        private static final ScheduledExecutorService CHECKS = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "tickbench-intake-idle");
            t.setDaemon(true);
            return t;
        });

        static void watch(LineIntake intake) {
            WeakReference<LineIntake> ref = new WeakReference<>(intake);
            Object lock = new Object();
            ScheduledFuture<?>[] task = new ScheduledFuture<?>[1];
            synchronized (lock) {
                task[0] = CHECKS.scheduleWithFixedDelay(() -> {
                    LineIntake in = ref.get();
                    if (in != null) {
                        in.flushIfIdle();
                        return;
                    }
                    synchronized (lock) {
                        task[0].cancel(false);
                    }
                }, FLUSH_NS, FLUSH_NS, TimeUnit.NANOSECONDS);
            }
        }
    }

    /** Starts copying every following line to {@code sink}, after the current session's hello. */
    public synchronized void startTap(LineSink sink) throws IOException {
        byte[] hello = lastHello;
        if (hello != null) {
            sink.line(hello, 0, hello.length);
        }
        taps.add(sink);
    }

    public synchronized void stopTap(LineSink sink) {
        taps.remove(sink);
    }

    /** The raw hello line of the current session (null before it): what a new capture file starts with. */
    public byte[] lastHello() {
        byte[] h = lastHello;
        return h == null ? null : h.clone();
    }

    public boolean hasHello() {
        return lastHello != null;
    }

    public SeriesStore store() {
        return store;
    }
}
