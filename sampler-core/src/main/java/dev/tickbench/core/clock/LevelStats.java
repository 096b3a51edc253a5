package dev.tickbench.core.clock;

/** One level over the window: its lowest and highest held value and its time-weighted mean. */
final class LevelStats {
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private double weighted;
    private long weightNs;

    void add(long value, long dtNs) {
        min = Math.min(min, value);
        max = Math.max(max, value);
        weighted += (double) value * dtNs;
        weightNs += dtNs;
    }

    long min() {
        return min;
    }

    long max() {
        return max;
    }

    /** The time-weighted mean; the plain value when no time was weighed. */
    double mean() {
        return weightNs > 0 ? weighted / weightNs : max;
    }
}
