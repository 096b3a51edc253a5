package dev.tickbench.app.intake;

import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.handoff.LineHandoff;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The hand-off between a sampler's tick thread and everything the workbench does with a line
 * (decoding, the series store, chart locks, the spool and the recorder): the tick thread copies the
 * line into the core's bounded {@link LineHandoff} and returns, never waiting for a lock or a disk; one
 * consumer thread ({@code tickbench-intake}) drains it into {@code downstream}. The rules are the core
 * hand-off's (docs/handoff.md) with the workbench's reason, as docs/workbench-intake.md says: samples
 * that do not fit are a {@code gap} line ({@code "workbench_behind"}) before the next sample handed on;
 * hello, schema, kmsg, throttle and the other lines wait in their place.
 *
 * One producer thread only (the sampler's tick thread, or the thread that starts it: the hello).
 */
final class TickHandoff implements LineSink, AutoCloseable {
    /**
     * 8 MiB of heap: 12 s of 100 Hz format-1 lines of a 2-CPU machine (~7 KB each) before a sample is
     * dropped; format 2's positional lines last several times longer.
     */
    static final int DEFAULT_RING_BYTES = 8 << 20;

    static final String GAP_REASON = "workbench_behind";
    /** How long the consumer sleeps when there is nothing to hand on (a line wakes it at once). */
    private static final long IDLE_MS = 100;
    /** How long closing waits for the consumer to hand on what was offered. */
    private static final long CLOSE_WAIT_MS = 2000;

    private final LineHandoff handoff;
    private final LineSink downstream;
    private final Consumer<String> errors;
    private final Thread consumer;
    private long failures; // consumer thread

    TickHandoff(LineSink downstream, Consumer<String> errors) {
        this(downstream, errors, DEFAULT_RING_BYTES);
    }

    /** @param ringBytes the ring's size; a line longer than half of it is treated as if the ring were full */
    TickHandoff(LineSink downstream, Consumer<String> errors, int ringBytes) {
        this.handoff = new LineHandoff(ringBytes, LineHandoff.WhenFull.DROP_SAMPLES, GAP_REASON);
        this.downstream = downstream;
        this.errors = errors;
        this.consumer = new Thread(this::drainLoop, "tickbench-intake");
        this.consumer.setDaemon(true);
        this.consumer.start();
    }

    /** Tick thread: copy and hand off. Never blocks. */
    @Override
    public void line(byte[] bytes, int offset, int length) {
        handoff.offer(bytes, offset, length);
    }

    private void drainLoop() {
        while (!handoff.isEnded()) {
            int n;
            try {
                n = handoff.drainTo(this::deliver);
            } catch (IOException e) {
                n = 1; // deliver reports its own failures; nothing else throws
            }
            if (n == 0 && !handoff.isEnded()) {
                handoff.awaitLines(IDLE_MS, TimeUnit.MILLISECONDS);
            }
        }
    }

    private void deliver(byte[] b, int off, int len) {
        try {
            downstream.line(b, off, len);
        } catch (IOException | RuntimeException e) {
            // the view goes on with the next line; said once per 1000 failures so that it is seen, not flooded
            if (failures++ % 1000 == 0) {
                errors.accept(
                        "A line could not be handed to the workbench (" + e.getMessage() + "); the session goes on");
            }
        }
    }

    /**
     * Stops the consumer after it has handed on everything already offered (up to {@link #CLOSE_WAIT_MS}).
     * Call after the producer stopped.
     */
    @Override
    public void close() {
        handoff.close();
        if (Thread.currentThread() != consumer) {
            try {
                consumer.join(CLOSE_WAIT_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
