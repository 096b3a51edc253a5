package dev.tickbench.core.cgroup;

/**
 * The limits of one level, read rarely (they move only when someone writes them, e.g. an in-place
 * pod resize). Every field is null when its file is missing.
 *
 * @param cpuMax v2 {@code cpu.max} / v1 {@code cpu.cfs_quota_us} + {@code cpu.cfs_period_us}
 * @param burstUs v2 {@code cpu.max.burst} / v1 {@code cpu.cfs_burst_us}
 * @param weight v2 {@code cpu.weight}; null on v1 (see {@link #shares})
 * @param shares v1 {@code cpu.shares}; null on v2
 */
public record LevelLimits(String path, CpuMax cpuMax, Long burstUs, Integer weight, Long shares) {}
