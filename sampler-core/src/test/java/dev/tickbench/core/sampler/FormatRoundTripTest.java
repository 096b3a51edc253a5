package dev.tickbench.core.sampler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.export.CsvExport;
import dev.tickbench.core.source.HostInfo;
import dev.tickbench.core.source.SourceKind;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same kernel files, sampled tick by tick by the real sampler once in format 1 and once in format 2,
 * decode to the same sample lines and export the same CSV, column for column. The script moves key sets
 * mid-stream (a disk appearing and leaving, a slab cache appearing, a CPU hot-plugged and unplugged),
 * resets a counter, holds levels, keeps zero deltas and leaves idle disk rows out.
 */
class FormatRoundTripTest {
    private static final long TICK_NS = 100_000_000L; // 10 Hz
    private static final int TICKS = 40;

    @TempDir
    Path tmp;

    /** Source contents at tick {@code t} (0 = the baseline read). */
    private static final class Script {
        final ScriptedSource stat = new ScriptedSource(
                "stat", SourceKind.COUNTER, new CadenceRule.EveryTick(), false, Set.of("procs_running"));
        final ScriptedSource disk = new ScriptedSource(
                "diskstats",
                SourceKind.COUNTER,
                new CadenceRule.EveryTick(),
                true,
                Set.of("sda.in_flight", "sdb.in_flight"));
        final ScriptedSource slab = ScriptedSource.level("slabinfo", new CadenceRule.SlabInfo());
        final ScriptedSource freq = ScriptedSource.level("cpufreq", new CadenceRule.CpuFreq(false));
        final ScriptedSource thermal = ScriptedSource.level("thermal_zone0", new CadenceRule.Thermal(1000));
        long ctxt = 1000;
        long sdaReads;
        long sdbReads;

        void at(int t) {
            ctxt = t == 12 ? 5 : ctxt + 100L * t; // tick 12: the counter went back (a reset)
            stat.set(m("cpu.user", 10L * t + t % 3, "cpu.system", t / 2, "ctxt", ctxt, "procs_running", t % 4));
            if (t % 2 == 0) {
                sdaReads += 3;
            }
            if (t == 11 || t == 15) {
                sdbReads += 7;
            }
            Map<String, Long> d =
                    m("sda.reads", sdaReads, "sda.writes", 2L * sdaReads, "sda.in_flight", (long) (t % 2));
            if (t >= 10 && t < 30) { // sdb plugged in at tick 10, gone at tick 30
                d.putAll(m("sdb.reads", sdbReads, "sdb.writes", 0L, "sdb.in_flight", 0L));
            }
            disk.set(d);
            Map<String, Long> s = m("dentry", 500L + t / 5, "nf_conntrack", 12L);
            if (t >= 16) {
                s.put("kmalloc-8k", (long) t); // a cache created mid-stream
            }
            slab.set(s);
            Map<String, Long> f = m("cpu0", t % 7 == 0 ? 1_800_000L : 600_000L, "cpu1", 600_000L);
            if (t >= 20 && t < 26) {
                f.put("cpu2", 0L); // hot-plugged CPU, reporting 0 kHz: a zero, not a missing value
            }
            freq.set(f);
            thermal.set(m("temp", 45_000L + 1000L * (t / 10)));
        }
    }

