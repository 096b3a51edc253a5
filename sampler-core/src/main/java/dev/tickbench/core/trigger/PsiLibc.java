package dev.tickbench.core.trigger;

import com.sun.jna.Pointer;
import dev.tickbench.core.source.JnaLibc;

/**
 * The libc calls a PSI trigger needs, which Java's own I/O does not offer: {@code poll(2)} for
 * POLLPRI on a pressure file, and the descriptor it polls (open, write the trigger, close), plus an
 * {@code eventfd(2)} to wake the poll when the set changes. Bound with JNA's direct mapping like the
 * PMU's (core.source.pmu.Libc): fixed arguments only, errno saved by JNA right after each call.
 */
final class PsiLibc {
    static final int O_RDWR = 2;
    /** asm-generic and x86-64 alike. */
    static final int O_NONBLOCK = 0x800;

    static final int O_CLOEXEC = 0x80000;
    static final int EFD_CLOEXEC = O_CLOEXEC;
    static final short POLLIN = 0x1;
    static final short POLLPRI = 0x2;
    static final short POLLERR = 0x8;
    static final short POLLHUP = 0x10;
    static final short POLLNVAL = 0x20;
    static final int EINTR = 4;
    private static final Throwable LOAD_FAILURE = JnaLibc.register(PsiLibc.class, "PSI triggers");

    private PsiLibc() {}

    /** Null when the calls are usable, else why not. */
    static String unavailableReason() {
        return JnaLibc.reason(LOAD_FAILURE);
    }

    static int errno() {
        return JnaLibc.errno();
    }

    /** {@code path} as NUL-terminated bytes (file names are bytes: UTF-8 here). */
    static native int open(byte[] path, int flags);

    static native long write(int fd, byte[] buffer, long count);

    static native long read(int fd, byte[] buffer, long count);

    /** {@code fds}: {@code nfds} × struct pollfd {int fd; short events; short revents;}. */
    static native int poll(Pointer fds, long nfds, int timeoutMs);

    static native int eventfd(int initval, int flags);

    static native int close(int fd);
}
