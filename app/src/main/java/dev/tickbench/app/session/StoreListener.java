package dev.tickbench.app.session;

/** Told about changes of a {@link SeriesStore}; called on the receiving thread. */
public interface StoreListener {
    default void seriesAdded(Series series) {}

    default void sessionStarted(SessionInfo session) {}

    default void marked(TimeMark mark) {}

    /** {@link SeriesStore#flush()} published a batch: every series' views show what arrived until now. */
    default void flushed() {}
}
