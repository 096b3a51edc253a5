package dev.tickbench.core.sampler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.source.HostInfo;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Waits;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The self line (FORMAT.md): the real tick loop on an injected clock (no slips), with a source that
 * burns at least 200 µs of the sampler thread's CPU per read, one that does nothing, and one read every
 * 17 slots that burns the same. The figures asserted are lower bounds the burning guarantees (CPU time
 * spent is at least what was burnt) and counts the schedule fixes, never a duration.
 */
class SelfLineTest {
    private static final int RATE = 100;
    private static final long SEC = 1_000_000_000L;
    private static final long BURN_NS = 200_000;
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private static Map<String, Long> burn(long n) {
        long t0 = MX.getCurrentThreadCpuTime();
        while (MX.getCurrentThreadCpuTime() - t0 < BURN_NS) {
            Thread.onSpinWait();
        }
        return Map.of("n", n);
    }

    @Test
    void everySecondTheProbesCostAndEveryTenEachSourcesCostPerTick() throws Exception {
        long[] n = {0};
        ScriptedSource costly = ScriptedSource.counter("costly").supply(() -> burn(++n[0]));
        ScriptedSource cheap = ScriptedSource.counter("cheap").set(Map.of("n", 1L));
        ScriptedSource rare =
                ScriptedSource.level("slabinfo", new CadenceRule.SlabInfo()).supply(() -> burn(++n[0]));
        SamplerEnvironment env = SamplerEnvironment.open(
                List.of(costly, cheap, rare), Map.of(), null, null, new HostInfo("h", null, "6.1.0", 2, 100));
        SteppingClock clock = new SteppingClock(); // moves only when the loop sleeps: every tick on time
        LineDecoder decoder = new LineDecoder();
        List<StreamLine> lines = new ArrayList<>();
        CountDownLatch ended = new CountDownLatch(1);
        SourceCosts totals;
        try (Sampler sampler = Sampler.create(new SamplerConfig(SystemRoots.live(), RATE, 0), env, List.of())) {
            assertEquals(
                    1.0,
                    sampler.capabilities().path("self").path("hz").asDouble(),
                    "the capabilities announce the line");
            byte[] hello = sampler.helloLine();
            clock.now = assertInstanceOf(Hello.class, decoder.decode(hello, 0, hello.length - 1))
                    .startedMonoNs();
            sampler.addSink((b, o, l) -> {
                synchronized (lines) {
                    lines.add(decoder.decode(b, o, l - 1));
                }
            });
            sampler.timer(clock);
            sampler.endAfter(21 * SEC, ended::countDown);
            sampler.start();
            assertTrue(ended.await(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "the run did not end");
            totals = sampler.sourceCosts();
        }
        List<SelfLine> self;
        synchronized (lines) {
            self = lines.stream().map(SelfLine::of).flatMap(Optional::stream).toList();
        }
        assertEquals(21, self.size(), "one self line per second of slots");
        for (SelfLine s : self) {
            assertEquals(RATE, s.ticks(), "a second of ticks, none slipped");
            assertEquals(SEC, s.windowNs(), "the window is the second between the two lines' ticks");
            assertTrue(
                    s.cpuNs() >= RATE * BURN_NS, "the process burnt at least 100 × 200 µs in the second: " + s.cpuNs());
            assertTrue(s.samplerCpuNs() >= RATE * BURN_NS, "the sampler thread burnt it: " + s.samplerCpuNs());
            assertEquals(100.0 * s.cpuNs() / (2.0 * SEC), s.cpuPct(), 0.001, "a share of both CPUs' time");
            assertNotNull(s.rssBytes(), "the RSS is read");
            assertTrue(s.rssBytes() > 1 << 20, "the RSS is a JVM's: " + s.rssBytes());
        }
        List<SelfLine> costed =
                self.stream().filter(s -> !s.sourceNsPerTick().isEmpty()).toList();
        assertEquals(2, costed.size(), "a line with the sources' costs every 10 s");
        assertEquals(10 * SEC / 1e9, costed.get(0).sourcesWindowS(), 1e-9);
        assertEquals(self.get(9), costed.get(0), "the tenth second's line carries them");
        for (SelfLine s : costed) {
            Map<String, Long> c = s.sourceNsPerTick();
            assertEquals(List.of("costly", "cheap", "slabinfo"), List.copyOf(c.keySet()), "every source, in order");
            assertTrue(c.get("costly") >= BURN_NS, "every read of costly burns 200 µs: " + c);
            assertTrue(c.get("slabinfo") >= BURN_NS / 17, "slabinfo burns as much per read, once in 17 ticks: " + c);
            assertTrue(c.get("cheap") < c.get("costly") && c.get("slabinfo") < c.get("costly"), c.toString());
        }
        // two every-tick sources, one timed per tick in turn; the rare one on every read
        int costlyAt = totals.sources().indexOf("costly");
        int cheapAt = totals.sources().indexOf("cheap");
        int rareAt = totals.sources().indexOf("slabinfo");
        assertFalse(totals.sources().contains(SelfLine.KMSG), "no kernel log here");
        assertEquals(totals.ticks(), totals.reads()[costlyAt]);
        assertEquals(
                totals.ticks(),
                totals.timed()[costlyAt] + totals.timed()[cheapAt],
                "one every-tick read timed per tick");
        assertTrue(Math.abs(totals.timed()[costlyAt] - totals.timed()[cheapAt]) <= 1, "in turn");
        assertEquals(
                totals.reads()[rareAt], totals.timed()[rareAt], "a source read now and then is timed on every read");
    }

    @Test
    void aReaderTakesTheLineAndIgnoresOthers() throws Exception {
        LineDecoder decoder = new LineDecoder();
        String json =
                "{\"type\":\"self\",\"mono_ns\":5,\"wall_ns\":6,\"window_ns\":1000000000,\"ticks\":100,\"cpu_ns\":40000000,"
                        + "\"cpu_pct\":2.0,\"sampler_cpu_ns\":30000000,\"rss_bytes\":65536000,\"sources_window_s\":10.0,"
                        + "\"source_ns_per_tick\":{\"stat\":31000,\"pmu_sw\":62000}}";
        byte[] b = json.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        SelfLine s = SelfLine.of(decoder.decode(b, 0, b.length)).orElseThrow();
        assertEquals(
                new SelfLine(
                        5,
                        1_000_000_000L,
                        100,
                        40_000_000L,
                        2.0,
                        30_000_000L,
                        65_536_000L,
                        10.0,
                        Map.of("stat", 31_000L, "pmu_sw", 62_000L)),
                s);
        assertEquals(400_000, s.cpuNsPerTick(), 1e-9);
        byte[] other = "{\"type\":\"cadence\",\"mono_ns\":5,\"achieved\":{}}"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(SelfLine.of(decoder.decode(other, 0, other.length)).isEmpty());
        byte[] bare = "{\"type\":\"self\",\"mono_ns\":5,\"ticks\":0}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        SelfLine missing = SelfLine.of(decoder.decode(bare, 0, bare.length)).orElseThrow();
        assertEquals(-1, missing.cpuNs(), "missing is not zero");
        assertTrue(Double.isNaN(missing.cpuPct()));
        assertEquals(null, missing.rssBytes());
    }
}
