package dev.tickbench.core.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.metrics.Exposition;
import dev.tickbench.core.metrics.MetricsState;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.StoryCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The clock's sources on the scripted laptop, wherever the data goes: the same values in stream formats
 * 1 and 2, CSV columns in the shown unit with the unit in their names (and the derived power and idle
 * residency), and /metrics in base units with the labels the attributes give.
 */
class ClockSeriesExportTest {
    private static final List<String> CLOCK_SOURCES = List.of(
            "cpufreq_policy",
            "intel_pstate",
            "cpuidle",
            "cooling",
            "cooling_time_in_state",
            "thermal_throttle",
            "rapl",
            "rapl_limits",
            "hwmon");

    @TempDir
    static Path tmp;

    private static Path v1;
    private static Path v2;

    @BeforeAll
    static void record() throws IOException {
        v1 = tmp.resolve("story-v1.ndjson");
        v2 = tmp.resolve("story-v2.ndjson.gz");
        StoryCapture.record(Boards.LAPTOP, tmp.resolve("b1"), StreamFormat.V1, v1);
        StoryCapture.record(Boards.LAPTOP, tmp.resolve("b2"), StreamFormat.V2, v2);
    }

    private static List<StreamLine> lines(Path capture) throws IOException {
        List<StreamLine> out = new ArrayList<>();
        try (CaptureReader r = CaptureReader.open(capture)) {
            for (StreamLine l = r.next(); l != null; l = r.next()) {
                out.add(l);
            }
        }
        return out;
    }

    /** seq → source → key → value, for the clock's sources. */
    private static Map<Long, Map<String, Map<String, Long>>> values(Path capture) throws IOException {
        Map<Long, Map<String, Map<String, Long>>> out = new TreeMap<>();
        for (StreamLine l : lines(capture)) {
            if (l instanceof SampleLine s) {
                Map<String, Map<String, Long>> bySource = new TreeMap<>();
                for (String src : CLOCK_SOURCES) {
                    SourceValues v = s.sources().get(src);
                    if (v != null) {
                        Map<String, Long> kv = new LinkedHashMap<>();
                        for (int i = 0; i < v.size(); i++) {
                            kv.put(v.keys()[i], v.values()[i]);
                        }
                        bySource.put(src, kv);
                    }
                }
                out.put(s.seq(), bySource);
            }
        }
        return out;
    }

    @Test
    void formatsOneAndTwoCarryTheSameValues() throws IOException {
        Map<Long, Map<String, Map<String, Long>>> one = values(v1);
        assertEquals(100, one.size());
        assertEquals(one, values(v2));
        Map<String, Map<String, Long>> first = one.get(1L);
        assertEquals(
                CLOCK_SOURCES.stream().sorted().toList(),
                new ArrayList<>(first.keySet()),
                "every source on the first sample");
        assertEquals(
                Map.of("cooling_device0.cur_state", 2L, "cooling_device0.max_state", 3L),
                Map.of(
                        "cooling_device0.cur_state", first.get("cooling").get("cooling_device0.cur_state"),
                        "cooling_device0.max_state", first.get("cooling").get("cooling_device0.max_state")));
        assertEquals(900_000L, one.get(2L).get("rapl").get("intel-rapl:0.energy_uj"), "a delta: 0.9 J in the tick");
        assertEquals(
                1_500_000L,
                one.get(31L).get("rapl").get("intel-rapl:0.energy_uj"),
                "the tick energy_uj wrapped in: unwrapped, not a reset");
        assertTrue(one.get(2L).get("cooling") == null, "levels that did not move are not stored");
        assertEquals(
                Map.of("cpu0.state8.time", 90_000L),
                Map.of("cpu0.state8.time", one.get(65L).get("cpuidle").get("cpu0.state8.time")));
    }

    @Test
    void csvColumnsInTheShownUnitNameTheirUnit() throws IOException {
        Path out = tmp.resolve("story.csv");
        CsvExport.export(v2, out, CsvExport.Options.all(), p -> {});
        List<String[]> rows =
                Files.readAllLines(out).stream().map(l -> l.split(",", -1)).toList();
        List<String> header = Arrays.asList(rows.get(0));
        String[] tick21 = rows.get(21); // the power stage's first sample
        String[] tick40 = rows.get(40); // its last: the derived power's 1 s window holds only power-stage ticks
        assertEquals("3500", tick21[header.indexOf("cpufreq_policy.policy0.scaling_max_freq_mhz")]);
        assertEquals("3500000", tick21[header.indexOf("cpufreq_policy.policy0.scaling_max_freq")]);
        assertEquals(
                "",
                rows.get(22)[header.indexOf("cpufreq_policy.policy0.scaling_max_freq_mhz")],
                "held: not stored, empty");
        assertEquals("88", tick21[header.indexOf("hwmon.hwmon2.temp1_c")]);
        assertEquals("15", rows.get(1)[header.indexOf("rapl_limits.intel-rapl:0.constraint0_power_limit_uw_w")]);
        assertEquals("15", tick40[header.indexOf("rapl.intel-rapl:0.power_w")]);
        assertEquals("0", tick21[header.indexOf("cooling.cooling_device0.cur_state")]);
        assertEquals(
                "90",
                rows.get(70)[header.indexOf("cpuidle.cpu2.state8.residency_pct")],
                "the idle stage: 90 ms of 100 in C10");
        String cadences = Files.readString(tmp.resolve("story.csv.cadences.csv"));
        assertTrue(cadences.contains("\ncpufreq_policy.policy0.scaling_max_freq_mhz,10.0,change,1,"), cadences);
        assertTrue(cadences.contains("\nrapl.intel-rapl:0.power_w,10.0,rate,1,"), cadences);
    }

    @Test
    void metricsInBaseUnitsWithTheAttributesAsLabels() throws IOException {
        MetricsState m = new MetricsState();
        for (StreamLine l : lines(v2)) {
            m.accept(l, 0);
        }
        Exposition e = new Exposition();
        m.render(e, null, 0);
        String text = dev.tickbench.testkit.Scrapes.withoutReadTimes(e.text());
        for (String line : List.of(
                "tickbench_cpufreq_policy_hertz{policy=\"0\",setting=\"scaling_max_freq\"} 3500000000\n",
                "tickbench_cooling_device_state{device=\"cooling_device0\",type=\"Processor\"} 0\n",
                "tickbench_cooling_device_max_state{device=\"cooling_device4\",type=\"intel_powerclamp\"} 50\n",
                "tickbench_rapl_power_limit_watts{zone=\"intel-rapl:0\",constraint=\"long_term\"} 15\n",
                "tickbench_rapl_power_watts{zone=\"intel-rapl:0\",name=\"package-0\",window=\"1s\"} 12\n",
                "tickbench_hwmon_celsius{chip=\"2\",sensor=\"1\",name=\"coretemp\",label=\"Package id 0\"} 70\n",
                "tickbench_intel_pstate_ratio{setting=\"min_perf_pct\"} 0.11\n",
                "tickbench_cpuidle_entries_total{cpu=\"0\",state=\"8\",name=\"C10\"} 0\n",
                "# TYPE tickbench_rapl_energy_joules_total counter\n")) {
            assertTrue(text.contains(line), line + " in\n" + text);
        }
        // 20 ticks × 0.9 J + 1.5 + 0.7 + 0.3 + 1.2 J per tick over the other stages, from the baseline read on
        assertTrue(
                text.contains("tickbench_rapl_energy_joules_total{zone=\"intel-rapl:0\",name=\"package-0\"} 92\n"),
                text);
    }
}
