package dev.tickbench.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.session.WhoLog.Quantity;
import dev.tickbench.app.session.WhoLog.Table;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Who panel's rows on the capture recorded while its causes were made (captures/real/who.ndjson.gz,
 * its README): a busy loop in the cgroup /tickbench-who-capture from 5 s to 35 s, a tail holding 200 MiB
 * from 5 s to 25 s. At a time inside both, the loop heads the processes by CPU, the tail holds its 200 MiB
 * and the loop's cgroup heads the cgroups; once both have gone, neither is shown with a value it no longer
 * has; over a range, each has its mean and peak over the reads that named it.
 */
class WhoRowsTest {
    @TempDir
    static Path dir;

    private static SeriesStore store;
    private static double start;
    private static double hold;

    @BeforeAll
    static void load() throws Exception {
        Path capture = dir.resolve("who.ndjson.gz");
        try (InputStream in = WhoRowsTest.class.getResourceAsStream("/captures/real/who.ndjson.gz")) {
            assertTrue(in != null, "the real capture on the test class path");
            Files.copy(in, capture);
        }
        store = SeriesStore.replay();
        CaptureLoader.load(capture, store, (a, b) -> {}, () -> false);
        start = store.session().startX();
        hold = WhoRows.hold(store.session(), Table.PROCESSES);
    }

    @Test
    void atATimeInsideBothTheLoopAndItsCgroupHeadTheirTablesAndTheTailHoldsItsMemory() {
        List<WhoRows> procs = WhoRows.at(store.who().entries(), Table.PROCESSES, start + 15, hold);
        WhoRows first = procs.get(0);
        assertEquals("sh", first.entry().shown().split(" ")[0], "the busy loop first: " + procs);
        assertTrue(first.value(Quantity.CPU) > 0.5 && first.value(Quantity.CPU) < 1.1, "its CPUs: " + first);
        WhoRows tail = procs.stream()
                .filter(r -> r.entry().shown().startsWith("tail "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the tail named: " + procs));
        assertTrue(tail.value(Quantity.MEMORY) >= 200 * 1024 * 1024, "the tail's 200 MiB resident: " + tail);
        assertTrue(procs.size() <= 3 * 2 * 20, "no more than the table names: " + procs.size());

        List<WhoRows> cgroups = WhoRows.at(store.who().entries(), Table.CGROUPS, start + 15, hold);
        assertEquals("/tickbench-who-capture", cgroups.get(0).entry().shown(), "its cgroup first: " + cgroups);
        assertTrue(cgroups.get(0).value(Quantity.CPU) > 0.5, "the cgroup's CPUs: " + cgroups.get(0));
    }

    @Test
    void onceGoneNeitherIsShownWithAValueItNoLongerHas() {
        List<WhoRows> procs = WhoRows.at(store.who().entries(), Table.PROCESSES, start + 38, hold);
        assertFalse(
                procs.stream().anyMatch(r -> r.entry().shown().startsWith("tail ")),
                "the tail exited at 25 s: " + procs);
        assertTrue(procs.stream().noneMatch(r -> r.value(Quantity.CPU) > 0.5), "no loop at 38 s: " + procs);
        WhoLog.Entry tail = store.who().entries().stream()
                .filter(e -> e.shown().startsWith("tail "))
                .findFirst()
                .orElseThrow();
        assertTrue(tail.exitX() > start + 20 && tail.exitX() < start + 30, "its exit read from its proc line: " + tail);
        assertTrue(tail.startX() > start + 2 && tail.startX() < start + 8, "its start: " + tail);
    }

    @Test
    void overARangeEachHasItsMeanAndPeakOverTheReadsThatNamedIt() {
        List<WhoRows> procs = WhoRows.over(store.who().entries(), Table.PROCESSES, start + 10, start + 20);
        WhoRows loop = procs.get(0);
        assertEquals("sh", loop.entry().shown().split(" ")[0], "the loop first: " + procs);
        assertTrue(loop.reads() >= 8 && loop.reads() <= 11, "about ten reads at 1 Hz: " + loop.reads());
        double mean = loop.value(Quantity.CPU);
        assertTrue(mean > 0.5 && mean <= loop.peak(Quantity.CPU), "mean " + mean + " within its peak " + loop);
        assertTrue(loop.peak(Quantity.CPU) < 1.1, "no more than one CPU for one loop: " + loop);
    }

    @Test
    void theRestCountsTheForkStormsSleepersAndWhatTheyAddUpTo() {
        double[] over = WhoRows.restOver(store.who().rest(Table.PROCESSES), start + 13, start + 18);
        double started = over[WhoLog.RestQuantity.STARTED.ordinal()];
        assertTrue(started >= 200 && started <= 400, "the 300 sleep started at 15 s, most in the rest: " + started);
        double[] at = WhoRows.restAt(store.who().rest(Table.PROCESSES), start + 30, hold);
        assertTrue(at[WhoLog.RestQuantity.COUNT.ordinal()] > 20, "the processes not named: " + at[2]);
        assertTrue(at[WhoLog.RestQuantity.MEMORY.ordinal()] > 0, "their RSS summed");
        double[] cgroups = WhoRows.restAt(
                store.who().rest(Table.CGROUPS), start + 30, WhoRows.hold(store.session(), Table.CGROUPS));
        assertTrue(cgroups[WhoLog.RestQuantity.COUNT.ordinal()] >= 0, "the cgroups not named, counted");
        assertTrue(Double.isNaN(cgroups[WhoLog.RestQuantity.STARTED.ordinal()]), "cgroups have no starts");
    }
}
