package dev.tickbench.core.cgroup;

/** The two cgroup hierarchies a CPU controller can live in; hybrid hosts have both mounted. */
public enum CgroupVersion {
    /** Legacy per-controller hierarchy: {@code cpu.cfs_quota_us}, {@code cpu.shares}, ns {@code throttled_time}. */
    V1(1),
    /** Unified hierarchy: {@code cpu.max}, {@code cpu.weight}, µs {@code throttled_usec}. */
    V2(2);

    private final int number;

    CgroupVersion(int number) {
        this.number = number;
    }

    /** 1 or 2, as written in the walk JSON and the {@code cgroup_limits} line. */
    public int number() {
        return number;
    }
}
