package dev.tickbench.core.throttle;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * The adaptive per-worker concurrency controller of docs/throttle.md: IO never blocks a worker, it is the
 * condition for <em>increasing</em> concurrency. Starts at one task (none while the ceiling is 0, a
 * pause) and grows only while the smoothed iowait stays GREEN, at a spread that doubles from 2 s to
 * 60 s; a smoothed-RED sample takes one away and resets the spread. Time comes from an injected clock so replays and tests are deterministic.
 * Thread-safe: every method holds the instance lock (the sampler feeds it at 1 Hz, readers are rare).
 */
public final class Throttle {
    /** iowait % at which we start pushing back. */
    public static final double RED_THRESHOLD_PCT = 70.0;
    /** iowait % above which we stop growing (hold); below it is GREEN. */
    public static final double YELLOW_THRESHOLD_PCT = 40.0;
    /** Smoothed-RED samples before a throttle: 1, the 5 s smoothing already implies sustained pressure. */
    public static final int RED_STREAK_TO_THROTTLE = 1;
    /** Minimum time between growth events, even for a completely IO-free workload. */
    public static final long MIN_GROW_SPREAD_NANOS = 2_000_000_000L;
    /** Ceiling of the doubling spread: beyond ~60 s of quiet the signal is well established. */
    public static final long MAX_GROW_SPREAD_NANOS = 60_000_000_000L;
    /** Samples in the rolling mean (5 s at the 1 Hz sampler). */
    public static final int SMOOTHING_WINDOW = 5;
    /** The sampler period the window is sized for. */
    public static final long SAMPLE_INTERVAL_NANOS = 1_000_000_000L;
    /** Every eligible worker runs at least one task: a throttle never takes the last one away. */
    public static final int MIN_EFFECTIVE = 1;
    /** The lowest ceiling: 0 is a pause (effective 0, nothing new starts until the ceiling rises). */
    public static final int MIN_CEILING = 0;

    private final LongSupplier clock;
    private final double[] ring = new double[SMOOTHING_WINDOW];
    private int held;
    private int next;

    private int ceiling;
    private int effective;
    private long growSpreadNanos = MIN_GROW_SPREAD_NANOS;
    private long lastActionNanos;
    private boolean throttledOnce;
    private long lastThrottleNanos;
    private int redStreak;
    private double smoothed = Double.NaN;
    private Zone zone;

    /**
     * @param ceiling the configured maximum; below 0 becomes 0, and 0 is a pause (effective 0)
     * @param nanoClock monotonic nanoseconds; the construction time is the first "last action"
     */
    public Throttle(int ceiling, LongSupplier nanoClock) {
        this.clock = nanoClock;
        this.ceiling = Math.max(MIN_CEILING, ceiling);
        this.effective = Math.min(MIN_EFFECTIVE, this.ceiling); // start conservative: one task, or none when paused
        this.lastActionNanos = nanoClock.getAsLong();
    }

    /**
     * Feeds one iowait % sample (about once a second) and returns the effective concurrency after it.
     *
     * @throws IllegalArgumentException for NaN or infinite input: it would poison the mean for 5 samples
     */
    public synchronized int sample(double iowaitPct) {
        if (!Double.isFinite(iowaitPct)) {
            throw new IllegalArgumentException("iowait % must be a finite number, got " + iowaitPct);
        }
        long now = clock.getAsLong();
        ring[next] = iowaitPct;
        next = (next + 1) % SMOOTHING_WINDOW;
        held = Math.min(held + 1, SMOOTHING_WINDOW);
        double sum = 0;
        for (int i = 0; i < held; i++) {
            sum += ring[i]; // the ring fills from slot 0, so the first `held` slots are the live ones
        }
        smoothed = sum / held;
        zone = Zone.of(smoothed);
        switch (zone) {
            case RED -> {
                redStreak++;
                // at effective 1 nothing changes and the streak keeps counting (docs/throttle.md)
                if (redStreak >= RED_STREAK_TO_THROTTLE && effective > MIN_EFFECTIVE) {
                    effective--;
                    throttledOnce = true;
                    lastThrottleNanos = now;
                    lastActionNanos = now;
                    growSpreadNanos = MIN_GROW_SPREAD_NANOS;
                    redStreak = 0;
                }
            }
            case YELLOW -> {
                // hold: neither the streak nor the last action time is touched
            }
            case GREEN -> {
                redStreak = 0;
                if (effective < ceiling && now - lastActionNanos >= growSpreadNanos) {
                    effective++;
                    lastActionNanos = now;
                    growSpreadNanos = Math.min(2 * growSpreadNanos, MAX_GROW_SPREAD_NANOS);
                }
            }
        }
        return effective;
    }

    /**
     * Changes the configured maximum (below 0 becomes 0); clamps effective at once, keeps the spread and
     * the last action. 0 pauses (effective 0); raising it from a pause resumes at {@code min(1, ceiling)},
     * as at creation, and growth goes on by the usual rules.
     */
    public synchronized void setCeiling(int newCeiling) {
        ceiling = Math.max(MIN_CEILING, newCeiling);
        effective = effective == 0 ? Math.min(MIN_EFFECTIVE, ceiling) : Math.min(effective, ceiling);
    }

    public synchronized int effective() {
        return effective;
    }

    public synchronized State state() {
        return new State(
                effective,
                ceiling,
                held == 0 ? OptionalDouble.empty() : OptionalDouble.of(smoothed),
                Optional.ofNullable(zone),
                growSpreadNanos,
                throttledOnce ? OptionalLong.of(lastThrottleNanos) : OptionalLong.empty(),
                redStreak);
    }

    /**
     * A consistent snapshot of the controller.
     *
     * @param smoothed mean of the held samples; empty before the first sample
     * @param zone the zone of the last sample; empty before the first sample
     * @param growSpreadNanos the wait required before the next growth
     * @param lastThrottleNanos clock time of the last throttle; empty when it never throttled
     */
    public record State(
            int effective,
            int ceiling,
            OptionalDouble smoothed,
            Optional<Zone> zone,
            long growSpreadNanos,
            OptionalLong lastThrottleNanos,
            int redStreak) {}
}
