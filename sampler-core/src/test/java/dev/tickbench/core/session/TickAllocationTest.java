package dev.tickbench.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.testkit.Boards;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * A whole tick of a real session (every source of the board, the kmsg drain, the sample line, the
 * throttle extension) allocates nothing once warm, except on the one tick a second that writes the
 * throttle line. The JVM's per-thread allocation counter counts every heap allocation of the thread
 * that runs the tick. A tick may rarely show a few bytes that are not the tick's own (the JIT
 * re-creating on the heap objects its compiled code had optimised away, when it falls back to the
 * interpreter), so the test asserts that almost no tick allocates: anything a tick allocates every
 * time, or on a source's cadence (slabinfo: every 17th tick at 100 Hz), fails it.
 */
class TickAllocationTest {
    private static final int RATE = 100;

    @Test
    void aWarmTickAllocatesNothingOnEveryBoard() throws IOException, dev.tickbench.core.cgroup.CgroupException {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        for (String board : Boards.ALL) {
            try (Session session = Session.open(
                    new SessionConfig(Boards.roots(board), RATE, OptionalInt.empty(), null, 4), Map.of())) {
                Sampler sampler = session.sampler();
                long[] lines = new long[1];
                sampler.addSink((b, off, len) -> lines[0]++);
                long mono = 1_000_000_000L;
                for (int i = 0; i < 3 * RATE; i++) { // warm-up: buffers grown, keys made, first throttle lines
                    mono += 1_000_000_000L / RATE;
                    sampler.tick(mono, mono);
                }
                long quiet = 0;
                long allocating = 0;
                long quietBytes = 0;
                long throttleTicks = 0;
                long throttleBytes = 0;
                int ticks = 5 * RATE;
                for (int i = 0; i < ticks; i++) {
                    mono += 1_000_000_000L / RATE;
                    long before = mx.getThreadAllocatedBytes(tid);
                    sampler.tick(mono, mono);
                    long bytes = mx.getThreadAllocatedBytes(tid) - before;
                    if (sampler.lastSeq() % RATE == 0) { // the throttle's once-a-second line (Jackson)
                        throttleTicks++;
                        throttleBytes += bytes;
                    } else {
                        quiet++;
                        quietBytes += bytes;
                        if (bytes >= 16) { // a few bytes of slack for the measuring call itself
                            allocating++;
                        }
                    }
                }
                assertEquals(ticks - 5, quiet, board);
                assertTrue(
                        allocating <= quiet / 25,
                        board + ": " + allocating + " of " + quiet + " ticks allocated, " + quietBytes + " B in all");
                assertTrue(quietBytes < 4096, board + ": " + quiet + " ticks allocated " + quietBytes + " B");
                assertTrue(
                        throttleBytes / throttleTicks < 16_384,
                        board + ": the throttle's tick allocated " + throttleBytes / throttleTicks + " B");
                assertTrue(lines[0] >= 8 * RATE, board + ": " + lines[0] + " lines");
            }
        }
    }
}
