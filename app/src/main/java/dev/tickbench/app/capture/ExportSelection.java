package dev.tickbench.app.capture;

import dev.tickbench.app.live.Series;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which capture columns a set of plotted series comes from: levels are their own column; derived
 * series (CPU busy, PSI %, cgroup ratios) export the raw counters they are computed from, so the CSV
 * holds the kernel's values, not our arithmetic.
 */
public final class ExportSelection {
    private ExportSelection() {}

    public static List<String> columns(Collection<Series> shown) {
        Set<String> out = new LinkedHashSet<>();
        for (Series s : shown) {
            out.add(column(s.name()));
        }
        return List.copyOf(out);
    }

    static String column(String series) {
        if (series.equals("stat.busy") || series.equals("stat.iowait")) {
            return "stat.cpu.*";
        }
        if (series.startsWith("cgroup_cpu.")) {
            int bar = series.lastIndexOf('|');
            return series.substring(0, bar + 1) + "*";
        }
        return series; // levels, pressure totals and throttle fields are columns as they are
    }
}
