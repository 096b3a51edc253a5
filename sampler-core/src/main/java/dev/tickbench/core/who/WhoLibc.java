package dev.tickbench.core.who;

import dev.tickbench.core.source.JnaLibc;

/**
 * The libc calls the process and cgroup tables read with: {@code openat(2)} relative to a directory's
 * descriptor, {@code read(2)} into a buffer kept from read to read, {@code getdents64(2)} to list a
 * directory as its bytes. Bound with JNA's direct mapping like the PMU's (core.source.pmu.Libc): primitive
 * arguments and arrays only, so a read of 5 000 processes makes no object per file (Java's own file API
 * makes a channel, a descriptor and a cleaner for each, 15 000 a second).
 *
 * <p>{@code syscall(2)} is variadic in C; declared with fixed arguments, which is the same call on the two
 * ABIs the probe ships for (x86-64, aarch64), as the PMU's is. The flags that differ between them
 * ({@code O_DIRECTORY}, {@code O_NOFOLLOW}) and the syscall number are per architecture.
 */
final class WhoLibc {
    static final int AT_FDCWD = -100;
    static final int O_RDONLY = 0;
    /** asm-generic and x86-64 alike: a FIFO or a device in a fixture tree never blocks a read. */
    static final int O_NONBLOCK = 0x800;

    static final int O_CLOEXEC = 0x80000;
    static final int O_DIRECTORY;
    static final int O_NOFOLLOW;
    static final long SYS_GETDENTS64;
    private static final Throwable LOAD_FAILURE;

    static {
        String arch = System.getProperty("os.arch", "");
        int directory;
        int nofollow;
        long getdents;
        switch (arch) {
            case "amd64", "x86_64" -> {
                directory = 0x10000;
                nofollow = 0x20000;
                getdents = 217;
            }
            case "aarch64" -> {
                directory = 0x4000;
                nofollow = 0x8000;
                getdents = 61;
            }
            default -> {
                directory = -1;
                nofollow = -1;
                getdents = -1;
            }
        }
        O_DIRECTORY = directory;
        O_NOFOLLOW = nofollow;
        SYS_GETDENTS64 = getdents;
        LOAD_FAILURE = getdents < 0
                ? new UnsupportedOperationException("no open flags and getdents64 number known for " + arch
                        + " (the process and cgroup tables know x86-64 and aarch64)")
                : JnaLibc.register(WhoLibc.class, "the process and cgroup tables");
    }

    private WhoLibc() {}

    /** Null when the calls are usable; else why not (another architecture, not Linux, JNA's native part missing). */
    static String unavailableReason() {
        return JnaLibc.reason(LOAD_FAILURE);
    }

    static int errno() {
        return JnaLibc.errno();
    }

    /** {@code path}: the address of a NUL-terminated name (a file name is bytes). */
    static native int openat(int dirfd, long path, int flags);

    static native long read(int fd, long buffer, long count);

    static native int close(int fd);

    /** {@code getdents64(fd, buffer, count)}: the bytes of {@code struct linux_dirent64} records, 0 at the end. */
    static native long syscall(long number, long fd, long buffer, long count);
}
