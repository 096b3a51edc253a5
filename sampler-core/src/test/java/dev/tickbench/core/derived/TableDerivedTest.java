package dev.tickbench.core.derived;

import static dev.tickbench.core.derived.DerivedSeriesTest.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The process and cgroup tables' rates (docs/derived-series.md, "Sources read at their own cadence"): a
 * table read once a second in a 10 Hz stream gives a value on each of its reads, its deltas over the
 * wall time since its previous read; the samples between are not holes; a missed read, a gap and a
 * session's first read give none; a process that left the table takes no memory.
 */
class TableDerivedTest {
    private static final long TENTH_S = 100_000_000L;
    private static final String HOG = "hog/4242@9001";

    /** A 10 Hz stream on a 2-CPU host with USER_HZ 100 whose tables are read every {@code everyTicks} ticks. */
    private static Hello hello(int everyTicks) {
        ObjectNode caps = JsonNodeFactory.instance.objectNode();
        ObjectNode cadences = caps.putObject("cadences");
        for (String table : List.of("procs", "cgroups")) {
            cadences.putObject(table)
                    .put("hz", 10.0 / everyTicks)
                    .put("reason", "policy")
                    .put("every_ticks", everyTicks);
        }
        return new Hello(2, "test", "h", null, "6.1", 2, 100, 10, 0, 0, 0, caps);
    }

    private static SampleLine sample(long seq, Map<String, SourceValues> sources) {
        return new SampleLine(seq, seq * TENTH_S, seq * TENTH_S, TENTH_S, sources, Set.of(), List.of(), Map.of(), 0, 0);
    }

    /**
     * A read of the process table 1 s after the previous: the hog's CPU ticks (user, system) and storage
     * bytes, and the rest's CPU; each read's time grew by 1 s.
     */
    private static Map<String, SourceValues> procs(long user, long system, long readBytes, long restUser) {
        return procs(user, system, readBytes, restUser, 1_000_000_000L);
    }

    /** A read of the process table whose entries' read times grew by {@code readNs} since the previous read. */
    private static Map<String, SourceValues> procs(long user, long system, long readBytes, long restUser, long readNs) {
        return Map.of(
                "procs",
                values(
                        HOG + "|cpu_user",
                        user,
                        HOG + "|cpu_system",
                        system,
                        HOG + "|read_bytes",
                        readBytes,
                        HOG + "|write_bytes",
                        0,
                        HOG + "|rss",
                        1 << 20,
                        HOG + "|read_ns",
                        readNs,
                        "rest|cpu_user",
                        restUser,
                        "rest|cpu_system",
                        0,
                        "rest|read_ns",
                        readNs));
    }

    private static Map<String, Double> byName(List<DerivedValue> values) {
        Map<String, Double> m = new TreeMap<>();
        values.forEach(v -> m.put(v.name(), v.value()));
        return m;
    }

    /** Feeds the samples {@code from..to} without the tables; none may give a table's value. */
    private static void between(DerivedSeries d, long from, long to) {
        for (long seq = from; seq <= to; seq++) {
            Map<String, Double> v = byName(d.accept(sample(seq, Map.of())));
            assertTrue(v.keySet().stream().noneMatch(n -> n.startsWith("who.")), "seq " + seq + ": " + v);
        }
    }

