package dev.tickbench.core.clock;

import java.util.List;

/**
 * The verdict on one cpufreq policy over the window (docs/clock.md).
 *
 * @param policy {@code policy4}, or {@code cpu4} where the stream has no cpufreq policies
 * @param achievedKhz the time-weighted mean of the policy's CPUs' clocks over the window
 * @param peakKhz the highest clock read
 * @param maxKhz the hardware's maximum (cpuinfo_max_freq), null when the stream has none (nothing then says the
 *     clock is at it)
 * @param capKhz the lowest scaling_max_freq in the window, null when the stream has none
 * @param atCapPct the share of the window the CPUs ran at their cap (within {@link ClockRules#AT_CAP}), null without a cap
 * @param idlePct the share of the window the CPUs were idle, null when the stream cannot tell
 * @param evidence why {@code limiter}: its facts, the first one the deciding one
 * @param also other facts seen in the window that do not hold the clock (a cooling device at 1 that the
 *     clock is below anyway, the idle share…)
 */
public record PolicyVerdict(
        String policy,
        List<Integer> cpus,
        String governor,
        String driver,
        long achievedKhz,
        long peakKhz,
        Long maxKhz,
        Long capKhz,
        Double atCapPct,
        Double idlePct,
        Limiter limiter,
        List<Evidence> evidence,
        List<Evidence> also) {
    public PolicyVerdict {
        cpus = List.copyOf(cpus);
        evidence = List.copyOf(evidence);
        also = List.copyOf(also);
    }
}
