package dev.tickbench.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Waits;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A capture of this machine, recorded by the real sampler at 100 Hz, against itself: nothing is above noise. */
class RealCaptureSelfDiffTest {
    private static final int RATE = 100;

    @TempDir
    Path dir;

    @Test
    void aRealCaptureAgainstItselfRanksNothingAboveNoise() throws Exception {
        Path file = dir.resolve("this-machine.ndjson.gz");
        try (CaptureWriter w = CaptureWriter.open(file);
                Sampler sampler =
                        Sampler.create(new SamplerConfig(SystemRoots.live(), RATE, 0), List.of(), List.of())) {
            sampler.addSink(w);
            sampler.start();
            Waits.until("four seconds of samples", () -> sampler.lastSeq() >= 4 * RATE);
        }
        for (DiffRange range : List.of(DiffRange.whole(), DiffRange.seconds(1.0, 3.5))) {
            CaptureDiff.Side side = new CaptureDiff.Side(file, range);
            DiffResult r = CaptureDiff.compare(side, side);
            assertTrue(r.compared() >= 50, "this machine has more series than " + r.compared());
            assertEquals(r.rows().size(), r.compared(), "every series is in both: nothing appeared or disappeared");
            assertEquals(0, r.aboveNoise());
            for (SeriesChange c : r.rows()) {
                assertEquals(0.0, c.effect(), c.name());
                assertEquals(0.0, c.meanChange(), c.name());
                assertEquals(c.a(), c.b(), c.name());
            }
            assertNull(r.a().stoppedAtLine());
            List<String> names = r.rows().stream().map(SeriesChange::name).toList();
            assertTrue(names.contains("cpu.busy_pct"), "derived series are ranked too");
            assertTrue(names.contains("stat.ctxt"));
            assertTrue(
                    names.contains("meminfo.AnonPages") && !names.contains("vmstat.nr_anon_pages"),
                    "one counter, one row");
        }
    }
}
