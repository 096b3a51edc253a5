package dev.tickbench.core.diff;

import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.StreamLine;
import java.io.IOException;
import java.util.Iterator;

/**
 * What a diff reads: the decoded lines of one capture or session in order, from its hello (FORMAT.md).
 * A sample line carries only the sources emitted on its tick (per-source freshness), the hello the
 * cadences they were read at. A capture file feeds through its {@link CaptureReader}; the workbench
 * feeds a session it holds in memory with {@link #of(Iterable)}.
 */
@FunctionalInterface
public interface LineFeed {
    /**
     * The next line, or null at the end. A {@link dev.tickbench.core.capture.CaptureFormatException}
     * (a corrupt or truncated line) ends the feed there: what came before it is compared, and the
     * summary says where it stopped.
     */
    StreamLine next() throws IOException;

    static LineFeed of(CaptureReader reader) {
        return reader::next;
    }

    static LineFeed of(Iterable<? extends StreamLine> lines) {
        Iterator<? extends StreamLine> it = lines.iterator();
        return () -> it.hasNext() ? it.next() : null;
    }
}
