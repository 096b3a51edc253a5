package dev.tickbench.app.control;

import dev.tickbench.app.connect.Connection;

/** What the one who asked for a connection hears back: it connected, or why it did not (UI thread). */
public interface ConnectOutcome {
    ConnectOutcome NONE = new ConnectOutcome() {};

    default void connected(Connection c) {}

    default void failed(Connection c, String reason) {}
}
