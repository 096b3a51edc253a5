package dev.tickbench.core.source.pmu;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The layout of one group read with {@code PERF_FORMAT_GROUP | TOTAL_TIME_ENABLED |
 * TOTAL_TIME_RUNNING}: {@code u64 nr; u64 time_enabled; u64 time_running; u64 value[nr]}, and the
 * kernel's multiplexing scale. All values are cumulative since the group was enabled.
 */
final class GroupReading {
    static final int HEADER_WORDS = 3;
    static final long UNKNOWN = -1;

    private GroupReading() {}

    /** Bytes one read of a group of {@code events} returns. */
    static int bytes(int events) {
        return (HEADER_WORDS + events) * Long.BYTES;
    }

    /**
     * Copies the group read at {@code offset} of {@code b} into {@code into} as
     * {@code [time_enabled, time_running, value0, value1…]}.
     *
     * @throws IOException when the read holds another number of events than the group has
     */
    static void parse(ByteBuffer b, int offset, int events, long[] into) throws IOException {
        long nr = b.getLong(offset);
        if (nr != events) {
            throw new IOException("perf group read returned " + nr + " events, expected " + events);
        }
        for (int i = 0; i < events + 2; i++) {
            into[i] = b.getLong(offset + (i + 1) * Long.BYTES);
        }
    }

    /**
     * The count over one interval, scaled when the kernel multiplexed the group: a group that ran for
     * {@code running} of the {@code enabled} nanoseconds counted that share of the events, so the
     * estimate is {@code raw × enabled / running} (what perf stat prints). Unknown when it did not run
     * at all; exact when it ran the whole time.
     */
    static long scaled(long raw, long enabled, long running) {
        if (running <= 0) {
            return enabled <= 0 ? raw : UNKNOWN;
        }
        if (running >= enabled) {
            return raw;
        }
        return Math.round(raw * ((double) enabled / running));
    }
}
