package dev.tickbench.core.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.core.derived.DerivedKind;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedValue;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Waits;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The extension inside the real sampler on the real /proc, read back with the shared capture reader. */
class ThrottleInSamplerTest {
    private static final int RATE = 10;

    @Test
    void theStreamCarriesOneThrottleLineAfterEverySecondsSample() throws Exception {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        ThrottleExtension throttle = new ThrottleExtension(SystemRoots.live(), 2);
        try (Sampler sampler =
                Sampler.create(new SamplerConfig(SystemRoots.live(), RATE, 0), List.of(), List.of(throttle))) {
            sampler.addSink((b, off, len) -> {
                synchronized (stream) {
                    stream.write(b, off, len);
                }
            });
            sampler.start();
            Waits.until(
                    "three seconds of samples (seq " + (3 * RATE + 2) + ")", () -> sampler.lastSeq() >= 3 * RATE + 2);
        }
        List<StreamLine> lines = new ArrayList<>();
        byte[] bytes;
        synchronized (stream) {
            bytes = stream.toByteArray();
        }
        try (CaptureReader r = new CaptureReader(new ByteArrayInputStream(bytes))) {
            for (StreamLine l; (l = r.next()) != null; ) {
                lines.add(l);
            }
        }
        Hello hello = assertInstanceOf(Hello.class, lines.get(0));
        var described = hello.capabilities().get("throttle");
        assertNotNull(described, "capabilities describe the throttle");
        assertEquals(2, described.get("ceiling").asInt());
        assertEquals(70.0, described.get("red_pct").asDouble());

        int throttleLines = 0;
        int compared = 0;
        int expectedLines = 0;
        long slot = 0;
        long nextSecond = RATE;
        boolean crossed = false;
        SampleLine previous = null;
        DerivedSeries derived = new DerivedSeries();
        Double iowaitPct = null;
        for (StreamLine l : lines) {
            List<DerivedValue> values = derived.accept(l);
            if (l instanceof SampleLine) {
                iowaitPct = values.stream()
                        .filter(v -> v.kind() == DerivedKind.CPU_IOWAIT)
                        .map(DerivedValue::value)
                        .findFirst()
                        .orElse(null);
            }
            if (l instanceof ThrottleLine t) {
                if (iowaitPct != null) {
                    // one formula over the same ticks: the throttle's iowait is the stream's cpu.iowait_pct
                    assertEquals(iowaitPct, t.iowait(), 1e-9, "throttle line at " + t.monoNs());
                    compared++;
                }
                throttleLines++;
                assertNotNull(previous, "a throttle line follows a sample line");
                assertTrue(crossed, "written after the first sample on or after a whole second of slots: slot " + slot);
                assertEquals(previous.monoNs(), t.monoNs());
                assertTrue(t.iowait() >= 0 && t.iowait() <= 100, "iowait " + t.iowait());
                assertTrue(Set.of("GREEN", "YELLOW", "RED").contains(t.zone()));
                assertTrue(t.effective() >= 1 && t.effective() <= 2);
                assertEquals(2, t.ceiling());
                assertNotNull(t.peaks(), "peaks drained every second");
                assertTrue(
                        t.peaks().has("mem")
                                && t.peaks().has("iowait")
                                && t.peaks().has("cpu"),
                        t.peaks().toString());
            }
            if (l instanceof SampleLine s) {
                previous = s;
                slot += s.slots(); // skipped ticks counted: a second is RATE slots of wall time
                crossed = slot >= nextSecond;
                if (crossed) {
                    expectedLines++;
                    nextSecond = (slot / RATE + 1) * RATE;
                }
            } else if (!(l instanceof ThrottleLine)) {
                previous = null;
            }
        }
        assertEquals(expectedLines, throttleLines, "exactly one throttle line per second of slots");
        assertEquals(
                throttleLines,
                compared,
                "every throttle line has the derived iowait of its tick (a counter "
                        + "stepping back is no reset: it empties no window)");
        assertEquals(0, throttle.skippedSeconds());
    }
}
