package dev.tickbench.app.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.LineDecoder;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeriesStoreTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"0.1.0\"},"
            + "\"host\":{\"hostname\":\"b7\",\"board\":null,\"kernel\":\"6.1.0\",\"cores\":2,\"user_hz\":100},"
            + "\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":1000000000000,\"started_mono_ns\":500000000000,"
            + "\"capabilities\":{\"rate_hz\":10,\"floor_hz\":0,\"sources\":{\"stat\":true,\"thermal_zone0\":true,\"slabinfo\":true,\"mtd\":false},"
            + "\"absent\":{\"mtd\":\"no /sys/class/mtd on this board\"},"
            + "\"cadences\":{\"stat\":{\"hz\":10.0,\"reason\":\"rate\",\"every_ticks\":1},"
            + "\"thermal_zone0\":{\"hz\":1.0,\"reason\":\"declared\",\"every_ticks\":10},"
            + "\"slabinfo\":{\"hz\":5.0,\"reason\":\"budget\",\"every_ticks\":2},"
            + "\"pressure\":{\"hz\":10.0,\"reason\":\"rate\",\"every_ticks\":1}},"
            + "\"attributes\":{\"thermal_zone0\":{\"crit_mc\":95000}}}}";

    private final LineDecoder decoder = new LineDecoder();
    private final SeriesStore store = SeriesStore.replay();

    private void feed(String... lines) throws IOException {
        for (String l : lines) {
            store.accept(decoder.decode(l));
        }
        store.flush();
    }

    static String sample(long seq, String body) {
        long wall = 1_000_000_000_000L + seq * 100_000_000L;
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + (500_000_000_000L + seq * 100_000_000L)
                + ",\"wall_ns\":" + wall + ",\"dt_ns\":100000000" + body + "}";
    }

    @Test
    void levelsAreConvertedAndCarryTheirCadenceInTheLabel() throws IOException {
        feed(
                HELLO,
                sample(1, ",\"thermal_zone0\":{\"temp\":45500}"),
                sample(2, ""),
                sample(3, ",\"thermal_zone0\":{\"temp\":46000}"));
        Series t = store.series("thermal_zone0.temp");
        assertNotNull(t);
        assertEquals("thermal_zone0 · 1.0 Hz · declared", t.label());
        assertEquals("thermal", t.group().id());
        assertEquals(SeriesKind.LEVEL, t.kind());
        assertEquals(2, t.line().stored());
        assertEquals(45.5, t.line().y(0), 1e-9);
        assertEquals(46.0, t.line().y(1), 1e-9);
        assertEquals(1000.1, t.line().x(0), 1e-6); // epoch seconds of seq 1
        assertEquals(2, t.changeMarks().size());
        assertEquals(0, t.heartbeatMarks().size());
    }

    @Test
    void heldValueReachesTheNewestSampleWithoutBecomingAMark() throws IOException {
        feed(HELLO, sample(1, ",\"thermal_zone0\":{\"temp\":40000}"), sample(2, ""), sample(3, ""));
        Series t = store.series("thermal_zone0.temp");
        assertEquals(1, t.line().stored());
        assertEquals(2, t.line().size(), "one real read and the held tail");
        assertEquals(1000.3, t.line().x(1), 1e-6);
        assertEquals(40.0, t.line().y(1), 1e-9);
        assertEquals(1, t.changeMarks().size());
        feed(sample(4, ",\"thermal_zone0\":{\"temp\":41000}"));
        assertEquals(2, t.line().stored(), "the held tail was replaced, not kept");
        assertEquals(41.0, t.line().y(1), 1e-9);
    }

    @Test
    void heartbeatEmissionsAreMarkedApart() throws IOException {
        feed(
                HELLO,
                sample(1, ",\"slabinfo\":{\"dentry\":10,\"filp\":3}"),
                sample(2, ",\"slabinfo\":{\"dentry\":10,\"filp\":3},\"hb\":[\"slabinfo\"]"));
        Series d = store.series("slabinfo.dentry");
        assertEquals("dentry · 5.0 Hz · budget", d.label());
        assertEquals(1, d.changeMarks().size());
        assertEquals(1, d.heartbeatMarks().size());
        assertEquals(1000.2, d.heartbeatMarks().x(0), 1e-6);
    }

    @Test
    void aNewSessionRelabelsSeriesWithTheCadenceItPublishes() throws IOException {
        feed(HELLO, sample(1, ",\"slabinfo\":{\"dentry\":10}"));
        assertEquals("dentry · 5.0 Hz · budget", store.series("slabinfo.dentry").label());
        feed(HELLO.replace("\"floor_hz\":0,\"started", "\"floor_hz\":5,\"started")
                .replace(
                        "\"hz\":5.0,\"reason\":\"budget\",\"every_ticks\":2",
                        "\"hz\":5.0,\"reason\":\"override\",\"every_ticks\":2"));
        assertEquals(
                "dentry · 5.0 Hz · override", store.series("slabinfo.dentry").label());
    }

    /** The same body on ticks {@code from..to}. */
    private void feedTicks(int from, int to, String body) throws IOException {
        for (int i = from; i <= to; i++) {
            feed(sample(i, body));
        }
    }

    @Test
    void cpuBusyAndIowaitAreTheCoresSharesOverOneSecond() throws IOException {
        feed(HELLO);
        // each tick: user 6, system 2, idle 10, iowait 2 (guest 3 is inside user) = 20
        feedTicks(
                1,
                9,
                ",\"stat\":{\"cpu.user\":6,\"cpu.nice\":0,\"cpu.system\":2,\"cpu.idle\":10,\"cpu.iowait\":2,"
                        + "\"cpu.irq\":0,\"cpu.softirq\":0,\"cpu.steal\":0,\"cpu.guest\":3}");
        assertNull(store.series("cpu.busy_pct"), "nine ticks are not a 1 s window yet: missing, not zero");
        feed(sample(
                10,
                ",\"stat\":{\"cpu.user\":6,\"cpu.nice\":0,\"cpu.system\":2,\"cpu.idle\":10,\"cpu.iowait\":2,"
                        + "\"cpu.irq\":0,\"cpu.softirq\":0,\"cpu.steal\":0,\"cpu.guest\":3}"));
        assertEquals(40.0, store.series("cpu.busy_pct").line().y(0), 1e-9, "80 of 200");
        assertEquals(10.0, store.series("cpu.iowait_pct").line().y(0), 1e-9, "20 of 200");
        assertEquals(
                "busy · 10 Hz · rate · 1 s window", store.series("cpu.busy_pct").label());
        assertEquals("cpu", store.series("cpu.busy_pct").group().id());
    }

    @Test
    void aWindowWithoutCpuTimeIsMissingNotZero() throws IOException {
        feed(HELLO);
        feedTicks(1, 12, ",\"stat\":{\"cpu.user\":0,\"cpu.nice\":0,\"cpu.system\":0,\"cpu.idle\":0,\"cpu.iowait\":0}");
        assertNull(store.series("cpu.busy_pct"));
    }

    @Test
    void pmuTrackGroupHasIpcAndMissRatioPerCpuAndOverAllAndSoftwareEventRates() throws IOException {
        feed(
                HELLO,
                sample(
                        1,
                        ",\"pmu_hw\":{\"cpu0.cycles\":1000,\"cpu0.instructions\":2000,\"cpu0.cache_references\":50,"
                                + "\"cpu0.cache_misses\":5,\"cpu1.cycles\":3000,\"cpu1.instructions\":1000,\"cpu0.enabled_ns\":100000000,"
                                + "\"cpu0.running_ns\":100000000},"
                                + "\"pmu_sw\":{\"cpu0.context_switches\":40,\"cpu0.page_faults\":7,\"cpu0.enabled_ns\":50000000}"),
                sample(
                        2,
                        ",\"pmu_hw\":{\"cpu0.cycles\":1000,\"cpu0.instructions\":0,\"cpu0.cache_references\":50,"
                                + "\"cpu0.cache_misses\":15}"));
        Series ipc0 = store.series("pmu_hw.cpu0.ipc");
        assertEquals("pmu_ipc", ipc0.group().id());
        assertEquals(2.0, ipc0.line().y(0), 1e-9); // 2000 / 1000
        assertEquals(1.0, ipc0.line().y(1), 1e-9); // a ratio of the window's sums: 2000 / 2000
        // all CPUs at seq 1: (2000 + 1000) / (1000 + 3000)
        assertEquals(0.75, store.series("pmu_hw.all.ipc").line().y(0), 1e-9);
        assertTrue(
                store.series("pmu_hw.all.ipc").label().startsWith("all CPUs"),
                store.series("pmu_hw.all.ipc").label());
        assertTrue(ipc0.label().endsWith(" · 1 s window"), ipc0.label());
        Series miss = store.series("pmu_hw.cpu0.cache_miss_ratio");
        assertEquals("pmu_cache_miss", miss.group().id());
        assertEquals(10.0, miss.line().y(0), 1e-9); // 5 / 50
        assertEquals(20.0, miss.line().y(1), 1e-9); // 20 / 100
        assertNull(store.series("pmu_hw.cpu1.cache_miss_ratio"), "cpu1 counted no cache references: missing, not 0");
        // 40 switches in the 50 ms the group counted: 800 per second
        Series sw = store.series("pmu_sw.cpu0.context_switches_per_s");
        assertEquals("pmu_software", sw.group().id());
        assertEquals(800.0, sw.line().y(0), 1e-9);
        assertEquals(140.0, store.series("pmu_sw.cpu0.page_faults_per_s").line().y(0), 1e-9);
    }

    @Test
    void pressureTotalsBecomeStalledShare() throws IOException {
        feed(HELLO);
        feedTicks(1, 10, ",\"pressure\":{\"io.some_total\":25000,\"io.full_total\":5000}");
        assertEquals(25.0, store.series("psi.io.some_pct").line().y(0), 1e-9);
        assertEquals(5.0, store.series("psi.io.full_pct").line().y(0), 1e-9);
        assertEquals(
                "io.some · 10 Hz · rate · 1 s window",
                store.series("psi.io.some_pct").label());
    }

    /** System-wide cpu full is undefined (docs/derived-series.md): no series, and cpu.some's badge says why. */
    @Test
    void cpuSomeSaysWhyThereIsNoCpuFull() throws IOException {
        feed(HELLO);
        feedTicks(1, 10, ",\"pressure\":{\"cpu.some_total\":25000,\"cpu.full_total\":0}");
        assertEquals(
                "cpu.some · 10 Hz · rate · 1 s window · full: undefined system-wide",
                store.series("psi.cpu.some_pct").label());
        assertNull(store.series("psi.cpu.full_pct"), "an older probe's constant 0 is not a measured 0 %");
    }

    /** The stream's cadence line (docs/cadence.md): the achieved cadence beside the plan, while it is off plan. */
    @Test
    void badgesAndSourceRowsCarryTheAchievedCadenceWhileOffPlan() throws IOException {
        feed(HELLO, sample(1, ",\"thermal_zone0\":{\"temp\":45500}"));
        feedTicks(2, 12, ",\"stat\":{\"cpu.user\":1,\"cpu.nice\":0,\"cpu.system\":1,\"cpu.idle\":2,\"cpu.iowait\":0}");
        feed("{\"type\":\"cadence\",\"mono_ns\":1,\"wall_ns\":1,\"window_s\":10.0,\"achieved\":{\"stat\":7.4}}");
        assertEquals(
                "thermal_zone0 · 1.0 Hz · declared",
                store.series("thermal_zone0.temp").label(),
                "on plan: as before");
        assertEquals(
                "busy · 10 Hz · rate · 7.4 Hz achieved · 1 s window",
                store.series("cpu.busy_pct").label());
        SessionInfo.SourceRow stat = store.session().sources().stream()
                .filter(r -> r.name().equals("stat"))
                .findFirst()
                .orElseThrow();
        assertEquals("stat — 10 Hz · rate · 7.4 Hz achieved", stat.text());
        feed("{\"type\":\"cadence\",\"mono_ns\":2,\"wall_ns\":2,\"window_s\":10.0,\"achieved\":{}}");
        stat = store.session().sources().stream()
                .filter(r -> r.name().equals("stat"))
                .findFirst()
                .orElseThrow();
        assertEquals("stat — 10 Hz · rate", stat.text(), "back on plan");
        assertEquals(
                "busy · 10 Hz · rate · 1 s window", store.series("cpu.busy_pct").label());
    }

    @Test
    void lumpyPressureTotalsAreAveragedOverOneSecondNeverAbove100() throws IOException {
        // the kernel added 250 ms of stall in one 100 ms tick: per tick that would read 250 %
        feed(HELLO);
        feedTicks(1, 4, ",\"pressure\":{\"io.some_total\":0}");
        feed(sample(5, ",\"pressure\":{\"io.some_total\":250000}"));
        feedTicks(6, 15, ",\"pressure\":{\"io.some_total\":0}");
        Series some = store.series("psi.io.some_pct");
        assertEquals(25.0, some.line().y(0), 1e-9, "250 ms in the first full second (ticks 1–10)");
        assertEquals(25.0, some.line().y(4), 1e-9, "250 ms in the last second (ticks 5–14)");
        assertEquals(0.0, some.line().y(5), 1e-9, "the lump left the window");
        feed(sample(16, ",\"pressure\":{\"io.some_total\":3000000}"));
        assertEquals(100.0, some.line().y(6), 1e-9, "a share of time is capped at 100 %");
    }

    /**
     * A hybrid host: the target and its parent have no cpuacct of their own (usage missing), the root
     * has; every level is still plotted by its throttled time, and the usage where it was read.
     */
    @Test
    void cgroupLevelsGiveThrottledRatioTimeAndUsageForTheTargetAndEachAncestor() throws IOException {
        feed(HELLO);
        feedTicks(
                1,
                10,
                ",\"cgroup_cpu\":{\"/kubepods/pod1|nr_periods\":0,\"/kubepods/pod1|nr_throttled\":0,"
                        + "\"/kubepods/pod1|throttled_usec\":0,\"/kubepods|nr_periods\":10,\"/kubepods|nr_throttled\":4,"
                        + "\"/kubepods|throttled_usec\":30000,\"/|nr_periods\":0,\"/|nr_throttled\":0,\"/|throttled_usec\":0,"
                        + "\"/|usage_usec\":150000}");
        assertEquals(40.0, store.series("cgroup./kubepods.throttled_pct").line().y(0), 1e-9);
        assertEquals(
                0.3, store.series("cgroup./kubepods.throttled_s_per_s").line().y(0), 1e-9);
        assertEquals(
                0.0,
                store.series("cgroup./kubepods/pod1.throttled_s_per_s").line().y(0),
                1e-9);
        assertEquals(0.0, store.series("cgroup./.throttled_s_per_s").line().y(0), 1e-9);
        assertEquals(1.5, store.series("cgroup./.usage_cpus").line().y(0), 1e-9, "1.5 s of CPU a second");
        assertNull(store.series("cgroup./kubepods/pod1.usage_cpus"), "no cpuacct read there: missing, not 0");
        assertNull(store.series("cgroup./kubepods/pod1.throttled_pct"), "no enforcement periods: no ratio");
        assertEquals(
                List.of(
                        "cgroup./kubepods/pod1.throttled_s_per_s",
                        "cgroup./kubepods.throttled_s_per_s",
                        "cgroup./.throttled_s_per_s"),
                store.series(store.catalogue().group("cgroup_throttled_time").orElseThrow()).stream()
                        .map(Series::name)
                        .toList(),
                "leaf first");
    }

    @Test
    void gapsKmsgAndNewSessionsAreMarkedOnTheTimeAxis() throws IOException {
        feed(
                HELLO,
                sample(1, ""),
                sample(2, ""),
                sample(5, ""),
                "{\"type\":\"kmsg\",\"mono_ns\":500250000000,\"prio\":6,\"facility\":0,\"seq\":9,\"us\":500250000,\"msg\":\"eth0 link up\"}",
                "{\"type\":\"gap\",\"from_seq\":6,\"to_seq\":9,\"reason\":\"reconnect\"}",
                sample(10, ""),
                HELLO.replace("\"rate_hz\":10,\"floor_hz\":0,\"started", "\"rate_hz\":10,\"floor_hz\":5,\"started"));
        List<TimeMark> marks = store.marks();
        assertEquals(4, marks.size(), marks.toString());
        assertEquals(TimeMark.Kind.GAP, marks.get(0).kind());
        assertEquals(1000.2, marks.get(0).x(), 1e-6);
        assertEquals(1000.5, marks.get(0).toX(), 1e-6);
        assertTrue(marks.get(0).text().contains("missing seq 3–4"), marks.get(0).text());
        assertEquals(TimeMark.Kind.KMSG, marks.get(1).kind());
        assertEquals(1000.25, marks.get(1).x(), 1e-6, "kmsg mono time moved onto the wall-clock axis");
        assertEquals("eth0 link up", marks.get(1).text());
        assertTrue(marks.get(2).text().contains("reconnect"), marks.get(2).text());
        assertEquals(TimeMark.Kind.SESSION, marks.get(3).kind());
        assertEquals(
                "new session: 10 Hz · FLOOR_HZ 5 Hz (was 10 Hz · FLOOR_HZ off)",
                marks.get(3).text());
    }

    @Test
    void lostKernelLogRecordsAreCountedAndMarkedWhereTheyWereLost() throws IOException {
        feed(
                HELLO,
                sample(1, ""),
                "{\"type\":\"kmsg_gap\",\"mono_ns\":500150000000,\"dropped\":436,\"from_us\":500150000,"
                        + "\"to_us\":500160000,\"reason\":\"queue_overflow\"}",
                sample(2, ""));
        assertEquals(436, store.kmsgDropped());
        List<TimeMark> marks = store.marks();
        assertEquals(1, marks.size(), marks.toString());
        assertEquals(TimeMark.Kind.KMSG, marks.get(0).kind());
        assertEquals(1000.15, marks.get(0).x(), 1e-6);
        assertEquals(
                "kernel log: 436 records lost here (queue_overflow)",
                marks.get(0).text());
    }

    @Test
    void sessionListsAbsentSourcesWithTheirReasonAndCriticalTrips() throws IOException {
        feed(HELLO);
        SessionInfo s = store.session();
        assertEquals("10 Hz · FLOOR_HZ off", s.rateText());
        assertEquals("b7 (6.1.0)", s.hostText());
        SessionInfo.SourceRow mtd = s.sources().stream()
                .filter(r -> r.name().equals("mtd"))
                .findFirst()
                .orElseThrow();
        assertFalse(mtd.present());
        assertEquals("mtd — absent: no /sys/class/mtd on this board", mtd.text());
        SessionInfo.SourceRow thermal = s.sources().stream()
                .filter(r -> r.name().equals("thermal_zone0"))
                .findFirst()
                .orElseThrow();
        assertEquals("thermal_zone0 — 1.0 Hz · declared", thermal.text());
        assertEquals(95.0, s.criticalC().get("thermal_zone0"), 1e-9);
    }

    @Test
    void liveStoresKeepABoundedHistory() throws IOException {
        SeriesStore small = new SeriesStore(100);
        small.accept(decoder.decode(HELLO));
        for (int i = 1; i <= 250; i++) {
            small.accept(decoder.decode(sample(i, ",\"pressure\":{\"cpu.some_total\":" + i + "}")));
            small.flush();
        }
        int n = small.series("psi.cpu.some_pct").line().size();
        assertTrue(n <= 100 && n >= 75, "kept " + n);
        // the last second: ticks 241..250, 100 ms each
        assertEquals(
                (241 + 250) * 10 / 2 * 100.0 / 1_000_000,
                small.series("psi.cpu.some_pct").line().y(n - 1),
                1e-9);
    }

    /** Sample {@code seq} taken at tick {@code tick} of the 10 Hz session (seq and time can part: lost lines, slipped ticks). */
    private static String sampleAt(long seq, long tick, String body) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + (500_000_000_000L + tick * 100_000_000L)
                + ",\"wall_ns\":" + (1_000_000_000_000L + tick * 100_000_000L) + ",\"dt_ns\":100000000" + body + "}";
    }

    private static String buddy(long v) {
        return ",\"buddyinfo\":{\"0.Normal.3\":" + v + "}";
    }

    /**
     * Missed samples (docs/workbench-charts.md): three sequence numbers lost, then a 0.4 s slip with
     * consecutive seq (4 periods > 2.5: a break), then a 0.2 s slip (2 periods: counted, not a break).
     */
    @Test
    void missedSamplesBreakTheLinesAndAreCounted() throws IOException {
        feed(HELLO, sampleAt(1, 1, buddy(11) + ",\"thermal_zone0\":{\"temp\":45000}"));
        for (int t = 2; t <= 5; t++) {
            feed(sampleAt(t, t, buddy(10 + t)));
        }
        feed(sampleAt(9, 9, buddy(19))); // seq 6, 7, 8 never arrived
        feed(sampleAt(10, 13, buddy(20))); // ticks 10, 11, 12 slipped
        feed(sampleAt(11, 14, buddy(21)));
        feed(sampleAt(12, 16, buddy(22))); // tick 15 slipped: 2 periods, no break

        Series b = store.series("buddyinfo.0.Normal.3");
        int n = b.line().size();
        double[] y = new double[n];
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = b.line().x(i);
            y[i] = b.line().y(i);
        }
        // after the slip (seq consecutive) the level resumes at the first sample after the hole with the
        // value it held (read unchanged there), then takes that sample's emission; after the lost seq it
        // waits for its next emission
        assertArrayEquals(new double[] {11, 12, 13, 14, 15, Double.NaN, 19, Double.NaN, 19, 20, 21, 22}, y);
        assertEquals(1000.5, x[5], 1e-9, "the break sits at the last tick before the hole");
        assertEquals(1000.9, x[7], 1e-9);
        assertEquals(1001.3, x[8], 1e-9, "resumed at the first sample after the slip");
        assertEquals(2, LineBreaks.of(b));
        // thermal_zone0 publishes 1 Hz: 0.4 s holes are within what its cadence promises
        assertEquals(0, LineBreaks.of(store.series("thermal_zone0.temp")));

        RateStats r = store.rateStats();
        assertEquals(10, r.publishedHz());
        assertEquals(3 + 3 + 1, r.missed());
        assertEquals(8 / 1.5, r.achievedHz(), 1e-9, "9 samples from tick 1 to tick 16");
        assertEquals("10 Hz · 5.3 Hz achieved · 7 missed", r.text());
        assertEquals(7, store.missed());
    }

    @Test
    void aNewSessionStartsItsOwnCountAndEndsTheOldLines() throws IOException {
        feed(HELLO, sampleAt(1, 1, buddy(1)), sampleAt(3, 3, buddy(3)));
        assertEquals(1, store.rateStats().missed());
        feed(HELLO, sampleAt(1, 20, buddy(20)), sampleAt(2, 21, buddy(21)));
        assertEquals(0, store.rateStats().missed(), "the new session has missed nothing");
        assertEquals(1, store.missed(), "the store keeps the total");
        Series b = store.series("buddyinfo.0.Normal.3");
        assertEquals(2, LineBreaks.of(b), "one at the lost seq 2, one where the first session ended");
    }
}
