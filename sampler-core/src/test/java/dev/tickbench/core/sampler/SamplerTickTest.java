package dev.tickbench.core.sampler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.derived.PmuDerived;
import dev.tickbench.core.source.HostInfo;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.SourceKind;
import dev.tickbench.core.source.pmu.PmuSource;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The cadence engine driven tick by tick with scripted file contents: which sources appear on which
 * ticks (change, no change, heartbeat after 60 s, floors, FLOOR_HZ override), counters, wraps, resets
 * and the per-device row filter.
 */
class SamplerTickTest {
    private static final long SEC = 1_000_000_000L;

    private final List<StreamLine> lines = new ArrayList<>();
    private final LineDecoder decoder = new LineDecoder();
    private Sampler sampler;
    private long mono;
    private int rate;

    private Sampler sampler(int rateHz, int floorHz, LimitValue memoryMax, Source... sources) {
        this.rate = rateHz;
        SamplerEnvironment env = SamplerEnvironment.open(
                List.of(sources),
                Map.of("mtd", "no /sys/class/mtd"),
                null,
                memoryMax,
                new HostInfo("board-7", "Test Board", "6.1.0", 4, 100));
        sampler = Sampler.create(
                new SamplerConfig(dev.tickbench.core.source.SystemRoots.live(), rateHz, floorHz), env, List.of());
        sampler.addSink((b, o, l) -> lines.add(decoder.decode(b, o, l - 1)));
        byte[] hello = sampler.helloLine();
        try {
            lines.add(decoder.decode(hello, 0, hello.length - 1));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return sampler;
    }

    private SampleLine tick() throws IOException {
        mono += SEC / rate;
        sampler.tick(mono, mono);
        return (SampleLine) lines.get(lines.size() - 1);
    }

    private static Map<String, Long> m(Object... kv) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            out.put((String) kv[i], ((Number) kv[i + 1]).longValue());
        }
        return out;
    }

    @Test
    void helloCarriesHostRateFloorAndCadences() {
        sampler(
                10,
                0,
                LimitValue.UNLIMITED,
                ScriptedSource.level("slabinfo", new CadenceRule.SlabInfo()).set(m("a", 1)));
        Hello h = assertInstanceOf(Hello.class, lines.get(0));
        assertEquals("board-7", h.hostname());
        assertEquals("Test Board", h.board());
        assertEquals(4, h.cores());
        assertEquals(10, h.rateHz());
        assertEquals(0, h.floorHz());
        assertEquals(
                "budget",
                h.capabilities()
                        .path("cadences")
                        .path("slabinfo")
                        .path("reason")
                        .asText());
        assertEquals(
                5.0,
                h.capabilities().path("cadences").path("slabinfo").path("hz").asDouble());
        assertEquals(
                2,
                h.capabilities()
                        .path("cadences")
                        .path("slabinfo")
                        .path("every_ticks")
                        .asInt());
        assertFalse(h.capabilities().path("sources").path("mtd").asBoolean(true));
        assertEquals(
                "no /sys/class/mtd", h.capabilities().path("absent").path("mtd").asText());
        assertTrue(h.capabilities().path("limits").has("memory_max"));
        assertTrue(h.capabilities().path("limits").path("memory_max").isNull(), "max is null, not 0");
    }

    /** record --duration: the ticks scheduled within the duration, then the thread ends by itself. */
    @Test
    void aBoundedRunTakesNoTickAfterItsEnd() throws Exception {
        sampler(
                100,
                0,
                LimitValue.UNLIMITED,
                ScriptedSource.level("slabinfo", new CadenceRule.SlabInfo()).set(m("a", 1)));
        CountDownLatch ended = new CountDownLatch(1);
        sampler.endAfter(SEC / 10, ended::countDown); // 100 ms: ticks 1 … 10
        sampler.start();
        assertTrue(ended.await(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "the bounded run did not end");
        List<Long> seqs = lines.stream()
                .filter(l -> l instanceof SampleLine)
                .map(l -> ((SampleLine) l).seq())
                .toList();
        sampler.close();
        assertFalse(seqs.isEmpty(), "no tick at all");
        assertTrue(
                seqs.get(seqs.size() - 1) <= 10 && sampler.lastSeq() <= 10, "ticks within 100 ms at 100 Hz: " + seqs);
        assertEquals(
                seqs.size(), lines.stream().filter(l -> l instanceof SampleLine).count(), "nothing after the end");
        assertThrows(IllegalStateException.class, () -> sampler.endAfter(SEC, () -> {}), "only before start");
    }

    @Test
    void kmsgIsListedAmongTheSourcesLikeInCadences() throws Exception {
        java.nio.file.Path board = java.nio.file.Path.of(
                getClass().getResource("/boards/router-arm").toURI());
        dev.tickbench.core.source.SystemRoots roots =
                dev.tickbench.core.source.SystemRoots.of(board.resolve("proc"), board.resolve("sys"));
        try (Sampler s = Sampler.create(new SamplerConfig(roots, 10, 0), List.of(), List.of())) {
            var caps = s.capabilities();
            assertEquals(
                    "rate", caps.path("cadences").path("kmsg").path("reason").asText());
            assertTrue(
                    caps.path("sources").path("kmsg").asBoolean(false),
                    caps.path("sources").toString());
        }
        java.nio.file.Path empty = java.nio.file.Files.createTempDirectory("tickbench-nokmsg");
        try (Sampler s = Sampler.create(
                new SamplerConfig(
                        dev.tickbench.core.source.SystemRoots.of(empty.resolve("proc"), empty.resolve("sys")), 10, 0),
                List.of(),
                List.of())) {
            var caps = s.capabilities();
            assertFalse(caps.path("sources").path("kmsg").asBoolean(true), "absent kmsg is false, with its reason");
            assertTrue(caps.path("absent").path("kmsg").asText().contains("dev/kmsg"));
            assertFalse(caps.path("cadences").has("kmsg"));
        } finally {
            java.nio.file.Files.deleteIfExists(empty);
        }
    }

    @Test
    void aDeviceTreePollingDelayIsADeclaredCadence() throws Exception {
        java.nio.file.Path board = java.nio.file.Path.of(
                getClass().getResource("/boards/imx8mq-dt").toURI());
        try (Sampler s = Sampler.create(
                new SamplerConfig(
                        dev.tickbench.core.source.SystemRoots.of(board.resolve("proc"), board.resolve("sys")), 10, 0),
                List.of(),
                List.of())) {
            var cad = s.capabilities().path("cadences");
            assertEquals("declared", cad.path("thermal_zone0").path("reason").asText());
            assertEquals(20, cad.path("thermal_zone0").path("every_ticks").asInt(), "2000 ms at 10 Hz");
            assertEquals(0.5, cad.path("thermal_zone0").path("hz").asDouble());
            assertEquals("rate", cad.path("thermal_zone4").path("reason").asText(), "no device tree node");
        }
    }

    @Test
    void aReadSpreadOverTicksIsEmittedWhenWholeWhileTheOthersKeepEveryTick() throws IOException {
        long[] count = {0};
        ScriptedSource table = new ScriptedSource(
                        "procs", SourceKind.COUNTER, new CadenceRule.Chosen(2), false, Set.of())
                .supply(() -> m("a|cpu", count[0] += 10))
                .steps(3);
        ScriptedSource stat = ScriptedSource.counter("stat").supply(() -> m("ctxt", count[0]));
        sampler(10, 0, LimitValue.UNLIMITED, table, stat);
        assertEquals(1, table.reads, "the baseline is read whole");
        List<String> seen = new ArrayList<>();
        for (int t = 1; t <= 10; t++) {
            SampleLine s = tick();
            assertTrue(s.sources().containsKey("stat"), "stat on tick " + t);
            if (s.sources().containsKey("procs")) {
                seen.add(t + ":" + s.sources().get("procs").get("a|cpu"));
            }
        }
        // due on ticks 1 and 6 (2 Hz of 10), each read whole on its third step: emitted on 3 and 8
        assertEquals(List.of("3:10", "8:10"), seen);
        assertEquals(3, table.reads);
        assertTrue(table.budgets.stream().allMatch(b -> b == SEC / 10 / 5), "a fifth of the period: " + table.budgets);
    }

    @Test
    void floorsChangeFilterAndHeartbeatTickByTick() throws IOException {
        ScriptedSource slab =
                ScriptedSource.level("slabinfo", new CadenceRule.SlabInfo()).set(m("nf_conntrack", 10, "dentry", 5));
        ScriptedSource buddy =
                ScriptedSource.level("buddyinfo", new CadenceRule.BuddyInfo()).set(m("0.Normal.0", 7));
        ScriptedSource thermal = ScriptedSource.level("thermal_zone0", new CadenceRule.Thermal(1000))
                .set(m("temp", 45000));
        ScriptedSource freq =
                ScriptedSource.level("cpufreq", new CadenceRule.CpuFreq(false)).set(m("cpu0", 600000, "cpu1", 600000));
        sampler(10, 0, new LimitValue(1L << 29), slab, buddy, thermal, freq);

        // tick 1: the change filter was re-armed after the baseline: every store-on-change source is here
        SampleLine t1 = tick();
        assertEquals(1, t1.seq());
        assertEquals(
                Set.of("slabinfo", "buddyinfo", "thermal_zone0", "cpufreq"),
                t1.sources().keySet());
        assertEquals(10L, t1.sources().get("slabinfo").get("nf_conntrack"));
        assertEquals(1L << 29, t1.limits().get("memory_max"));
        assertTrue(t1.heartbeat().isEmpty());

        // tick 2: slabinfo not due (every 2), thermal not due (every 10), nothing moved
        SampleLine t2 = tick();
        assertEquals(Set.of(), t2.sources().keySet());
        assertTrue(t2.limits().isEmpty());
        assertEquals(SEC / 10, t2.dtNs());

        // tick 3: slabinfo due but unchanged -> not stored; cpufreq: one core moves -> all cores stored
        freq.set(m("cpu0", 1800000, "cpu1", 600000));
        SampleLine t3 = tick();
        assertEquals(Set.of("cpufreq"), t3.sources().keySet());
        assertEquals(1800000L, t3.sources().get("cpufreq").get("cpu0"));
        assertEquals(600000L, t3.sources().get("cpufreq").get("cpu1"));

        // tick 4: slab changes but is not due until tick 5
        slab.set(m("nf_conntrack", 11, "dentry", 5));
        assertFalse(tick().sources().containsKey("slabinfo"));
        SampleLine t5 = tick();
        assertEquals(Set.of("slabinfo"), t5.sources().keySet());
        assertEquals(11L, t5.sources().get("slabinfo").get("nf_conntrack"));
        assertEquals(4, slab.reads, "baseline + ticks 1, 3, 5");

        // thermal: sample-and-hold at its declared cadence, stored on every read even when unchanged
        for (int t = 6; t <= 10; t++) {
            assertFalse(tick().sources().containsKey("thermal_zone0"), "tick " + t);
        }
        SampleLine t11 = tick();
        assertEquals(45000L, t11.sources().get("thermal_zone0").get("temp"));
        assertFalse(t11.heartbeat().contains("thermal_zone0"));

        // rate x 60 = 600 ticks after its last emission, nothing moved: the read due then re-emits each
        // store-on-change source, marked hb. buddyinfo and cpufreq were last stored at ticks 1 and 3.
        while (t11.seq() < 600) {
            SampleLine quiet = tick();
            assertFalse(quiet.heartbeat().contains("buddyinfo"), "tick " + quiet.seq());
            t11 = quiet;
        }
        SampleLine hb = tick();
        assertEquals(601, hb.seq());
        assertTrue(
                hb.heartbeat().containsAll(Set.of("buddyinfo", "limits")),
                hb.heartbeat().toString());
        assertFalse(hb.heartbeat().contains("cpufreq"), "cpufreq was stored at tick 3: its heartbeat is at 603");
        assertEquals(7L, hb.sources().get("buddyinfo").get("0.Normal.0"));
        assertEquals(1L << 29, hb.limits().get("memory_max"));
        assertTrue(tick().heartbeat().isEmpty(), "tick 602");
        SampleLine t603 = tick();
        assertTrue(t603.heartbeat().contains("cpufreq"), t603.heartbeat().toString());
        // slabinfo was last stored at tick 5 and is due on odd ticks: 605 is 600 ticks later
        assertTrue(tick().heartbeat().isEmpty(), "tick 604");
        SampleLine t605 = tick();
        assertEquals(Set.of("slabinfo"), t605.heartbeat(), t605.heartbeat().toString());
        SampleLine quiet = tick();
        assertTrue(quiet.heartbeat().isEmpty());
        assertFalse(quiet.sources().containsKey("buddyinfo"));
    }

    @Test
    void theHeartbeatCountsTicksSoALateWakeUpBeforeTheMinuteStillBeats() throws IOException {
        // 10 Hz: the heartbeat is 600 ticks. Tick 601's wake-up clock reads 59.9998 s after tick 1's
        // (ticks 2..601 each woke a little early relative to the last): counted, it is the heartbeat.
        ScriptedSource buddy =
                ScriptedSource.level("buddyinfo", new CadenceRule.BuddyInfo()).set(m("0.Normal.0", 7));
        sampler(10, 0, new LimitValue(4096L), buddy);
        assertTrue(tick().sources().containsKey("buddyinfo"), "tick 1 stores the first read");
        long step = (60 * SEC - 200_000) / 600;
        SampleLine last = null;
        for (int t = 2; t <= 601; t++) {
            mono += step;
            sampler.tick(mono, mono);
            last = (SampleLine) lines.get(lines.size() - 1);
            if (t < 601) {
                assertFalse(last.sources().containsKey("buddyinfo"), "unchanged, before the heartbeat: tick " + t);
            }
        }
        assertEquals(601, last.seq());
        assertEquals(
                Set.of("buddyinfo", "limits"), last.heartbeat(), "600 ticks after tick 1, whatever the clock says");
    }

    @Test
    void floorHzOverrideEmitsEveryReadAtOneCadence() throws IOException {
        ScriptedSource slab =
                ScriptedSource.level("slabinfo", new CadenceRule.SlabInfo()).set(m("nf_conntrack", 10));
        ScriptedSource buddy =
                ScriptedSource.level("buddyinfo", new CadenceRule.BuddyInfo()).set(m("0.Normal.0", 7));
        ScriptedSource thermal = ScriptedSource.level("thermal_zone0", new CadenceRule.Thermal(1000))
                .set(m("temp", 45000));
        sampler(10, 3, new LimitValue(4096L), slab, buddy, thermal);
        Hello h = (Hello) lines.get(0);
        for (String s : new String[] {"slabinfo", "buddyinfo", "thermal_zone0"}) {
            assertEquals(
                    "override",
                    h.capabilities().path("cadences").path(s).path("reason").asText(),
                    s);
            assertEquals(
                    3,
                    h.capabilities()
                            .path("cadences")
                            .path(s)
                            .path("every_ticks")
                            .asInt(),
                    s);
        }
        for (int t = 1; t <= 7; t++) {
            SampleLine s = tick();
            boolean due = (t - 1) % 3 == 0;
            assertEquals(due, s.sources().containsKey("slabinfo"), "slabinfo tick " + t);
            assertEquals(due, s.sources().containsKey("thermal_zone0"), "thermal tick " + t);
            assertTrue(s.sources().containsKey("buddyinfo"), "buddyinfo unchanged but emitted, tick " + t);
            assertEquals(4096L, s.limits().get("memory_max"), "memory.max every tick with FLOOR_HZ");
            assertTrue(s.heartbeat().isEmpty());
        }
    }

    @Test
    void floorHzAtRateEmitsEverythingEveryTick() throws IOException {
        ScriptedSource slab =
                ScriptedSource.level("slabinfo", new CadenceRule.SlabInfo()).set(m("nf_conntrack", 10));
        ScriptedSource mtd = ScriptedSource.level("mtd", new CadenceRule.Mtd()).set(m("mtd0.ecc_failures", 0));
        sampler(50, 50, null, slab, mtd);
        for (int t = 1; t <= 5; t++) {
            assertEquals(Set.of("slabinfo", "mtd"), tick().sources().keySet());
        }
    }

    /**
     * {@code pmu_sw} as the sampler sees it: a counter at the perf event groups' chosen cadence. The kernel
     * times the group ({@code enabled_ns} runs with the clock) and the CPU switches context 5 000 times a
     * second. At 100 Hz the group is read on ticks 1, 11, 21, 31; each delta covers the whole interval
     * since its previous read (the baseline for tick 1), so the rate per second counted stays 5 000.
     */
    @Test
    void thePmuGroupsAreEmittedOnTheirDueTicksWithDeltasOverTheWholeInterval() throws IOException {
        ScriptedSource pmu = new ScriptedSource(
                        "pmu_sw", SourceKind.COUNTER, new CadenceRule.Chosen(PmuSource.DEFAULT_HZ), false, Set.of())
                .supply(() -> m("cpu0.context_switches", mono / 200_000, "cpu0.enabled_ns", mono));
        ScriptedSource stat = ScriptedSource.counter("stat").supply(() -> m("cpu.user", mono / 10_000_000));
        sampler(100, 0, null, pmu, stat);
        JsonNode cadence =
                ((Hello) lines.get(0)).capabilities().path("cadences").path("pmu_sw");
        assertEquals(10.0, cadence.path("hz").asDouble());
        assertEquals("policy", cadence.path("reason").asText());
        assertEquals(10, cadence.path("every_ticks").asInt());
        PmuDerived derived = new PmuDerived();
        List<Double> perSecond = new ArrayList<>();
        long covered = 0;
        for (int t = 1; t <= 35; t++) {
            SampleLine s = tick();
            assertEquals(1L, s.sources().get("stat").get("cpu.user"), "the files every tick: tick " + t);
            boolean due = (t - 1) % 10 == 0;
            assertEquals(due, s.sources().containsKey("pmu_sw"), "pmu_sw on tick " + t);
            if (due) {
                SourceValues v = s.sources().get("pmu_sw");
                long enabled = v.get("cpu0.enabled_ns");
                assertEquals(t == 1 ? SEC / 100 : SEC / 10, enabled, "tick " + t);
                assertEquals(enabled / 200_000, v.get("cpu0.context_switches"), "tick " + t);
                covered += enabled;
                derived.accept("pmu_sw", v, s.monoNs(), (name, value, note) -> perSecond.add(value));
            }
        }
        assertEquals(1 + 4, pmu.reads, "the baseline, then ticks 1, 11, 21 and 31");
        assertEquals(31 * SEC / 100, covered, "the deltas add up to the time to the last read: none lost");
        assertEquals(List.of(5000.0, 5000.0, 5000.0, 5000.0), perSecond);
    }

    @Test
    void countersAreDeltasWithWrapsResetsAndZeroes() throws IOException {
        ScriptedSource stat =
                ScriptedSource.counter("stat").set(m("cpu.user", 100, "ctxt", 0xFFFF_FFF0L, "procs_running", 3));
        stat = new ScriptedSource(
                        "stat",
                        dev.tickbench.core.source.SourceKind.COUNTER,
                        new CadenceRule.EveryTick(),
                        false,
                        Set.of("procs_running"))
                .set(m("cpu.user", 100, "ctxt", 0xFFFF_FFF0L, "procs_running", 3));
        sampler(10, 0, null, stat);
        stat.set(m("cpu.user", 100, "ctxt", 0xFFFF_FFF8L, "procs_running", 2));
        SampleLine t1 = tick();
        assertEquals(0L, t1.sources().get("stat").get("cpu.user"), "an idle core's zero delta is real");
        assertEquals(8L, t1.sources().get("stat").get("ctxt"));
        assertEquals(2L, t1.sources().get("stat").get("procs_running"), "levels stay absolute");
        stat.set(m("cpu.user", 103, "ctxt", 4, "procs_running", 2));
        SampleLine t2 = tick();
        assertEquals(3L, t2.sources().get("stat").get("cpu.user"));
        assertEquals(12L, t2.sources().get("stat").get("ctxt"), "a 32-bit wrap is unwrapped, not a huge delta");
        stat.set(m("cpu.user", 5, "ctxt", 10, "procs_running", 2));
        SampleLine t3 = tick();
        assertNull(t3.sources().get("stat").get("cpu.user"), "after a reset the delta is unknown, not huge");
        assertEquals(List.of("stat.cpu.user"), t3.resets());
        assertEquals(6L, t3.sources().get("stat").get("ctxt"));
        stat.set(m("cpu.user", 6, "ctxt", 10, "procs_running", 2, "cpu.nice", 1));
        SampleLine t4 = tick();
        assertEquals(1L, t4.sources().get("stat").get("cpu.user"));
        assertNull(t4.sources().get("stat").get("cpu.nice"), "a new key's first read is its baseline");
    }

    @Test
    void diskRowsOnlyWhenTheirDeltaIsNonZero() throws IOException {
        ScriptedSource disk = new ScriptedSource(
                "diskstats",
                dev.tickbench.core.source.SourceKind.COUNTER,
                new CadenceRule.EveryTick(),
                true,
                Set.of("sda.in_flight", "nbd0.in_flight"));
        disk.set(m("nbd0.reads", 0, "nbd0.in_flight", 0, "sda.reads", 10, "sda.in_flight", 1));
        sampler(10, 3, null, disk); // FLOOR_HZ does not change the per-device row filter
        disk.set(m("nbd0.reads", 0, "nbd0.in_flight", 0, "sda.reads", 12, "sda.in_flight", 0));
        SampleLine t1 = tick();
        assertEquals(2L, t1.sources().get("diskstats").get("sda.reads"));
        assertEquals(0L, t1.sources().get("diskstats").get("sda.in_flight"));
        assertNull(t1.sources().get("diskstats").get("nbd0.reads"), "an idle nbd has no row");
        SampleLine t2 = tick();
        assertEquals(0, t2.sources().get("diskstats").size(), "read, and every device idle");
    }

    @Test
    void aFailingSourceIsSkippedAndTheSamplerGoesOn() throws IOException {
        ScriptedSource slab =
                ScriptedSource.level("slabinfo", new CadenceRule.SlabInfo()).set(m("a", 1));
        ScriptedSource buddy =
                ScriptedSource.level("buddyinfo", new CadenceRule.BuddyInfo()).set(m("0.Normal.0", 7));
        sampler(10, 0, null, slab, buddy);
        buddy.failing(true);
        SampleLine t1 = tick();
        assertEquals(Set.of("slabinfo"), t1.sources().keySet(), "not emitted, and never as zero");
        buddy.failing(false);
        assertEquals(7L, tick().sources().get("buddyinfo").get("0.Normal.0"), "still armed: first good read is stored");
    }
}
