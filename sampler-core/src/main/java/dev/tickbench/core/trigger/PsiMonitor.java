package dev.tickbench.core.trigger;

import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.cgroup.CgroupMount;
import dev.tickbench.core.cgroup.Mounts;
import dev.tickbench.core.source.KernelBound;
import dev.tickbench.core.source.KernelFile;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One kernel PSI trigger (the kernel's Documentation/accounting/psi.rst, "Userspace monitor usage"): the
 * pressure file opened read-write, {@code "some 150000 1000000"} written to it, the descriptor held open
 * and polled for POLLPRI by {@link PsiPoller}; closing it removes the trigger from the kernel. Where the
 * kernel refuses, the monitor is never made and {@link Unavailable} says why, in the kernel's terms.
 */
final class PsiMonitor {
    private static final int EPERM = 1;
    private static final int ENOENT = 2;
    private static final int EACCES = 13;
    private static final int EBUSY = 16;
    private static final int EINVAL = 22;
    private static final int EOPNOTSUPP = 95;

    /** The kernel refused, or there is nothing to watch: the reason, for the trigger's ABSENT state. */
    static final class Unavailable extends Exception {
        Unavailable(String reason) {
            super(reason, null, false, false);
        }
    }

    final Path file;
    final int fd;
    private final Runnable onEvent;
    private final java.util.function.Consumer<String> onError;
    /** The pressure file's numbers at the last event (avg10…, total), read on the poller's thread. */
    private volatile Map<String, Object> lastValues = Map.of();

    private PsiMonitor(Path file, int fd, Runnable onEvent, java.util.function.Consumer<String> onError) {
        this.file = file;
        this.fd = fd;
        this.onEvent = onEvent;
        this.onError = onError;
    }

    /**
     * Opens the pressure file of {@code spec} and writes its trigger.
     *
     * @param onEvent run on the poller's thread at each POLLPRI
     * @param onError run once when the descriptor reports POLLERR (the cgroup was removed)
     */
    static PsiMonitor open(
            SystemRoots roots, TriggerSpec.Psi spec, Runnable onEvent, java.util.function.Consumer<String> onError)
            throws Unavailable {
        String libc = PsiLibc.unavailableReason();
        if (libc != null) {
            throw new Unavailable(libc);
        }
        String notKernel = notTheRunningKernel(roots);
        if (notKernel != null) {
            throw new Unavailable(notKernel);
        }
        Path file = file(roots, spec);
        int fd = PsiLibc.open(cString(file), PsiLibc.O_RDWR | PsiLibc.O_NONBLOCK | PsiLibc.O_CLOEXEC);
        if (fd < 0) {
            throw new Unavailable(openFailed(roots, file, PsiLibc.errno()));
        }
        byte[] line = (spec.kernelLine() + "\0").getBytes(StandardCharsets.US_ASCII);
        if (PsiLibc.write(fd, line, line.length) < 0) {
            int errno = PsiLibc.errno();
            PsiLibc.close(fd);
            throw new Unavailable(writeFailed(roots, file, spec, errno));
        }
        return new PsiMonitor(file, fd, onEvent, onError);
    }

    private static Path file(SystemRoots roots, TriggerSpec.Psi spec) throws Unavailable {
        if (spec.cgroup() == null) {
            return roots.proc("pressure/" + spec.resource());
        }
        CgroupMount v2;
        try {
            v2 = Mounts.read(roots).unified().orElse(null);
        } catch (CgroupException e) {
            throw new Unavailable(e.getMessage());
        }
        if (v2 == null) {
            throw new Unavailable("no cgroup v2 mount in " + roots.proc("self/mountinfo")
                    + ": per-cgroup pressure files (" + spec.resource() + ".pressure) exist only in cgroup v2");
        }
        Path dir;
        try {
            dir = v2.mountPoint().resolve(spec.cgroup().substring(1)).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw new Unavailable("cgroup " + dev.tickbench.core.text.InertText.line(spec.cgroup()) + " is not a path: "
                    + dev.tickbench.core.text.InertText.line(e.getReason()));
        }
        if (!dir.startsWith(v2.mountPoint())) {
            throw new Unavailable("cgroup " + spec.cgroup() + " is outside the cgroup v2 mount " + v2.mountPoint());
        }
        if (!Files.isDirectory(dir)) {
            throw new Unavailable("no cgroup " + spec.cgroup() + " under the cgroup v2 mount " + v2.mountPoint());
        }
        return dir.resolve(spec.resource() + ".pressure");
    }

    /**
     * A fixture tree's pressure files are ordinary files: a trigger written there would change the
     * fixture and never fire. PSI triggers watch the running kernel, through a procfs.
     */
    private static String notTheRunningKernel(SystemRoots roots) {
        if (roots.isLive()) {
            return null;
        }
        try {
            if (Files.getFileStore(roots.proc()).type().equals("proc")) {
                return null;
            }
        } catch (IOException e) {
            // not provably a procfs
        }
        return "PSI triggers watch the running kernel, and " + roots.proc() + " is not a procfs (a fixture tree?)";
    }

    private static byte[] cString(Path p) {
        byte[] b = p.toString().getBytes(StandardCharsets.UTF_8);
        return java.util.Arrays.copyOf(b, b.length + 1);
    }

    private static String openFailed(SystemRoots roots, Path file, int errno) {
        String what = "cannot open " + file + " for writing (" + name(errno) + ")";
        return switch (errno) {
            case ENOENT ->
                what + ": this kernel has no PSI (" + kernel(roots)
                        + "; PSI needs CONFIG_PSI and Linux 4.20, triggers Linux 5.2, and psi=1 where CONFIG_PSI_DEFAULT_DISABLED)";
            case EPERM, EACCES ->
                what + ": PSI triggers need CAP_SYS_RESOURCE before Linux 6.5 (this is " + kernel(roots)
                        + "); from 6.5 an unprivileged trigger needs a window that is a multiple of 2s";
            case EOPNOTSUPP ->
                what + ": PSI is disabled on this kernel (psi=0 on its command line, " + kernel(roots) + ")";
            default -> what;
        };
    }

    private static String writeFailed(SystemRoots roots, Path file, TriggerSpec.Psi spec, int errno) {
        String what =
                "the kernel refused the trigger '" + spec.kernelLine() + "' on " + file + " (" + name(errno) + ")";
        if (errno == EINVAL && spec.windowUs() % 2_000_000 != 0 && !hasCapSysResource()) {
            return what
                    + ": this probe lacks CAP_SYS_RESOURCE, and without it the kernel (Linux 6.5 and later; this is "
                    + kernel(roots)
                    + ") takes only windows that are a multiple of 2s: use 'in 2s', or grant CAP_SYS_RESOURCE";
        }
        return switch (errno) {
            case EPERM, EACCES ->
                what + ": without CAP_SYS_RESOURCE the window must be a multiple of 2s (Linux 6.5 and later; "
                        + kernel(roots) + ")";
            case EINVAL ->
                what + ": the window or the stall kind is outside what " + kernel(roots)
                        + " accepts (500ms to 10s before Linux 6.x lifted the lower bound; 'full' has no meaning for the system's cpu"
                        + " before 5.13; triggers need Linux 5.2)";
            case EOPNOTSUPP -> what + ": PSI is disabled on this kernel (psi=0)";
            case EBUSY -> what + ": the descriptor already holds a trigger";
            default -> what;
        };
    }

    /** CAP_SYS_RESOURCE (24) in this process's effective set: PSI triggers of any window (psi.rst). */
    static boolean hasCapSysResource() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("CapEff:")) {
                    return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << 24)) != 0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // unknown: say nothing about it
        }
        return true;
    }

    private static String kernel(SystemRoots roots) {
        try {
            byte[] release = KernelFile.readAll(roots.proc("sys/kernel/osrelease"), KernelBound.ATTRIBUTE);
            return "Linux " + new String(release, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return "a kernel whose release is unreadable";
        }
    }

    static String name(int errno) {
        return switch (errno) {
            case EPERM -> "EPERM";
            case ENOENT -> "ENOENT";
            case EACCES -> "EACCES";
            case EBUSY -> "EBUSY";
            case EINVAL -> "EINVAL";
            case EOPNOTSUPP -> "EOPNOTSUPP";
            default -> "errno " + errno;
        };
    }

    /** The poller saw POLLPRI: read the numbers the file shows now, then tell the trigger. */
    void event() {
        lastValues = values(file);
        onEvent.run();
    }

    /** The poller saw POLLERR or POLLNVAL. */
    void error(String why) {
        onError.accept(why);
    }

    Map<String, Object> lastValues() {
        return lastValues;
    }

    /**
     * {@code some avg10=1.23 avg60=… avg300=… total=N} (and a {@code full} line): the averages in %, the
     * total in µs, as {@code some_avg10}, …, {@code some_total_us}.
     */
    static Map<String, Object> parse(String text) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            String[] words = line.trim().split("\\s+");
            if (words.length < 2 || !(words[0].equals("some") || words[0].equals("full"))) {
                continue;
            }
            for (int i = 1; i < words.length; i++) {
                int eq = words[i].indexOf('=');
                if (eq <= 0) {
                    continue;
                }
                String key = words[i].substring(0, eq);
                String v = words[i].substring(eq + 1);
                try {
                    if (key.equals("total")) {
                        out.put(words[0] + "_total_us", Long.parseLong(v));
                    } else {
                        out.put(words[0] + "_" + key, Double.parseDouble(v));
                    }
                } catch (NumberFormatException e) {
                    // a field this reader does not know
                }
            }
        }
        return out;
    }

    private static Map<String, Object> values(Path file) {
        try {
            Map<String, Object> v =
                    parse(new String(KernelFile.readAll(file, KernelBound.ATTRIBUTE), StandardCharsets.US_ASCII));
            if (!v.isEmpty()) {
                // when the numbers were read, on the stream's clock: the totals hold no stall after it. The firing
                // comes on the tick that evaluates the event, whose mono_ns may be earlier (its reads began first)
                v.put("read_mono_ns", System.nanoTime());
            }
            return v;
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
    }
}
