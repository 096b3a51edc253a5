package dev.tickbench.core.sampler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.core.derived.DerivedKind;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedValue;
import dev.tickbench.core.source.HostInfo;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.throttle.ThrottleExtension;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real tick loop on an injected clock that jumps on 30 % of the ticks (a tick that takes just over
 * two periods, so the slot after it is skipped): the schedule counts slots, so every published cadence
 * holds in wall time (docs/cadence.md). With the clock injected these are exact facts about the stream,
 * not timing assertions: a floored source within 1 % of its plan, the heartbeat at 60 s (± one period),
 * throttle seconds of 1 s (± one period) whose iowait is the derived one, and the every-tick sources'
 * shortfall published as their achieved cadence.
 */
class SlotScheduleTest {
    private static final int RATE = 100;
    private static final long PERIOD = 1_000_000_000L / RATE;
    private static final long SEC = 1_000_000_000L;
    private static final long RUN_S = 130;

    @TempDir
    Path dir;

    @Test
    void cadencesHoldInWallTimeWhenThirtyPercentOfTicksSlip() throws Exception {
        SteppingClock clock = new SteppingClock(); // moves when the loop sleeps or a read makes a tick slow
        long[] reads = {0};
        // every read of "stall" (every tick) decides whether this tick is slow: 3 ticks in 10, spread out
        ScriptedSource stall = ScriptedSource.counter("stall").supply(() -> {
            long n = reads[0]++;
            if (n > 0 && (n * 7) % 10 < 3) {
                clock.now += 2 * PERIOD + 1; // the tick takes just over two periods: the next slot is past
            }
            return Map.of("n", n);
        });
        long[] cpu = {1000, 0, 500, 50000, 300, 0, 0, 0};
        ScriptedSource stat = ScriptedSource.counter("stat").supply(() -> {
            cpu[0] += 1;
            cpu[3] += 1;
            cpu[4] += (cpu[0] % 3 == 0) ? 1 : 0; // iowait moves on a third of the reads
            Map<String, Long> m = new LinkedHashMap<>();
            String[] f = {"user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal"};
            for (int i = 0; i < f.length; i++) {
                m.put("cpu." + f[i], cpu[i]);
            }
            return m;
        });
        ScriptedSource mem =
                ScriptedSource.level("meminfo", new CadenceRule.EveryTick()).set(Map.of("MemTotal", 1000L));
        long[] slabValue = {0};
        ScriptedSource slab = ScriptedSource.level("slabinfo", new CadenceRule.SlabInfo())
                .supply(() -> Map.of("dentry", ++slabValue[0])); // moves on every read: every read is stored
        ScriptedSource thermal = ScriptedSource.level("thermal_zone0", new CadenceRule.Thermal(1000))
                .set(Map.of("temp", 45000L));
        ScriptedSource buddy = ScriptedSource.level("buddyinfo", new CadenceRule.BuddyInfo())
                .set(Map.of("0.Normal.0", 7L)); // never moves: stored at the start and by heartbeat
        SamplerEnvironment env = SamplerEnvironment.open(
                List.of(stall, stat, mem, slab, thermal, buddy),
                Map.of(),
                null,
                null,
                new HostInfo("h", null, "6.1.0", 2, 100));
        ThrottleExtension throttle = new ThrottleExtension(SystemRoots.of(dir.resolve("proc"), dir.resolve("sys")), 4);
        List<StreamLine> lines = new ArrayList<>();
        LineDecoder decoder = new LineDecoder();
        CountDownLatch ended = new CountDownLatch(1);
        try (Sampler sampler = Sampler.create(new SamplerConfig(SystemRoots.live(), RATE, 0), env, List.of(throttle))) {
            byte[] hello = sampler.helloLine();
            Hello h = assertInstanceOf(Hello.class, decoder.decode(hello, 0, hello.length - 1));
            lines.add(h);
            clock.now = h.startedMonoNs();
            sampler.addSink((b, o, l) -> {
                synchronized (lines) {
                    lines.add(decoder.decode(b, o, l - 1));
                }
            });
            sampler.timer(clock);
            sampler.endAfter(RUN_S * SEC, ended::countDown);
            sampler.start();
            assertTrue(ended.await(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "the run did not end");
        }
        List<StreamLine> all;
        synchronized (lines) {
            all = List.copyOf(lines);
        }
        long t0 = ((Hello) all.get(0)).startedMonoNs();

        // the slot of each sample: seq plus every tick skipped up to it
        long slot = 0;
        long skippedTotal = 0;
        List<long[]> slabReads = new ArrayList<>(); // {slot, mono}
        List<long[]> thermalReads = new ArrayList<>();
        List<long[]> buddyEmissions = new ArrayList<>();
        List<long[]> throttleTicks = new ArrayList<>();
        List<long[]> samplesAt = new ArrayList<>(); // {slot, mono, seq}
        DerivedSeries derived = new DerivedSeries();
        Double iowaitHere = null;
        int throttleCompared = 0;
        List<AchievedCadences> cadenceLines = new ArrayList<>();
        for (StreamLine l : all) {
            List<DerivedValue> values = derived.accept(l);
            if (l instanceof SampleLine s) {
                slot += s.slots();
                skippedTotal += s.skipped();
                samplesAt.add(new long[] {slot, s.monoNs(), s.seq()});
                if (s.sources().containsKey("slabinfo")) {
                    slabReads.add(new long[] {slot, s.monoNs()});
                }
                if (s.sources().containsKey("thermal_zone0")) {
                    thermalReads.add(new long[] {slot, s.monoNs()});
                }
                if (s.sources().containsKey("buddyinfo")) {
                    buddyEmissions.add(new long[] {slot, s.monoNs()});
                }
                iowaitHere = values.stream()
                        .filter(v -> v.kind() == DerivedKind.CPU_IOWAIT)
                        .map(DerivedValue::value)
                        .findFirst()
                        .orElse(null);
            } else if (l instanceof ThrottleLine t) {
                throttleTicks.add(new long[] {slot, t.monoNs()});
                if (iowaitHere != null) {
                    assertEquals(
                            iowaitHere,
                            t.iowait(),
                            1e-9,
                            "the throttle's second is the derived 1 s window, slot " + slot);
                    throttleCompared++;
                }
            }
            AchievedCadences.of(l).ifPresent(cadenceLines::add);
        }
        long ticks = samplesAt.size();
        long lastMono = samplesAt.get(samplesAt.size() - 1)[1];
        double runS = (lastMono - t0) / 1e9;
        assertTrue(
                skippedTotal > 0.25 * ticks && skippedTotal < 0.35 * ticks,
                "the clock slipped on about 30 % of the ticks: " + skippedTotal + " of " + ticks);

        // floored and declared sources: their reads per second of wall time are their plan (within 1 %)
        double slabHz = (slabReads.size() - 1)
                / ((slabReads.get(slabReads.size() - 1)[1] - slabReads.get(0)[1]) / 1e9);
        assertEquals(RATE / 17.0, slabHz, 0.01 * RATE / 17.0, "slabinfo every 17 slots: 5.88 Hz in wall time");
        double thermalHz = (thermalReads.size() - 1)
                / ((thermalReads.get(thermalReads.size() - 1)[1] - thermalReads.get(0)[1]) / 1e9);
        assertEquals(1.0, thermalHz, 0.01, "thermal_zone0 every 100 slots: 1 Hz in wall time");
        for (int i = 1; i < slabReads.size(); i++) {
            long gap = slabReads.get(i)[0] - slabReads.get(i - 1)[0];
            assertTrue(gap >= 16 && gap <= 18, "slabinfo read " + gap + " slots after the one before");
        }

        // the heartbeat: at the first read due 60 s after the last emission, 60 s (+ at most one period) later
        assertTrue(
                buddyEmissions.size() >= 3,
                "buddyinfo: the start and two heartbeats in 130 s, " + buddyEmissions.size());
        for (int i = 1; i < buddyEmissions.size(); i++) {
            long slots = buddyEmissions.get(i)[0] - buddyEmissions.get(i - 1)[0];
            long ns = buddyEmissions.get(i)[1] - buddyEmissions.get(i - 1)[1];
            assertTrue(slots == 60L * RATE || slots == 60L * RATE + 1, "heartbeat after " + slots + " slots");
            assertTrue(Math.abs(ns - 60 * SEC) <= PERIOD + 10, "heartbeat " + ns / 1e9 + " s after the last emission");
        }

        // the throttle: one line per second of slots, 1 s (± one period) apart, its iowait the derived one
        assertEquals(
                samplesAt.get(samplesAt.size() - 1)[0] / RATE,
                throttleTicks.size(),
                "one throttle line per " + RATE + " slots");
        for (int i = 1; i < throttleTicks.size(); i++) {
            long ns = throttleTicks.get(i)[1] - throttleTicks.get(i - 1)[1];
            assertTrue(Math.abs(ns - SEC) <= PERIOD + 10, "a throttle second of " + ns / 1e9 + " s");
        }
        assertTrue(
                throttleCompared >= throttleTicks.size() - 1,
                "compared " + throttleCompared + " of " + throttleTicks.size());

        // the every-tick sources fell short by the skipped slots: published for each 10 s window of the grid,
        // (k × 1000, (k + 1) × 1000] slots, as the samples counted on those fixed windows show
        assertFalse(cadenceLines.isEmpty(), "the shortfall of the every-tick sources is published");
        long windowStartSlot = 0;
        for (AchievedCadences c : cadenceLines) {
            assertEquals(10.0, c.windowS(), 0.0, "10 s of slots");
            long from = windowStartSlot;
            long to = from + 10L * RATE;
            assertEquals(t0 + from * PERIOD, c.fromMonoNs(), "windows follow each other on the grid");
            assertEquals(t0 + to * PERIOD, c.toMonoNs());
            long closedAt = slotAt(samplesAt, c.monoNs());
            assertTrue(
                    closedAt >= to && closedAt <= to + 2,
                    "closed by the first tick at or after slot " + to + ": " + closedAt);
            long taken =
                    samplesAt.stream().filter(x -> x[0] > from && x[0] <= to).count();
            double measured = taken / (double) AchievedCadences.WINDOW_S;
            assertNotNull(c.hz().get("stat"), c.toString());
            assertEquals(
                    measured,
                    c.hz().get("stat"),
                    1e-9,
                    "stat's achieved cadence is the ticks taken per second of the window");
            assertEquals(measured, c.hz().get("meminfo"), 1e-9);
            assertFalse(c.hz().containsKey("slabinfo"), "slabinfo kept its plan: not named " + c);
            assertFalse(c.hz().containsKey("thermal_zone0"), "thermal kept its plan: not named " + c);
            assertTrue(c.hz().get("stat") < 0.8 * RATE, c.toString());
            windowStartSlot = to;
        }
        assertEquals(RUN_S / AchievedCadences.WINDOW_S, cadenceLines.size(), 1, "one line per 10 s while off plan");
        assertTrue(runS > RUN_S - 1, "ran " + runS + " s of the injected clock");
    }

    private static long slotAt(List<long[]> samples, long mono) {
        for (long[] s : samples) {
            if (s[1] == mono) {
                return s[0];
            }
        }
        throw new AssertionError("no sample at " + mono);
    }

    /**
     * The achieved cadence's windows on their grid at 10 Hz (100 slots a window), the slips scripted: each
     * window's figure counts the slots in it, whichever tick closes it; a read taken late for a slot of the
     * window before counts there; windows without a tick are one line. thermal_zone0 (300 ms: every 3
     * slots, 1, 4, …, 100, 103, …) and slabinfo (every 2: 1, 3, …, 99, 101, …) are on grids of their own.
     */
    @Test
    void theAchievedWindowsAreOnAFixedGrid() throws IOException {
        ScriptedSource stat = ScriptedSource.counter("stat").set(Map.of("cpu.user", 1L));
        ScriptedSource thermal = ScriptedSource.level("thermal_zone0", new CadenceRule.Thermal(300))
                .set(Map.of("temp", 40000L));
        ScriptedSource slab =
                ScriptedSource.level("slabinfo", new CadenceRule.SlabInfo()).set(Map.of("a", 1L));
        SamplerEnvironment env = SamplerEnvironment.open(
                List.of(stat, thermal, slab), Map.of(), null, null, new HostInfo("h", null, "6.1.0", 2, 100));
        List<AchievedCadences> lines = new ArrayList<>();
        LineDecoder decoder = new LineDecoder();
        long base;
        try (Sampler s = Sampler.create(new SamplerConfig(SystemRoots.live(), 10, 0), env, List.of())) {
            byte[] hello = s.helloLine();
            base = ((Hello) decoder.decode(hello, 0, hello.length - 1)).startedMonoNs();
            s.addSink((b, o, l) ->
                    AchievedCadences.of(decoder.decode(b, o, l - 1)).ifPresent(lines::add));
            List<Long> taken = new ArrayList<>();
            for (long slot = 1; slot <= 98; slot++) {
                taken.add(slot); // 99 and 100 skipped: the tick on 101 closes window 0
            }
            for (long slot = 101; slot <= 200; slot++) {
                taken.add(slot); // 200 closes window 1 on its last slot
            }
            for (long slot = 450; slot <= 500; slot++) {
                taken.add(slot); // nothing in windows 2 and 3: the tick on 450 closes them as one
            }
            taken.add(600L); // window 5 has one tick, on its last slot
            taken.add(800L); // window 6 none; 800 is window 7's last slot and only tick
            for (long slot : taken) {
                s.tick(slot, base + slot * 100_000_000L, slot);
            }
        }
        double th = 10.0 / 3; // thermal_zone0's published cadence: every 3 slots
        // window 0: stat read on 98 of its 100 slots; thermal's 34 grid slots all read, slot 100 late on the tick
        // of 101 (the slot it stands for is in window 0); slabinfo's 99 was lost (99 and 100 skipped: a whole
        // period of it), its read on 101 stands for 101
        assertWindow(lines.get(0), base, 0, 100, 101, Map.of("stat", 10.0 * 98 / 100, "slabinfo", 5.0 * 49 / 50));
        assertWindow(lines.get(1), base, 100, 200, 200, Map.of()); // every source back on plan
        // windows 2 and 3: 200 slots, no tick; thermal's read on 450 stands for 448 and slabinfo's for 449: window 4's
        assertWindow(lines.get(2), base, 200, 400, 450, Map.of("stat", 0.0, "thermal_zone0", 0.0, "slabinfo", 0.0));
        // window 4: ticks 450..500 (51); thermal 448 and 451, …, 499 (18) of 403, …, 499 (33); slabinfo 449, 451, …,
        // 499 (26) of 50
        assertWindow(
                lines.get(3),
                base,
                400,
                500,
                500,
                Map.of("stat", 10.0 * 51 / 100, "thermal_zone0", th * 18 / 33, "slabinfo", 5.0 * 26 / 50));
        // window 5: the tick on 600 alone, thermal's read standing for 598 (of 502, …, 598: 33), slabinfo's for 599
        assertWindow(
                lines.get(4), base, 500, 600, 600, Map.of("stat", 0.1, "thermal_zone0", th / 33, "slabinfo", 5.0 / 50));
        assertWindow(lines.get(5), base, 600, 700, 800, Map.of("stat", 0.0, "thermal_zone0", 0.0, "slabinfo", 0.0));
        assertWindow(
                lines.get(6), base, 700, 800, 800, Map.of("stat", 0.1, "thermal_zone0", th / 33, "slabinfo", 5.0 / 50));
        assertEquals(7, lines.size(), lines.toString());
    }

    private static void assertWindow(
            AchievedCadences c, long base, long from, long to, long closedAt, Map<String, Double> hz) {
        String at = "(" + from + ", " + to + "]: " + c;
        assertEquals(base + from * 100_000_000L, c.fromMonoNs(), at);
        assertEquals(base + to * 100_000_000L, c.toMonoNs(), at);
        assertEquals((to - from) / 10.0, c.windowS(), 0.0, at);
        assertEquals(base + closedAt * 100_000_000L, c.monoNs(), at);
        assertEquals(hz.keySet(), c.hz().keySet(), at);
        hz.forEach((k, v) -> assertEquals(v, c.hz().get(k), 1e-12, k + " " + at));
    }

    @Test
    void aTickOnALaterSlotIsMarkedWithTheSlotsItSkipped() throws IOException {
        ScriptedSource slab =
                ScriptedSource.level("slabinfo", new CadenceRule.SlabInfo()).set(Map.of("a", 1L));
        SamplerEnvironment env =
                SamplerEnvironment.open(List.of(slab), Map.of(), null, null, new HostInfo("h", null, "6.1.0", 2, 100));
        List<StreamLine> lines = new ArrayList<>();
        LineDecoder decoder = new LineDecoder();
        try (Sampler s = Sampler.create(new SamplerConfig(SystemRoots.live(), 10, 0), env, List.of())) {
            byte[] hello = s.helloLine();
            decoder.decode(hello, 0, hello.length - 1);
            s.addSink((b, o, l) -> lines.add(decoder.decode(b, o, l - 1)));
            s.tick(1, 100, 100);
            s.tick(4, 400, 400); // slots 2 and 3 skipped: slabinfo (due on 1, 3, 5 …) is read late, once
            s.tick(5, 500, 500);
            s.tick(6, 600, 600);
        }
        SampleLine t1 = (SampleLine) lines.get(0);
        SampleLine t2 = (SampleLine) lines.get(1);
        assertEquals(0, t1.skipped());
        assertEquals(1, t1.slots());
        assertEquals(2, t2.seq(), "seq stays consecutive: one per tick taken");
        assertEquals(2, t2.skipped());
        assertEquals(3, t2.slots());
        assertEquals(4, slab.reads, "baseline, slots 1, 4 (slot 3's read, late) and 5");
    }
}
