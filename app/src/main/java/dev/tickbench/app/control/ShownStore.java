package dev.tickbench.app.control;

import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.Showing;
import dev.tickbench.app.session.Showing.Origin;
import dev.tickbench.app.session.StoreListener;
import dev.tickbench.app.session.TimeMark;
import java.nio.file.Path;
import java.util.concurrent.Executor;

/**
 * What the window shows, for the session controller: the store, a selection of its own, where it comes
 * from ({@link Showing}). A store shown is told to the view with its marks and session so far; what
 * its session and marks do later reaches the view only while it is still the one shown, so a store
 * replaced meanwhile (a connection abandoned, a capture opened) goes on without the window hearing of
 * it. UI thread; the store's news comes back through {@code ui}.
 */
final class ShownStore {
    private final Executor ui;
    private final SessionView view;
    private Showing showing = Showing.NOTHING;

    ShownStore(Executor ui, SessionView view) {
        this.ui = ui;
        this.view = view;
    }

    /** What is shown now; {@link Showing#NOTHING} before anything is. */
    Showing now() {
        return showing;
    }

    /** The store shown, null when none. */
    SeriesStore store() {
        return showing.store();
    }

    /** The window shows {@code s} from now on: its session, its marks, a selection of its own. */
    void show(SeriesStore s, String source, Origin origin, Path replayFile) {
        showing = new Showing(s, new Selection(s), source, origin, replayFile);
        view.showing(showing);
        listen(s);
        s.marks().forEach(view::marked);
        view.session(s.session());
    }

    /** The window shows nothing. */
    void nothing() {
        showing = Showing.NOTHING;
        view.showing(showing);
    }

    private void listen(SeriesStore s) {
        s.addListener(new StoreListener() {
            @Override
            public void sessionStarted(SessionInfo info) {
                ui.execute(() -> {
                    if (showing.store() == s) {
                        view.session(info);
                    }
                });
            }

            @Override
            public void marked(TimeMark mark) {
                ui.execute(() -> {
                    if (showing.store() == s) {
                        view.marked(mark);
                    }
                });
            }
        });
    }
}
