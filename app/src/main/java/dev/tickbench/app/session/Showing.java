package dev.tickbench.app.session;

import java.nio.file.Path;

/**
 * What the window shows: a store, what of it is drawn, where it comes from. The session controller
 * decides it; every view that follows the shown session reads it.
 *
 * @param source "this machine", "pi@board-7:22", or the capture's file name
 * @param replayFile the capture, for {@link Origin#REPLAY}
 */
public record Showing(SeriesStore store, Selection selection, String source, Origin origin, Path replayFile) {
    public static final Showing NOTHING = new Showing(null, null, "", Origin.NONE, null);

    /** Where the shown data comes from. */
    public enum Origin {
        NONE,
        LOCAL,
        REMOTE,
        REPLAY
    }
}
