package dev.tickbench.core.cgroup;

/**
 * A bandwidth limit: {@code quota} µs of CPU time per {@code period} µs ({@code cpu.max}, or v1
 * {@code cpu.cfs_quota_us} + {@code cpu.cfs_period_us}).
 *
 * @param quotaUs null means {@code max} (v1 {@code -1}): no bandwidth limit at this level
 * @param periodUs the period; null when the period file is missing
 */
public record CpuMax(Long quotaUs, Long periodUs) {
    /** CPUs allowed on average (quota / period), or null when unlimited or unknown. */
    public Double cpus() {
        if (quotaUs == null || periodUs == null || periodUs <= 0) {
            return null;
        }
        return (double) quotaUs / periodUs;
    }

    /** As the kernel writes it in v2 {@code cpu.max}: {@code "50000 100000"}, {@code "max 100000"}. */
    public String raw() {
        return (quotaUs == null ? "max" : quotaUs.toString()) + " " + (periodUs == null ? "?" : periodUs.toString());
    }
}
