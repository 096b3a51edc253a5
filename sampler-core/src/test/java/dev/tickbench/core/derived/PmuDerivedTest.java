package dev.tickbench.core.derived;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The PMU's derived series, computed once in core for the workbench and /metrics (docs/pmu.md). */
class PmuDerivedTest {
    private static final long MS = 1_000_000L;

    private static SourceValues values(Object... kv) {
        String[] keys = new String[kv.length / 2];
        long[] v = new long[kv.length / 2];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (String) kv[2 * i];
            v[i] = ((Number) kv[2 * i + 1]).longValue();
        }
        return new SourceValues(keys, v);
    }

    @Test
    void ratiosAreNamedAsTheCatalogueDeclaresThemIpcFirst() {
        PmuDerived d = new PmuDerived();
        Map<String, Double> out = new LinkedHashMap<>();
        d.hardware(
                values(
                        "cpu0.cycles",
                        1000,
                        "cpu0.instructions",
                        500,
                        "cpu0.cache_references",
                        100,
                        "cpu0.cache_misses",
                        10,
                        "cpu1.cycles",
                        3000,
                        "cpu1.instructions",
                        6000,
                        "cpu1.cache_references",
                        50,
                        "cpu1.cache_misses",
                        40),
                100 * MS,
                (name, value, note) -> {
                    assertEquals("1 s window", note);
                    out.put(name, value);
                });
        assertEquals(
                Map.of(
                        "pmu_hw.cpu0.ipc",
                        0.5,
                        "pmu_hw.cpu1.ipc",
                        2.0,
                        "pmu_hw.all.ipc",
                        6500 / 4000.0,
                        "pmu_hw.cpu0.cache_miss_ratio",
                        0.1,
                        "pmu_hw.cpu1.cache_miss_ratio",
                        0.8,
                        "pmu_hw.all.cache_miss_ratio",
                        50 / 150.0),
                out);
        assertEquals(
                "pmu_hw.cpu0.ipc",
                out.keySet().iterator().next(),
                "every IPC, then every miss ratio: one family after the other");
        SeriesCatalogue c = SeriesCatalogue.standard();
        out.keySet().forEach(name -> assertEquals(true, c.series(name).isPresent(), name + " is a catalogue series"));

        d.reset();
        Map<String, Double> none = new LinkedHashMap<>();
        d.ratios((name, value, note) -> none.put(name, value));
        assertEquals(Map.of(), none, "a new session starts with an empty window");
    }

    /**
     * The groups at their chosen 10 Hz under a 100 Hz sampler: a hardware delta every 10th tick, covering
     * the 100 ms since the group's previous read; the nine ticks between carry no {@code pmu_hw} at all.
     * cpu0 retires 1 instruction a cycle for the first 500 ms, then 2 (1 000 000 cycles a read).
     */
    @Test
    void ratiosOverReadsEveryTenthTickCoverTheSecondAndTheTicksBetweenAddNothing() {
        PmuDerived d = new PmuDerived();
        Map<String, Double> latest = new LinkedHashMap<>();
        int drawn = 0;
        for (int tick = 1; tick <= 150; tick++) {
            long mono = tick * 10 * MS;
            SourceValues stat = values("cpu.user", 1);
            assertEquals(false, d.accept("stat", stat, mono, (name, value, note) -> latest.put(name, value)));
            if (tick % 10 != 0) {
                continue; // not due: the sample has no pmu_hw, nothing is drawn and nothing is taken as 0
            }
            long instructions = mono <= 500 * MS ? 1_000_000 : 2_000_000;
            SourceValues hw = values("cpu0.cycles", 1_000_000, "cpu0.instructions", instructions);
            assertEquals(true, d.accept("pmu_hw", hw, mono, (name, value, note) -> latest.put(name, value)));
            drawn++;
            if (tick == 100) {
                // the window (0, 1000 ms]: all ten reads, 5 + 10 million instructions over 10 million cycles
                assertEquals(1.5, latest.get("pmu_hw.cpu0.ipc"), 1e-12);
                assertEquals(1.5, latest.get("pmu_hw.all.ipc"), 1e-12);
            }
        }
        assertEquals(15, drawn, "one value per read, none on the ticks between");
        // (500, 1500 ms]: the ten reads at 2 instructions a cycle, the first half expired read by read
        assertEquals(2.0, latest.get("pmu_hw.cpu0.ipc"), 1e-12);
        assertEquals(2.0, latest.get("pmu_hw.all.ipc"), 1e-12);
    }

    /** Read every 2 s (0.5 Hz), the window holds the latest read alone: its ratio, over the 2 s it covers. */
    @Test
    void aCadenceSlowerThanTheWindowGivesTheLatestReadsRatio() {
        PmuDerived d = new PmuDerived();
        Map<String, Double> out = new LinkedHashMap<>();
        d.hardware(values("cpu0.cycles", 4_000_000, "cpu0.instructions", 2_000_000), 2000 * MS, (n, v, note) -> {});
        d.hardware(
                values("cpu0.cycles", 4_000_000, "cpu0.instructions", 6_000_000),
                4000 * MS,
                (name, value, note) -> out.put(name, value));
        assertEquals(1.5, out.get("pmu_hw.cpu0.ipc"), 1e-12);
    }

    @Test
    void softwareEventsArePerSecondOfTheTimeTheGroupCounted() {
        Map<String, Double> out = new LinkedHashMap<>();
        new PmuDerived()
                .software(
                        values(
                                "cpu0.context_switches",
                                300,
                                "cpu0.enabled_ns",
                                500 * MS,
                                "cpu0.running_ns",
                                500 * MS,
                                "cpu1.page_faults",
                                7,
                                "cpu1.enabled_ns",
                                0),
                        (name, value, note) -> out.put(name, value));
        assertEquals(
                Map.of("pmu_sw.cpu0.context_switches_per_s", 600.0),
                out,
                "300 in 0.5 s counted is 600/s; a CPU whose group did not count has no rate (missing, not 0)");
        SeriesCatalogue c = SeriesCatalogue.standard();
        assertEquals(true, c.series("pmu_sw.cpu0.context_switches_per_s").isPresent());
    }
}
