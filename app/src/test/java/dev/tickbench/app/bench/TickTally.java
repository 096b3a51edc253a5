package dev.tickbench.app.bench;

import dev.tickbench.app.session.StoreListener;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;

/**
 * Counts the samples that reached the workbench (its store took them in, after the hand-off) and the
 * holes between them, by the samples' own {@code mono_ns} (when the sampler woke for them): a tick the
 * sampler skipped and a sample lost on the way are both a hole. What {@code app/bench/local-ticks.sh}
 * reports for "this machine" (achieved Hz, missed ticks, the longest hole), by the same rule as for a
 * probe's stream beside it. Reads the decoded lines: nothing is parsed again.
 */
public final class TickTally implements StoreListener {
    /**
     * What arrived since the last {@link #reset}.
     *
     * @param samples samples delivered
     * @param missed ticks that should have come between them and did not: each hole's length in periods,
     *     rounded, less one
     * @param longestHoleNs the longest time between two delivered samples
     * @param firstMonoNs the first delivered sample's {@code mono_ns} (0 when none)
     * @param lastMonoNs the last one's
     */
    public record Snapshot(long samples, long missed, long longestHoleNs, long firstMonoNs, long lastMonoNs) {
        /** Samples per second between the first and the last delivered; 0 with fewer than two. */
        public double achievedHz() {
            return samples < 2 || lastMonoNs <= firstMonoNs ? 0 : (samples - 1) * 1e9 / (lastMonoNs - firstMonoNs);
        }
    }

    private final long periodNs;
    private long samples;
    private long missed;
    private long longest;
    private long first;
    private long last;

    TickTally(int rateHz) {
        this.periodNs = 1_000_000_000L / rateHz;
    }

    @Override
    public void accepted(StreamLine line) {
        if (line instanceof SampleLine s) {
            count(s.monoNs());
        }
    }

    private synchronized void count(long mono) {
        if (samples > 0) {
            long hole = mono - last;
            if (hole > longest) {
                longest = hole;
            }
            missed += Math.max(0, Math.round((double) hole / periodNs) - 1);
        } else {
            first = mono;
        }
        last = mono;
        samples++;
    }

    synchronized Snapshot snapshot() {
        return new Snapshot(samples, missed, longest, first, last);
    }

    /** Starts counting afresh from the next sample. */
    synchronized void reset() {
        samples = 0;
        missed = 0;
        longest = 0;
        first = 0;
        last = 0;
    }
}
