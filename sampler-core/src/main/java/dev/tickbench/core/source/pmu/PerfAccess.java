package dev.tickbench.core.source.pmu;

import dev.tickbench.core.source.KernelBound;
import dev.tickbench.core.source.KernelFile;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Why perf events can or cannot be opened here, in words a user can act on. The kernel's rule for a
 * system-wide per-CPU event ({@code pid = -1, cpu = N}): allowed with {@code CAP_PERFMON} (kernel ≥ 5.8)
 * or {@code CAP_SYS_ADMIN}, otherwise only when {@code perf_event_paranoid ≤ 0} (docs/pmu.md).
 */
final class PerfAccess {
    static final int CAP_SYS_ADMIN = 21;
    static final int CAP_PERFMON = 38;
    /** Event sources that are not a CPU's hardware PMU. */
    private static final Set<String> NOT_A_CPU_PMU = Set.of(
            "software",
            "tracepoint",
            "breakpoint",
            "kprobe",
            "uprobe",
            "msr",
            "power",
            "cstate_core",
            "cstate_pkg",
            "intel_pt",
            "intel_bts",
            "i915");

    private final Integer paranoid;
    private final long capEff;
    private final List<String> devices;

    PerfAccess(Integer paranoid, long capEff, List<String> devices) {
        this.paranoid = paranoid;
        this.capEff = capEff;
        this.devices = devices;
    }

    /** Reads perf_event_paranoid and the PMU list under the roots and the probe's own effective capabilities. */
    static PerfAccess read(SystemRoots roots) {
        return new PerfAccess(paranoid(roots), capEff(Path.of("/proc/self/status")), devices(roots));
    }

    /**
     * Null when the roots describe the running kernel (perf events count only the machine the probe
     * runs on), else why not: a fixture board tree, or another machine's files.
     */
    static String notThisKernel(SystemRoots roots) {
        if (roots.isLive()) {
            return null;
        }
        Path theirs = roots.proc("sys/kernel/random/boot_id");
        try {
            String mine = attribute(Path.of("/proc/sys/kernel/random/boot_id"));
            if (Files.isReadable(theirs) && attribute(theirs).equals(mine)) {
                return null;
            }
        } catch (IOException e) {
            // either unreadable: not provably this kernel
        }
        return "perf events count the running kernel, and " + theirs + " is not its boot_id "
                + "(the proc root is a fixture tree or another machine's files)";
    }

    static Integer paranoid(SystemRoots roots) {
        try {
            return Integer.valueOf(attribute(roots.proc("sys/kernel/perf_event_paranoid")));
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }

    /** CapEff of {@code /proc/self/status}, hex; 0 when it cannot be read. */
    static long capEff(Path status) {
        try {
            for (String line : attribute(status).split("\n")) {
                if (line.startsWith("CapEff:")) {
                    return Long.parseUnsignedLong(line.substring(7).trim(), 16);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // no capabilities known: reported as none
        }
        return 0;
    }

    /** A small procfs file's text, trimmed (at most {@link KernelBound#ATTRIBUTE}). */
    private static String attribute(Path p) throws IOException {
        return new String(KernelFile.readAll(p, KernelBound.ATTRIBUTE), StandardCharsets.UTF_8).trim();
    }

    static List<String> devices(SystemRoots roots) {
        Path dir = roots.sys("bus/event_source/devices");
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    boolean has(int cap) {
        return (capEff & (1L << cap)) != 0;
    }

    Integer paranoid() {
        return paranoid;
    }

    /** True when some event source is a CPU's PMU ({@code cpu}, {@code cpu_core}/{@code cpu_atom}, {@code armv8_pmuv3_0}…). */
    boolean hasCpuPmu() {
        return devices.stream()
                .anyMatch(d -> !NOT_A_CPU_PMU.contains(d)
                        && (d.startsWith("cpu") || d.startsWith("arm") || d.contains("pmu")));
    }

    /** Null when perf events exist at all; else why not. */
    String perfEventsMissing(SystemRoots roots) {
        if (paranoid == null) {
            return "this kernel has no perf events (" + roots.proc("sys/kernel/perf_event_paranoid")
                    + " is missing: built without CONFIG_PERF_EVENTS?)";
        }
        return null;
    }

    /** The reason an open of {@code event} on {@code cpu} failed with {@code errno}. */
    String explain(PmuEvent event, int cpu, int errno) {
        String call = "perf_event_open(" + event.key() + ", cpu " + cpu + ") failed with " + Errno.name(errno);
        return switch (errno) {
            case Errno.EACCES, Errno.EPERM -> call + ": " + privileges();
            case Errno.ENOENT, Errno.EOPNOTSUPP, Errno.EINVAL -> {
                if (event.type == PerfEventAttr.TYPE_HARDWARE && !hasCpuPmu()) {
                    yield call + ": no hardware PMU on this machine (/sys/bus/event_source/devices lists only "
                            + String.join(", ", devices) + "; a virtual machine without a virtual PMU?)";
                }
                yield call + ": this CPU's PMU does not have the event";
            }
            case Errno.ENOSYS -> call + ": the kernel has no perf_event_open (CONFIG_PERF_EVENTS off)";
            case Errno.ENODEV -> call + ": the CPU is offline or has no such PMU";
            case Errno.EMFILE, Errno.ENFILE -> call + ": out of file descriptors (one per event per CPU)";
            default -> call;
        };
    }

    /** What the probe's privileges allow, for an EACCES/EPERM. */
    String privileges() {
        String p = paranoid == null ? "unknown" : paranoid.toString();
        if (has(CAP_SYS_ADMIN) || has(CAP_PERFMON)) {
            return "the probe has " + (has(CAP_PERFMON) ? "CAP_PERFMON" : "CAP_SYS_ADMIN")
                    + " and was still refused: a kernel older than 5.8 needs CAP_SYS_ADMIN, or a seccomp or LSM policy "
                    + "(container runtime) blocks perf_event_open";
        }
        return "perf_event_paranoid is " + p + " and the probe has neither CAP_PERFMON nor CAP_SYS_ADMIN: "
                + "system-wide per-CPU counting needs perf_event_paranoid <= 0, or CAP_PERFMON (or root)";
    }

    /** Names for the errno values the reasons mention (Linux generic numbers, same on x86-64 and aarch64). */
    static final class Errno {
        static final int EPERM = 1;
        static final int ENOENT = 2;
        static final int EACCES = 13;
        static final int ENODEV = 19;
        static final int EINVAL = 22;
        static final int ENFILE = 23;
        static final int EMFILE = 24;
        static final int ENOSYS = 38;
        static final int EOPNOTSUPP = 95;

        private Errno() {}

        static String name(int errno) {
            String n = switch (errno) {
                case EPERM -> "EPERM";
                case ENOENT -> "ENOENT";
                case EACCES -> "EACCES";
                case ENODEV -> "ENODEV";
                case EINVAL -> "EINVAL";
                case ENFILE -> "ENFILE";
                case EMFILE -> "EMFILE";
                case ENOSYS -> "ENOSYS";
                case EOPNOTSUPP -> "EOPNOTSUPP";
                default -> null;
            };
            return n == null ? "errno " + errno : n + " (" + errno + ")";
        }
    }

    @Override
    public String toString() {
        return "paranoid=" + paranoid + " capEff=" + Long.toHexString(capEff) + " devices=" + new TreeSet<>(devices);
    }
}
