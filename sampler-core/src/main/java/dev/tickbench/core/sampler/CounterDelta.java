package dev.tickbench.core.sampler;

/**
 * The delta of a cumulative kernel counter between two reads. Many kernel counters are 32-bit on
 * 32-bit boards (diskstats on an ARM router, every /proc/interrupts count): a counter that went
 * backwards from near 2^32 wrapped and its true delta is recovered; anything else that went backwards
 * was reset (device re-added, driver reloaded), and its delta is unknown, never a huge number.
 *
 * <p>Counters are unsigned 64-bit in the kernel and carried modulo 2^64 (a value above 2^63 reads as
 * negative), so "went forward" is the difference taken modulo 2^64 and below 2^63: a network byte
 * counter crossing 2^63, or 2^64, grows by its true delta. A step of 2^63 or more in one read is no
 * counter's growth; it is judged as a step back.
 */
final class CounterDelta {
    static final long RESET = Long.MIN_VALUE;
    private static final long U32 = 1L << 32;

    private CounterDelta() {}

    static long of(long previous, long current) {
        long forward = current - previous;
        if (forward >= 0) {
            return forward;
        }
        if (previous >= 0 && previous < U32 && current >= 0) {
            long wrapped = current + U32 - previous;
            if (wrapped <= (U32 >>> 1)) {
                return wrapped;
            }
        }
        return RESET;
    }
}