    private static Map<String, Long> m(Object... kv) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            out.put((String) kv[i], ((Number) kv[i + 1]).longValue());
        }
        return out;
    }

    private Path record(StreamFormat format) throws IOException {
        Script script = new Script();
        script.at(0);
        SamplerEnvironment env = SamplerEnvironment.open(
                List.of(script.stat, script.disk, script.slab, script.freq, script.thermal),
                Map.of(),
                null,
                LimitValue.UNLIMITED,
                new HostInfo("board-7", "Test Board", "6.1.0", 4, 100));
        Path file = tmp.resolve("capture-v" + format.number() + ".ndjson");
        try (Sampler sampler = Sampler.create(new SamplerConfig(SystemRoots.live(), 10, 0), env, List.of());
                CaptureWriter w = CaptureWriter.open(file)) {
            sampler.format(format);
            byte[] hello = sampler.helloLine();
            w.line(hello, 0, hello.length);
            sampler.addSink(w);
            for (int t = 1; t <= TICKS; t++) {
                script.at(t);
                sampler.tick(t * TICK_NS, 1_764_446_400_000_000_000L + t * TICK_NS);
            }
        }
        return file;
    }

    private static List<StreamLine> read(Path file) throws IOException {
        List<StreamLine> out = new ArrayList<>();
        try (CaptureReader r = CaptureReader.open(file)) {
            for (StreamLine l; (l = r.next()) != null; ) {
                out.add(l);
            }
        }
        return out;
    }

    @Test
    void bothFormatsDecodeToTheSameSamples() throws IOException {
        List<StreamLine> v1 = read(record(StreamFormat.V1));
        List<StreamLine> v2 = read(record(StreamFormat.V2));
        assertEquals(1, assertInstanceOf(Hello.class, v1.get(0)).format());
        assertEquals(2, assertInstanceOf(Hello.class, v2.get(0)).format());
        List<SampleLine> s1 = samples(v1);
        List<SampleLine> s2 = samples(v2);
        assertEquals(TICKS, s1.size());
        assertEquals(TICKS, s2.size());
        for (int i = 0; i < TICKS; i++) {
            assertSameSample(s1.get(i), s2.get(i));
        }
        // spot checks that the script did what it says, so the comparison above compares something
        assertEquals(List.of("stat.ctxt"), s2.get(11).resets());
        assertNull(s2.get(11).sources().get("stat").get("ctxt"), "a reset is left out, not 0");
        assertEquals(0L, s2.get(2).sources().get("stat").get("cpu.system"), "a zero delta stays in the data");
        assertEquals(0L, s2.get(19).sources().get("cpufreq").get("cpu2"), "a zero level stays in the data");
        assertNull(s2.get(0).sources().get("diskstats").get("sda.reads"), "tick 1: sda did not move, its row is out");
        assertEquals(7L, s2.get(10).sources().get("diskstats").get("sdb.reads"), "sdb's first delta, tick 11");
        assertNull(s2.get(9).sources().get("diskstats").get("sdb.reads"), "sdb's first read is its baseline");
    }

    @Test
    void keySetChangesAreAnnouncedOnceBeforeTheSampleThatUsesThem() throws IOException {
        Path file = record(StreamFormat.V2);
        List<String> written = java.nio.file.Files.readAllLines(file).stream()
                .filter(l -> l.startsWith("{\"type\":\"schema\""))
                .toList();
        // the written lines keep the unchanged keys as runs of the list before (FORMAT.md, "Kept runs")
        assertTrue(written.get(0).contains("\"diskstats\":[[0,3],\"sdb.reads\""), written.get(0));
        assertTrue(written.get(4).contains("\"diskstats\":[[0,3]]"), written.get(4));
        List<StreamLine> v2 = read(file);
        Hello h = (Hello) v2.get(0);
        List<String> announced = new ArrayList<>();
        long nextSeq = 1;
        for (int i = 1; i < v2.size(); i++) {
            if (v2.get(i) instanceof OtherLine o && o.type().equals(LineDecoder.SCHEMA_TYPE)) {
                long seq = o.raw().path("seq").asLong();
                assertEquals(nextSeq, seq, "a schema line names the sample that follows it");
                assertInstanceOf(SampleLine.class, v2.get(i + 1));
                o.raw().path("schema").fieldNames().forEachRemaining(src -> announced.add(seq + ":" + src));
            } else if (v2.get(i) instanceof SampleLine s) {
                nextSeq = s.seq() + 1;
            }
        }
        // sdb plugged at 10 and gone at 30 (disks: every tick); kmalloc-8k from 16 (slabinfo read every 2nd
        // tick: 17); cpu2 from 20 to 26 (cpufreq every tick)
        assertEquals(List.of("10:diskstats", "17:slabinfo", "20:cpufreq", "26:cpufreq", "30:diskstats"), announced);
        assertTrue(
                v2.stream().noneMatch(l -> l instanceof OtherLine o && !o.type().equals("schema")));
        assertEquals(h.format(), 2);
    }

    @Test
    void bothFormatsExportTheSameCsv() throws IOException {
        Path c1 = record(StreamFormat.V1);
        Path c2 = record(StreamFormat.V2);
        for (boolean fill : new boolean[] {false, true}) {
            CsvExport.Options o = new CsvExport.Options(List.of(), fill, null, null);
            Path out1 = tmp.resolve("v1-" + fill + ".csv");
            Path out2 = tmp.resolve("v2-" + fill + ".csv");
            assertNull(CsvExport.export(c1, out1, o, f -> {}).error());
            assertNull(CsvExport.export(c2, out2, o, f -> {}).error());
            List<String> csv1 = Files.readAllLines(out1);
            assertEquals(TICKS + 1, csv1.size());
            assertTrue(
                    csv1.get(0).contains("diskstats.sdb.reads")
                            && csv1.get(0).contains("slabinfo.kmalloc-8k")
                            && csv1.get(0).contains("cpufreq.cpu2"),
                    csv1.get(0));
            assertEquals(csv1, Files.readAllLines(out2), "fill held " + fill);
            assertEquals(
                    Files.readAllLines(CsvExport.cadenceFileFor(out1)),
                    Files.readAllLines(CsvExport.cadenceFileFor(out2)));
        }
        assertTrue(Files.size(c2) < Files.size(c1), "v2 " + Files.size(c2) + " B, v1 " + Files.size(c1) + " B");
    }

    @Test
    void theSamplersHelloForALateSinkCarriesTheKeyListsInEffect() throws IOException {
        Script script = new Script();
        script.at(0);
        SamplerEnvironment env = SamplerEnvironment.open(
                List.of(script.stat, script.disk),
                Map.of(),
                null,
                LimitValue.UNLIMITED,
                new HostInfo("h", null, "6.1.0", 2, 100));
        try (Sampler sampler = Sampler.create(new SamplerConfig(SystemRoots.live(), 10, 0), env, List.of())) {
            List<byte[]> lines = new ArrayList<>();
            sampler.addSink((b, off, len) -> lines.add(java.util.Arrays.copyOfRange(b, off, off + len)));
            for (int t = 1; t <= 14; t++) { // sdb appears on tick 10
                script.at(t);
                sampler.tick(t * TICK_NS, t * TICK_NS);
            }
            byte[] hello = sampler.helloLine();
            lines.clear();
            script.at(15);
            sampler.tick(15 * TICK_NS, 15 * TICK_NS);
            LineDecoder late = new LineDecoder();
            assertEquals(
                    2,
                    assertInstanceOf(Hello.class, late.decode(hello, 0, hello.length))
                            .format());
            SampleLine s = assertInstanceOf(SampleLine.class, late.decode(lines.get(0), 0, lines.get(0).length));
            assertEquals(15, s.seq());
            assertEquals(
                    7L, s.sources().get("diskstats").get("sdb.reads"), "sdb moved on 15: only the late hello names it");
            assertNull(s.sources().get("diskstats").get("sda.reads"), "sda idle on 15: its row is out");
            assertEquals(1, lines.size(), "no schema line on tick 15: the late sink relies on the hello alone");
        }
    }

    private static List<SampleLine> samples(List<StreamLine> lines) {
        return lines.stream()
                .filter(SampleLine.class::isInstance)
                .map(SampleLine.class::cast)
                .toList();
    }

    private static void assertSameSample(SampleLine a, SampleLine b) {
        String at = "seq " + a.seq();
        assertEquals(a.seq(), b.seq(), at);
        assertEquals(a.monoNs(), b.monoNs(), at);
        assertEquals(a.wallNs(), b.wallNs(), at);
        if (a.seq() > 1) { // seq 1's step is from the baseline read, at each sampler's own start
            assertEquals(a.dtNs(), b.dtNs(), at);
        }
        assertEquals(a.heartbeat(), b.heartbeat(), at);
        assertEquals(a.resets(), b.resets(), at);
        assertEquals(a.limits(), b.limits(), at);
        assertEquals(List.copyOf(a.sources().keySet()), List.copyOf(b.sources().keySet()), at);
        for (Map.Entry<String, SourceValues> e : a.sources().entrySet()) {
            SourceValues v2 = b.sources().get(e.getKey());
            assertArrayEquals(e.getValue().keys(), v2.keys(), at + " " + e.getKey());
            assertArrayEquals(e.getValue().values(), v2.values(), at + " " + e.getKey());
        }
    }
}
