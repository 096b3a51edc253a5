package dev.tickbench.core.metrics;

/**
 * What the probe itself costs, for {@code /metrics}: the answer to "is the sampler cheap on the target?".
 *
 * @param processCpuSeconds CPU time of the whole probe process
 * @param residentBytes VmRSS of the probe process; null when /proc/self/status could not be read
 * @param samplerThreadCpuSeconds CPU time of the sampler thread alone
 * @param ticks ticks run since start
 * @param slippedTicks ticks skipped because the sampler was late by more than a period
 * @param lateness how late the ticks woke up
 */
public record SelfCost(
        double processCpuSeconds,
        Long residentBytes,
        double samplerThreadCpuSeconds,
        long ticks,
        long slippedTicks,
        Histogram lateness) {

    /**
     * A cumulative histogram in seconds.
     *
     * @param upperBounds bucket upper bounds (seconds), ascending, without +Inf
     * @param cumulativeCounts observations at or below each bound
     * @param count all observations (the +Inf bucket)
     * @param sum sum of the observations (seconds)
     */
    public record Histogram(double[] upperBounds, long[] cumulativeCounts, long count, double sum) {
        public Histogram {
            if (upperBounds.length != cumulativeCounts.length) {
                throw new IllegalArgumentException("one count per bound");
            }
        }
    }
}
