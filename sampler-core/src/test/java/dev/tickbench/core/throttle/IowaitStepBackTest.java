package dev.tickbench.core.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.JsonLineWriter;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.core.derived.DerivedKind;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedValue;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.core.sampler.TickExtension;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * /proc/stat's iowait (and idle) may step back (the kernel's proc documentation): not a counter reset.
 * The real stat reader over a fixture file that steps back twice; the stream carries the negative delta,
 * the derived 1 s window keeps its value on every tick, and every throttle line equals it
 * (docs/derived-series.md: "counts as 0", "the throttle equals cpu.iowait_pct").
 */
class IowaitStepBackTest {
    private static final int RATE = 10;
    private static final long TICK = 1_000_000_000L / RATE;

    @TempDir
    Path dir;

    @Test
    void iowaitSteppingBackKeepsAValueInDerivedAndThrottleAlike() throws Exception {
        FixtureProc f = new FixtureProc(dir);
        ThrottleExtension throttle = new ThrottleExtension(f.roots, 4);
        List<StreamLine> lines = new ArrayList<>();
        LineDecoder decoder = new LineDecoder();
        Set<Long> stepBack = Set.of(15L, 27L, 28L);
        try (Sampler s = Sampler.create(new SamplerConfig(f.roots, RATE, 0), List.of(), List.of(throttle))) {
            byte[] hello = s.helloLine();
            StreamLine h = decoder.decode(hello, 0, hello.length - 1);
            lines.add(h);
            s.addSink((b, o, l) -> lines.add(decoder.decode(b, o, l - 1)));
            long t0 = ((dev.tickbench.core.capture.Hello) h).startedMonoNs(); // the baseline read's time
            // what Sampler.start() does before its first tick, without the thread: the controller is born
            throttle.start(new TickExtension.TickInfo(0, t0, t0, RATE), new JsonLineWriter((b, o, l) -> {}));
            for (long seq = 1; seq <= 5 * RATE; seq++) {
                if (stepBack.contains(seq)) {
                    f.advance(2, 1, 4, -1); // the kernel gives back a jiffy of iowait
                } else {
                    f.advance(2, 1, 3, seq % 4 == 0 ? 2 : 0);
                }
                s.tick(t0 + seq * TICK, t0 + seq * TICK);
            }
        }
        DerivedSeries derived = new DerivedSeries();
        Double iowait = null;
        int throttleLines = 0;
        for (StreamLine l : lines) {
            List<DerivedValue> values = derived.accept(l);
            if (l instanceof SampleLine s) {
                assertTrue(s.resets().isEmpty(), "a step back is not a reset: " + s.resets());
                Long d = s.sources().get("stat").get("cpu.iowait");
                assertNotNull(d, "seq " + s.seq() + " carries its iowait delta");
                assertEquals(stepBack.contains(s.seq()) ? -1L : s.seq() % 4 == 0 ? 2L : 0L, d, "seq " + s.seq());
                assertEquals(d, s.sources().get("stat").get("cpu0.iowait"), "the per-CPU line alike");
                iowait = values.stream()
                        .filter(v -> v.kind() == DerivedKind.CPU_IOWAIT)
                        .map(DerivedValue::value)
                        .findFirst()
                        .orElse(null);
                if (s.seq() >= RATE) {
                    assertNotNull(iowait, "seq " + s.seq() + ": the 1 s window is full and not emptied by a step back");
                    assertTrue(iowait >= 0 && iowait <= 100, "seq " + s.seq() + ": " + iowait);
                }
            } else if (l instanceof ThrottleLine t) {
                throttleLines++;
                assertNotNull(iowait);
                assertEquals(iowait, t.iowait(), 1e-12, "the throttle's iowait is the derived one at " + t.monoNs());
            }
        }
        assertEquals(5, throttleLines, "one line a second, none skipped for a step back");
        assertEquals(0, throttle.skippedSeconds());
    }
}
