package dev.tickbench.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureConverter;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.testkit.ChangeCapture;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The synthetic capture with a known answer (testkit ChangeCapture): the slab cache that grew 3×, PSI io
 * rising from 2 to 8 % and the zone 6 °C warmer are the top rows in that order of effect, the only ones
 * above noise; the noisy iowait stays below them and below noise, and the new disk is "appeared".
 */
class KnownChangesTest {
    static final DiffRange A = DiffRange.seconds(0.0, ChangeCapture.HALF_S - 0.01);
    static final DiffRange B = DiffRange.seconds((double) ChangeCapture.HALF_S, null);

    @TempDir
    static Path dir;

    static Path capture;
    static DiffResult result;

    @BeforeAll
    static void rank() throws Exception {
        capture = ChangeCapture.write(dir.resolve("change.ndjson.gz"));
        result = CaptureDiff.compare(new CaptureDiff.Side(capture, A), new CaptureDiff.Side(capture, B));
    }

    @Test
    void theKnownChangesAreTheTopRowsInOrderOfEffect() {
        List<SeriesChange> rows = result.rows();
        assertEquals("slabinfo.kmalloc-64", rows.get(0).name());
        // PSI io is two series: the stall counter as a rate and the derived share; either may lead
        assertEquals(
                Set.of("psi.io.some_pct", "pressure.io.some_total"),
                Set.of(rows.get(1).name(), rows.get(2).name()));
        // 6.1 °C is just over a tenth of 51 °C: just above noise
        assertEquals("thermal_zone0.temp", rows.get(3).name());
        for (int i = 0; i < 4; i++) {
            assertTrue(rows.get(i).aboveNoise(), rows.get(i).name() + " is above noise");
            assertTrue(rows.get(i).effect() > 0, rows.get(i).name() + " rose");
        }
        for (int i = 1; i < rows.size(); i++) {
            if (rows.get(i).presence() == Presence.BOTH) {
                assertTrue(
                        Math.abs(rows.get(i).effect())
                                <= Math.abs(rows.get(i - 1).effect()),
                        "ranked by effect at " + i);
            }
        }
        assertEquals(4, result.aboveNoise(), "nothing else changed: " + rows.subList(0, 6));
    }

    @Test
    void theNoisyIowaitStaysBelowThemAndBelowNoise() {
        for (String noisy : List.of("cpu.iowait_pct", "stat.cpu.iowait", "stat.cpu.idle")) {
            SeriesChange c = row(noisy);
            assertTrue(result.rows().indexOf(c) >= 4, noisy + " ranks below the known changes");
            assertTrue(Math.abs(c.effect()) < 1, noisy + " is below noise: " + c.effect());
            assertTrue(c.a().noise() > 3, noisy + " is noisy: its second means move by " + c.a().noise() + " %");
        }
    }

    @Test
    void theNewDiskAppeared() {
        Set<String> appeared =
                result.with(Presence.APPEARED).stream().map(SeriesChange::name).collect(Collectors.toSet());
        // with the rates derived from them (sdb writes nothing: no IOPS or await, which take reads and writes)
        assertEquals(
                Set.of(
                        "diskstats.sdb.reads",
                        "diskstats.sdb.sectors_read",
                        "diskstats.sdb.read_ms",
                        "diskstats.sdb.in_flight",
                        "diskstats.sdb.io_ms",
                        "disk.sdb.read_bytes_per_s",
                        "disk.sdb.busy_pct"),
                appeared);
        SeriesChange reads = row("diskstats.sdb.reads");
        assertNull(reads.a());
        assertTrue(Double.isNaN(reads.effect()), "absent, not 0");
        assertEquals(20.0, reads.b().mean(), 2.0, "a fifth of B's ticks read one block: 20 reads/s");
        assertEquals(List.of(), result.with(Presence.DISAPPEARED));
        // the idle rows of sda are deltas of 0, not missing: sda is compared, about 50 reads/s on both sides
        assertEquals(50.0, row("diskstats.sda.reads").a().mean(), 3.0);
        assertEquals(Presence.BOTH, row("diskstats.sda.reads").presence());
    }

