package dev.tickbench.probe.cli;

import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.cgroup.CgroupTarget;
import dev.tickbench.core.cgroup.TargetResolver;
import dev.tickbench.core.session.SessionConfig;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.probe.common.UserError;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --pid PID} or {@code --cgroup PATH}: one cgroup target (single, not repeatable: one walk,
 * one set of levels in the stream). {@code walk} requires one; for {@code stream}/{@code record}/{@code serve}
 * it is the session's {@link SessionConfig.CgroupChoice} (the session adds the cgroup_cpu source and the
 * cgroup_limits lines).
 */
public final class CgroupTargetOptions {
    @Spec(Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--pid",
            paramLabel = "PID",
            description = "target the cgroup of this process (from /proc/PID/cgroup)")
    Long pid;

    @Option(
            names = "--cgroup",
            paramLabel = "PATH",
            description = "target this cgroup, relative to the mount of the cpu hierarchy (the v1 cpu mount on"
                    + " hybrid hosts, else the cgroup2 mount), e.g. /kubepods.slice/...")
    String cgroup;

    /** True when a target was given. */
    public boolean given() {
        check();
        return pid != null || cgroup != null;
    }

    /** Usage errors (exit 2): both flags, or neither where one is required. */
    public void check() {
        if (pid != null && cgroup != null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--pid and --cgroup are exclusive: give one target");
        }
    }

    public void require() {
        check();
        if (pid == null && cgroup == null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "missing target: give --pid PID or --cgroup PATH");
        }
    }

    /** Resolves the target; a pid that does not exist or a path outside the mount is a {@link UserError}. */
    public CgroupTarget resolve(SystemRoots roots) {
        require();
        try {
            TargetResolver resolver = TargetResolver.of(roots);
            return pid != null ? resolver.forPid(pid) : resolver.forPath(cgroup);
        } catch (CgroupException e) {
            throw new UserError(e.getMessage());
        }
    }

    /** The target for a session, or null when none was given. */
    public SessionConfig.CgroupChoice choice() {
        if (!given()) {
            return null;
        }
        return pid != null ? new SessionConfig.CgroupChoice.Pid(pid) : new SessionConfig.CgroupChoice.Path(cgroup);
    }
}
