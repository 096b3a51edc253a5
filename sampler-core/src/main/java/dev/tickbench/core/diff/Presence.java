package dev.tickbench.core.diff;

/** Where a series has values: in both ranges (compared), or in one only. */
public enum Presence {
    BOTH,
    /** Only in B: a disk, a cgroup, a slab cache that is new. */
    APPEARED,
    /** Only in A. */
    DISAPPEARED
}