    @Test
    void valuesAreInTheShownUnit() {
        SeriesChange slab = row("slabinfo.kmalloc-64");
        assertEquals("objects", slab.series().unit());
        assertEquals(1000, slab.a().mean(), 2);
        assertEquals(3000, slab.b().mean(), 2);
        assertEquals(2.0, slab.relativeChange(), 0.01);
        SeriesChange zone = row("thermal_zone0.temp");
        assertEquals("°C", zone.series().unit());
        assertEquals(6.0, zone.meanChange(), 0.3);
        assertEquals(60, zone.a().observations(), "read at its declared 1 Hz: 60 fresh reads in A");
        SeriesChange psi = row("psi.io.some_pct");
        assertEquals("%", psi.series().unit());
        assertEquals(2.0, psi.a().mean(), 0.4);
        assertEquals(8.0, psi.b().mean(), 0.8);
        SeriesChange stall = row("pressure.io.some_total");
        assertEquals("µs/s", stall.series().unit());
        assertEquals(
                psi.b().mean() * 10_000, stall.b().mean(), 800, "the counter's rate is the derived share, in µs/s");
        assertEquals(ChangeCapture.HALF_S, result.a().seconds(), 1e-6);
        assertEquals(6000, result.a().samples());
        assertEquals(ChangeCapture.HALF_S * 100, result.b().samples());
    }

    @Test
    void aSlabCountStoredOnChangeIsComparedByItsSecondsAndItsLevel() {
        SeriesChange c = row("slabinfo.kmalloc-64");
        assertEquals(353, c.a().observations(), "stored every 17th tick: 353 in A");
        assertEquals(59, c.a().noiseSteps(), "60 seconds, 59 neighbouring pairs");
        assertTrue(c.a().noise() > 1 && c.a().noise() < 10, "it wanders by a few objects a second: " + c.a().noise());
        // its level dominates the spread: √(n_A² + n_B² + 1 + 300² + 25 × 3000) with n ≈ 5
        double spread = Math.sqrt(Math.pow(c.a().noise(), 2)
                + Math.pow(c.b().noise(), 2)
                + 1
                + Math.pow(0.1 * c.b().mean(), 2)
                + 25 * c.b().mean());
        assertEquals(spread, c.spread(), 1e-9);
        assertEquals(c.meanChange() / spread, c.effect(), 1e-12);
    }

    @Test
    void oneRangeInEachOfTwoCapturesRanksTheSame() throws Exception {
        Path a = dir.resolve("a.ndjson");
        Path b = dir.resolve("b.ndjson.gz");
        ChangeCapture.writeHalves(a, b);
        DiffResult two = CaptureDiff.compare(
                new CaptureDiff.Side(a, DiffRange.whole()), new CaptureDiff.Side(b, DiffRange.whole()));
        assertEquals("slabinfo.kmalloc-64", two.rows().get(0).name());
        assertEquals("thermal_zone0.temp", two.rows().get(3).name());
        assertEquals(names(result.rows().subList(0, 4)), names(two.rows().subList(0, 4)));
        assertEquals(4, two.aboveNoise());
        assertEquals(names(result.with(Presence.APPEARED)), names(two.with(Presence.APPEARED)));
        // in one capture B's first tick still holds A's last count (~1000, stored a tick before B): 2000/6000 lower
        assertEquals(
                row("slabinfo.kmalloc-64").b().mean() + 2000.0 / 6000,
                find(two, "slabinfo.kmalloc-64").b().mean(),
                0.01);
    }

    @Test
    void formatTwoGivesExactlyTheSameRanking() throws Exception {
        Path v2 = dir.resolve("change-v2.ndjson.gz");
        CaptureConverter.convert(capture, v2, StreamFormat.V2, true);
        DiffResult same = CaptureDiff.compare(new CaptureDiff.Side(v2, A), new CaptureDiff.Side(v2, B));
        assertEquals(result.rows(), same.rows());
    }

    static SeriesChange row(String name) {
        return find(result, name);
    }

    static SeriesChange find(DiffResult r, String name) {
        SeriesChange c =
                r.rows().stream().filter(x -> x.name().equals(name)).findFirst().orElse(null);
        assertNotNull(c, name + " is ranked");
        return c;
    }

    static List<String> names(List<SeriesChange> rows) {
        return rows.stream().map(SeriesChange::name).sorted().toList();
    }
}
