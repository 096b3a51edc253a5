package dev.tickbench.core.sampler;

/**
 * A clock for the real tick loop that moves only when the loop sleeps, or when a test moves it (a read
 * that makes its tick slow): what happens in the stream is then exact, not a matter of timing.
 */
final class SteppingClock implements Sampler.Timer {
    volatile long now;

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public void park(long ns) {
        now += ns;
    }
}
