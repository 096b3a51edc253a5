package dev.tickbench.app.connect;

import dev.tickbench.core.capture.LineSink;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A live session's source: this machine, an SSH host, a probe server. It delivers the stream's lines
 * and says what else it can do as capabilities, which the workbench asks for instead of testing what
 * kind of connection it is.
 */
public interface Connection extends AutoCloseable {
    String title(); // "this machine", "pi@board-7:22"

    /** Starts delivering stream lines (FORMAT.md, hello first) to sink, from a background thread; returns at once. */
    void start(LineSink sink, Consumer<ConnectionEvent> events);

    @Override
    void close();

    /** Whether it samples this machine: the window's Rate and FLOOR_HZ start it again with new ones. */
    default boolean thisMachine() {
        return false;
    }

    /**
     * Whether the thread that produces its lines must never wait for the workbench (a sampler's tick
     * thread, the pipe of a probe process that keeps its pace): its lines then go through a hand-off
     * (docs/workbench-intake.md). A socket's reader may wait: a slow workbench only slows the reads.
     */
    default boolean producerMustNotWait() {
        return false;
    }

    /** Whether its sampler runs in the workbench's own JVM, so that what it costs is the workbench's own. */
    default boolean samplesInThisJvm() {
        return false;
    }

    /** Arming triggers on its session while it streams (docs/triggers.md, "Live"); empty when it cannot. */
    default Optional<LiveTriggers> triggers() {
        return Optional.empty();
    }

    /** Running probe commands on its target beside the stream (the path walk); empty when it cannot. */
    default Optional<ProbeCommands> probeCommands() {
        return Optional.empty();
    }
}
