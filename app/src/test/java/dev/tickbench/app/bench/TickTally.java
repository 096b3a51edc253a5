package dev.tickbench.app.bench;

import dev.tickbench.core.capture.LineSink;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Counts the samples that reached the workbench and the holes between them, by the samples' own
 * {@code mono_ns} (when the sampler woke for them): a tick the sampler skipped and a sample lost on the
 * way are both a hole. What {@code app/bench/local-ticks.sh} reports for "this machine" (achieved Hz,
 * missed ticks, the longest hole), by the same rule as for a probe's stream beside it.
 */
public final class TickTally implements LineSink {
    private static final byte[] SAMPLE_PREFIX = "{\"type\":\"sample\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MONO_FIELD = "\"mono_ns\":".getBytes(StandardCharsets.US_ASCII);
    /** {@code mono_ns} is among a sample's first fields (FORMAT.md): it is looked for in this many bytes. */
    private static final int HEAD_BYTES = 128;

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

    private final LineSink downstream;
    private final long periodNs;
    private long samples;
    private long missed;
    private long longest;
    private long first;
    private long last;

    TickTally(LineSink downstream, int rateHz) {
        this.downstream = downstream;
        this.periodNs = 1_000_000_000L / rateHz;
    }

    @Override
    public void line(byte[] b, int off, int len) throws IOException {
        if (startsWith(b, off, len, SAMPLE_PREFIX)) {
            long mono = field(b, off, Math.min(len, HEAD_BYTES), MONO_FIELD);
            if (mono >= 0) {
                count(mono);
            }
        }
        downstream.line(b, off, len);
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

    /** The non-negative number after {@code name} within {@code b[off, off+len)}; -1 when absent. */
    static long field(byte[] b, int off, int len, byte[] name) {
        int end = off + len;
        outer:
        for (int i = off; i + name.length <= end; i++) {
            for (int k = 0; k < name.length; k++) {
                if (b[i + k] != name[k]) {
                    continue outer;
                }
            }
            long v = 0;
            int j = i + name.length;
            if (j >= end || b[j] < '0' || b[j] > '9') {
                return -1;
            }
            while (j < end && b[j] >= '0' && b[j] <= '9') {
                v = v * 10 + (b[j++] - '0');
            }
            return v;
        }
        return -1;
    }

    private static boolean startsWith(byte[] b, int off, int len, byte[] prefix) {
        if (len < prefix.length) {
            return false;
        }
        return java.util.Arrays.equals(b, off, off + prefix.length, prefix, 0, prefix.length);
    }
}
