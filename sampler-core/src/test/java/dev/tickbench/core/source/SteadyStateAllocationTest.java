package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The hot path reads ~20 files 100 times a second: once warm, re-reading an unchanged file must not
 * allocate (kept-open channel, reused buffer, reused keys). Measured with the JVM's per-thread
 * allocation counter, which counts every heap allocation of this thread.
 */
class SteadyStateAllocationTest {
    @Test
    void rereadingUnchangedFilesAllocatesNothingPerRead() throws IOException {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        for (String board : List.of(Boards.ROUTER, Boards.SBC, Boards.X86)) {
            for (Source s : Sources.discover(Boards.roots(board))) {
                if (!s.open().present()) {
                    continue;
                }
                for (int i = 0; i < 200; i++) {
                    s.read(); // warm-up: buffers grown, keys interned, temporary direct buffer cached
                }
                long before = mx.getThreadAllocatedBytes(tid);
                for (int i = 0; i < 500; i++) {
                    s.read();
                }
                long perRead = (mx.getThreadAllocatedBytes(tid) - before) / 500;
                // a few bytes of slack for the measuring call itself; a single new String per read is > 40 B
                assertTrue(perRead < 16, s.name() + " on " + board + " allocates " + perRead + " B per read");
                s.close();
            }
        }
    }
}
