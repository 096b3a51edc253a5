package dev.tickbench.core.floors;

import dev.tickbench.core.cadence.Cadence;
import dev.tickbench.core.cadence.CadencePlanner;
import dev.tickbench.core.cadence.CadenceRule;

/**
 * The rules that turn a measured change rate into a need and a verdict.
 *
 * <ul>
 *   <li><b>Need</b>: the measured change rate rounded up to two significant digits (5.96 → 6.0,
 *       6.04 → 6.1, 0.083 → 0.084; an excess under 5 % of the last digit is timing noise and dropped:
 *       6.0003 → 6.0), never above the sampler rate (a capture cannot see faster). A
 *       source with members needs what its fastest member needs: a read at that rate catches every
 *       change of every member, since each read sees all of them. A thermal zone needs its curve rate,
 *       not its raw rate: the sampler stores thermal by sample-and-hold (docs/cadence.md) precisely so the one-step flicker
 *       is not stored. Zero changes: need 0 (the capture only says "slower than one change per
 *       capture").</li>
 *   <li><b>Shipped</b>: what the sampler really runs at the capture's rate with FLOOR_HZ 0
 *       ({@link CadencePlanner}: whole ticks, so slabinfo's 6 Hz is 6.25 Hz at 50 Hz).</li>
 *   <li><b>Verdict</b>: {@code TOO_SLOW} when the need exceeds the shipped cadence by more than
 *       {@link #TOO_SLOW_FACTOR} (the margin absorbs one change more or less over a short capture and
 *       the whole-tick rounding of the shipped cadence); {@code WASTEFUL} when the shipped cadence is
 *       more than {@link #WASTEFUL_FACTOR} times the need (or, for a need below the capture's
 *       resolution, times one change per capture); {@code OK} between.</li>
 * </ul>
 */
public final class FloorRules {
    /** need > shipped × this → too slow. */
    public static final double TOO_SLOW_FACTOR = 1.25;
    /** shipped > need × this → wasteful. */
    public static final double WASTEFUL_FACTOR = 4.0;
    /** Below this fraction of the second significant digit, a rate is not rounded up. */
    static final double NOISE_DIGIT_FRACTION = 0.05;

    private FloorRules() {}

    /** The measured rate rounded up to two significant digits, capped at the sampler rate. */
    public static double needHz(double measuredHz, int rateHz) {
        if (!(measuredHz > 0)) {
            return 0;
        }
        double unit = Math.pow(10, Math.floor(Math.log10(measuredHz)) - 1);
        // an excess under 5 % of the last digit is timing noise (150 changes in 24.9986 s is 6.0003 Hz): not 6.1
        double up = Math.ceil(measuredHz / unit - NOISE_DIGIT_FRACTION) * unit;
        double rounded = Double.parseDouble(String.format(java.util.Locale.ROOT, "%.6g", up));
        return Math.min(rounded, rateHz);
    }

    public static Verdict verdict(double shippedHz, double needHz, double resolutionHz) {
        if (needHz > shippedHz * TOO_SLOW_FACTOR) {
            return Verdict.TOO_SLOW;
        }
        if (shippedHz > WASTEFUL_FACTOR * Math.max(needHz, resolutionHz)) {
            return Verdict.WASTEFUL;
        }
        return Verdict.OK;
    }

    /**
     * The cadence Tickbench ships for a level source at {@code rateHz} without an override.
     *
     * @param pollingDelayMs a thermal zone's declared polling_delay (0 = none)
     * @param userspaceGovernor cpufreq with every core under the userspace governor
     */
    public static Cadence shipped(LevelKind kind, int rateHz, int pollingDelayMs, boolean userspaceGovernor) {
        CadenceRule rule = switch (kind) {
            case THERMAL -> new CadenceRule.Thermal(pollingDelayMs);
            case CPUFREQ -> new CadenceRule.CpuFreq(userspaceGovernor);
            case SLABINFO -> new CadenceRule.SlabInfo();
            case BUDDYINFO -> new CadenceRule.BuddyInfo();
            case MTD -> new CadenceRule.Mtd();
            case CHANGE -> new CadenceRule.OnChange();
        };
        return new CadencePlanner(rateHz, 0).plan(rule).published();
    }
}
