package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.fail;

import dev.tickbench.core.capture.LineSink;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/** Collects what a connection delivers (lines and events) and lets a test wait for it. */
final class EventLog implements LineSink, Consumer<ConnectionEvent> {
    private final List<String> lines = new ArrayList<>();
    private final List<ConnectionEvent> events = new ArrayList<>();

    @Override
    public synchronized void line(byte[] bytes, int offset, int length) {
        lines.add(new String(bytes, offset, length, StandardCharsets.UTF_8));
        notifyAll();
    }

    @Override
    public synchronized void accept(ConnectionEvent e) {
        events.add(e);
        notifyAll();
    }

    synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    synchronized List<ConnectionEvent> events() {
        return List.copyOf(events);
    }

    /** Waits until the condition holds over the lines so far. */
    synchronized void awaitLines(Predicate<List<String>> condition, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (!condition.test(lines)) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                fail("timed out waiting for lines; got " + lines.size() + " lines, events " + events);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** Waits for an event of the given type and returns it. */
    synchronized <T extends ConnectionEvent> T await(Class<T> type, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (ConnectionEvent e : events) {
                if (type.isInstance(e)) {
                    return type.cast(e);
                }
            }
            long left = end - System.nanoTime();
            if (left <= 0) {
                fail("timed out waiting for " + type.getSimpleName() + "; events " + events + ", " + lines.size()
                        + " lines");
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    synchronized long count(Class<? extends ConnectionEvent> type) {
        return events.stream().filter(type::isInstance).count();
    }
}
