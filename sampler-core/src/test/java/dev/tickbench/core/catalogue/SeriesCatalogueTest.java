package dev.tickbench.core.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.catalogue.ChartGroup.Overlay;
import dev.tickbench.core.catalogue.ChartGroup.Ranking;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the standard catalogue says about the series the charts, the crosshair, the CSV and /metrics name. */
class SeriesCatalogueTest {
    private final SeriesCatalogue c = SeriesCatalogue.standard();

    private SeriesMatch series(String name) {
        return c.series(name).orElseThrow(() -> new AssertionError("no entry for " + name));
    }

    @Test
    void aThermalZoneIsShownInCelsiusOnTheThermalTrack() {
        SeriesMatch m = series("thermal_zone3.temp");
        assertEquals(ValueKind.LEVEL, m.kind());
        assertEquals(Unit.MILLICELSIUS, m.unit());
        assertEquals("°C", m.displayUnit());
        assertEquals(45.123, m.toDisplay(45123));
        assertEquals("thermal_zone3", m.displayName());
        assertEquals("thermal_zone3_c", m.csvColumn());
        assertEquals("thermal_zone3", m.cadenceSource());
        assertEquals("thermal", m.group().id());
        assertTrue(m.group().steps());
        assertEquals(java.util.Set.of(Overlay.CRITICAL_TRIP), m.group().overlays());
        assertEquals("tickbench_thermal_celsius", m.entry().metric().family());
        assertEquals(ReadRule.DECLARED, m.source().rule());
    }

    @Test
    void aClockIsShownInMegahertz() {
        SeriesMatch m = series("cpufreq.cpu12");
        assertEquals(Unit.KILOHERTZ, m.unit());
        assertEquals("MHz", m.displayUnit());
        assertEquals(1800.0, m.toDisplay(1_800_000));
        assertEquals("cpu12", m.displayName());
        assertEquals("cpufreq.cpu12_mhz", m.csvColumn());
        assertEquals("cpu_freq", m.group().id());
    }

    @Test
    void derivedSeriesNameTheirInputsAndTheSourceTheirCadenceIsFrom() {
        SeriesMatch psi = series("psi.io.some_pct");
        assertEquals(ValueKind.DERIVED, psi.kind());
        assertEquals(List.of("pressure.io.some_total"), psi.inputs());
        assertEquals("pressure", psi.cadenceSource());
        assertEquals("io.some", psi.displayName());
        assertEquals("%", psi.displayUnit());
        assertEquals("psi", psi.group().id());
        assertNull(psi.csvColumn(), "a derived series is its own column");

        SeriesMatch usage = series("cgroup./kubepods.slice/pod.scope.usage_cpus");
        assertEquals(
                List.of(
                        "cgroup_cpu./kubepods.slice/pod.scope|usage_usec",
                        "cgroup_cpu./kubepods.slice/pod.scope|read_ns"),
                usage.inputs());
        assertEquals("/kubepods.slice/pod.scope", usage.displayName());
        assertEquals("cgroup_cpu", usage.cadenceSource());
        assertEquals("CPUs", usage.displayUnit());
        assertEquals(
                List.of("cgroup_cpu./a|nr_throttled", "cgroup_cpu./a|nr_periods"),
                series("cgroup./a.throttled_pct").inputs());

        SeriesMatch busy = series("cpu.busy_pct");
        assertEquals("stat", busy.cadenceSource());
        assertEquals(8, busy.inputs().size());
        assertTrue(
                busy.inputs().contains("stat.cpu.iowait") && !busy.inputs().contains("stat.cpu.guest"),
                "guest time is already in user (docs/derived-series.md)");
    }

