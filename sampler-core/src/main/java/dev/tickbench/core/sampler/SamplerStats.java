package dev.tickbench.core.sampler;

/**
 * The sampler's own cost and timeliness.
 *
 * @param ticks samples written
 * @param slippedTicks deadlines skipped because a tick ran more than a period late
 * @param latenessBoundsNs upper bounds of the lateness histogram buckets (the last is +Inf)
 * @param latenessCounts per-bucket counts (not cumulative)
 * @param latenessSumNs sum of all lateness
 * @param samplerCpuNs CPU time of the sampler thread, or -1 when the JVM cannot measure it
 */
public record SamplerStats(
        long ticks,
        long slippedTicks,
        long[] latenessBoundsNs,
        long[] latenessCounts,
        long latenessSumNs,
        long samplerCpuNs) {}
