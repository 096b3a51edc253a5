package dev.tickbench.app.control;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.Showing;
import dev.tickbench.app.session.TimeMark;
import java.nio.file.Path;

/** What the session controller tells the window, on the UI thread. */
public interface SessionView {
    /** The window shows another store (a new connection, a capture): everything shown starts again. */
    void showing(Showing now);

    /** The shown store's session (its hello); null when it has none yet. */
    void session(SessionInfo info);

    /** A mark of the shown store (kmsg, gap, session change). */
    void marked(TimeMark mark);

    /** The live connection, null when replaying or closed: tabs that run commands on it listen here. */
    void connection(Connection c);

    void recording(boolean on, String indicator);

    /** A capture is being read into the shown store. */
    void loading(boolean on);

    void status(String text);

    void error(String text);

    /** A confirmation the user should see ("Saved … (3.2 MB on disk)"). */
    void notice(String text);

    /** A recording was saved to {@code capture} (Open Recent learns it). */
    default void recorded(Path capture) {}
}
