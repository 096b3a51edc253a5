package dev.tickbench.app.session;

import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedWindow;

/**
 * The window a store's derived series are taken over (docs/derived-series.md, "Windows"): the user
 * chooses it on any thread; the receiving thread takes it over before its next line.
 */
final class Smoothing {
    private volatile DerivedWindow requested = DerivedWindow.DEFAULT;
    private volatile int helloUserHz = 100;

    /** Asks for {@code w} (any thread); true when it is a new window. */
    boolean request(DerivedWindow w) {
        if (w == null || w == requested) {
            return false;
        }
        requested = w;
        return true;
    }

    DerivedWindow requested() {
        return requested;
    }

    /** What the badges say of {@code w}'s quantisation on the session {@code info}; null without a session. */
    String quantisationNote(DerivedWindow w, SessionInfo info) {
        return info == null ? null : w.quantisationNote(info.rateHz(), helloUserHz, info.cores());
    }

    /** Receiving thread, before {@code line}: {@code derived} takes the window asked for. The new window, or null when it had it. */
    DerivedWindow apply(StreamLine line, DerivedSeries derived) {
        if (line instanceof Hello h) {
            helloUserHz = h.userHz() > 0 ? h.userHz() : 100;
        }
        DerivedWindow want = requested;
        if (want == derived.window()) {
            return null;
        }
        derived.window(want);
        return want;
    }
}
