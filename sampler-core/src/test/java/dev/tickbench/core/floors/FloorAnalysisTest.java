package dev.tickbench.core.floors;

import static dev.tickbench.testkit.SyntheticCapture.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.cadence.Reason;
import dev.tickbench.testkit.SyntheticCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Golden tests: captures written with known change rates, measured back. */
class FloorAnalysisTest {
    static final int RATE = 50;
    static final int SECONDS = 30;
    /** Ticks 0..TICKS: SECONDS seconds between the first and the last sample. */
    static final int TICKS = RATE * SECONDS;

    @TempDir
    Path dir;

    /** slabinfo: nf_conntrack at exactly 6 Hz (shifted by {@code phase} ticks), kmalloc-64 at 2 Hz, dentry constant. */
    private Path slabCapture(int phase) throws IOException {
        Path f = dir.resolve("slab-" + phase + ".ndjson");
        try (SyntheticCapture c = SyntheticCapture.file(f, RATE, RATE, SyntheticCapture.attributes())) {
            for (int i = 0; i <= TICKS; i++) {
                Map<String, Map<String, Long>> s = new LinkedHashMap<>();
                s.put(
                        "slabinfo",
                        values(
                                "dentry",
                                5000,
                                "kmalloc-64",
                                300 + (long) i * 2 / RATE,
                                "nf_conntrack",
                                1000 + (long) (i + phase) * 6 / RATE));
                c.sample(s);
            }
        }
        return f;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 3, 7})
    void aSeriesChangingAtSixHzAtRate50MeasuresSixHzWithinOneChange(int phase) throws Exception {
        FloorReport r = FloorAnalysis.analyze(slabCapture(phase));
        assertEquals(TICKS + 1, r.board().samples());
        assertEquals(SECONDS, r.board().durationS(), 1e-9);
        FloorRow nf = r.row("slabinfo.nf_conntrack").orElseThrow();
        assertTrue(Math.abs(nf.changes() - 6 * SECONDS) <= 1, "changes " + nf.changes());
        assertEquals(6.0, nf.hz(), 1.0 / SECONDS);
        assertEquals(TICKS + 1, nf.emissions());
        assertEquals("nf_conntrack", nf.member());
        assertEquals(6.25, nf.shippedHz(), 1e-9); // 50 Hz / round(50 / 6) = 8 ticks
        assertEquals(Reason.BUDGET, nf.shippedReason());
        assertEquals(Verdict.OK, nf.verdict());
        assertTrue(r.warnings().isEmpty(), r.warnings().toString());
    }

    @Test
    void theFastestSlabCacheIsFoundAndSetsTheSourceNeed() throws Exception {
        FloorReport r = FloorAnalysis.analyze(slabCapture(0));
        FloorRow slab = r.row("slabinfo").orElseThrow();
        assertNull(slab.member());
        assertEquals("nf_conntrack", slab.fastest().member());
        assertEquals(180, slab.fastest().changes());
        assertEquals(6.0, slab.fastest().hz(), 1e-9);
        assertEquals(6.0, slab.needHz(), 1e-9);
        // every kmalloc-64 change (each 25 ticks) falls on a tick where nf_conntrack changes too
        assertEquals(180, slab.changes());
        assertEquals(Verdict.OK, slab.verdict());
        FloorRow kmalloc = r.row("slabinfo.kmalloc-64").orElseThrow();
        assertEquals(60, kmalloc.changes());
        assertEquals(2.0, kmalloc.hz(), 1e-9);
        assertEquals(Verdict.OK, kmalloc.verdict()); // 6.25 is not more than 4 x 2.0
        assertEquals(
                List.of("slabinfo", "slabinfo.dentry", "slabinfo.kmalloc-64", "slabinfo.nf_conntrack"),
                r.rows().stream().map(FloorRow::key).toList());
    }

    @Test
    void aConstantSeriesMeasuresZero() throws Exception {
        FloorReport r = FloorAnalysis.analyze(slabCapture(0));
        FloorRow dentry = r.row("slabinfo.dentry").orElseThrow();
        assertEquals(0, dentry.changes());
        assertEquals(0.0, dentry.hz());
        assertEquals(0.0, dentry.needHz());
        assertEquals(Verdict.WASTEFUL, dentry.verdict()); // 6.25 Hz against less than one change in 30 s

        Path f = dir.resolve("still.ndjson.gz");
        ObjectNode attrs = SyntheticCapture.attributes();
        attrs.putObject("cpufreq").putObject("cpu0").put("governor", "userspace");
        try (SyntheticCapture c = SyntheticCapture.file(f, RATE, RATE, attrs)) {
            for (int i = 0; i <= TICKS; i++) {
                Map<String, Map<String, Long>> s = new LinkedHashMap<>();
                s.put("buddyinfo", values("0.DMA.0", 58, "0.DMA.1", 42));
                s.put("cpufreq", values("cpu0", 1400000));
                c.sample(s);
            }
        }
        FloorReport still = FloorAnalysis.analyze(f);
        FloorRow buddy = still.row("buddyinfo").orElseThrow();
        assertEquals(0, buddy.changes());
        assertEquals(0.0, buddy.hz());
        assertNull(buddy.fastest(), "no member changed, so none is fastest");
        assertEquals(50.0, buddy.shippedHz());
        assertEquals(Reason.RATE, buddy.shippedReason());
        assertEquals(Verdict.WASTEFUL, buddy.verdict());
        assertTrue(still.row("buddyinfo.0.DMA.0").isEmpty(), "buddy orders are not rows of their own");
        FloorRow cpu0 = still.row("cpufreq.cpu0").orElseThrow();
        assertEquals(0.0, cpu0.hz());
        assertEquals(Reason.POLICY, cpu0.shippedReason());
    }

    @Test
    void thermalJitterIsMeasuredAgainstTheDeclaredPollingDelay() throws Exception {
        Path f = dir.resolve("thermal.ndjson");
        ObjectNode attrs = SyntheticCapture.attributes();
        attrs.putObject("thermal_zone0").put("type", "cpu-thermal").put("polling_delay_ms", 1000);
        attrs.putObject("thermal_zone1").put("type", "ap-thermal").put("polling_delay_ms", 500);
        attrs.putObject("thermal_zone2").put("type", "sfp-thermal").put("polling_delay_ms", 0);
        try (SyntheticCapture c = SyntheticCapture.file(f, RATE, RATE, attrs)) {
            for (int i = 0; i <= TICKS; i++) {
                long level = 45000 + 420L * (i / RATE); // one 0.42 degree step a second
                Map<String, Map<String, Long>> s = new LinkedHashMap<>();
                s.put("thermal_zone0", values("temp", 45000 + 420L * ((i / 2) % 2))); // flicker, flat curve
                s.put("thermal_zone1", values("temp", level)); // clean ramp
                s.put("thermal_zone2", values("temp", level + 420L * (i % 2))); // ramp under flicker
                c.sample(s);
            }
        }
        FloorReport r = FloorAnalysis.analyze(f);

        FloorRow z0 = r.row("thermal_zone0").orElseThrow();
        assertEquals(750, z0.changes()); // a flip every 2 ticks
        ThermalJitter j0 = z0.jitter();
        assertEquals(1000, j0.pollingDelayMs());
        assertEquals(1.0, j0.declaredHz());
        assertEquals(25.0, j0.rawHz(), 1e-9);
        assertEquals(25.0, j0.ratio(), 1e-9);
        assertEquals(420L, j0.stepMc());
        assertEquals(0.0, j0.curveHz(), "flicker across one step is not the curve");
        assertEquals(0.0, z0.needHz());
        assertEquals(1.0, z0.shippedHz());
        assertEquals(Reason.DECLARED, z0.shippedReason());

        FloorRow z1 = r.row("thermal_zone1").orElseThrow();
        assertEquals(SECONDS, z1.changes());
        assertEquals(0.5, z1.jitter().ratio(), 1e-9); // 1 change/s against 2 Hz declared
        assertEquals(
                29.0 / SECONDS, z1.jitter().curveHz(), 1e-9); // every step but the first, whose direction is unknown
        assertEquals(2.0, z1.shippedHz());
        assertEquals(Verdict.OK, z1.verdict());

        FloorRow z2 = r.row("thermal_zone2").orElseThrow();
        assertTrue(z2.jitter().rawHz() > 45, "raw " + z2.jitter().rawHz());
        assertNull(z2.jitter().declaredHz(), "polling_delay 0 declares nothing");
        assertNull(z2.jitter().ratio());
        assertEquals(29.0 / SECONDS, z2.jitter().curveHz(), 1e-9); // the ramp under the flicker
        assertEquals(0.97, z2.needHz(), 1e-9);
        assertEquals(50.0, z2.shippedHz());
        assertEquals(Reason.RATE, z2.shippedReason());
        assertEquals(Verdict.WASTEFUL, z2.verdict());
    }

    @Test
    void aCaptureWithoutOverrideIsRefusedWithWhatToDo() throws Exception {
        Path f = dir.resolve("floored.ndjson");
        try (SyntheticCapture c = SyntheticCapture.file(f, RATE, 0, SyntheticCapture.attributes())) {
            c.sample(Map.of("slabinfo", values("nf_conntrack", 1)));
        }
        FloorAnalysisException e = assertThrows(FloorAnalysisException.class, () -> FloorAnalysis.analyze(f));
        assertTrue(e.getMessage().startsWith(f.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("floor_hz 0"), e.getMessage());
        assertTrue(e.getMessage().contains("record with --floor-hz >= --rate"), e.getMessage());

        Path slow = dir.resolve("slow-override.ndjson");
        try (SyntheticCapture c = SyntheticCapture.file(slow, RATE, 10, SyntheticCapture.attributes())) {
            c.sample(Map.of("slabinfo", values("nf_conntrack", 1)));
        }
        FloorAnalysisException e2 = assertThrows(FloorAnalysisException.class, () -> FloorAnalysis.analyze(slow));
        assertTrue(e2.getMessage().contains("floor_hz 10 below its rate 50 Hz"), e2.getMessage());
        assertTrue(e2.getMessage().contains("--floor-hz >= --rate"), e2.getMessage());
    }

    @Test
    void aMissingFileOrOneWithoutHelloIsRefused() throws Exception {
        Path none = dir.resolve("none.ndjson.gz");
        FloorAnalysisException e = assertThrows(FloorAnalysisException.class, () -> FloorAnalysis.analyze(none));
        assertEquals(none + ": no such file", e.getMessage());

        Path noHello = dir.resolve("no-hello.ndjson");
        Files.writeString(noHello, "{\"type\":\"gap\",\"from_seq\":1,\"to_seq\":2,\"reason\":\"x\"}\n");
        FloorAnalysisException e2 = assertThrows(FloorAnalysisException.class, () -> FloorAnalysis.analyze(noHello));
        assertTrue(e2.getMessage().contains("line 1 is not a hello line"), e2.getMessage());

        Path empty = dir.resolve("empty.ndjson");
        Files.writeString(empty, "");
        assertTrue(assertThrows(FloorAnalysisException.class, () -> FloorAnalysis.analyze(empty))
                .getMessage()
                .contains("empty file"));
    }

    @Test
    void aTruncatedCaptureIsAnalysedUpToTheBadLineWithAWarning() throws Exception {
        Path whole = slabCapture(0);
        List<String> lines = Files.readAllLines(whole);
        // keep the hello and 600 samples whole, then half of line 602
        String cut = String.join("\n", lines.subList(0, 601)) + "\n"
                + lines.get(601).substring(0, lines.get(601).length() / 2);
        Path f = dir.resolve("truncated.ndjson");
        Files.writeString(f, cut);
        FloorReport r = FloorAnalysis.analyze(f);
        assertEquals(602L, r.truncatedAtLine());
        assertEquals(600, r.board().samples());
        assertEquals(599.0 / RATE, r.board().durationS(), 1e-9);
        assertTrue(
                r.warnings().stream()
                        .anyMatch(w -> w.contains("line 602") && w.contains("analysed the 601 lines before it")),
                r.warnings().toString());
        FloorRow nf = r.row("slabinfo.nf_conntrack").orElseThrow();
        assertEquals(6.0, nf.hz(), 1.0 / r.board().durationS());
    }

    @Test
    void aTruncatedGzipCaptureKeepsWhatWasRead() throws Exception {
        Path f = dir.resolve("long.ndjson.gz");
        try (SyntheticCapture c = SyntheticCapture.file(f, RATE, RATE, SyntheticCapture.attributes())) {
            for (int i = 0; i <= TICKS; i++) {
                c.sample(Map.of("slabinfo", values("nf_conntrack", 1000 + (long) i * 6 / RATE)));
            }
        }
        byte[] all = Files.readAllBytes(f);
        Path cut = dir.resolve("cut.ndjson.gz");
        Files.write(cut, java.util.Arrays.copyOf(all, all.length * 2 / 3));
        FloorReport r = FloorAnalysis.analyze(cut);
        assertNotNull(r.truncatedAtLine());
        assertTrue(
                r.board().samples() > 100 && r.board().samples() < TICKS,
                "samples " + r.board().samples());
        assertTrue(
                r.warnings().get(0).contains("line " + r.truncatedAtLine()),
                r.warnings().toString());
        assertEquals(
                6.0,
                r.row("slabinfo.nf_conntrack").orElseThrow().hz(),
                1.0 / r.board().durationS());
    }

    @Test
    void changesAcrossAGapAreNotCountedNorItsTime() throws Exception {
        Path f = dir.resolve("gap.ndjson");
        try (SyntheticCapture c = SyntheticCapture.file(f, RATE, RATE, SyntheticCapture.attributes())) {
            for (int i = 0; i < 100; i++) {
                c.sample(Map.of("buddyinfo", values("0.DMA.0", 1)));
            }
            c.gap("reconnect");
            c.skip(500);
            for (int i = 0; i < 100; i++) {
                c.sample(Map.of("buddyinfo", values("0.DMA.0", 2)));
            }
        }
        FloorReport r = FloorAnalysis.analyze(f);
        assertEquals(0, r.row("buddyinfo").orElseThrow().changes());
        assertEquals(198.0 / RATE, r.board().durationS(), 1e-9);
        assertTrue(
                r.warnings().stream().anyMatch(w -> w.contains("1 gap(s)")),
                r.warnings().toString());
    }

    @Test
    void twoCachesOfOneNameAreTwoSeriesNotAChangeEveryLine() throws Exception {
        Path f = dir.resolve("dup.ndjson");
        try (SyntheticCapture c = SyntheticCapture.file(f, RATE, RATE, SyntheticCapture.attributes())) {
            for (int i = 0; i <= 100; i++) {
                c.sampleWithRepeatedKeys("slabinfo", "nf_conntrack", 1234 + i / 25, "dentry", 7, "nf_conntrack", 0);
            }
        }
        FloorReport r = FloorAnalysis.analyze(f);
        assertEquals(4, r.row("slabinfo.nf_conntrack").orElseThrow().changes());
        assertEquals(0, r.row("slabinfo.nf_conntrack#2").orElseThrow().changes());
        assertEquals(4, r.row("slabinfo").orElseThrow().changes());
        assertTrue(
                r.warnings().stream().anyMatch(w -> w.contains("[nf_conntrack] twice")),
                r.warnings().toString());
    }

    @Test
    void aSourceMissingOnSomeSamplesIsReported() throws Exception {
        Path f = dir.resolve("sparse.ndjson");
        try (SyntheticCapture c = SyntheticCapture.file(f, RATE, RATE, SyntheticCapture.attributes())) {
            for (int i = 0; i <= 100; i++) {
                Map<String, Map<String, Long>> s = new LinkedHashMap<>();
                s.put("buddyinfo", values("0.DMA.0", i / 10));
                if (i % 2 == 0) {
                    s.put("mtd", values("mtd0.corrected_bits", 3));
                }
                c.sample(s);
            }
        }
        FloorReport r = FloorAnalysis.analyze(f);
        assertEquals(51, r.row("mtd").orElseThrow().emissions());
        assertTrue(
                r.warnings().stream().anyMatch(w -> w.contains("mtd was emitted on 51 of 101 samples")),
                r.warnings().toString());
        assertEquals(0.1, r.row("mtd").orElseThrow().shippedHz(), 1e-9);
    }
}
