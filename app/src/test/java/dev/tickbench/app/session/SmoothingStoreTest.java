package dev.tickbench.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.derived.DerivedWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A live store changing its smoothing window: 100 Hz on 2 CPUs, busy 2, 1, 0, 1 jiffies of 2 per tick.
 * The new window applies from the next line, is marked on the time axis, and the badges say it at once.
 */
class SmoothingStoreTest {
    private static final long TICK_NS = 10_000_000L;
    private static final long[] BUSY = {2, 1, 0, 1};
    private final SeriesStore store = SeriesStore.live();
    private long seq;

    private void ticks(int n) {
        for (int i = 0; i < n; i++) {
            seq++;
            long busy = BUSY[(int) ((seq - 1) % BUSY.length)];
            SourceValues stat = new SourceValues(
                    new String[] {"cpu.user", "cpu.nice", "cpu.system", "cpu.idle", "cpu.iowait"},
                    new long[] {busy, 0, 0, 2 - busy, 0});
            store.accept(new SampleLine(
                    seq,
                    seq * TICK_NS,
                    1_000_000_000_000L + seq * TICK_NS,
                    TICK_NS,
                    Map.of("stat", stat),
                    Set.of(),
                    List.of(),
                    Map.of(),
                    0));
        }
        store.flush();
    }

    private List<Double> busy() {
        Points p = store.series("cpu.busy_pct").line();
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < p.size(); i++) {
            out.add(p.y(i));
        }
        return out;
    }

    @Test
    void aNewWindowAppliesFromNowOnAndTheBadgeSaysItAtOnce() {
        store.accept(new Hello(1, "test", "h", null, "6.1", 2, 100, 100, 0, 1_000_000_000_000L, 0, null));
        store.derivedWindow(DerivedWindow.TICK);
        ticks(4);
        assertEquals(List.of(100.0, 50.0, 0.0, 50.0), busy(), "per tick: the jiffy wall");
        assertEquals(
                "busy · tick window · jiffy steps of 50 %",
                store.series("cpu.busy_pct").label());
        assertTrue(store.marks().isEmpty(), "a window chosen before the first sample is no change to mark");

        store.derivedWindow(DerivedWindow.MS_100);
        assertEquals(
                "busy · 100 ms window · jiffy steps of 5.0 %",
                store.series("cpu.busy_pct").label(), "at once");
        ticks(10);
        List<Double> v = busy();
        assertEquals(5, v.size(), "nine ticks fill the new window (missing, not zero), the tenth has a value");
        assertEquals(55.0, v.get(4), 1e-12, "ticks 5-14: 2+1+0+1+2+1+0+1+2+1 = 11 of 20 jiffies");
        TimeMark m = store.marks().get(0);
        assertEquals(TimeMark.Kind.SESSION, m.kind());
        assertEquals("smoothing: derived series over a 100 ms window from here", m.text());
        assertEquals(1_000_000_000_000L / 1e9 + 4 * 0.01, m.x(), 1e-9, "at the last sample of the old window");

        store.derivedWindow(DerivedWindow.S_1);
        assertEquals("busy · 1 s window", store.series("cpu.busy_pct").label(), "0.5 % steps: no note");
        assertEquals("iowait · 1 s window", store.series("cpu.iowait_pct").label());
        assertNull(store.series("psi.io.some_pct"));
    }
}
