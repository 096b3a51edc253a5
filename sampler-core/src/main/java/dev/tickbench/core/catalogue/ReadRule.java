package dev.tickbench.core.catalogue;

/**
 * The rule of docs/cadence.md a source is read and stored by. The sampler's planner turns the rule into
 * a cadence for a rate and FLOOR_HZ; the catalogue names it so the floors, the docs and a new file set
 * agree on what the source does.
 */
public enum ReadRule {
    /** Read and sent on every tick, reason rate (counters, meminfo, pressure, kmsg). */
    EVERY_TICK,
    /**
     * At a chosen cadence (reason policy; the reader is told it), every read sent, with the same keys
     * read after read: the perf event groups, 10 Hz unless set (docs/pmu.md).
     */
    CHOSEN,
    /** Read at the zone's declared polling_delay, stored every read (thermal zones). */
    DECLARED,
    /** Read every tick, stored when any value moves; policy under the userspace governor (cpufreq). */
    CHANGE_OR_POLICY,
    /** Floored by a measured parse cost, stored on change (slabinfo). */
    BUDGET,
    /** Read every tick, stored on change, publishes rate (buddyinfo, a quirk kept on purpose). */
    CHANGE_PUBLISHED_AS_RATE,
    /** Every 10 s, stored on change, publishes budget (MTD ECC counters). */
    PERIODIC_BUDGET,
    /** Read every tick, stored when any value moves, reason change: the rule of a level file set. */
    CHANGE,
    /** On the first sample, then once per heartbeat (the probe's own memory.max). */
    HEARTBEAT,
    /** A line of its own at the cadence it declares (the throttle once a second, cgroup limits on change). */
    OWN_LINE,
    /**
     * At a chosen cadence (1 Hz unless set, reason policy), every read stored; its keys are the top N of
     * the last interval and change from read to read (processes, cgroups): a key absent from the latest
     * read has ended, it is not held.
     */
    TOP_N
}
