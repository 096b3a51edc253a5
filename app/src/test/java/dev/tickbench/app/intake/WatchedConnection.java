package dev.tickbench.app.intake;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.ConnectionEvent;
import dev.tickbench.app.connect.LiveTriggers;
import dev.tickbench.app.connect.ProbeCommands;
import dev.tickbench.core.capture.LineBytes;
import dev.tickbench.core.capture.LineSink;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A connection as the workbench sees it, with a test's eye on its producer: every line the wrapped
 * connection writes passes {@code tap} first, on the producer's own thread (before any hand-off), and
 * the last sample's seq is noted. Capabilities are the wrapped connection's.
 */
public final class WatchedConnection implements Connection {
    private final Connection inner;
    private final LineSink tap;
    private volatile long lastSeq;

    public WatchedConnection(Connection inner) {
        this(inner, (b, off, len) -> {});
    }

    public WatchedConnection(Connection inner, LineSink tap) {
        this.inner = inner;
        this.tap = tap;
    }

    /** The seq of the last sample its producer wrote (0 before the first). */
    public long lastSeq() {
        return lastSeq;
    }

    @Override
    public String title() {
        return inner.title();
    }

    @Override
    public void start(LineSink sink, Consumer<ConnectionEvent> events) {
        inner.start(
                (b, off, len) -> {
                    long seq = LineBytes.sampleSeq(b, off, len);
                    if (seq >= 0) {
                        lastSeq = seq;
                    }
                    tap.line(b, off, len);
                    sink.line(b, off, len);
                },
                events);
    }

    @Override
    public void close() {
        inner.close();
    }

    @Override
    public boolean thisMachine() {
        return inner.thisMachine();
    }

    @Override
    public boolean producerMustNotWait() {
        return inner.producerMustNotWait();
    }

    @Override
    public boolean samplesInThisJvm() {
        return inner.samplesInThisJvm();
    }

    @Override
    public Optional<LiveTriggers> triggers() {
        return inner.triggers();
    }

    @Override
    public Optional<ProbeCommands> probeCommands() {
        return inner.probeCommands();
    }
}
