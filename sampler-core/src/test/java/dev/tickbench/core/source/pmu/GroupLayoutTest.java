package dev.tickbench.core.source.pmu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** The bytes the kernel takes and gives back, without the kernel: attr offsets, group read layout, scale. */
class GroupLayoutTest {
    @Test
    void attrFieldsSitAtTheUapiOffsets() {
        ByteBuffer b = ByteBuffer.allocate(PerfEventAttr.SIZE).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < PerfEventAttr.SIZE; i++) {
            b.put(i, (byte) 0x5a); // encode must clear what a previous event left
        }
        PerfEventAttr.encode(b, PmuEvent.CACHE_MISSES, true);
        // offsetof(struct perf_event_attr, …) from linux/perf_event.h: type 0, size 4, config 8,
        // read_format 32, the flags bitfield 40 (bit 0 = disabled); sizeof = PERF_ATTR_SIZE_VER7 = 128
        assertEquals(0, b.getInt(0)); // PERF_TYPE_HARDWARE
        assertEquals(128, b.getInt(4));
        assertEquals(3, b.getLong(8)); // PERF_COUNT_HW_CACHE_MISSES
        assertEquals(0, b.getLong(16)); // sample_period: counting, not sampling
        assertEquals(0, b.getLong(24));
        assertEquals(1 | 2 | 8, b.getLong(32)); // TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING | GROUP
        assertEquals(1, b.getLong(40)); // the leader starts disabled; nothing excluded, not inherited
        for (int i = 48; i < 128; i += 8) {
            assertEquals(0, b.getLong(i), "byte " + i);
        }

        PerfEventAttr.encode(b, PmuEvent.CONTEXT_SWITCHES, false);
        assertEquals(1, b.getInt(0)); // PERF_TYPE_SOFTWARE
        assertEquals(3, b.getLong(8)); // PERF_COUNT_SW_CONTEXT_SWITCHES
        assertEquals(0, b.getLong(40)); // a member follows its leader
    }

    @Test
    void groupReadIsNrEnabledRunningThenValues() throws IOException {
        ByteBuffer b = ByteBuffer.allocate(64 + GroupReading.bytes(3)).order(ByteOrder.nativeOrder());
        int at = 64; // a second CPU's slice of the shared buffer
        long[] words = {3, 2_000_000, 1_500_000, 900, 450, 7};
        for (int i = 0; i < words.length; i++) {
            b.putLong(at + i * 8, words[i]);
        }
        assertEquals(48, GroupReading.bytes(3));
        long[] into = new long[5];
        GroupReading.parse(b, at, 3, into);
        assertArrayEquals(new long[] {2_000_000, 1_500_000, 900, 450, 7}, into);

        IOException e = assertThrows(IOException.class, () -> GroupReading.parse(b, at, 2, into));
        assertEquals("perf group read returned 3 events, expected 2", e.getMessage());
    }

    @Test
    void multiplexedIntervalsAreScaledByEnabledOverRunning() {
        // counted the whole interval: the count itself
        assertEquals(1000, GroupReading.scaled(1000, 10_000_000, 10_000_000));
        // on the PMU for 2.5 of 10 ms: 1000 counted, 4000 estimated (1000 × 10 / 2.5)
        assertEquals(4000, GroupReading.scaled(1000, 10_000_000, 2_500_000));
        // a third of the time: 333 × 3 = 999
        assertEquals(999, GroupReading.scaled(333, 9_000_000, 3_000_000));
        // never scheduled while enabled: no estimate, not zero
        assertEquals(GroupReading.UNKNOWN, GroupReading.scaled(0, 10_000_000, 0));
        // not enabled during the interval: nothing to scale
        assertEquals(0, GroupReading.scaled(0, 0, 0));
    }

    @Test
    void cumulativeEstimatesGrowByEachIntervalsScaledCount() {
        long[] est = new long[2];
        // [enabled, running, cycles, instructions], cumulative as the kernel returns them
        long[] t0 = {1_000_000, 1_000_000, 5_000, 4_000};
        long[] t1 = {11_000_000, 11_000_000, 15_000, 24_000}; // 10 ms on the PMU throughout: exact
        long[] t2 = {21_000_000, 13_500_000, 17_000, 29_000}; // on for 2.5 of 10 ms: × 4
        long[] t3 = {31_000_000, 13_500_000, 17_000, 29_000}; // off the PMU the whole interval
        assertTrue(PmuSource.advance(t0, t1, est, 2));
        assertArrayEquals(new long[] {10_000, 20_000}, est);
        assertTrue(PmuSource.advance(t1, t2, est, 2));
        assertArrayEquals(new long[] {10_000 + 8_000, 20_000 + 20_000}, est); // 2000 × 4, 5000 × 4
        assertFalse(PmuSource.advance(t2, t3, est, 2), "no estimate for an interval the group never ran");
        assertArrayEquals(new long[] {18_000, 40_000}, est, "nothing added, not zero added as a count");
    }

    @Test
    void cpuListRanges() {
        assertArrayEquals(new int[] {0, 1}, CpuList.parse("0-1"));
        assertArrayEquals(new int[] {0, 2, 3, 4, 7}, CpuList.parse("0,2-4,7"));
        assertArrayEquals(new int[] {}, CpuList.parse(""));
        assertThrows(IllegalArgumentException.class, () -> CpuList.parse("3-1"));
    }
}
