package dev.tickbench.app.intake;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.ConnectionEvent;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.capture.LineSink;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * A connection whose lines the test writes, each on the test's own thread: it may wait for the workbench
 * (no hand-off), so a line fed has taken the intake's whole way when {@link #feed} returns.
 */
public final class FedConnection implements Connection {
    private volatile LineSink sink;

    /** An intake of a fed connection into {@code store}, started: its lines are the test's {@link #feed}s. */
    public static FedConnection started(SeriesStore store, Consumer<String> errors) {
        FedConnection c = new FedConnection();
        c.intake = new Intake(c, store, errors);
        c.intake.start(ev -> {});
        return c;
    }

    private Intake intake;

    public Intake intake() {
        return intake;
    }

    @Override
    public String title() {
        return "lines fed by the test";
    }

    @Override
    public void start(LineSink s, Consumer<ConnectionEvent> events) {
        sink = s;
    }

    /** One line (a newline added when it has none), the whole way through the intake. */
    public void feed(String line) throws IOException {
        feed((line.endsWith("\n") ? line : line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** One line's bytes, its newline included, the whole way through the intake. */
    public void feed(byte[] line) throws IOException {
        sink.line(line, 0, line.length);
    }

    @Override
    public void close() {
        sink = (b, off, len) -> {};
    }
}
