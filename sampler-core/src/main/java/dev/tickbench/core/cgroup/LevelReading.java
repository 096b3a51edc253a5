package dev.tickbench.core.cgroup;

/** One read of one level: its limits, counters and pressure (each null when missing). */
public record LevelReading(CgroupLevel level, LevelLimits limits, CpuStat stat, Psi psi) {}
