package dev.tickbench.core.clock;

import java.util.List;
import java.util.Map;

/**
 * The verdicts over one window of samples: every cpufreq policy the stream names, and the inputs the
 * verdict would have used that the stream says are absent, with their reasons (docs/clock.md).
 *
 * @param windowS the window's length: the samples' summed {@code dt_ns}
 * @param fromS the window's first sample, in seconds since the stream's first sample (CSV's {@code t_s}), or null
 * @param toS its last sample, or null
 * @param noVerdict why there is no verdict at all (no samples, no cpufreq), else null
 */
public record ClockReport(
        double windowS,
        int samples,
        int rateHz,
        Double fromS,
        Double toS,
        List<PolicyVerdict> policies,
        Map<String, String> absent,
        String noVerdict) {
    public ClockReport {
        policies = List.copyOf(policies);
        absent = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(absent));
    }
}
