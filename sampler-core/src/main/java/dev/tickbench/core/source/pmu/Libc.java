package dev.tickbench.core.source.pmu;

import com.sun.jna.Platform;
import dev.tickbench.core.source.JnaLibc;

/**
 * The four libc calls the PMU source needs, bound with JNA's direct mapping: primitive arguments only,
 * so a call on the read path allocates nothing (an interface mapping boxes its arguments).
 *
 * <p>{@code syscall(2)} and {@code ioctl(2)} are variadic in C. They are declared here with fixed
 * {@code long} arguments, which is the same call on the two ABIs the probe ships for: x86-64 System V
 * passes variadic integer arguments in the same registers as fixed ones (libffi sets {@code %al}), and
 * so does AAPCS64 on Linux (only Apple's arm64 ABI puts variadic arguments on the stack). Every
 * argument is a sign-extended {@code long}, so {@code pid = -1} reaches the kernel as -1.
 */
final class Libc {
    /** {@code SYS_perf_event_open}: 298 on x86-64, 241 on aarch64 (asm-generic). */
    static final long SYS_PERF_EVENT_OPEN;

    private static final Throwable LOAD_FAILURE;

    static {
        long nr = switch (System.getProperty("os.arch", "")) {
            case "amd64", "x86_64" -> 298;
            case "aarch64" -> 241;
            default -> -1;
        };
        Throwable failure;
        if (nr < 0 && Platform.isLinux()) {
            failure = new UnsupportedOperationException(
                    "no perf_event_open syscall number known for " + System.getProperty("os.arch"));
        } else {
            failure = JnaLibc.register(Libc.class, "perf events");
        }
        SYS_PERF_EVENT_OPEN = nr;
        LOAD_FAILURE = failure;
    }

    private Libc() {}

    /** Null when the calls are usable; else why not (not Linux, unknown architecture, JNA's native part missing). */
    static String unavailableReason() {
        return JnaLibc.reason(LOAD_FAILURE);
    }

    /** errno of this thread's last call into libc here (JNA saves it right after the call). */
    static int errno() {
        return JnaLibc.errno();
    }

    static native long syscall(long number, long a1, long a2, long a3, long a4, long a5);

    static native int ioctl(int fd, long request, long arg);

    static native long read(int fd, long buffer, long count);

    static native int close(int fd);
}
