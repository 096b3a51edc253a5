package dev.tickbench.app.connect;

import dev.tickbench.core.trigger.TriggerSet;
import java.util.Optional;

/**
 * How a connection's session takes triggers while it streams (docs/triggers.md, "Live"): a probe's
 * {@code stream} reads requests on its stdin, one per line ({@code arm EXPR}, {@code disarm NAME},
 * {@code list}), and answers in its stream's {@code triggers} lines; a session sampled in this JVM is
 * armed on its own set, which answers at once.
 */
@FunctionalInterface
public interface LiveTriggers {
    /**
     * Writes {@code line} and a newline to the running stream's stdin. False when no stream runs now
     * (connecting, reconnecting, ended, or a sampler in this JVM). May wait for the link (a full SSH
     * window, a full pipe): call it off the UI thread.
     */
    boolean sendTriggerRequest(String line);

    /** The set of a session sampled in this JVM, armed on directly; empty for a probe's stream, or when none runs. */
    default Optional<TriggerSet> inThisJvm() {
        return Optional.empty();
    }
}
