package dev.tickbench.core.derived;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Hand-built ticks at 2 Hz (a 1 s window is 2 ticks of 0.5 s); every expected value worked out in comments. */
class DerivedSeriesTest {
    private static final long HALF_S = 500_000_000L;

    static Hello hello(int rate) {
        return new Hello(1, "test", "h", null, "6.1", 2, 100, rate, 0, 0, 0, null);
    }

    static SourceValues values(Object... kv) {
        String[] k = new String[kv.length / 2];
        long[] v = new long[kv.length / 2];
        for (int i = 0; i < k.length; i++) {
            k[i] = (String) kv[2 * i];
            v[i] = ((Number) kv[2 * i + 1]).longValue();
        }
        return new SourceValues(k, v);
    }

    /** The aggregate cpu deltas in /proc/stat order, guest and guest_nice last. */
    private static SourceValues stat(long user, long system, long idle, long iowait, long guest) {
        return values(
                "cpu.user",
                user,
                "cpu.nice",
                0,
                "cpu.system",
                system,
                "cpu.idle",
                idle,
                "cpu.iowait",
                iowait,
                "cpu.irq",
                0,
                "cpu.softirq",
                0,
                "cpu.steal",
                0,
                "cpu.guest",
                guest,
                "cpu.guest_nice",
                0,
                "cpu0.user",
                user);
    }

    static SampleLine sample(long seq, Map<String, SourceValues> sources) {
        return new SampleLine(seq, seq * HALF_S, seq * HALF_S, HALF_S, sources, Set.of(), List.of(), Map.of(), 0);
    }

    private static Map<String, Double> byName(List<DerivedValue> values) {
        Map<String, Double> m = new TreeMap<>();
        for (DerivedValue v : values) {
            m.put(v.name(), v.value());
            assertEquals(2, v.windowTicks(), "1 s at 2 Hz");
        }
        return m;
    }

