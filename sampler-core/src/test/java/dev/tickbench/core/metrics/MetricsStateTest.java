package dev.tickbench.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.LineDecoder;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class MetricsStateTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"0.1.0\"},"
            + "\"host\":{\"hostname\":\"edge\\\"3\",\"board\":null,\"kernel\":\"5.6.3\",\"cores\":2,\"user_hz\":100},"
            + "\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":1,\"started_mono_ns\":0,"
            + "\"capabilities\":{\"rate_hz\":10,\"floor_hz\":0,\"sources\":{\"stat\":true,\"thermal_zone0\":true,\"mtd\":false},"
            + "\"cadences\":{\"stat\":{\"hz\":10.0,\"reason\":\"rate\",\"every_ticks\":1},"
            + "\"thermal_zone0\":{\"hz\":1.0,\"reason\":\"declared\",\"every_ticks\":10}},"
            + "\"attributes\":{\"thermal_zone0\":{\"type\":\"cpu-thermal\"}}}}";

    private final MetricsState state = new MetricsState();
    private final LineDecoder decoder = new LineDecoder();

    private void feed(String line, long receivedNs) throws IOException {
        state.accept(decoder.decode(line), receivedNs);
    }

    private String render(long nowNs) {
        Exposition e = new Exposition();
        state.render(e, null, nowNs);
        return dev.tickbench.testkit.Scrapes.withoutReadTimes(e.text());
    }

    @Test
    void countersAccumulateDeltasAndLevelsHoldWithTheirAge() throws IOException {
        feed(HELLO, 0);
        feed(
                "{\"type\":\"sample\",\"seq\":1,\"mono_ns\":100000000,\"wall_ns\":1,\"dt_ns\":100000000,"
                        + "\"stat\":{\"cpu.user\":30,\"cpu0.user\":20,\"procs_running\":3},"
                        + "\"diskstats\":{\"sda.sectors_read\":8,\"sda.in_flight\":2},"
                        + "\"meminfo\":{\"MemFree\":1000,\"HugePages_Total\":4},"
                        + "\"thermal_zone0\":{\"temp\":45500},\"pressure\":{\"cpu.some_total\":250000}}",
                1_000_000_000L);
        feed(
                "{\"type\":\"sample\",\"seq\":2,\"mono_ns\":200000000,\"wall_ns\":2,\"dt_ns\":100000000,"
                        + "\"stat\":{\"cpu.user\":5,\"cpu0.user\":5,\"procs_running\":1},\"meminfo\":{\"MemFree\":900,\"HugePages_Total\":4},"
                        + "\"resets\":[\"diskstats.sda.reads\"]}",
                1_100_000_000L);
        String text = render(1_600_000_000L);

        // 35 USER_HZ ticks at user_hz 100: 0.35 s; never reset by a scrape
        assertTrue(text.contains("tickbench_cpu_seconds_total{mode=\"user\"} 0.35\n"), text);
        assertTrue(text.contains("tickbench_cpu_core_seconds_total{cpu=\"0\",mode=\"user\"} 0.25\n"), text);
        assertTrue(text.contains("tickbench_procs_running 1\n"), text);
        assertTrue(text.contains("tickbench_disk_read_bytes_total{device=\"sda\"} 4096\n"), text);
        assertTrue(text.contains("tickbench_disk_io_now{device=\"sda\"} 2\n"), text);
        assertTrue(text.contains("tickbench_meminfo_bytes{name=\"MemFree\"} 921600\n"), text);
        assertTrue(text.contains("tickbench_meminfo_hugepages{name=\"HugePages_Total\"} 4\n"), text);
        assertTrue(
                text.contains("tickbench_thermal_celsius{zone=\"thermal_zone0\",type=\"cpu-thermal\"} 45.5\n"), text);
        assertTrue(
                text.contains("tickbench_pressure_stalled_seconds_total{resource=\"cpu\",kind=\"some\"} 0.25\n"), text);
        assertTrue(
                text.contains("tickbench_source_cadence_hz{source=\"thermal_zone0\",reason=\"declared\"} 1\n"), text);
        assertTrue(text.contains("tickbench_source_present{source=\"mtd\"} 0\n"), text);
        // thermal was last emitted at seq 1 (mono 0.1 s); latest sample 0.2 s arrived 0.5 s before the scrape
        assertTrue(text.contains("tickbench_source_age_seconds{source=\"thermal_zone0\"} 0.6\n"), text);
        assertTrue(text.contains("tickbench_source_age_seconds{source=\"stat\"} 0.5\n"), text);
        assertTrue(text.contains("tickbench_samples_total 2\n"), text);
        // label values are escaped
        assertTrue(text.contains("hostname=\"edge\\\"3\""), text);
        // a scrape does not reset anything
        assertEquals(text, render(1_600_000_000L));
    }

    private static String throttle(long second, double cpu, double mem) {
        return "{\"type\":\"throttle\",\"mono_ns\":" + second * 1_000_000_000L + ",\"wall_ns\":1,\"iowait\":1.0,"
                + "\"smoothed\":1.0,\"zone\":\"GREEN\",\"effective\":1,\"ceiling\":4,\"grow_spread_s\":2,"
                + "\"last_throttle_mono_ns\":null,\"peaks\":{\"cpu\":" + cpu + ",\"mem\":" + mem + ",\"iowait\":1.0}}";
    }

    @Test
    void aSpikeBetweenTwoScrapesShowsInTheSecond() throws IOException {
        feed(HELLO, 0);
        feed(throttle(1, 20, 30), 1);
        String first = render(2);
        assertTrue(first.contains("tickbench_throttle_peak_ratio{resource=\"mem\"} 0.3\n"), first);
        // a 2-second memory spike to 80 % at seconds 3-4, gone by the scrape at second 10
        feed(throttle(2, 10, 30), 3);
        feed(throttle(3, 15, 80), 4);
        feed(throttle(4, 95, 79), 5);
        for (int s = 5; s <= 10; s++) {
            feed(throttle(s, 10, 30), 5 + s);
        }
        String second = render(20);
        assertTrue(second.contains("tickbench_throttle_peak_ratio{resource=\"mem\"} 0.8\n"), second);
        assertTrue(second.contains("tickbench_throttle_peak_ratio{resource=\"cpu\"} 0.95\n"), second);
        assertTrue(second.contains("tickbench_throttle_peak_ratio{resource=\"iowait\"} 0.01\n"), second);
        assertFalse(second.contains("resource=\"disk\""), "never measured: absent, not 0");
        // the scrape drained them: a scrape with no throttle second since has no peaks, not stale ones
        String third = render(21);
        assertFalse(third.contains("tickbench_throttle_peak_ratio"), third);
        assertTrue(third.contains("tickbench_throttle_effective_concurrency 1\n"), "the rest stays: " + third);
        feed(throttle(11, 12, 31), 22);
        assertTrue(render(23).contains("tickbench_throttle_peak_ratio{resource=\"mem\"} 0.31\n"));
    }

    @Test
    void pmuCountersAndTheirRatiosPerCpuAndOverAll() throws IOException {
        feed(HELLO, 0);
        feed(
                "{\"type\":\"sample\",\"seq\":1,\"mono_ns\":100000000,\"wall_ns\":1,\"dt_ns\":100000000,"
                        + "\"pmu_hw\":{\"cpu0.cycles\":2000,\"cpu0.instructions\":3000,\"cpu0.cache_references\":400,"
                        + "\"cpu0.cache_misses\":100,\"cpu0.enabled_ns\":100000000,\"cpu0.running_ns\":50000000,"
                        + "\"cpu1.cycles\":6000,\"cpu1.instructions\":3000,\"cpu1.cache_references\":100,\"cpu1.cache_misses\":0},"
                        + "\"pmu_sw\":{\"cpu0.cpu_clock_ns\":100000000,\"cpu0.context_switches\":12,\"cpu0.enabled_ns\":100000000,"
                        + "\"cpu0.running_ns\":100000000}}",
                1);
        feed(
                "{\"type\":\"sample\",\"seq\":2,\"mono_ns\":200000000,\"wall_ns\":2,\"dt_ns\":100000000,"
                        + "\"pmu_hw\":{\"cpu0.cycles\":2000,\"cpu0.instructions\":1000},"
                        + "\"pmu_sw\":{\"cpu0.cpu_clock_ns\":100000000,\"cpu0.context_switches\":8}}",
                2);
        String text = render(3);
        assertTrue(text.contains("tickbench_pmu_hw_events_total{cpu=\"0\",event=\"cycles\"} 4000\n"), text);
        assertTrue(text.contains("tickbench_pmu_group_running_seconds_total{group=\"hw\",cpu=\"0\"} 0.05\n"), text);
        assertTrue(text.contains("tickbench_pmu_group_enabled_seconds_total{group=\"hw\",cpu=\"0\"} 0.1\n"), text);
        assertTrue(text.contains("tickbench_pmu_sw_events_total{cpu=\"0\",event=\"context_switches\"} 20\n"), text);
        assertTrue(text.contains("tickbench_pmu_cpu_clock_seconds_total{cpu=\"0\"} 0.2\n"), text);
        // cpu0: (3000 + 1000) / (2000 + 2000) = 1; cpu1: 3000 / 6000 = 0.5; all: 7000 / 10000 = 0.7
        assertTrue(text.contains("tickbench_pmu_instructions_per_cycle{cpu=\"0\",window=\"1s\"} 1\n"), text);
        assertTrue(text.contains("tickbench_pmu_instructions_per_cycle{cpu=\"1\",window=\"1s\"} 0.5\n"), text);
        assertTrue(text.contains("tickbench_pmu_instructions_per_cycle{cpu=\"all\",window=\"1s\"} 0.7\n"), text);
        // misses: cpu0 100 / 400 = 0.25; all 100 / 500 = 0.2
        assertTrue(text.contains("tickbench_pmu_cache_miss_ratio{cpu=\"0\",window=\"1s\"} 0.25\n"), text);
        assertTrue(text.contains("tickbench_pmu_cache_miss_ratio{cpu=\"all\",window=\"1s\"} 0.2\n"), text);
    }

    @Test
    void theSelfLineServesTheProbesCostPerTickAndEachSourcesTheLatestWindowSaid() throws IOException {
        feed(HELLO, 0);
        String before = render(1);
        assertFalse(before.contains("tickbench_source_tick_cpu_seconds"), "no self line yet: nothing said, no zero");
        feed(
                "{\"type\":\"self\",\"mono_ns\":5,\"wall_ns\":6,\"window_ns\":1000000000,\"ticks\":10,\"cpu_ns\":4000000,"
                        + "\"cpu_pct\":0.2,\"sampler_cpu_ns\":3000000,\"rss_bytes\":65536000,\"sources_window_s\":10.0,"
                        + "\"source_ns_per_tick\":{\"stat\":31000,\"pmu_sw\":62500}}",
                1);
        feed(
                "{\"type\":\"self\",\"mono_ns\":6,\"wall_ns\":7,\"window_ns\":1000000000,\"ticks\":10,\"cpu_ns\":5000000,"
                        + "\"cpu_pct\":0.25,\"sampler_cpu_ns\":3000000,\"rss_bytes\":65536000}",
                2);
        String text = render(3);
        // the latest line's CPU; the sources as the last line that carried them said
        assertTrue(text.contains("tickbench_probe_tick_cpu_seconds 5.0E-4\n"), text);
        assertTrue(text.contains("tickbench_probe_cpu_ratio 0.0025\n"), text);
        assertTrue(text.contains("tickbench_source_tick_cpu_seconds{source=\"pmu_sw\"} 6.25E-5\n"), text);
        assertTrue(text.contains("tickbench_source_tick_cpu_seconds{source=\"stat\"} 3.1E-5\n"), text);
        feed(HELLO, 4);
        assertFalse(render(5).contains("tickbench_source_tick_cpu_seconds"), "a new session starts afresh");
    }

    @Test
    void everyFamilyHasHelpAndTypeOnceAndContiguous() throws IOException {
        feed(HELLO, 0);
        feed(
                "{\"type\":\"sample\",\"seq\":1,\"mono_ns\":1,\"wall_ns\":1,\"dt_ns\":1,\"stat\":{\"cpu.user\":1,\"cpu.idle\":2}}",
                1);
        feed("{\"type\":\"kmsg\",\"mono_ns\":5,\"prio\":3,\"facility\":0,\"seq\":9,\"us\":5,\"msg\":\"x\"}", 2);
        feed(
                "{\"type\":\"throttle\",\"mono_ns\":6,\"wall_ns\":6,\"iowait\":12.5,\"smoothed\":10.0,\"zone\":\"GREEN\","
                        + "\"effective\":3,\"ceiling\":8,\"grow_spread_s\":8,\"last_throttle_mono_ns\":null,"
                        + "\"peaks\":{\"cpu\":55.0}}",
                3);
        feed(
                "{\"type\":\"self\",\"mono_ns\":7,\"wall_ns\":7,\"window_ns\":1000000000,\"ticks\":10,\"cpu_ns\":4000000,"
                        + "\"cpu_pct\":0.2,\"rss_bytes\":4096,\"sources_window_s\":10.0,\"source_ns_per_tick\":{\"stat\":31000}}",
                3);
        Exposition e = new Exposition();
        state.render(
                e,
                new SelfCost(
                        1.5,
                        4096L,
                        0.5,
                        100,
                        1,
                        new SelfCost.Histogram(new double[] {0.001, 0.01}, new long[] {90, 99}, 100, 0.2)),
                4);
        String text = e.text();
        assertTrue(text.contains("tickbench_kmsg_records_total{level=\"err\"} 1\n"), text);
        assertTrue(text.contains("tickbench_throttle_iowait_ratio 0.125\n"), text);
        assertTrue(text.contains("tickbench_throttle_zone{zone=\"GREEN\"} 1\n"), text);
        assertTrue(text.contains("tickbench_throttle_peak_ratio{resource=\"cpu\"} 0.55\n"), text);
        assertTrue(text.contains("tickbench_sampler_tick_lateness_seconds_bucket{le=\"+Inf\"} 100\n"), text);
        assertTrue(text.contains("tickbench_sampler_tick_lateness_seconds_bucket{le=\"0.001\"} 90\n"), text);
        assertTrue(text.contains("tickbench_probe_resident_memory_bytes 4096\n"), text);
        String previousFamily = null;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("# TYPE ")) {
                String family = line.split(" ")[2];
                assertTrue(seen.add(family), "TYPE twice: " + family);
                previousFamily = family;
            } else if (!line.startsWith("#")) {
                assertTrue(line.startsWith(previousFamily), line + " outside its family " + previousFamily);
            }
        }
        assertFalse(seen.isEmpty());
    }

    @Test
    void cgroupCountersAndLimitsInSeconds() throws IOException {
        feed(HELLO, 0);
        feed(
                "{\"type\":\"cgroup_limits\",\"mono_ns\":1,\"target\":\"/kubepods/pod1\",\"version\":2,\"levels\":["
                        + "{\"path\":\"/kubepods/pod1\",\"quota_us\":50000,\"period_us\":100000,\"burst_us\":0,\"weight\":39,\"shares\":null},"
                        + "{\"path\":\"/kubepods\",\"quota_us\":null,\"period_us\":100000,\"burst_us\":0,\"weight\":100,\"shares\":null}]}",
                1);
        feed(
                "{\"type\":\"sample\",\"seq\":1,\"mono_ns\":2,\"wall_ns\":2,\"dt_ns\":2,"
                        + "\"cgroup_cpu\":{\"/kubepods/pod1|nr_throttled\":3,\"/kubepods/pod1|throttled_usec\":4914615}}",
                2);
        String text = render(2);
        assertTrue(text.contains("tickbench_cgroup_cpu_quota_seconds{cgroup=\"/kubepods/pod1\"} 0.05\n"), text);
        assertTrue(text.contains("tickbench_cgroup_cpu_period_seconds{cgroup=\"/kubepods\"} 0.1\n"), text);
        assertFalse(
                text.contains("tickbench_cgroup_cpu_quota_seconds{cgroup=\"/kubepods\"}"), "max has no quota: " + text);
        assertFalse(text.contains("tickbench_cgroup_cpu_shares"), text);
        assertTrue(text.contains("tickbench_cgroup_cpu_throttled_periods_total{cgroup=\"/kubepods/pod1\"} 3\n"), text);
        assertTrue(
                text.contains("tickbench_cgroup_cpu_throttled_seconds_total{cgroup=\"/kubepods/pod1\"} 4.914615\n"),
                text);
    }

    private static String statSample(long seq, long iowait) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + seq + ",\"wall_ns\":1,\"dt_ns\":1,"
                + "\"stat\":{\"cpu.iowait\":" + iowait + "}}";
    }

    /**
     * A machine counter carries the wall time of the sample that read it, so Prometheus divides by the time
     * between reads: a scrape that found the sampler late no longer doubles a rate (docs/serve.md, "Read
     * times"). Gauges and the tables' counters (their series come and go) carry none.
     */
    @Test
    void machineCountersCarryTheirReadTime() throws IOException {
        feed(HELLO, 0);
        feed(
                "{\"type\":\"sample\",\"seq\":1,\"mono_ns\":100000000,\"wall_ns\":1733480000123456789,"
                        + "\"dt_ns\":100000000,\"stat\":{\"cpu.user\":30,\"procs_running\":3},"
                        + "\"diskstats\":{\"sda.sectors_read\":8},\"thermal_zone0\":{\"temp\":45500}}",
                1);
        feed(
                "{\"type\":\"sample\",\"seq\":2,\"mono_ns\":200000000,\"wall_ns\":1733480000223456789,"
                        + "\"dt_ns\":100000000,\"stat\":{\"cpu.user\":5,\"procs_running\":1}}",
                2);
        Exposition e = new Exposition();
        state.render(e, null, 3);
        String text = e.text();
        assertTrue(text.contains("tickbench_cpu_seconds_total{mode=\"user\"} 0.35 1733480000223\n"), text);
        assertTrue(text.contains("tickbench_disk_read_bytes_total{device=\"sda\"} 4096 1733480000123\n"), text);
        assertTrue(text.contains("tickbench_procs_running 1\n"), text);
        assertTrue(
                text.contains("tickbench_thermal_celsius{zone=\"thermal_zone0\",type=\"cpu-thermal\"} 45.5\n"), text);
        assertTrue(text.contains("tickbench_samples_total 2\n"), text);
    }

    /** stat's iowait may step back (FORMAT.md): the Prometheus counter holds, it never goes down. */
    @Test
    void aCounterSteppingBackHoldsUntilTheKernelIsBackAboveIt() throws IOException {
        feed(HELLO, 0);
        String served = "tickbench_cpu_seconds_total{mode=\"iowait\"} ";
        feed(statSample(1, 50), 1);
        assertTrue(render(1).contains(served + "0.5\n"), render(1));
        feed(statSample(2, -20), 2);
        assertTrue(render(2).contains(served + "0.5\n"), "held, not 0.3: " + render(2));
        feed(statSample(3, 15), 3);
        assertTrue(render(3).contains(served + "0.5\n"), "still 5 jiffies below: " + render(3));
        feed(statSample(4, 10), 4);
        assertTrue(render(4).contains(served + "0.55\n"), "the kernel's 55 jiffies again: " + render(4));
    }

    @Test
    void achievedCadencesAreServedWhileOffPlanAndDropWhenBack() throws IOException {
        feed(HELLO, 0);
        feed("{\"type\":\"cadence\",\"mono_ns\":1,\"wall_ns\":1,\"window_s\":10.0,\"achieved\":{\"stat\":7.4}}", 1);
        String text = render(1);
        assertTrue(text.contains("tickbench_source_achieved_cadence_hz{source=\"stat\"} 7.4\n"), text);
        assertTrue(
                text.contains("tickbench_source_cadence_hz{source=\"stat\",reason=\"rate\"} 10\n"),
                "beside the plan: " + text);
        feed("{\"type\":\"cadence\",\"mono_ns\":2,\"wall_ns\":2,\"window_s\":10.0,\"achieved\":{}}", 2);
        assertFalse(render(2).contains("tickbench_source_achieved_cadence_hz"), render(2));
    }

    /** System-wide cpu "full" pressure is undefined: an older probe's 0 is not served as a measurement. */
    @Test
    void systemCpuFullPressureIsNotServed() throws IOException {
        feed(HELLO, 0);
        for (int seq = 1; seq <= 10; seq++) {
            feed(
                    "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + seq * 100_000_000L
                            + ",\"wall_ns\":1,\"dt_ns\":100000000,\"pressure\":{\"cpu.some_total\":1000,\"cpu.full_total\":0,"
                            + "\"io.some_total\":10,\"io.full_total\":5}}",
                    seq);
        }
        String text = render(10);
        assertTrue(text.contains("kind=\"some\"") && text.contains("resource=\"io\",kind=\"full\""), text);
        assertFalse(text.contains("resource=\"cpu\",kind=\"full\""), text);
    }

    @Test
    void escapesLabelValuesAndHelp() {
        Exposition e = new Exposition();
        e.gauge("tickbench_x", "a \\ b\nc", 1, "k", "q\"b\\s\nn");
        assertEquals(
                "# HELP tickbench_x a \\\\ b\\nc\n# TYPE tickbench_x gauge\ntickbench_x{k=\"q\\\"b\\\\s\\nn\"} 1\n",
                e.text());
        // a name the machine gave, with an ESC and a bidi override: written as every text output writes them
        Exposition m = new Exposition();
        m.gauge("tickbench_y", "h", 1, "interface", "a\u001b[2Jb\u202e");
        assertEquals(
                "# HELP tickbench_y h\n# TYPE tickbench_y gauge\ntickbench_y{interface=\"a\\\\x1b[2Jb\\\\u202e\"} 1\n",
                m.text());
    }
}