    /** A model of a 10 Hz stream whose tables are read once a second, past its first read (seq 1) and up to seq 10. */
    private static DerivedSeries pastTheFirstRead() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(10));
        d.accept(sample(1, procs(3, 1, 0, 5)));
        between(d, 2, 10);
        return d;
    }

    @Test
    void aTableReadOnceASecondGivesItsRatesOnEachReadOverTheSecondSinceThePrevious() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(10));
        assertTrue(
                byName(d.accept(sample(1, procs(3, 1, 0, 5)))).isEmpty(), "a session's first read starts the windows");
        between(d, 2, 10);
        // 1 s later: 150 + 30 ticks of CPU (1.8 CPUs at USER_HZ 100), 4 MB read, the rest 20 ticks
        Map<String, Double> v = byName(d.accept(sample(11, procs(150, 30, 4_000_000, 20))));
        assertEquals(1.8, v.get("who.proc." + HOG + ".cpus"), 1e-12);
        assertEquals(4_000_000.0, v.get("who.proc." + HOG + ".read_bytes_per_s"), 1e-9);
        assertEquals(0.0, v.get("who.proc." + HOG + ".write_bytes_per_s"), 0.0);
        assertEquals(0.2, v.get("who.proc.rest.cpus"), 1e-12);
        between(d, 12, 20);
        v = byName(d.accept(sample(21, procs(50, 0, 0, 0))));
        assertEquals(
                0.5, v.get("who.proc." + HOG + ".cpus"), 1e-12, "the latest second only: a 1 s window spans one read");
        assertEquals(0, d.capped());
    }

    @Test
    void aProcessesRatesDivideByTheTimeBetweenItsOwnReadsNotTheTicks() {
        DerivedSeries d = pastTheFirstRead();
        // the table was read 100 ms late this time: a busy loop's 110 ticks are 1.1 s of the 1.1 s since its last read
        Map<String, Double> v = byName(d.accept(sample(11, procs(110, 0, 0, 0, 1_100_000_000L))));
        assertEquals(1.0, v.get("who.proc." + HOG + ".cpus"), 1e-12, "not 1.1 CPUs: " + v);
        between(d, 12, 20);
        v = byName(d.accept(sample(21, procs(90, 0, 0, 0, 900_000_000L))));
        assertEquals(1.0, v.get("who.proc." + HOG + ".cpus"), 1e-12, "and early the next: not 0.9");
        assertEquals(0, d.capped());
    }

    @Test
    void aCaptureWithoutReadTimesDividesByTheSamplesSinceThePreviousRead() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(10));
        Map<String, SourceValues> first = Map.of("procs", values(HOG + "|cpu_user", 3, HOG + "|cpu_system", 0));
        d.accept(sample(1, first));
        between(d, 2, 10);
        Map<String, SourceValues> read = Map.of("procs", values(HOG + "|cpu_user", 40, HOG + "|cpu_system", 10));
        assertEquals(0.5, byName(d.accept(sample(11, read))).get("who.proc." + HOG + ".cpus"), 1e-12);
    }

    @Test
    void aMissedReadIsAHoleAndTheReadAfterItOnlyStartsTheWindows() {
        DerivedSeries d = pastTheFirstRead();
        assertEquals(1.0, byName(d.accept(sample(11, procs(100, 0, 0, 0)))).get("who.proc." + HOG + ".cpus"), 1e-12);
        between(d, 12, 30); // the read due at 21 did not come: half a period later it is a hole
        Map<String, Double> v = byName(d.accept(sample(31, procs(400, 0, 0, 0))));
        assertNull(v.get("who.proc." + HOG + ".cpus"), "its deltas span the hole: " + v);
        between(d, 32, 40);
        assertEquals(0.7, byName(d.accept(sample(41, procs(70, 0, 0, 0)))).get("who.proc." + HOG + ".cpus"), 1e-12);
    }

    @Test
    void aGapEmptiesTheWindowsAndTheNextReadStartsThemAgain() {
        DerivedSeries d = pastTheFirstRead();
        assertEquals(1.0, byName(d.accept(sample(11, procs(100, 0, 0, 0)))).get("who.proc." + HOG + ".cpus"), 1e-12);
        d.accept(new GapLine(12, 15, "slow_client"));
        between(d, 16, 20);
        assertNull(byName(d.accept(sample(21, procs(100, 0, 0, 0)))).get("who.proc." + HOG + ".cpus"));
        between(d, 22, 30);
        assertEquals(0.3, byName(d.accept(sample(31, procs(30, 0, 0, 0)))).get("who.proc." + HOG + ".cpus"), 1e-12);
    }

    @Test
    void aSourceReadOnEveryTickIsStillAHoleWhenASampleLacksIt() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(1));
        d.accept(sample(1, procs(3, 1, 0, 5, TENTH_S)));
        for (long seq = 2; seq <= 10; seq++) {
            d.accept(sample(seq, procs(10, 0, 0, 0, TENTH_S)));
        }
        assertEquals(
                1.0,
                byName(d.accept(sample(11, procs(10, 0, 0, 0, TENTH_S)))).get("who.proc." + HOG + ".cpus"),
                1e-12,
                "10 ticks each tenth of a second");
        d.accept(sample(12, Map.of()));
        for (long seq = 13; seq <= 21; seq++) {
            assertNull(
                    byName(d.accept(sample(seq, procs(10, 0, 0, 0, TENTH_S)))).get("who.proc." + HOG + ".cpus"),
                    "seq " + seq);
        }
        assertEquals(
                1.0, byName(d.accept(sample(22, procs(10, 0, 0, 0, TENTH_S)))).get("who.proc." + HOG + ".cpus"), 1e-12);
    }

    @Test
    void aCgroupsUsageAndStallSharesAreOverTheSecondSinceThePreviousRead() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(10));
        String g = "/system.slice/build.service";
        d.accept(sample(
                1,
                Map.of(
                        "cgroups",
                        values(
                                g + "|usage_usec",
                                5,
                                g + "|cpu_some_usec",
                                1,
                                g + "|io_full_usec",
                                0,
                                g + "|read_ns",
                                7,
                                "rest|usage_usec",
                                9,
                                "rest|read_ns",
                                7))));
        between(d, 2, 10);
        Map<String, Double> v = byName(d.accept(sample(
                11,
                Map.of(
                        "cgroups",
                        values(
                                g + "|usage_usec",
                                1_500_000,
                                g + "|cpu_some_usec",
                                250_000,
                                g + "|io_full_usec",
                                100_000,
                                g + "|read_ns",
                                1_000_000_000L,
                                "rest|usage_usec",
                                10_000,
                                "rest|read_ns",
                                1_000_000_000L)))));
        assertEquals(1.5, v.get("who.cgroup." + g + ".usage_cpus"), 1e-12);
        assertEquals(25.0, v.get("who.cgroup." + g + ".cpu_some_pct"), 1e-12);
        assertEquals(10.0, v.get("who.cgroup." + g + ".io_full_pct"), 1e-12);
        assertEquals(0.01, v.get("who.cgroup.rest.usage_cpus"), 1e-12);
    }

    @Test
    void processesThatLeftTheTableGiveBackAFileReadersMemory() {
        DerivedSeries d = DerivedSeries.forFiles();
        d.accept(hello(1));
        // a fork storm: a new process named on every read, each taking three windows of the reader's 2 MiB
        for (long seq = 1; seq <= 20_000; seq++) {
            String p = "sleep/" + seq + "@" + seq + "|";
            d.accept(sample(
                    seq,
                    Map.of(
                            "procs",
                            values(
                                    p + "cpu_user",
                                    1,
                                    p + "cpu_system",
                                    0,
                                    p + "read_bytes",
                                    0,
                                    p + "write_bytes",
                                    0,
                                    p + "read_ns",
                                    TENTH_S))));
        }
        assertEquals(0, d.leftOut(), "every process's windows fitted: those that left gave theirs back");
    }
}