    @Test
    void pmuRatiosAreDerivedAndTheirCountersRaw() {
        SeriesMatch ipc = series("pmu_hw.cpu2.ipc");
        assertEquals(ValueKind.DERIVED, ipc.kind());
        assertEquals(List.of("pmu_hw.cpu2.instructions", "pmu_hw.cpu2.cycles"), ipc.inputs());
        assertEquals("cpu2", ipc.displayName());
        SeriesMatch all = series("pmu_hw.all.cache_miss_ratio");
        assertEquals("all CPUs", all.displayName());
        assertEquals(25.0, all.toDisplay(0.25), "charted in %");
        assertEquals(List.of("pmu_hw.cpu*.cache_misses", "pmu_hw.cpu*.cache_references"), all.inputs());
        SeriesMatch cycles = c.stream("pmu_hw", "cpu2.cycles").orElseThrow();
        assertEquals(ValueKind.COUNTER, cycles.kind());
        assertNull(cycles.group(), "counters are charted through what is derived from them");
        assertEquals(
                "cpu0 switches", series("pmu_sw.cpu0.context_switches_per_s").displayName());
    }

    @Test
    void levelKeysInsideCounterSourcesFollowFormatMd() {
        assertTrue(c.isLevel("stat", "procs_blocked"));
        assertTrue(c.isLevel("diskstats", "sda.in_flight"));
        assertTrue(c.isLevel("vmstat", "nr_free_pages"));
        assertTrue(c.isLevel("vmstat", "workingset_nodes"));
        assertTrue(c.isLevel("meminfo", "MemFree"));
        assertTrue(c.isLevel("a_source_of_a_newer_probe", "x"), "unknown: carried absolute, as a level");
        assertFalse(c.isLevel("vmstat", "nr_dirtied"));
        assertFalse(c.isLevel("vmstat", "pgfault"));
        assertFalse(c.isLevel("stat", "cpu.user"));
        assertFalse(c.isLevel("diskstats", "sda.in_flight_ms"));
        assertTrue(c.isCounterSource("cgroup_cpu"));
        assertFalse(c.isCounterSource("thermal_zone0"));
        assertTrue(c.omitsIdleRows("diskstats") && c.omitsIdleRows("yaffs") && !c.omitsIdleRows("stat"));
    }

    @Test
    void theFirstMatchingSeriesOfASourceWins() {
        assertEquals(
                "tickbench_meminfo_hugepages",
                c.stream("meminfo", "HugePages_Total")
                        .orElseThrow()
                        .entry()
                        .metric()
                        .family());
        assertEquals(
                "tickbench_meminfo_bytes",
                c.stream("meminfo", "Hugepagesize")
                        .orElseThrow()
                        .entry()
                        .metric()
                        .family());
        // the Memory track's names before the general pattern: drawn in MiB, served as the same family
        SeriesMatch avail = c.stream("meminfo", "MemAvailable").orElseThrow();
        assertEquals("memory", avail.group().id());
        assertEquals("MiB", avail.displayUnit());
        assertEquals(1.5, avail.toDisplay(1536), 0);
        assertEquals("tickbench_meminfo_bytes", avail.entry().metric().family());
        assertNull(
                c.stream("meminfo", "MemTotal").orElseThrow().group(),
                "the rest of meminfo is in the CSV, not on a track");
        assertNull(c.stream("meminfo", "MemAvailableX").orElseThrow().group(), "a name is matched whole");
        assertEquals(
                "tickbench_interrupts_by_cpu_total",
                c.stream("interrupts", "cpu7").orElseThrow().entry().metric().family());
        assertEquals(
                "tickbench_interrupts_total",
                c.stream("interrupts", "LOC").orElseThrow().entry().metric().family());
        assertTrue(c.stream("pressure", "cpu.bad").isEmpty());
        assertTrue(c.series("nothing.at_all").isEmpty());
        assertEquals("kmsg", series("kmsg").source().name().text());
    }

