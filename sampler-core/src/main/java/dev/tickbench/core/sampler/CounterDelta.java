package dev.tickbench.core.sampler;

/**
 * The delta of a cumulative kernel counter between two reads. Many kernel counters are 32-bit on
 * 32-bit boards (diskstats on an ARM router, every /proc/interrupts count): a counter that went
 * backwards from near 2^32 wrapped and its true delta is recovered; anything else that went backwards
 * was reset (device re-added, driver reloaded), and its delta is unknown, never a huge number.
 */
final class CounterDelta {
    static final long RESET = Long.MIN_VALUE;
    private static final long U32 = 1L << 32;

    private CounterDelta() {}

    static long of(long previous, long current) {
        if (current >= previous) {
            return current - previous;
        }
        if (previous < U32 && current >= 0) {
            long wrapped = current + U32 - previous;
            if (wrapped <= (U32 >>> 1)) {
                return wrapped;
            }
        }
        return RESET;
    }
}
