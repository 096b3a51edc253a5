package dev.tickbench.probe.cli;

import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.session.Session;
import dev.tickbench.core.session.SessionConfig;
import dev.tickbench.probe.common.UserError;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * What a sampling session adds to the sampler besides the kernel sources: the iowait throttle, the
 * process and cgroup tables, a cgroup target, and how often the perf event groups are read. Shared by
 * {@code stream}, {@code record}, {@code serve} and {@code capabilities}; the assembly itself is the
 * core's {@link Session}, the same the workbench's local session uses.
 */
@picocli.CommandLine.Command
public final class SessionOptions {
    @Spec(Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Mixin
    CgroupTargetOptions cgroupTarget;

    @Mixin
    ThrottleOptions throttle;

    @Mixin
    WhoOptions who;

    @Mixin
    PmuOptions pmu;

    /** Validates the session flags up front so that nothing starts with a bad value. */
    public void validate() {
        cgroupTarget.check();
        throttle.ceiling();
        who.config();
        pmu.hz();
    }

    /** The session's configuration: FLOOR_HZ from the environment unless {@code --floor-hz} was given. */
    public SessionConfig config(SamplerOptions sampling) {
        return new SessionConfig(
                sampling.roots(),
                sampling.rateHz(),
                sampling.floorHzFlag(),
                cgroupTarget.choice(),
                throttle.ceiling(),
                who.config(),
                pmu.hz());
    }

    /** Builds the session; an unresolvable cgroup target is a {@link UserError}, a bad FLOOR_HZ a usage error. */
    public Session createSession(SamplerOptions sampling) {
        try {
            return Session.open(config(sampling), System.getenv());
        } catch (CgroupException e) {
            throw new UserError(e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The session's sampler; closing it closes the whole session (its extensions included). */
    public Sampler createSampler(SamplerOptions sampling) {
        return createSession(sampling).sampler();
    }
}
