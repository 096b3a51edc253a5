package dev.tickbench.app.session;

import dev.tickbench.core.capture.StreamLine;

/** Told about changes of a {@link SeriesStore}; called on the receiving thread. */
public interface StoreListener {
    default void seriesAdded(Series series) {}

    /**
     * Every decoded line, in stream order, once the store has taken it in: for a view that reads the
     * stream's own values (the clock panel keeps the lines its verdict reads), without decoding it again.
     */
    default void accepted(StreamLine line) {}

    default void sessionStarted(SessionInfo session) {}

    default void marked(TimeMark mark) {}

    /** {@link SeriesStore#flush()} published a batch: every series' views show what arrived until now. */
    default void flushed() {}
}
