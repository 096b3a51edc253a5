package dev.tickbench.core.source;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the kernel files are read from. Injected everywhere (never static) so that every test can
 * point the sampler at a fixture board tree.
 *
 * @param proc the proc root ({@code /proc} on a live system)
 * @param sys the sys root ({@code /sys} on a live system)
 * @param kmsg the kernel log device; beside a non-default proc root it is {@code <proc>/../dev/kmsg}
 */
public record SystemRoots(Path proc, Path sys, Path kmsg) {
    public static final Path LIVE_PROC = Path.of("/proc");
    public static final Path LIVE_SYS = Path.of("/sys");

    public SystemRoots {
        Objects.requireNonNull(proc, "proc");
        Objects.requireNonNull(sys, "sys");
        Objects.requireNonNull(kmsg, "kmsg");
    }

    /** The roots of a live system, or of a fixture tree when {@code proc} is not {@code /proc}. */
    public static SystemRoots of(Path proc, Path sys) {
        Path p = proc.toAbsolutePath().normalize();
        Path kmsg = p.equals(LIVE_PROC) ? Path.of("/dev/kmsg") : p.resolve("../dev/kmsg").normalize();
        return new SystemRoots(p, sys.toAbsolutePath().normalize(), kmsg);
    }

    public static SystemRoots live() {
        return of(LIVE_PROC, LIVE_SYS);
    }

    public boolean isLive() {
        return proc.equals(LIVE_PROC);
    }

    public Path proc(String relative) {
        return proc.resolve(relative);
    }

    public Path sys(String relative) {
        return sys.resolve(relative);
    }
}