    @Test
    void chartGroupsInDisplayOrderWithTheirProperties() {
        List<String> ids = c.groups().stream().map(ChartGroup::id).toList();
        assertEquals(
                List.of(
                        "thermal",
                        "cpu_freq",
                        "cpufreq_limits",
                        "cooling",
                        "rapl",
                        "cpuidle",
                        "cpu",
                        "psi",
                        "memory",
                        "load",
                        "disk_bytes",
                        "disk_iops",
                        "disk_busy",
                        "disk_await",
                        "net_bytes",
                        "net_packets",
                        "slab",
                        "buddy",
                        "cgroup_throttled",
                        "cgroup_throttled_time",
                        "cgroup_usage",
                        "throttle",
                        "throttle_effective",
                        "pmu_ipc",
                        "pmu_cache_miss",
                        "pmu_software",
                        "probe_cost",
                        "probe_memory"),
                ids);
        ChartGroup slab = c.group("slab").orElseThrow();
        assertEquals(new ChartGroup.Picks(5, Ranking.MEMORY), slab.picks());
        assertTrue(slab.integral() && slab.steps() && !slab.fromZero());
        assertEquals(
                Ranking.ZONE_FREE_MEMORY, c.group("buddy").orElseThrow().picks().ranking());
        assertTrue(c.group("cpu").orElseThrow().picks().all());
        assertEquals(
                java.util.Set.of(Overlay.THROTTLE_BANDS),
                c.group("throttle").orElseThrow().overlays());
        assertEquals("Slab caches", slab.title());
        assertEquals("active objects", slab.axisUnit());
    }

    @Test
    void everySeriesInAGroupHasAShownUnitAndEveryStreamSeriesAMetricOrAReason() {
        for (SourceEntry s : c.sources()) {
            for (SeriesEntry e : s.series()) {
                if (e.group() != null) {
                    assertFalse(e.display().unit().isEmpty(), e.name() + " is charted without a unit");
                }
                // pmu_sw is served as its rates; a cgroup level's or a table entry's read_ns is the interval its
                // rates divide by, not a counter; the self line's CPU, ticks and RSS are the serving probe's own
                // tickbench_probe_* families; the tables' rates (who.*) are their counters', served bounded, which
                // Prometheus rates itself: a gauge of them would be there on one scrape in ten (docs/who.md)
                boolean servedElsewhere = e.kind() == ValueKind.EVENT
                        || e.name().text().startsWith("pmu_sw.")
                        || e.name().text().endsWith("|read_ns")
                        || e.name().text().startsWith("self.")
                        || e.name().text().startsWith("who.");
                if (e.metric() == null) {
                    assertTrue(servedElsewhere, e.name() + " has no /metrics family");
                }
            }
        }
    }

    @Test
    void aBadEntryIsRefusedWhereItIsDeclared() {
        assertThrows(
                IllegalArgumentException.class,
                () -> SourceEntry.of("a.b", ValueKind.LEVEL, ReadRule.CHANGE, "x", "y"));
        assertThrows(
                IllegalArgumentException.class,
                () -> SourceEntry.of("a", ValueKind.LEVEL, ReadRule.CHANGE, "x", "y")
                        .series(SeriesEntry.level("b.key", Unit.COUNT, "not named after its source")));
        assertThrows(
                IllegalArgumentException.class,
                () -> c.with(SourceEntry.of("a", ValueKind.LEVEL, ReadRule.CHANGE, "x", "y")
                        .series(SeriesEntry.level("a.key", Unit.COUNT, "z").group("no_such_group"))));
        assertThrows(
                IllegalArgumentException.class,
                () -> c.with(SourceEntry.of("stat", ValueKind.LEVEL, ReadRule.CHANGE, "x", "y")),
                "stat is declared already");
        assertThrows(
                IllegalArgumentException.class,
                () -> SourceEntry.fileSet("x", ValueKind.LEVEL, FileSet.sys("class/x/x{n}/value", "x"), "z"),
                "two files, one key");
        assertThrows(IllegalArgumentException.class, () -> FileSet.sys("/class/x", "x"));
        assertThrows(
                IllegalArgumentException.class,
                () -> SourceEntry.fileSet("x", ValueKind.EVENT, FileSet.sys("a/b", "b"), "z"));
        assertThrows(
                IllegalArgumentException.class,
                () -> SeriesEntry.level("a.b", Unit.COUNT, "z")
                        .shown("b", "thirds", Scale.per(3))
                        .csv("{source}_t"),
                "a CSV column in thirds has no exact decimals");
        assertThrows(IllegalArgumentException.class, () -> Metric.counter("tickbench_no_suffix", "h"));
        assertThrows(
                IllegalArgumentException.class,
                () -> SeriesEntry.derived("a.b", Unit.COUNT, "no inputs", Derivation.RATIO));
    }
}
