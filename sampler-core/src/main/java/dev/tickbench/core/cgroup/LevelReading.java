package dev.tickbench.core.cgroup;

/**
 * One read of one level: its limits, counters and pressure (each null when missing), and the identity
 * of its directory (the file key: device and inode), which changes when the cgroup is removed and
 * re-created at the same path; null when the file system does not say.
 *
 * @param statReadNs when the counters were read: the midpoint of the clock read just before and just
 *     after their files (the walk's clock, {@link LevelReader})
 */
public record LevelReading(
        CgroupLevel level, LevelLimits limits, CpuStat stat, Psi psi, Object dirKey, long statReadNs) {}
