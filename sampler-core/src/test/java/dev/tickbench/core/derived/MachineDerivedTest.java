package dev.tickbench.core.derived;

import static dev.tickbench.core.derived.DerivedSeriesTest.hello;
import static dev.tickbench.core.derived.DerivedSeriesTest.sample;
import static dev.tickbench.core.derived.DerivedSeriesTest.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.catalogue.Derivation;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesEntry;
import dev.tickbench.core.catalogue.SourceEntry;
import dev.tickbench.core.catalogue.Unit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The machine's rates (docs/derived-series.md): network and disk throughput, IOPS, time busy and await,
 * computed from the catalogue's entries by the generic derivations, over 1 s windows of 2 ticks of 0.5 s;
 * a row left out because it was idle is a delta of 0, not a hole.
 */
class MachineDerivedTest {
    private static Map<String, Double> byName(List<DerivedValue> values) {
        Map<String, Double> m = new TreeMap<>();
        values.forEach(v -> m.put(v.name(), v.value()));
        return m;
    }

    private static Map<String, Double> accept(DerivedSeries d, long seq, Map<String, SourceValues> s) {
        return byName(d.accept(sample(seq, s)));
    }

    private static SourceValues disk(
            String dev,
            long reads,
            long sectorsRead,
            long readMs,
            long writes,
            long sectorsWritten,
            long writeMs,
            long ioMs) {
        return values(
                dev + ".reads",
                reads,
                dev + ".sectors_read",
                sectorsRead,
                dev + ".read_ms",
                readMs,
                dev + ".writes",
                writes,
                dev + ".sectors_written",
                sectorsWritten,
                dev + ".write_ms",
                writeMs,
                dev + ".in_flight",
                1,
                dev + ".io_ms",
                ioMs);
    }

