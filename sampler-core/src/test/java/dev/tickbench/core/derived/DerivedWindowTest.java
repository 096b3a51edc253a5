package dev.tickbench.core.derived;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The selectable windows on known deltas: 100 Hz on 2 CPUs, so a 10 ms tick holds 2 jiffies of CPU
 * time, and busy repeats 2, 1, 0, 1 jiffies (100, 50, 0, 50 % per tick).
 */
class DerivedWindowTest {
    private static final long TICK_NS = 10_000_000L;
    private static final long[] BUSY = {2, 1, 0, 1};

    private static Hello hello(int rate, int cores) {
        return new Hello(1, "test", "h", null, "6.1", cores, 100, rate, 0, 0, 0, null);
    }

    /** Tick {@code seq} (from 1): BUSY[(seq − 1) % 4] jiffies user, the rest of the 2 idle. */
    private static SampleLine tick(long seq) {
        long busy = BUSY[(int) ((seq - 1) % BUSY.length)];
        SourceValues stat = new SourceValues(
                new String[] {"cpu.user", "cpu.nice", "cpu.system", "cpu.idle", "cpu.iowait"},
                new long[] {busy, 0, 0, 2 - busy, 0});
        return new SampleLine(
                seq, seq * TICK_NS, seq * TICK_NS, TICK_NS, Map.of("stat", stat), Set.of(), List.of(), Map.of(), 0);
    }

    /** busy % per tick from 1 to {@code n}; null where the window was not full. */
    private static List<Double> busy(DerivedSeries d, int from, int n) {
        List<Double> out = new ArrayList<>();
        for (int seq = from; seq <= n; seq++) {
            Double v = null;
            for (DerivedValue x : d.accept(tick(seq))) {
                if (x.kind() == DerivedKind.CPU_BUSY) {
                    v = x.value();
                }
            }
            out.add(v);
        }
        return out;
    }

    @Test
    void windowsAreWholeTicksOfTheRate() {
        assertEquals(1, DerivedWindow.TICK.ticks(100));
        assertEquals(10, DerivedWindow.MS_100.ticks(100));
        assertEquals(100, DerivedWindow.S_1.ticks(100));
        assertEquals(1, DerivedWindow.MS_100.ticks(10), "at 10 Hz, 100 ms is one tick");
        assertEquals(10, DerivedWindow.S_1.ticks(10));
        assertEquals(1, DerivedWindow.MS_100.ticks(1), "never less than a tick");
        assertEquals(3, DerivedWindow.MS_100.ticks(25), "2.5 ticks round to 3 (Math.round)");
        assertEquals(0.12, DerivedWindow.MS_100.seconds(25), 1e-12, "so the window spans 120 ms at 25 Hz");
        assertEquals(DerivedWindow.S_1, DerivedWindow.of("1 s"));
        assertEquals(DerivedWindow.TICK, DerivedWindow.of("tick"));
        assertNull(DerivedWindow.of("2 s"));
    }

    @Test
    void perTickBusyIsTheJiffyWall() {
        DerivedSeries d = new DerivedSeries(DerivedWindow.TICK);
        d.accept(hello(100, 2));
        assertEquals(1, d.windowTicks());
        assertEquals(List.of(100.0, 50.0, 0.0, 50.0, 100.0, 50.0), busy(d, 1, 6), "2, 1, 0, 1 of 2 jiffies");
    }

    @Test
    void a100MsWindowSumsTenTicks() {
        DerivedSeries d = new DerivedSeries(DerivedWindow.MS_100);
        d.accept(hello(100, 2));
        List<Double> v = busy(d, 1, 12);
        for (int i = 0; i < 9; i++) {
            assertNull(v.get(i), "tick " + (i + 1) + ": the 100 ms window is not full (missing, not zero)");
        }
        assertEquals(55.0, v.get(9), 1e-12, "ticks 1-10: 2+1+0+1+2+1+0+1+2+1 = 11 of 20 jiffies");
        assertEquals(45.0, v.get(10), 1e-12, "ticks 2-11: 9 of 20");
        assertEquals(45.0, v.get(11), 1e-12, "ticks 3-12: 0+1+2+1+0+1+2+1+0+1 = 9 of 20");
    }

