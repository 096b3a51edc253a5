package dev.tickbench.app.control;

import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.TimeWindow;
import java.nio.file.Path;

/**
 * A capture being read into the shown store, for the session controller: the window shows what has
 * arrived while it loads, the whole capture once it is read (unless the user chose a range meanwhile),
 * and what happened. UI thread.
 */
final class ReplayLoading {
    private final TimeWindow window;
    private final SessionView view;
    private boolean loading;
    private long userRangesAtLoad;

    ReplayLoading(TimeWindow window, SessionView view) {
        this.window = window;
        this.view = view;
    }

    /** A capture starts loading into the store just shown: paused, the range to follow what is read. */
    void begin() {
        loading(true);
        userRangesAtLoad = window.userRanges();
        window.follow(false);
    }

    /** The end of the load of {@code s}: the whole range when it is still shown ({@code shown}), and what happened. */
    void finish(SeriesStore s, boolean shown, CaptureLoader.Result r) {
        loading(false);
        if (!shown) {
            return;
        }
        showWhole(s);
        if (r.complete()) {
            view.status(r.message());
        } else {
            view.error(r.message());
        }
    }

    void fail(Path file, String message) {
        loading(false);
        view.error("Cannot open " + file + ": " + message);
    }

    void cancel(Path file, boolean shown) {
        loading(false);
        if (shown) {
            view.status("Cancelled opening " + file.getFileName());
        }
    }

    /** While it loads, the range grows with what was read. */
    void pulse(SeriesStore s) {
        if (loading) {
            showWhole(s);
        }
    }

    private void loading(boolean on) {
        loading = on;
        view.loading(on);
    }

    private void showWhole(SeriesStore s) {
        // a user who zoomed while the file was loading keeps the range they chose
        if (window.userRanges() == userRangesAtLoad && !Double.isNaN(s.firstX())) {
            window.showAll(s.firstX(), s.latestX());
        }
    }
}
