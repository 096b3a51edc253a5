package dev.tickbench.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.session.WhoLog.Quantity;
import dev.tickbench.app.session.WhoLog.Table;
import dev.tickbench.testkit.RealCaptures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture opened from its index reads its process and cgroup tables with each run of blocks it reads in
 * full: on the capture recorded while its causes were made (captures/real/who.ndjson.gz: a busy loop in
 * /tickbench-who-capture from 5 s to 35 s), written again in blocks by the recorder's writer. The overview
 * names no one; a run inside the loop's time names it first with what a whole read gives there; a run
 * after it replaces those rows.
 */
class SeekableWhoTest {
    @TempDir
    static Path dir;

    private static Path capture;
    private static SeriesStore whole;

    @BeforeAll
    static void capture() throws Exception {
        capture = RealCaptures.indexed("who.ndjson.gz", dir.resolve("who.ndjson.gz"));
        whole = SeriesStore.replay();
        CaptureLoader.load(capture, whole, (a, b) -> {}, () -> false);
    }

    private static WhoRows first(SeriesStore s, Table t, double x) {
        List<WhoRows> rows = WhoRows.at(s.who().entries(), t, x, WhoRows.hold(s.session(), t));
        assertTrue(!rows.isEmpty(), t + " named at " + x);
        return rows.get(0);
    }

    @Test
    void aRunReadNamesWhoWasDoingItThereAsAWholeReadDoes() throws Exception {
        SeriesStore s = SeriesStore.replay();
        SeekableReplay r = SeekableReplay.open(capture, s, 1);
        assertNotNull(r, "the capture has its index");
        r.overview();
        assertTrue(s.who().awaitsRun());
        assertTrue(s.who().entries().isEmpty(), "the overview reads no table");

        double start = whole.session().startX();
        int[] run = r.blocksFor(start + 12, start + 18);
        r.read(run[0], run[1], () -> false);
        assertFalse(s.who().awaitsRun(), "a run read: the panel no longer asks for one");
        double at = start + 15;
        WhoRows loop = first(s, Table.PROCESSES, at);
        WhoRows wholeLoop = first(whole, Table.PROCESSES, at);
        assertEquals("sh", loop.entry().shown().split(" ")[0], "the busy loop first");
        assertEquals(wholeLoop.entry().who(), loop.entry().who());
        assertEquals(wholeLoop.value(Quantity.CPU), loop.value(Quantity.CPU), 1e-9, "as a whole read has it");
        assertEquals(
                "/tickbench-who-capture", first(s, Table.CGROUPS, at).entry().shown(), "its cgroup first");

        // a run after the loop ended: its rows replace those of the first run
        int[] after = r.blocksFor(whole.latestX() - 3, whole.latestX());
        r.read(after[0], after[1], () -> false);
        assertTrue(after[0] > run[1] - 1, "another run: " + after[0] + " after " + run[1]);
        double from = s.who().keptFromX();
        assertTrue(from > at, "the tables hold from the run's first block on: " + from);
        for (WhoLog.Entry e : s.who().entries()) {
            for (Quantity q : Quantity.values()) {
                Points p = e.points(q);
                for (int i = 0; i < p.stored(); i++) {
                    assertTrue(p.x(i) >= from, e.who() + " " + q + " read at " + p.x(i) + ", before " + from);
                }
            }
        }
    }
}