    @Test
    void aOneSecondWindowSumsAHundredTicks() {
        DerivedSeries d = new DerivedSeries();
        d.accept(hello(100, 2));
        assertEquals(DerivedWindow.S_1, d.window(), "1 s unless told otherwise");
        List<Double> v = busy(d, 1, 101);
        assertNull(v.get(98), "tick 99");
        assertEquals(50.0, v.get(99), 1e-12, "25 whole cycles: 100 of 200 jiffies");
        assertEquals(50.0, v.get(100), 1e-12, "ticks 2-101: again 25 whole cycles, the wall is gone");
    }

    @Test
    void switchingTheWindowStartsItEmptyAndKeepsTheStream() {
        DerivedSeries d = new DerivedSeries(DerivedWindow.TICK);
        d.accept(hello(100, 2));
        assertEquals(List.of(100.0, 50.0), busy(d, 1, 2));
        d.window(DerivedWindow.MS_100);
        List<Double> v = busy(d, 3, 12);
        assertTrue(v.subList(0, 9).stream().allMatch(x -> x == null), "a new window fills first: " + v);
        assertEquals(45.0, v.get(9), 1e-12, "ticks 3-12: 0+1+2+1+0+1+2+1+0+1 = 9 of 20");
        d.window(DerivedWindow.MS_100);
        assertEquals(
                55.0,
                busy(d, 13, 13).get(0),
                1e-12,
                "choosing the same window again keeps it: ticks 4-13, 1+2+1+0+1+2+1+0+1+2 = 11 of 20");
    }

    @Test
    void theQuantisationNoteSaysTheStepWhenItDominates() {
        assertEquals(50.0, DerivedWindow.TICK.busyStepPct(100, 100, 2), 1e-12, "100 / (100 x 0.01 s x 2)");
        assertEquals(5.0, DerivedWindow.MS_100.busyStepPct(100, 100, 2), 1e-12, "100 / (100 x 0.1 s x 2)");
        assertEquals(0.5, DerivedWindow.S_1.busyStepPct(100, 100, 2), 1e-12, "100 / (100 x 1 s x 2)");
        assertEquals(5.0, DerivedWindow.TICK.busyStepPct(10, 100, 2), 1e-12, "a tick at 10 Hz is 100 ms");
        assertEquals(0.25, DerivedWindow.S_1.busyStepPct(10, 100, 4), 1e-12);
        assertEquals(100.0 / 32, DerivedWindow.TICK.busyStepPct(100, 100, 32), 1e-12, "3.1 % on 32 CPUs");
        assertEquals("jiffy steps of 50 %", DerivedWindow.TICK.quantisationNote(100, 100, 2));
        assertEquals("jiffy steps of 5.0 %", DerivedWindow.MS_100.quantisationNote(100, 100, 2));
        assertEquals("jiffy steps of 3.1 %", DerivedWindow.TICK.quantisationNote(100, 100, 32));
        assertEquals(
                "jiffy steps of 100 %",
                DerivedWindow.TICK.quantisationNote(1000, 100, 2),
                "a 1 ms tick holds 0.2 jiffies: a value is 0 or 100 % at best");
        assertNull(DerivedWindow.S_1.quantisationNote(100, 100, 2), "0.5 % steps: the window smooths them");
        assertNull(DerivedWindow.MS_100.quantisationNote(100, 100, 16), "0.625 %");
        assertNull(DerivedWindow.TICK.quantisationNote(100, 100, 0), "unknown CPU count: no claim");

        DerivedSeries d = new DerivedSeries(DerivedWindow.TICK);
        d.accept(hello(100, 2));
        assertEquals("jiffy steps of 50 %", d.quantisationNote(), "USER_HZ and CPUs from the hello");
        d.window(DerivedWindow.S_1);
        assertNull(d.quantisationNote());
    }
}
