package dev.tickbench.app.session;

import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.StreamLine;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * The sink a connection feeds: decodes each line on the receiving thread, hands it to the store,
 * passes the raw bytes on to the recorder (a capture is the saved stream, byte for byte) and flushes
 * the store's datasets at most every {@link #FLUSH_NS}, so charts get batches, never single points.
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
    private long badLines;

    public LineIntake(SeriesStore store, Consumer<String> errors) {
        this.store = store;
        this.errors = errors;
    }

    @Override
    public void line(byte[] bytes, int offset, int length) throws IOException {
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
