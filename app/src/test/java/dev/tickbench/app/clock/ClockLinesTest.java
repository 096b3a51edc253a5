package dev.tickbench.app.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The clock panel's live copy: only the sources the verdict reads, bounded by its heap, what went kept as held. */
class ClockLinesTest {
    private static SampleLine sample(int i) {
        Map<String, SourceValues> s = new LinkedHashMap<>();
        String[] statKeys = new String[10];
        long[] stat = new long[10];
        for (int k = 0; k < 10; k++) {
            statKeys[k] = "cpu" + k + ".user";
            stat[k] = i + k;
        }
        s.put("stat", new SourceValues(statKeys, stat));
        s.put("cpufreq", new SourceValues(new String[] {"cpu0", "cpu1"}, new long[] {1_000_000L + i, 2_000_000L + i}));
        s.put("meminfo", new SourceValues(new String[] {"MemFree"}, new long[] {123})); // not read by the verdict
        return new SampleLine(
                i + 1,
                1_000_000_000L + i * 10_000_000L,
                5_000_000_000L + i * 10_000_000L,
                10_000_000L,
                s,
                Set.of(),
                List.of(),
                Map.of(),
                0);
    }

    @Test
    void keepsWhatItsHeapBoundAllowsAndHoldsTheLevelsOfWhatWent() {
        SampleLine one = sample(0);
        // stat 10 values, cpufreq 2: meminfo is left out, so a kept sample is the line, two sources and 12 values
        long perSample = ClockLines.SAMPLE_BYTES + 2 * ClockLines.SOURCE_BYTES + 12 * 8;
        ClockLines lines = new ClockLines(10 * perSample);
        for (int i = 0; i < 100; i++) {
            lines.accepted(sample(i));
        }
        ClockLines.Snapshot snap = lines.snapshot();
        assertEquals(10, snap.samples().size(), "ten samples' worth of heap holds the last ten");
        assertEquals(91, snap.samples().get(0).seq());
        assertEquals(100, snap.received());
        assertFalse(
                snap.samples().get(0).sources().containsKey("meminfo"),
                "a source the verdict does not read is not kept");
        assertEquals(perSample, ClockLines.bytes(snap.samples().get(0)));
        // the 90 that went: the levels they carried are held at the range's start (cpufreq as the 90th left it)
        assertEquals(5.0 + 89 * 0.01, snap.fromS(), 1e-9);
        SourceValues held = snap.base().sources().get("cpufreq");
        assertEquals(1_000_089L, held.values()[0]);
        assertEquals(2_000_089L, held.values()[1]);
        assertTrue(
                snap.base().sources().get("stat") == null, "a counter is not held: its deltas went with their samples");
    }
}
