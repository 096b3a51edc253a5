package dev.tickbench.app.who;

import java.util.List;

/** What the window tests read of the Who panel's trace, read in its package from what it drew last. */
public final class WhoSeen {
    private WhoSeen() {}

    /**
     * The picked row's trace as drawn last: the entry's key, its highest CPU and memory in view, how many
     * runs each band's line has (a break starts a new one), and the start and exit it marked (NaN: none);
     * null while no row is picked.
     */
    public record Trace(
            String who, double cpuTop, double memoryTop, int cpuRuns, int memoryRuns, double startX, double exitX) {}

    public static Trace trace(WhoPanel p) {
        WhoTrace.Drawn d = p.trace.drawn;
        if (d == null || !p.trace.isVisible()) {
            return null;
        }
        List<List<double[]>> cpu = d.cpuRuns();
        return new Trace(
                d.who(),
                d.highest()[0],
                d.highest()[1],
                cpu.size(),
                d.memoryRuns().size(),
                d.startX(),
                d.exitX());
    }
}
