package dev.tickbench.core.sampler;

import dev.tickbench.core.source.ValueTable;

/**
 * What an extension may see of the sampler's own reads, so that it derives from the very values the
 * stream carries instead of reading the kernel file again (the throttle's iowait comes from the
 * sampler's {@code stat}). Only valid on the sampler thread, inside {@link TickExtension} calls.
 */
public interface SamplerReads {
    /**
     * The cumulative raw values {@code source} read on the current tick (the baseline read while the
     * extensions start), or null when it was not read then: absent, not due, or the read failed.
     */
    ValueTable readThisTick(String source);
}
