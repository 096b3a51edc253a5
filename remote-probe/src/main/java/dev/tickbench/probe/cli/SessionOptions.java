package dev.tickbench.probe.cli;

import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.TickExtension;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.throttle.ThrottleExtension;
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

    @Mixin
    ThrottleOptions throttle;

    /** Validates the session flags up front so that nothing starts with a bad value. */
    public void validate() {
        cgroupTarget.check();
        throttle.ceiling();
    }

    public Sampler createSampler(SamplerOptions sampling) {
        List<Source> extra = new ArrayList<>();
        List<TickExtension> extensions = new ArrayList<>();
        // the probe runs the full sampler and the iowait throttle: one throttle line a second
        extensions.add(new ThrottleExtension(sampling.roots(), throttle.ceiling()));
        CgroupTargetOptions.Attached cg = cgroupTarget.attach(sampling.roots());
        if (cg != null) {
            extra.add(cg.source());
            extensions.add(cg.limits());
        }
        return Sampler.create(sampling.config(), extra, extensions);
    }
}
