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
        Path kmsg = p.equals(LIVE_PROC)
                ? Path.of("/dev/kmsg")
                : p.resolve("../dev/kmsg").normalize();
        return new SystemRoots(p, sys.toAbsolutePath().normalize(), kmsg);
    }

    public static SystemRoots live() {
        return of(LIVE_PROC, LIVE_SYS);
    }

    public boolean isLive() {
        return proc.equals(LIVE_PROC);
    }

    /**
     * The directory the absolute paths in {@code <proc>/self/mountinfo} are resolved under. A real
     * procfs, wherever it is mounted ({@code /proc}, or a host's {@code /proc} at {@code /host/proc}
     * in a container), describes this process's own mount namespace, so its paths are used as they
     * are; a fixture tree's mountinfo names paths of the fixture, resolved under {@code <proc>/..}.
     */
    public Path mountBase() {
        return isLive() || isProcfs(proc) ? Path.of("/") : proc.resolve("..").normalize();
    }

    private static boolean isProcfs(Path dir) {
        try {
            return java.nio.file.Files.getFileStore(dir).type().equals("proc");
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
    }

    public Path proc(String relative) {
        return proc.resolve(relative);
    }

    public Path sys(String relative) {
        return sys.resolve(relative);
    }
}
