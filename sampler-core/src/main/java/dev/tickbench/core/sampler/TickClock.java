package dev.tickbench.core.sampler;

/** Lateness and slipped-tick bookkeeping of the tick loop (read from other threads: synchronized). */
final class TickClock {
    static final long[] BOUNDS_NS = {
        50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000, 25_000_000, Long.MAX_VALUE
    };
    private static final int RING = 1 << 16;

    private final long[] counts = new long[BOUNDS_NS.length];
    private final long[] ring = new long[RING];
    private long woken;
    private long slipped;
    private long sum;

    synchronized void woke(long latenessNs) {
        long l = Math.max(0, latenessNs);
        int b = 0;
        while (l > BOUNDS_NS[b]) {
            b++;
        }
        counts[b]++;
        sum += l;
        ring[(int) (woken & (RING - 1))] = l;
        woken++;
    }

    synchronized void slipped(long n) {
        slipped += n;
    }

    synchronized SamplerStats stats(long ticks, long cpuNs) {
        return new SamplerStats(ticks, slipped, BOUNDS_NS.clone(), counts.clone(), sum, cpuNs);
    }

    synchronized long[] recent() {
        int n = (int) Math.min(woken, RING);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = ring[(int) ((woken - n + i) & (RING - 1))];
        }
        return out;
    }
}
