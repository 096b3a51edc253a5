package dev.tickbench.core.cadence;

/**
 * How the sampler treats one source.
 *
 * @param published the cadence published in capabilities, metrics and the stream
 * @param readEveryTicks the source is read every this many ticks (may differ from the published
 *     cadence: under FLOOR_HZ below the rate, cpufreq and buddyinfo are still read every tick)
 * @param storeOnChange emitted only when a value moved, or by heartbeat
 */
public record Plan(Cadence published, int readEveryTicks, boolean storeOnChange) {}
