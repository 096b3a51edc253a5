package dev.tickbench.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.session.WhoLog.Entry;
import dev.tickbench.app.session.WhoLog.Quantity;
import dev.tickbench.app.session.WhoLog.Table;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A named process or cgroup drawn on the tracks (docs/who.md, "On the tracks"), on the capture recorded
 * while its causes were made (captures/real/who.ndjson.gz: a busy loop in /tickbench-who-capture from 5 s
 * to 35 s, a tail holding 200 MiB from 5 s to 25 s). Plotted halfway through the capture, as a user
 * clicks while it comes in, each line holds every read the table took of it, before the click and after,
 * in the track's unit, and breaks where the table did not read it.
 */
class WhoPlotsTest {
    @TempDir
    static Path dir;

    private static SeriesStore store;
    private static List<String> loop;
    private static List<String> tail;
    private static List<String> cgroup;

    @BeforeAll
    static void load() throws Exception {
        Path capture = dir.resolve("who.ndjson.gz");
        try (InputStream in = WhoPlotsTest.class.getResourceAsStream("/captures/real/who.ndjson.gz")) {
            assertTrue(in != null, "the real capture on the test class path");
            Files.copy(in, capture);
        }
        store = SeriesStore.replay();
        try (CaptureReader r = CaptureReader.open(capture)) {
            double plotAt = Double.NaN;
            for (StreamLine line = r.next(); line != null; line = r.next()) {
                store.accept(line);
                if (line instanceof SampleLine s && Double.isNaN(plotAt)) {
                    plotAt = s.wallNs() / 1e9 + 15; // inside the loop's and the tail's time
                }
                if (loop == null && line instanceof SampleLine s && s.wallNs() / 1e9 >= plotAt) {
                    store.flush();
                    loop = store.plot(
                            Table.PROCESSES, named(Table.PROCESSES, "sh/").who());
                    tail = store.plot(
                            Table.PROCESSES, named(Table.PROCESSES, "tail/").who());
                    cgroup = store.plot(Table.CGROUPS, "/tickbench-who-capture");
                }
            }
        }
        store.flush();
    }

    private static Entry named(Table table, String prefix) {
        return store.who().entries().stream()
                .filter(e -> e.table() == table && e.who().startsWith(prefix))
                .max((a, b) -> Double.compare(
                        a.points(Quantity.CPU).lastRead(),
                        b.points(Quantity.CPU).lastRead()))
                .orElseThrow(() ->
                        new AssertionError(prefix + " named: " + store.who().entries()));
    }

    @Test
    void eachPlotDrawsItsCpuAndMemoryOnTracksOfTheirOwnAfterTheCatalogues() {
        assertEquals(2, loop.size(), "CPU and memory: " + loop);
        Series cpu = store.series(loop.get(0));
        Series memory = store.series(loop.get(1));
        assertEquals(WhoPlots.CPU.id(), cpu.group().id());
        assertEquals(WhoPlots.MEMORY.id(), memory.group().id());
        assertTrue(cpu.name().startsWith("who.proc.sh/") && cpu.name().endsWith(".cpus"), cpu.name());
        assertTrue(memory.name().startsWith("procs.sh/") && memory.name().endsWith("|rss"), memory.name());
        assertTrue(cpu.displayName().startsWith("sh "), "named as the table names it: " + cpu.displayName());
        assertTrue(cpu.label().contains("· policy"), "the table's cadence and its reason: " + cpu.label());
        assertFalse(
                store.catalogue().groups().stream().anyMatch(g -> g.id().equals(WhoPlots.CPU.id())),
                "not a track of the catalogue: nothing is waited for before a plot");
        assertEquals(
                loop, store.plot(Table.PROCESSES, named(Table.PROCESSES, "sh/").who()), "plotted once");
        assertEquals(2, cgroup.size(), "a cgroup too: " + cgroup);
        assertTrue(store.series(cgroup.get(0)).name().endsWith(".usage_cpus"), cgroup.get(0));
    }

    @Test
    void everyReadBeforeTheClickAndAfterItIsOnTheLineAsTheTableReadIt() {
        Entry e = named(Table.PROCESSES, "sh/");
        assertReads(e.points(Quantity.CPU), store.series(loop.get(0)).line(), 1);
        Entry t = named(Table.PROCESSES, "tail/");
        assertReads(t.points(Quantity.MEMORY), store.series(tail.get(1)).line(), 1e6);
        double peak = 0;
        Points line = store.series(tail.get(1)).line();
        for (int i = 0; i < line.size(); i++) {
            peak = Double.isNaN(line.y(i)) ? peak : Math.max(peak, line.y(i));
        }
        assertTrue(peak >= 200 * 1.048576, "the tail's 200 MiB, in MB: " + peak);
        Points cpu = store.series(loop.get(0)).line();
        double busiest = 0;
        for (int i = 0; i < cpu.size(); i++) {
            busiest = Double.isNaN(cpu.y(i)) ? busiest : Math.max(busiest, cpu.y(i));
        }
        assertTrue(busiest > 0.5 && busiest < 1.1, "one loop, one CPU at most: " + busiest);
    }

    @Test
    void aPlottedProcesssStartAndExitAreMarked() {
        double start = store.session().startX();
        List<TimeMark> tail = store.marks().stream()
                .filter(m -> m.kind() == TimeMark.Kind.PROCESS && m.text().startsWith("tail "))
                .toList();
        assertEquals(2, tail.size(), "its start, known when it was plotted, and its exit, read after: " + tail);
        assertTrue(
                tail.get(0).text().endsWith(" started")
                        && tail.get(0).x() > start + 2
                        && tail.get(0).x() < start + 8,
                tail.get(0).toString());
        assertTrue(
                tail.get(1).text().endsWith(" exited")
                        && tail.get(1).x() > start + 20
                        && tail.get(1).x() < start + 30,
                tail.get(1).toString());
        assertTrue(
                store.marks().stream()
                        .filter(m -> m.kind() == TimeMark.Kind.PROCESS)
                        .allMatch(m -> m.text().startsWith("tail ") || m.text().startsWith("sh ")),
                "only plotted processes are marked");
    }

    @Test
    void theLineBreaksWhereTheTableDidNotReadIt() {
        double hold = WhoRows.hold(store.session(), Table.PROCESSES);
        for (String name : List.of(loop.get(0), loop.get(1), tail.get(0), tail.get(1))) {
            Points p = store.series(name).line();
            double last = Double.NaN;
            for (int i = 0; i < p.size(); i++) {
                if (Double.isNaN(p.y(i))) {
                    last = Double.NaN;
                    continue;
                }
                assertTrue(Double.isNaN(last) || p.x(i) - last <= hold, name + ": a line across a hole at " + p.x(i));
                last = p.x(i);
            }
        }
    }

    /** {@code line} holds each of {@code reads} (divided by {@code unit}) in order, and nothing else but breaks. */
    private static void assertReads(Points reads, Points line, double unit) {
        int j = 0;
        for (int i = 0; i < line.size(); i++) {
            if (Double.isNaN(line.y(i))) {
                continue;
            }
            assertTrue(j < reads.size(), "no point the table did not read, at " + line.x(i));
            assertEquals(reads.x(j), line.x(i), 1e-9, "read " + j + " at its time");
            assertEquals(reads.y(j) / unit, line.y(i), 1e-9 * Math.abs(reads.y(j)), "read " + j + "'s value");
            j++;
        }
        assertEquals(reads.size(), j, "every read drawn");
        assertTrue(j > 10, "reads before the click and after it: " + j);
    }
}
