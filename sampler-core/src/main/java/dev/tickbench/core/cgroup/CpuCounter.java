package dev.tickbench.core.cgroup;

/**
 * The cpu.stat counters carried per level, under their v2 names (the stream keys of FORMAT.md).
 * v1 spells two of them differently and counts them in nanoseconds: normalised to µs here, so that
 * v1 and v2 levels compare directly (docs/walk.md).
 */
public enum CpuCounter {
    NR_PERIODS("nr_periods", "nr_periods", 1),
    NR_THROTTLED("nr_throttled", "nr_throttled", 1),
    THROTTLED_USEC("throttled_usec", "throttled_time", 1000),
    USAGE_USEC("usage_usec", null, 1),
    USER_USEC("user_usec", null, 1),
    SYSTEM_USEC("system_usec", null, 1),
    NR_BURSTS("nr_bursts", "nr_bursts", 1),
    BURST_USEC("burst_usec", "burst_time", 1000);

    private static final CpuCounter[] ALL = values();

    private final String key;
    private final String v1Name;
    private final long v1Divisor;

    CpuCounter(String key, String v1Name, long v1Divisor) {
        this.key = key;
        this.v1Name = v1Name;
        this.v1Divisor = v1Divisor;
    }

    /** The v2 name, also the stream key suffix. */
    public String key() {
        return key;
    }

    /** The counter a cpu.stat token names under {@code version}, or null for one we do not carry. */
    public static CpuCounter of(byte[] b, int start, int end, CgroupVersion version) {
        for (CpuCounter c : ALL) {
            String name = version == CgroupVersion.V1 ? c.v1Name : c.key;
            if (name != null && dev.tickbench.core.source.TextScanner.regionEquals(b, start, end, name)) {
                return c;
            }
        }
        return null;
    }

    /** The value in the kernel's unit under {@code version}, normalised to this counter's unit (µs). */
    public long normalise(long raw, CgroupVersion version) {
        return version == CgroupVersion.V1 ? raw / v1Divisor : raw;
    }

    /**
     * v1 cpuacct files (ns) that give the usage counters v1 cpu.stat lacks; null for the others.
     * {@code cpuacct.usage_user}/{@code _sys} exist since Linux 4.7; older kernels leave them missing.
     */
    public String cpuacctFile() {
        return switch (this) {
            case USAGE_USEC -> "cpuacct.usage";
            case USER_USEC -> "cpuacct.usage_user";
            case SYSTEM_USEC -> "cpuacct.usage_sys";
            default -> null;
        };
    }
}
