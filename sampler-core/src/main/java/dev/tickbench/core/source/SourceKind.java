package dev.tickbench.core.source;

/** What a source's values mean, which decides how the sampler treats them. */
public enum SourceKind {
    /** Monotonic counters: read every tick, emitted as deltas since the previous sample. */
    COUNTER,
    /** Levels (a temperature, a clock, a population): emitted as absolute values, possibly floored. */
    LEVEL,
    /** Timestamped events (kmsg records): drained every tick, emitted as their own lines. */
    EVENT
}
