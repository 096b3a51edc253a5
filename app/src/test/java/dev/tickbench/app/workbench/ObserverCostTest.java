package dev.tickbench.app.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tickbench.core.sampler.SelfLine;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The status row's figures: CPU over the time between readings in % of one core, RSS in MB, and what is said when a figure is unknown. */
class ObserverCostTest {
    private long cpu;
    private long now;
    private Long rss = 412_400_000L;

    @Test
    void theWorkbenchsShareOfACoreBetweenTwoReadingsAndItsRss() {
        ObserverCost c = new ObserverCost(() -> cpu, () -> rss, () -> now);
        cpu = 5_000_000_000L;
        now = 100_000_000_000L;
        assertEquals("workbench … CPU, RSS 412 MB", c.own(), "no CPU figure before a second reading");
        cpu += 234_000_000; // 0.234 s of CPU in 1 s
        now += 1_000_000_000;
        assertEquals("workbench 23 % CPU, RSS 412 MB", c.own());
        cpu += 45_000_000; // 45 ms in 1.5 s: 3.0 %
        now += 1_500_000_000;
        rss = null;
        assertEquals("workbench 3.0 % CPU, RSS ?", c.own(), "an unreadable RSS is unknown, not 0");
    }

    @Test
    void theProbesFiguresComeFromItsSelfLine() {
        SelfLine line = new SelfLine(1, 1_000_000_000L, 100, 14_000_000L, 0.7, 9_000_000L, 63_100_000L, 0, Map.of());
        assertEquals(
                "probe 1.4 % CPU, RSS 63 MB", ObserverCost.probe(new ObserverCost.Probe.Reported(line, 500_000_000L)));
        assertEquals(
                "probe: no report for 5 s", ObserverCost.probe(new ObserverCost.Probe.Reported(line, 5_000_000_000L)));
        assertEquals("probe: no cost reported yet", ObserverCost.probe(new ObserverCost.Probe.Reported(null, 0)));
        SelfLine unreadable = new SelfLine(1, 1_000_000_000L, 100, -1, Double.NaN, -1, null, 0, Map.of());
        assertEquals("probe ? CPU, RSS ?", ObserverCost.probe(new ObserverCost.Probe.Reported(unreadable, 0)));
        assertEquals(
                "sampler in the workbench's process (counted in its figure)",
                ObserverCost.probe(new ObserverCost.Probe.InProcess()));
        assertEquals("probe: no live session", ObserverCost.probe(new ObserverCost.Probe.None()));
    }
}
