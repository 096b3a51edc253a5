package dev.tickbench.core.source.pmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

class PmuRatiosTest {
    private static final long MS = 1_000_000L;

    private static void add(PmuRatios r, long monoNs, Object... kv) {
        String[] keys = new String[kv.length / 2];
        long[] values = new long[kv.length / 2];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (String) kv[2 * i];
            values[i] = ((Number) kv[2 * i + 1]).longValue();
        }
        r.add(monoNs, keys, values, keys.length);
    }

    @Test
    void ratiosOfSumsOverTheWindowPerCpuAndOverAll() {
        PmuRatios r = new PmuRatios(1000 * MS);
        add(
                r,
                100 * MS,
                "cpu0.cycles",
                1000,
                "cpu0.instructions",
                500,
                "cpu0.cache_references",
                100,
                "cpu0.cache_misses",
                10,
                "cpu1.cycles",
                3000,
                "cpu1.instructions",
                6000,
                "cpu1.cache_references",
                50,
                "cpu1.cache_misses",
                40,
                "cpu0.enabled_ns",
                100,
                "cpu0.running_ns",
                100);
        add(
                r,
                200 * MS,
                "cpu0.cycles",
                1000,
                "cpu0.instructions",
                1500,
                "cpu0.cache_references",
                100,
                "cpu0.cache_misses",
                30);
        assertEquals(List.of("0", "1", "all"), r.cpus());
        // cpu0: (500 + 1500) / (1000 + 1000) = 1.0, not the mean of 0.5 and 1.5 weighted by nothing
        assertEquals(1.0, r.ipc("0").getAsDouble(), 1e-12);
        assertEquals(0.2, r.cacheMissRatio("0").getAsDouble(), 1e-12); // (10 + 30) / 200
        assertEquals(2.0, r.ipc("1").getAsDouble(), 1e-12);
        // all: (500 + 6000 + 1500) / (1000 + 3000 + 1000) = 1.6; misses (10 + 40 + 30) / (100 + 50 + 100) = 0.32
        assertEquals(1.6, r.ipc(PmuRatios.ALL).getAsDouble(), 1e-12);
        assertEquals(0.32, r.cacheMissRatio(PmuRatios.ALL).getAsDouble(), 1e-12);

        // 1.1 s: the tick at 0.1 s left the window; cpu1 counted nothing since
        add(r, 1100 * MS, "cpu0.cycles", 2000, "cpu0.instructions", 1000);
        assertEquals(2500 / 3000.0, r.ipc("0").getAsDouble(), 1e-12);
        assertEquals(0.3, r.cacheMissRatio("0").getAsDouble(), 1e-12); // the pair of the 0.2 s tick only
        assertFalse(r.ipc("1").isPresent(), "cpu1 has no cycles left in its window: missing, not 0");
    }

    @Test
    void aTickWithoutEstimatesAddsNothing() {
        PmuRatios r = new PmuRatios(1000 * MS);
        // the group never ran: only the times are in the sample
        add(r, 100 * MS, "cpu0.enabled_ns", 10 * MS, "cpu0.running_ns", 0);
        assertFalse(r.ipc("0").isPresent());
        assertFalse(PmuRatios.ratio(5, 0).isPresent());
    }
}
