package dev.tickbench.core.sampler;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each source has cost the sampler thread since the start ({@link SelfLine.Meter}): per source,
 * the CPU time of its timed reads, how many of its reads were timed and how many it had, and the ticks
 * taken. Two snapshots give the cost per tick over the time between them ({@link #perTickNs}).
 *
 * @param sources the source names, the kernel log drain as {@code kmsg}
 */
public record SourceCosts(List<String> sources, long[] timedNs, long[] timed, long[] reads, long ticks) {
    /**
     * Per source, the CPU time per tick (ns) from {@code earlier} to this snapshot: its mean timed read
     * times its reads per tick; a source with no timed read in between is left out.
     */
    public Map<String, Double> perTickNs(SourceCosts earlier) {
        Map<String, Double> out = new LinkedHashMap<>();
        long dTicks = ticks - earlier.ticks;
        for (int i = 0; i < sources.size(); i++) {
            long n = timed[i] - earlier.timed[i];
            if (n > 0 && dTicks > 0) {
                double perRead = (timedNs[i] - earlier.timedNs[i]) / (double) n;
                out.put(sources.get(i), perRead * (reads[i] - earlier.reads[i]) / dTicks);
            }
        }
        return out;
    }
}
