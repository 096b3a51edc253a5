package dev.tickbench.core.throttle;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Maximum cpu %, mem %, iowait % and disk % seen between two drains, so that a reader polling every
 * few seconds sees the worst second in between, not whatever held at the moment it asked (docs/throttle.md, "Peaks").
 *
 * <p>One tracker per reader: the live throttle drains its own every second, so each throttle line
 * carries that second's peaks; a slower reader ({@code /metrics}, a view refreshing every few seconds)
 * folds every throttle line's peaks into a tracker of its own with {@link #observe(Peaks)} and drains
 * it when it reads, so it sees the worst second since <em>its</em> previous read (docs: FORMAT.md,
 * "throttle"). Thread-safe: one thread observes, another may drain.
 */
public final class PeakTracker {
    private final Max cpu = new Max();
    private final Max mem = new Max();
    private final Max iowait = new Max();
    private final Max disk = new Max();
    private boolean hasData;

    /** Folds in the peaks another tracker drained (a throttle line's {@code peaks}). */
    public void observe(Peaks p) {
        observe(p.cpu(), p.mem(), p.iowait(), p.disk());
    }

    /** Folds in one sample with all four dimensions present. */
    public void observe(double cpuPct, double memPct, double iowaitPct, double diskPct) {
        observe(
                OptionalDouble.of(cpuPct),
                OptionalDouble.of(memPct),
                OptionalDouble.of(iowaitPct),
                OptionalDouble.of(diskPct));
    }

    /**
     * Folds in one sample; an empty dimension was not measured this tick and is skipped. A NaN anywhere
     * drops the whole sample (NaN would stick as the max: every comparison with it is false); negatives
     * are clamped to 0 so one bad read cannot poison the peak.
     */
    public synchronized void observe(
            OptionalDouble cpuPct, OptionalDouble memPct, OptionalDouble iowaitPct, OptionalDouble diskPct) {
        if (isNaN(cpuPct) || isNaN(memPct) || isNaN(iowaitPct) || isNaN(diskPct)) {
            return;
        }
        boolean any = cpu.fold(cpuPct) | mem.fold(memPct) | iowait.fold(iowaitPct) | disk.fold(diskPct);
        hasData |= any;
    }

    /** The maxima since the last drain, then resets; empty when nothing was observed (never zeros). */
    public synchronized Optional<Peaks> drain() {
        if (!hasData) {
            return Optional.empty();
        }
        Peaks peaks = new Peaks(cpu.take(), mem.take(), iowait.take(), disk.take());
        hasData = false;
        return Optional.of(peaks);
    }

    private static boolean isNaN(OptionalDouble v) {
        return v.isPresent() && Double.isNaN(v.getAsDouble());
    }

    /** One dimension's running maximum. */
    private static final class Max {
        private boolean present;
        private double value;

        boolean fold(OptionalDouble v) {
            if (v.isEmpty()) {
                return false;
            }
            double x = Math.max(0.0, v.getAsDouble());
            value = present ? Math.max(value, x) : x;
            present = true;
            return true;
        }

        OptionalDouble take() {
            OptionalDouble out = present ? OptionalDouble.of(value) : OptionalDouble.empty();
            present = false;
            return out;
        }
    }
}
