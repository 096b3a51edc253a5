package dev.tickbench.core.handoff;

/**
 * The one rule for samples that did not arrive (FORMAT.md: {@code seq} starts at 1 and is
 * consecutive): after sample N the next one is N+1, so a sample with a higher seq says that the ones
 * in between were lost; a hello starts a stream afresh, its first sample being seq 1. A consumer that
 * joins a stream part-way knows nothing until its first sample (or until told where it starts).
 */
public final class MissedSeqs {
    private static final long UNKNOWN = Long.MIN_VALUE;
    private long last = UNKNOWN;

    /** A hello: the next sample is seq 1. */
    public void hello() {
        last = 0;
    }

    /** The consumer already has every sample up to {@code seq} (e.g. from a replay). */
    public void startAfter(long seq) {
        last = seq;
    }

    /**
     * A sample arrives; returns how many samples before it were missed (0 when it follows the last one,
     * or when nothing is known yet). A seq that goes back (a new session without a hello) restarts the
     * count from it.
     */
    public long sample(long seq) {
        long missed = last == UNKNOWN || seq <= last ? 0 : seq - last - 1;
        last = seq;
        return missed;
    }

    public boolean known() {
        return last != UNKNOWN;
    }

    /** The seq the next sample should have; meaningful only when {@link #known()}. */
    public long next() {
        return last + 1;
    }

    /** The last sample seen; meaningful only when {@link #known()}. */
    public long last() {
        return last;
    }
}
