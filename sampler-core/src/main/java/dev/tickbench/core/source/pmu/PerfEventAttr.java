package dev.tickbench.core.source.pmu;

import java.nio.ByteBuffer;

/**
 * {@code struct perf_event_attr} written by hand (linux/perf_event.h, checked against the UAPI header
 * with {@code offsetof}): only the fields a counting (not sampling) group needs; everything else is
 * zero. The size written is {@code PERF_ATTR_SIZE_VER7} (128); older kernels accept a larger struct
 * when the bytes they do not know are zero.
 */
final class PerfEventAttr {
    static final int SIZE = 128;
    static final int TYPE_HARDWARE = 0;
    static final int TYPE_SOFTWARE = 1;

    static final int OFF_TYPE = 0;
    static final int OFF_SIZE = 4;
    static final int OFF_CONFIG = 8;
    static final int OFF_READ_FORMAT = 32;
    /** The 64-bit bitfield after read_format: bit 0 disabled, 1 inherit, 2 pinned, 3 exclusive, 4 exclude_user… */
    static final int OFF_FLAGS = 40;

    static final long FLAG_DISABLED = 1L;

    static final long FORMAT_TOTAL_TIME_ENABLED = 1L;
    static final long FORMAT_TOTAL_TIME_RUNNING = 1L << 1;
    static final long FORMAT_GROUP = 1L << 3;
    /** One read of the leader returns {@code nr, time_enabled, time_running, value[nr]}. */
    static final long READ_FORMAT = FORMAT_GROUP | FORMAT_TOTAL_TIME_ENABLED | FORMAT_TOTAL_TIME_RUNNING;

    /** {@code _IO('$', 0)} and the flag that applies it to the whole group. */
    static final long IOC_ENABLE = 0x2400;

    static final long IOC_FLAG_GROUP = 1;
    /** perf_event_open flags: close the descriptors in children the probe starts ({@code throttle run}). */
    static final long FLAG_FD_CLOEXEC = 8;

    private PerfEventAttr() {}

    /**
     * Writes the attr of one event of a group into {@code b} (native byte order, at least {@link #SIZE}
     * bytes, absolute positions). The leader is opened disabled, and the group enabled at once by one
     * ioctl, so all members start counting together; members follow the leader.
     */
    static void encode(ByteBuffer b, PmuEvent event, boolean leader) {
        for (int i = 0; i < SIZE; i += 8) {
            b.putLong(i, 0);
        }
        b.putInt(OFF_TYPE, event.type);
        b.putInt(OFF_SIZE, SIZE);
        b.putLong(OFF_CONFIG, event.config);
        b.putLong(OFF_READ_FORMAT, READ_FORMAT);
        b.putLong(OFF_FLAGS, leader ? FLAG_DISABLED : 0);
    }
}
