package dev.tickbench.core.metrics;

import dev.tickbench.core.derived.DerivedKind;
import dev.tickbench.core.derived.DerivedValue;
import java.util.List;
import java.util.Locale;

/**
 * The derived series (docs/derived-series.md) as gauges: percentages become ratios (Prometheus base
 * units), and every sample carries its window in a {@code window} label ({@code "1s"}), because a
 * rate without its window cannot be compared with the same rate taken over another.
 */
final class DerivedFamilies {
    private DerivedFamilies() {}

    /** The values the latest sample produced (a level not read on it is not shown with an old value). */
    static void add(Exposition e, List<DerivedValue> values) {
        for (DerivedValue v : values) {
            String window = window(v.kind());
            switch (v.kind()) {
                case CPU_BUSY -> e.gauge("tickbench_cpu_busy_ratio",
                        "Share of all CPU time neither idle nor iowait, over the window.", v.value() / 100, "window", window);
                case CPU_IOWAIT -> e.gauge("tickbench_cpu_iowait_ratio",
                        "Share of all CPU time idle with I/O outstanding, over the window.", v.value() / 100, "window", window);
                case PSI_SOME, PSI_FULL -> e.gauge("tickbench_pressure_stalled_ratio",
                        "Share of wall time stalled on the resource (PSI some/full), over the window.", v.value() / 100,
                        "resource", v.subject(), "kind", v.kind() == DerivedKind.PSI_SOME ? "some" : "full", "window", window);
                case CGROUP_USAGE -> e.gauge("tickbench_cgroup_cpu_usage_cpus",
                        "CPUs used by the cgroup, over the window.", v.value(), "cgroup", v.subject(), "window", window);
                case CGROUP_THROTTLED -> e.gauge("tickbench_cgroup_cpu_throttled_periods_ratio",
                        "Share of enforcement periods that throttled, over the window.", v.value() / 100,
                        "cgroup", v.subject(), "window", window);
                case CGROUP_THROTTLED_TIME -> e.gauge("tickbench_cgroup_cpu_throttled_seconds_per_second",
                        "Throttled time per second of wall time (summed over CPUs), over the window.", v.value(),
                        "cgroup", v.subject(), "window", window);
            }
        }
    }

    private static String window(DerivedKind k) {
        double s = k.windowS();
        return s == Math.rint(s) ? String.format(Locale.ROOT, "%ds", (long) s) : String.format(Locale.ROOT, "%gs", s);
    }
}
