package dev.tickbench.core.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.testkit.Waits;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real stream (the sampler with the live throttle, on a proc tree whose iowait the test drives tick
 * by tick) saved as a capture, then {@code throttle replay}ed with the same ceiling: every throttle
 * line's {@code effective} and {@code zone} come back identical, line for line, because the replay's
 * controller is created at the stream's start and gets each value at its line's own time.
 */
class ReplayMatchesLiveTest {
    private static final int RATE = 20;
    private static final int SECONDS = 14;

    @TempDir
    Path tmp;

    /** iowait ticks per sample in second {@code s} (of 10 per sample): quiet, a storm, quiet again. */
    private static long iowaitTicks(long second) {
        return second >= 4 && second < 9 ? 9 : 0;
    }

    @Test
    void aCapturesOwnThrottleLinesReplayToTheSameEffectiveAndZone() throws Exception {
        FixtureProc proc = new FixtureProc(tmp);
        ByteArrayOutputStream capture = new ByteArrayOutputStream();
        ThrottleExtension throttle = new ThrottleExtension(proc.roots, 6);
        long[] samples = {0};
        try (Sampler sampler = Sampler.create(new SamplerConfig(proc.roots, RATE, 0), List.of(), List.of(throttle))) {
            sampler.addSink((b, off, len) -> {
                synchronized (capture) {
                    capture.write(b, off, len);
                }
                if (len > 17
                        && new String(b, off, 17, java.nio.charset.StandardCharsets.US_ASCII)
                                .equals("{\"type\":\"sample\",")) {
                    // the throttle reads stat after this sample's sinks: second k is made of its own ticks
                    long second = samples[0]++ / RATE;
                    long io = iowaitTicks(second);
                    proc.advance(1, 0, 9 - io, io);
                }
            });
            sampler.start();
            Waits.until(
                    Waits.DEADLINE,
                    () -> "the sampler to reach " + SECONDS + " s (seq " + sampler.lastSeq() + ")",
                    () -> sampler.lastSeq() >= (long) SECONDS * RATE + 1);
        }
        Path file = tmp.resolve("capture.ndjson");
        synchronized (capture) {
            Files.write(file, capture.toByteArray());
        }
        List<ThrottleLine> live = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file);
                CaptureReader r = new CaptureReader(in)) {
            for (StreamLine l; (l = r.next()) != null; ) {
                if (l instanceof ThrottleLine t) {
                    live.add(t);
                }
            }
        }
        assertTrue(live.size() >= SECONDS, "throttle lines: " + live.size());
        Set<String> zones = live.stream().map(ThrottleLine::zone).collect(Collectors.toSet());
        assertEquals(Set.of("GREEN", "YELLOW", "RED"), zones, "the run crossed every zone");
        assertTrue(live.stream().anyMatch(t -> t.lastThrottleMonoNs() != null), "the storm throttled");

        List<ThrottleReplay.Step> replay =
                ThrottleReplay.run(6, IowaitSeries.load(file).points());
        assertEquals(live.size(), replay.size());
        for (int i = 0; i < live.size(); i++) {
            assertEquals(live.get(i).iowait(), replay.get(i).iowait(), 1e-9, "iowait of line " + (i + 1));
            assertEquals(live.get(i).zone(), replay.get(i).zone().name(), "zone of line " + (i + 1));
            assertEquals(live.get(i).effective(), replay.get(i).effective(), "effective of line " + (i + 1));
        }
    }
}
