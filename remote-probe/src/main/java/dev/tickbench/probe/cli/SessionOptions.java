package dev.tickbench.probe.cli;

import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.TickExtension;
import dev.tickbench.core.source.Source;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;

/**
 * What a sampling session adds to the sampler besides the kernel sources: the iowait throttle and
 * a cgroup target. Shared by {@code stream}, {@code record} and {@code serve}.
 */
@picocli.CommandLine.Command
public final class SessionOptions {
    @Mixin
    CgroupTargetOptions cgroupTarget;

    /** Validates the session flags up front so that nothing starts with a bad value. */
    public void validate() {
        cgroupTarget.check();
    }

    public Sampler createSampler(SamplerOptions sampling) {
        List<Source> extra = new ArrayList<>();
        List<TickExtension> extensions = new ArrayList<>();
        CgroupTargetOptions.Attached cg = cgroupTarget.attach(sampling.roots());
        if (cg != null) {
            extra.add(cg.source());
            extensions.add(cg.limits());
        }
        return Sampler.create(sampling.config(), extra, extensions);
    }
}