    @Test
    void everySeriesEqualsTheHandComputationOverItsWindow() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(2));
        Map<String, SourceValues> t1 = new LinkedHashMap<>();
        t1.put("stat", stat(10, 5, 80, 5, 7));
        t1.put("pressure", values("cpu.some_total", 100_000, "io.some_total", 0, "io.full_total", 50_000));
        t1.put(
                "cgroup_cpu",
                values(
                        "/a|nr_periods",
                        5,
                        "/a|nr_throttled",
                        1,
                        "/a|throttled_usec",
                        20_000,
                        "/a|usage_usec",
                        400_000,
                        "/|nr_periods",
                        0,
                        "/|nr_throttled",
                        0,
                        "/|throttled_usec",
                        0,
                        "/|usage_usec",
                        900_000));
        assertEquals(List.of(), d.accept(sample(1, t1)), "half a window: nothing yet (missing, not zero)");

        Map<String, SourceValues> t2 = new LinkedHashMap<>();
        t2.put("stat", stat(30, 5, 50, 15, 20));
        t2.put("pressure", values("cpu.some_total", 300_000, "io.some_total", 100_000, "io.full_total", 0));
        t2.put(
                "cgroup_cpu",
                values(
                        "/a|nr_periods",
                        5,
                        "/a|nr_throttled",
                        3,
                        "/a|throttled_usec",
                        80_000,
                        "/a|usage_usec",
                        600_000,
                        "/|nr_periods",
                        0,
                        "/|nr_throttled",
                        0,
                        "/|throttled_usec",
                        0,
                        "/|usage_usec",
                        1_100_000));
        Map<String, Double> v = byName(d.accept(sample(2, t2)));
        // window: user 40, system 10, idle 130, iowait 20 -> total 200 (guest 27 is inside user: not added)
        assertEquals(25.0, v.get("cpu.busy_pct"), 1e-12, "(200 - 130 - 20) / 200");
        assertEquals(10.0, v.get("cpu.iowait_pct"), 1e-12, "20 / 200");
        assertEquals(40.0, v.get("psi.cpu.some_pct"), 1e-12, "400 000 us stalled in 1 s");
        assertEquals(10.0, v.get("psi.io.some_pct"), 1e-12);
        assertEquals(5.0, v.get("psi.io.full_pct"), 1e-12);
        assertEquals(1.0, v.get("cgroup./a.usage_cpus"), 1e-12, "1 000 000 us of CPU in 1 s");
        assertEquals(40.0, v.get("cgroup./a.throttled_pct"), 1e-12, "4 of 10 periods");
        assertEquals(0.1, v.get("cgroup./a.throttled_s_per_s"), 1e-12, "100 000 us in 1 s");
        assertEquals(2.0, v.get("cgroup./.usage_cpus"), 1e-12);
        assertEquals(0.0, v.get("cgroup./.throttled_s_per_s"), 1e-12, "the root's zero is a real zero");
        assertNull(v.get("cgroup./.throttled_pct"), "no enforcement periods: no ratio, not 0 %");
        assertEquals(10, v.size(), v.toString());

        Map<String, SourceValues> t3 = Map.of("stat", stat(10, 0, 90, 0, 0));
        v = byName(d.accept(sample(3, t3)));
        // window = ticks 2 and 3: user 40, system 5, idle 140, iowait 15 -> total 200
        assertEquals(22.5, v.get("cpu.busy_pct"), 1e-12);
        assertEquals(7.5, v.get("cpu.iowait_pct"), 1e-12);
        assertEquals(2, v.size(), "pressure and cgroup_cpu not in this sample: their windows emptied");
    }

    @Test
    void aGapAMissedSeqOrAResetEmptiesTheWindow() {
        DerivedSeries d = new DerivedSeries(2);
        Map<String, SourceValues> s = Map.of("stat", stat(50, 0, 50, 0, 0));
        d.accept(sample(1, s));
        assertEquals(2, d.accept(sample(2, s)).size());
        assertEquals(List.of(), d.accept(sample(4, s)), "seq 3 missing: its deltas are in no window");
        assertEquals(2, d.accept(sample(5, s)).size());
        d.accept(new GapLine(6, 9, "reconnect"));
        assertEquals(List.of(), d.accept(sample(10, s)));
        assertEquals(2, d.accept(sample(11, s)).size());
        Map<String, SourceValues> reset = Map.of("stat", values("cpu.user", 50, "cpu.idle", 50)); // iowait left out
        assertEquals(List.of(), d.accept(sample(12, reset)));
        assertEquals(List.of(), d.accept(sample(13, s)), "the window refills after a reset");
        assertEquals(50.0, byName(d.accept(sample(14, s))).get("cpu.busy_pct"), 1e-12);
    }

    @Test
    void aShareOfWallTimeIsCappedAtItsPhysicalBound() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(2)); // 2 CPUs
        // 1 100 000 us of CPU in 0.5 s twice = 2.2 CPUs: lumpy charging and late reads, capped at the 2 CPUs there are
        Map<String, SourceValues> s =
                Map.of("cgroup_cpu", values("/|usage_usec", 1_100_000), "pressure", values("cpu.some_total", 510_000));
        d.accept(sample(1, s));
        Map<String, Double> v = byName(d.accept(sample(2, s)));
        assertEquals(2.0, v.get("cgroup./.usage_cpus"), 0.0);
        assertEquals(100.0, v.get("psi.cpu.some_pct"), 0.0, "1.02 s stalled in 1 s: 100 %");
        assertEquals(2, d.capped(), "a last resort, counted: the usage and the PSI share of tick 2");
    }

    /**
     * The levels are read late in a tick and by a varying delay: a window whose last read came 20 ms
     * later than its tick holds 20 ms more CPU time than its ticks' dt_ns. Divided by the level's own
     * read interval (read_ns) it is the 2 CPUs the machine has, not 2.04; no cap needed, none counted.
     */
    @Test
    void aCgroupsRatesDivideByItsOwnReadInterval() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(2)); // 2 CPUs
        // tick 1: read on time, 0.5 s of reads at 2 CPUs; tick 2: read 20 ms late, 0.52 s of reads at 2 CPUs
        d.accept(sample(
                1,
                Map.of("cgroup_cpu", values("/|usage_usec", 1_000_000, "/|throttled_usec", 0, "/|read_ns", HALF_S))));
        Map<String, Double> v = byName(d.accept(sample(
                2,
                Map.of(
                        "cgroup_cpu",
                        values(
                                "/|usage_usec",
                                1_040_000,
                                "/|throttled_usec",
                                51_000,
                                "/|read_ns",
                                HALF_S + 20_000_000L)))));
        assertEquals(
                2.0, v.get("cgroup./.usage_cpus"), 1e-12, "2 040 000 us over 1.02 s of reads, not over 1 s of ticks");
        assertEquals(0.05, v.get("cgroup./.throttled_s_per_s"), 1e-12, "51 000 us over 1.02 s");
        assertEquals(0, d.capped());
    }

    @Test
    void theFormulaLeavesGuestOutAndCountsASteppedBackFieldAsZero() {
        long[] d = {30, 10, 0, 40, 20, 0, 0, 0};
        CpuTime.Shares s = CpuTime.of(d);
        assertEquals(40.0, s.busyPct(), 1e-12);
        assertEquals(20.0, s.iowaitPct(), 1e-12);
        long[] back = {50, 0, 0, 50, -1, 0, 0, 0}; // iowait stepped back a jiffy (NO_HZ)
        assertEquals(0.0, CpuTime.of(back).iowaitPct());
        assertEquals(50.0, CpuTime.of(back).busyPct(), 1e-12);
        assertNull(CpuTime.of(new long[8]), "no CPU time passed: no value");
    }
}