    @Test
    void networkRatesArePerSecondOfWallTimeAndAHundredGigabitsDoNotOverflow() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(2));
        d.accept(sample(
                1,
                Map.of(
                        "netdev",
                        values(
                                "eth0.rx_bytes",
                                1000,
                                "eth0.rx_packets",
                                10,
                                "eth0.tx_bytes",
                                0,
                                "eth0.tx_packets",
                                0,
                                "lo.rx_bytes",
                                6_250_000_000L,
                                "lo.tx_bytes",
                                6_250_000_000L))));
        List<DerivedValue> out = d.accept(sample(
                2,
                Map.of(
                        "netdev",
                        values(
                                "eth0.rx_bytes",
                                3000,
                                "eth0.rx_packets",
                                30,
                                "eth0.tx_bytes",
                                0,
                                "eth0.tx_packets",
                                0,
                                "lo.rx_bytes",
                                6_250_000_000L,
                                "lo.tx_bytes",
                                6_250_000_000L))));
        Map<String, Double> v = byName(out);
        assertEquals(4000.0, v.get("net.eth0.rx_bytes_per_s"), 0.0, "4000 bytes in 1 s");
        assertEquals(40.0, v.get("net.eth0.rx_packets_per_s"), 0.0);
        assertEquals(0.0, v.get("net.eth0.tx_bytes_per_s"), 0.0, "a counter that did not move: 0, said");
        // 12.5 GB in 1 s, 100 Gbit/s: in ns × bytes the window would hold 1.25e19, past a long
        assertEquals(12_500_000_000.0, v.get("net.lo.rx_bytes_per_s"), 0.0);
        DerivedValue eth0 = out.stream()
                .filter(x -> x.name().equals("net.eth0.rx_bytes_per_s"))
                .findFirst()
                .orElseThrow();
        assertSame(DerivedKind.NET_BYTES, eth0.kind());
        assertEquals("netdev", eth0.kind().source(), "its cadence is netdev's");
        assertEquals("MB/s", eth0.kind().unit());
    }

    @Test
    void diskThroughputIopsBusyAndAwaitAreIostatsNumbers() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(2));
        // over the window: 30 reads of 240 sectors in 90 ms, 10 writes of 2048 sectors in 410 ms, 400 ms busy
        d.accept(sample(1, Map.of("diskstats", disk("vda", 10, 80, 30, 4, 1000, 200, 150))));
        Map<String, Double> v = accept(d, 2, Map.of("diskstats", disk("vda", 20, 160, 60, 6, 1048, 210, 250)));
        assertEquals(240 * 512.0, v.get("disk.vda.read_bytes_per_s"), 0.0, "sectors are 512 bytes");
        assertEquals(2048 * 512.0, v.get("disk.vda.write_bytes_per_s"), 0.0);
        assertEquals(40.0, v.get("disk.vda.ios_per_s"), 0.0, "reads and writes together");
        assertEquals(40.0, v.get("disk.vda.busy_pct"), 1e-12, "400 ms of 1 s");
        assertEquals(500.0 / 40, v.get("disk.vda.await_ms"), 1e-12, "(90 + 410) ms over 40 I/Os");
    }

    @Test
    void anIdleRowLeftOutIsADeltaOfZeroAndAResetEmptiesTheWindow() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(2));
        Map<String, SourceValues> active = Map.of("diskstats", disk("vda", 2, 8, 4, 0, 0, 0, 5));
        Map<String, SourceValues> idle = Map.of("diskstats", values()); // the source was read, vda's row left out
        assertEquals(Map.of(), accept(d, 1, active));
        Map<String, Double> v = accept(d, 2, idle);
        assertEquals(8 * 512.0, v.get("disk.vda.read_bytes_per_s"), 0.0, "the active tick and an idle one: 1 s");
        assertEquals(2.0, v.get("disk.vda.ios_per_s"), 0.0);
        assertEquals(2.0, v.get("disk.vda.await_ms"), 0.0, "4 ms over 2 reads");
        v = accept(d, 3, idle);
        assertEquals(0.0, v.get("disk.vda.read_bytes_per_s"), 0.0, "idle for the whole window: 0 B/s");
        assertEquals(0.0, v.get("disk.vda.busy_pct"), 0.0);
        assertNull(v.get("disk.vda.await_ms"), "no I/O completed: no time per I/O, missing rather than 0");

        // the row left out because a counter went back (named in resets): a hole, not an idle tick
        SampleLine reset = new SampleLine(
                4,
                4 * 500_000_000L,
                4 * 500_000_000L,
                500_000_000L,
                idle,
                Set.of(),
                List.of("diskstats.vda.reads"),
                Map.of(),
                0);
        assertEquals(Map.of(), byName(d.accept(reset)));
        assertEquals(Map.of(), accept(d, 5, idle), "one tick of a new window");
        assertEquals(0.0, accept(d, 6, idle).get("disk.vda.ios_per_s"), 0.0, "back one full window later");

        assertEquals(Map.of(), accept(d, 7, Map.of()), "a sample without diskstats at all: a hole");
        assertEquals(Map.of(), accept(d, 8, idle));
    }

    @Test
    void onlyAnIdleRowSourceFillsItsMissingRowsWithZeros() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(2));
        Map<String, SourceValues> s = new LinkedHashMap<>();
        s.put("pressure", values("io.some_total", 1000));
        accept(d, 1, s);
        assertEquals(0.2, accept(d, 2, s).get("psi.io.some_pct"), 1e-12);
        s.put("pressure", values());
        assertFalse(
                accept(d, 3, s).containsKey("psi.io.some_pct"), "pressure carries every key: a missing one is a hole");
    }

    /** A sum of inputs in different units is no sum: the series is absent, never sectors + counts. */
    @Test
    void inputsAddedUpMustShareAUnit() {
        SourceEntry diskstats = SeriesCatalogue.standard().source("diskstats").orElseThrow();
        SeriesEntry mixed = SeriesEntry.derived(
                "odd.{device:.+}.mixed_per_s",
                Unit.PER_SECOND,
                "sectors plus reads",
                Derivation.COUNTER_RATE,
                "diskstats.{device}.sectors_read",
                "diskstats.{device}.reads");
        DerivedSeries d = new DerivedSeries(
                SeriesCatalogue.standard().without("diskstats").with(diskstats.series(mixed)));
        d.accept(hello(2));
        Map<String, SourceValues> s = Map.of("diskstats", disk("vda", 2, 8, 4, 0, 0, 0, 5));
        accept(d, 1, s);
        Map<String, Double> v = accept(d, 2, s);
        assertTrue(v.containsKey("disk.vda.ios_per_s"), v.toString());
        assertFalse(v.containsKey("odd.vda.mixed_per_s"), v.toString());

        SeriesEntry odd = SeriesEntry.derived(
                "odd.{device:.+}.odd_ms",
                Unit.MILLISECONDS,
                "three inputs",
                Derivation.RATIO,
                "diskstats.{device}.read_ms",
                "diskstats.{device}.write_ms",
                "diskstats.{device}.reads");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new DerivedSeries(
                        SeriesCatalogue.standard().without("diskstats").with(diskstats.series(odd))));
        assertTrue(e.getMessage().contains("(or 2n: n added up over n), not 3"), e.getMessage());
    }
}
