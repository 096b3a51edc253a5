package dev.tickbench.core.throttle;

/** Where the smoothed iowait % sits against the two thresholds of docs/throttle.md. */
public enum Zone {
    /** Below YELLOW: growth may fire when the spread has elapsed. */
    GREEN,
    /** From YELLOW up to RED: hold the current concurrency. */
    YELLOW,
    /** At or above RED: push back (one step per smoothed-RED streak). */
    RED;

    public static Zone of(double smoothedPct) {
        if (smoothedPct >= Throttle.RED_THRESHOLD_PCT) {
            return RED;
        }
        if (smoothedPct >= Throttle.YELLOW_THRESHOLD_PCT) {
            return YELLOW;
        }
        return GREEN;
    }
}
