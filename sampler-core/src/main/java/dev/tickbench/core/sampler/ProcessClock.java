package dev.tickbench.core.sampler;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.lang.management.ManagementFactory;

/**
 * The CPU time of the whole probe process, every thread (exited ones too), in nanoseconds:
 * {@code clock_gettime(CLOCK_PROCESS_CPUTIME_ID)} through JNA's direct mapping (no allocation). The
 * JDK's own {@code getProcessCpuTime()} counts in clock ticks (10 ms): ±20 % over one second at 5 % of a
 * core, which is why it is only the fallback when JNA's native part cannot load.
 */
public final class ProcessClock {
    private static final int CLOCK_PROCESS_CPUTIME_ID = 2;
    private static final boolean NATIVE;

    static {
        boolean ok = false;
        if (Platform.isLinux()) {
            try {
                Native.register(ProcessClock.class, Platform.C_LIBRARY_NAME);
                ok = true;
            } catch (LinkageError e) {
                // no JNA here: the JDK's clock-tick figure below
            }
        }
        NATIVE = ok;
    }

    /** {@code struct timespec} on the 64-bit ABIs the probe ships for: tv_sec and tv_nsec, 8 bytes each. */
    private final Memory timespec = NATIVE ? new Memory(16) : null;

    private final long timespecAddress = NATIVE ? Pointer.nativeValue(timespec) : 0;
    private final com.sun.management.OperatingSystemMXBean os =
            ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean o
                    ? o
                    : null;

    /** The pointer as an address (a {@code long}), as {@code core.source.pmu.Libc} passes its buffers. */
    private static native int clock_gettime(int clock, long timespec);

    /** Whether the figure is exact (ns), rather than whole clock ticks. */
    public boolean exact() {
        return NATIVE;
    }

    /** CPU time of the process so far (ns); -1 when it cannot be read. Not thread-safe: one clock per thread. */
    public long cpuNs() {
        if (NATIVE && clock_gettime(CLOCK_PROCESS_CPUTIME_ID, timespecAddress) == 0) {
            return timespec.getLong(0) * 1_000_000_000L + timespec.getLong(8);
        }
        return os == null ? -1 : os.getProcessCpuTime();
    }
}
