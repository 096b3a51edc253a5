package dev.tickbench.core.session;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.cgroup.CgroupCpuSource;
import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.cgroup.CgroupLimitsExtension;
import dev.tickbench.core.cgroup.CgroupTable;
import dev.tickbench.core.cgroup.CgroupTarget;
import dev.tickbench.core.cgroup.TargetResolver;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.core.sampler.TickExtension;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.throttle.ThrottleExtension;
import dev.tickbench.core.trigger.TriggerSet;
import dev.tickbench.core.who.ProcessEvents;
import dev.tickbench.core.who.ProcessSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One sampling session, assembled the same way wherever it runs: the sampler with every kernel
 * source, the iowait throttle (one {@code throttle} line a second), the process and cgroup tables with
 * the {@code proc} lines of their named processes' starts and exits (docs/who.md), and for a cgroup target the
 * {@code cgroup_cpu} source over the target and each ancestor plus the {@code cgroup_limits} lines, and
 * the triggers armed on it (none until armed: docs/triggers.md).
 * The probe's {@code stream}/{@code record}/{@code serve} and the workbench's "this machine" both
 * build theirs here, so a local session shows everything a remote probe shows.
 */
public final class Session implements AutoCloseable {
    private final Sampler sampler;
    private final ThrottleExtension throttle;
    private final CgroupTarget target;
    private final TriggerSet triggers;

    private Session(Sampler sampler, ThrottleExtension throttle, CgroupTarget target, TriggerSet triggers) {
        this.sampler = sampler;
        this.throttle = throttle;
        this.target = target;
        this.triggers = triggers;
    }

    /**
     * Builds the session (not started: add sinks, then {@code sampler().start()}).
     *
     * @param environment the target's environment, for {@code FLOOR_HZ} when the config leaves it open
     * @throws CgroupException the cgroup target cannot be resolved (no such pid or path, outside the mount)
     * @throws IllegalArgumentException a bad {@code FLOOR_HZ} in the environment
     */
    public static Session open(SessionConfig config, Map<String, String> environment) throws CgroupException {
        return open(config, environment, SeriesCatalogue.standard());
    }

    /** As {@link #open(SessionConfig, Map)}, sampling {@code catalogue}'s file sets too (docs/catalogue.md). */
    public static Session open(SessionConfig config, Map<String, String> environment, SeriesCatalogue catalogue)
            throws CgroupException {
        int floorHz = config.resolveFloorHz(environment);
        CgroupTarget target = resolve(config);
        List<Source> extra = new ArrayList<>();
        List<TickExtension> extensions = new ArrayList<>();
        ThrottleExtension throttle = new ThrottleExtension(config.roots(), config.ceiling());
        extensions.add(throttle);
        if (target != null) {
            extra.add(new CgroupCpuSource(target));
            extensions.add(new CgroupLimitsExtension(target));
        }
        ProcessSource processes = new ProcessSource(config.roots(), config.who()); // absent with why when off
        extra.add(processes);
        extra.add(new CgroupTable(config.roots(), config.who()));
        extensions.add(new ProcessEvents(processes));
        TriggerSet triggers = new TriggerSet(catalogue, config.roots()); // last: its lines follow the others'
        extensions.add(triggers);
        Sampler sampler = Sampler.create(
                new SamplerConfig(config.roots(), config.rateHz(), floorHz, config.pmuHz()),
                catalogue,
                extra,
                extensions);
        triggers.capabilities(sampler::capabilities);
        sampler.addSink(triggers.feed());
        return new Session(sampler, throttle, target, triggers);
    }

    private static CgroupTarget resolve(SessionConfig config) throws CgroupException {
        if (config.cgroup() == null) {
            return null;
        }
        TargetResolver resolver = TargetResolver.of(config.roots());
        if (config.cgroup() instanceof SessionConfig.CgroupChoice.Pid p) {
            return resolver.forPid(p.pid());
        }
        return resolver.forPath(((SessionConfig.CgroupChoice.Path) config.cgroup()).path());
    }

    public Sampler sampler() {
        return sampler;
    }

    public ThrottleExtension throttle() {
        return throttle;
    }

    /** The resolved cgroup target, empty without one. */
    public Optional<CgroupTarget> cgroupTarget() {
        return Optional.ofNullable(target);
    }

    /** The session's triggers (docs/triggers.md): arm and disarm them live, from any thread. */
    public TriggerSet triggers() {
        return triggers;
    }

    /** Stops the sampler and closes every source. */
    @Override
    public void close() {
        sampler.close(); // closes the extensions too
    }
}
