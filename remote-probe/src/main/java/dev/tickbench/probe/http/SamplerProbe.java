package dev.tickbench.probe.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.metrics.SelfCost;
import dev.tickbench.core.sampler.ProcessClock;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerStats;
import dev.tickbench.core.sampler.SelfLine;
import java.nio.file.Path;

/** The running {@link Sampler} as the HTTP server sees it, with the probe's own cost measured live. */
public final class SamplerProbe implements ServedProbe {
    private static final Path SELF_STATUS = Path.of("/proc/self/status");
    private final Sampler sampler;
    /** Exact process CPU (ns); scrapes come from the HTTP server's threads, so it is read under its lock. */
    private final ProcessClock clock = new ProcessClock();

    public SamplerProbe(Sampler sampler) {
        this.sampler = sampler;
    }

    @Override
    public byte[] helloLine() {
        return sampler.helloLine();
    }

    @Override
    public JsonNode capabilities() {
        return sampler.capabilities();
    }

    @Override
    public long lastSeq() {
        return sampler.lastSeq();
    }

    @Override
    public int rateHz() {
        return sampler.config().rateHz();
    }

    @Override
    public SelfCost selfCost() {
        SamplerStats s = sampler.stats();
        long cpuNs;
        synchronized (clock) {
            cpuNs = Math.max(0, clock.cpuNs());
        }
        return new SelfCost(
                cpuNs / 1e9,
                SelfLine.residentBytes(SELF_STATUS),
                s.samplerCpuNs() < 0 ? 0 : s.samplerCpuNs() / 1e9,
                s.ticks(),
                s.slippedTicks(),
                lateness(s));
    }

    /** The sampler counts per bucket with +Inf last; Prometheus wants cumulative counts without +Inf. */
    static SelfCost.Histogram lateness(SamplerStats s) {
        long[] bounds = s.latenessBoundsNs();
        long[] counts = s.latenessCounts();
        int finite =
                bounds.length > 0 && bounds[bounds.length - 1] == Long.MAX_VALUE ? bounds.length - 1 : bounds.length;
        double[] upper = new double[finite];
        long[] cumulative = new long[finite];
        long running = 0;
        long total = 0;
        for (int i = 0; i < counts.length; i++) {
            total += counts[i];
        }
        for (int i = 0; i < finite; i++) {
            running += counts[i];
            upper[i] = bounds[i] / 1e9;
            cumulative[i] = running;
        }
        return new SelfCost.Histogram(upper, cumulative, total, s.latenessSumNs() / 1e9);
    }
}
