package dev.tickbench.core.derived;

import static dev.tickbench.core.derived.DerivedSeriesTest.hello;
import static dev.tickbench.core.derived.DerivedSeriesTest.sample;
import static dev.tickbench.core.derived.DerivedSeriesTest.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.catalogue.Derivation;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesEntry;
import dev.tickbench.core.catalogue.SourceEntry;
import dev.tickbench.core.catalogue.Unit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The derived series are the catalogue's derived entries (docs/catalogue.md, "Derived series"): an entry
 * added to a catalogue is computed from the inputs it names, by the derivation it names, with no change to
 * the code that computes them; an input the stream lacks leaves its series absent, never 0.
 */
class DerivedFromCatalogueTest {
    /** The share of wall time a disk had I/O in flight: io_ms over wall time, declared under diskstats. */
    static final SeriesEntry DISK_BUSY = SeriesEntry.derived(
            "disk.{device:.+}.busy_pct",
            Unit.PERCENT,
            "share of wall time the device had I/O in flight",
            Derivation.WALL_RATE,
            "diskstats.{device}.io_ms");

    /** The standard catalogue, its diskstats without the derived series it declares, and one more derived entry. */
    static SeriesCatalogue withDiskBusy() {
        SeriesCatalogue standard = SeriesCatalogue.standard();
        SourceEntry d = standard.source("diskstats").orElseThrow();
        SourceEntry read = new SourceEntry(
                d.name(),
                d.kind(),
                d.rule(),
                d.origin(),
                d.description(),
                d.omitsIdleRows(),
                d.reading(),
                d.series().stream().filter(e -> e.derivation() == null).toList(),
                d.attributes());
        return standard.without("diskstats").with(read.series(DISK_BUSY));
    }

    private static Map<String, Double> byName(List<DerivedValue> values) {
        Map<String, Double> m = new TreeMap<>();
        values.forEach(v -> m.put(v.name(), v.value()));
        return m;
    }

    @Test
    void anEntryAddedToTheCatalogueIsComputedFromTheInputsItNames() {
        DerivedSeries d = new DerivedSeries(withDiskBusy());
        d.accept(hello(2)); // a 1 s window is 2 ticks of 0.5 s
        Map<String, SourceValues> s = new LinkedHashMap<>();
        s.put("stat", values("cpu.user", 10, "cpu.nice", 0, "cpu.system", 10, "cpu.idle", 80, "cpu.iowait", 0));
        // sda busy 100 ms, then 300 ms: 400 ms of 1 s; the dm name holds a dot, as {device:.+} allows
        s.put("diskstats", values("sda.reads", 4, "sda.io_ms", 100, "dm-0.x.io_ms", 500));
        d.accept(sample(1, s));
        s.put("diskstats", values("sda.reads", 4, "sda.io_ms", 300, "dm-0.x.io_ms", 500));
        List<DerivedValue> out = d.accept(sample(2, s));
        Map<String, Double> v = byName(out);
        assertEquals(40.0, v.get("disk.sda.busy_pct"), 1e-12);
        assertEquals(100.0, v.get("disk.dm-0.x.busy_pct"), 0.0, "1000 ms in 1 s");
        assertEquals(20.0, v.get("cpu.busy_pct"), 1e-12, "the standard series beside it, as before");
        assertEquals(
                List.of("cpu.busy_pct", "cpu.iowait_pct", "disk.sda.busy_pct", "disk.dm-0.x.busy_pct"),
                out.stream().map(DerivedValue::name).toList(),
                "CPU first, then the new entry's subjects in key order");
        DerivedValue sda = out.get(2);
        assertEquals("diskstats", sda.kind().source(), "its cadence is the source it is declared under");
        assertEquals("%", sda.kind().unit());
        assertSame(DerivedKind.CPU_BUSY, out.get(0).kind(), "the standard entries are the standard kinds");
    }

    @Test
    void anInputTheStreamLacksLeavesTheSeriesAbsentNotZero() {
        DerivedSeries d = new DerivedSeries(withDiskBusy());
        d.accept(hello(2));
        Map<String, SourceValues> s = new LinkedHashMap<>();
        s.put("diskstats", values("sda.reads", 4)); // this kernel's rows have no io_ms
        s.put("cgroup_cpu", values("/|nr_throttled", 3, "/|usage_usec", 250_000)); // v1 without cpu.cfs: no nr_periods
        s.put("pressure", values("cpu.some_total", 1000, "cpu.full_total", 0)); // an older probe's cpu full: no input
        for (long seq = 1; seq <= 4; seq++) {
            Map<String, Double> v = byName(d.accept(sample(seq, s)));
            assertFalse(v.keySet().stream().anyMatch(n -> n.startsWith("disk.")), v.toString());
            assertFalse(v.containsKey("cgroup./.throttled_pct"), "a ratio without its denominator is missing: " + v);
            assertFalse(v.containsKey("psi.cpu.full_pct"), v.toString());
            if (seq >= 2) {
                assertEquals(0.5, v.get("cgroup./.usage_cpus"), 1e-12, "the level's other series are there");
                assertEquals(0.2, v.get("psi.cpu.some_pct"), 1e-12);
            }
        }
        d.accept(sample(5, Map.of("stat", values("cpu.user", 1))));
        assertEquals(
                Map.of(),
                byName(d.accept(sample(6, Map.of("stat", values("cpu.user", 1))))),
                "a source the machine lacks derives nothing, and a stat line without idle and iowait no CPU share");
    }

    @Test
    void keysTheCatalogueDoesNotDeclareAreNoInputs() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(2));
        // a crafted cpuidle key: "c0" is not "cpu<N>", so it is no idle state's time
        Map<String, SourceValues> s = Map.of("cpuidle", values("c0.state1.time", 100_000, "cpu1.state2.time", 125_000));
        d.accept(sample(1, s));
        assertEquals(Map.of("cpuidle.cpu1.state2.residency_pct", 25.0), byName(d.accept(sample(2, s))));
    }

    @Test
    void anEntryThatCannotBeComputedIsRefusedWhenTheModelIsMade() {
        SourceEntry diskstats = SeriesCatalogue.standard().source("diskstats").orElseThrow();
        SeriesEntry twoSources = SeriesEntry.derived(
                "disk.{device:.+}.odd_pct",
                Unit.PERCENT,
                "inputs of two sources",
                Derivation.RATIO,
                "diskstats.{device}.io_ms",
                "stat.{device}.io_ms");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new DerivedSeries(
                        SeriesCatalogue.standard().without("diskstats").with(diskstats.series(twoSources))));
        assertTrue(e.getMessage().contains("one named source"), e.getMessage());
        SeriesEntry oneInput = SeriesEntry.derived(
                "disk.{device:.+}.odd_pct",
                Unit.PERCENT,
                "a ratio of one",
                Derivation.RATIO,
                "diskstats.{device}.io_ms");
        e = assertThrows(
                IllegalArgumentException.class,
                () -> new DerivedSeries(
                        SeriesCatalogue.standard().without("diskstats").with(diskstats.series(oneInput))));
        assertTrue(e.getMessage().contains("takes 2 inputs"), e.getMessage());
    }
}
