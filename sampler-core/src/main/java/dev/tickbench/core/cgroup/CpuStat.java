package dev.tickbench.core.cgroup;

import java.util.EnumMap;
import java.util.Map;

/**
 * One read of a level's cumulative counters, in µs (v1 ns normalised). A counter the kernel does not
 * offer at this level (v2 root has no throttling fields; v1 has no usage without cpuacct) is absent,
 * never 0.
 */
public record CpuStat(Map<CpuCounter, Long> values) {
    public CpuStat {
        values = values.isEmpty() ? Map.of() : new EnumMap<>(values);
    }

    /** The counter, or null when this level does not have it. */
    public Long get(CpuCounter c) {
        return values.get(c);
    }

    /** {@code after − before} of one counter; null when either read lacks it. */
    public static Long delta(CpuStat before, CpuStat after, CpuCounter c) {
        if (before == null || after == null) {
            return null;
        }
        Long a = before.get(c);
        Long b = after.get(c);
        return a == null || b == null ? null : b - a;
    }
}
