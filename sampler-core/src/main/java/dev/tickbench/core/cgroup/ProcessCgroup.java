package dev.tickbench.core.cgroup;

import dev.tickbench.core.source.KernelFile;
import dev.tickbench.core.source.PidCgroup;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One process and its cgroup, as the walk's target picker lists it (the probe's {@code procs}, the
 * app's local list): the v2 {@code 0::} path and the v1 {@code cpu} controller's path, either null when
 * the process has no such line. Read with {@link PidCgroup}, as the walk reads its target.
 *
 * <p>A command line is anyone's to make as long as the kernel lets {@code exec} take (6 MB with a raised
 * stack limit), so only its first {@value #COMMAND_BYTES} bytes are read: a list of a host's
 * processes then holds {@value #COMMAND_BYTES} bytes of each at most, and {@code commandCut} says one
 * was longer. Names are kept as the process wrote them (UTF-8, nothing trimmed: a leading ESC is part
 * of the name); they are escaped where they are printed.
 *
 * @param command the command line, its arguments joined by a space; {@code [comm]} for kernel threads
 *     (empty cmdline), {@code ?} when neither can be read
 * @param commandCut whether the command line is longer than {@value #COMMAND_BYTES} bytes and was cut there
 */
public record ProcessCgroup(long pid, String command, boolean commandCut, String cgroupV2, String cgroupV1Cpu) {
    /**
     * How much of a command line is read: one page, as much as {@code /proc/PID/cmdline} showed before
     * Linux 4.2. A JVM's main class after a long class path may lie beyond it.
     */
    public static final int COMMAND_BYTES = 4096;
    /** {@code comm} is at most 16 bytes (64 for kernel threads on recent kernels); more is cut. */
    private static final int COMM_BYTES = 256;

    /**
     * The path a walk of this process would use, the one the picker shows and searches: the v1
     * {@code cpu} path when the process has one, else v2; null when neither. A v1 cpu line means the
     * cpu controller is bound to a v1 hierarchy (it cannot be in both), so the walk reads v1 there: on
     * a hybrid host every process's v2 path is {@code /} (an empty unified hierarchy) and says nothing.
     */
    public String cgroup() {
        return cgroupV1Cpu != null ? cgroupV1Cpu : cgroupV2;
    }

    /** Every readable process under {@code <proc>}, by pid; one that exits while read is left out. */
    public static List<ProcessCgroup> list(SystemRoots roots) throws IOException {
        List<ProcessCgroup> rows = new ArrayList<>();
        for (long pid : pids(roots)) {
            ProcessCgroup row = read(roots, pid);
            if (row != null) {
                rows.add(row);
            }
        }
        return rows;
    }

    /** The pids under {@code <proc>}, ascending: read them one by one with {@link #read} to hold one at a time. */
    public static long[] pids(SystemRoots roots) throws IOException {
        long[] pids = new long[256];
        int n = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(
                roots.proc(), p -> p.getFileName().toString().matches("\\d{1,18}"))) {
            for (Path dir : dirs) {
                if (n == pids.length) {
                    pids = Arrays.copyOf(pids, n * 2);
                }
                pids[n++] = Long.parseLong(dir.getFileName().toString());
            }
        }
        long[] sorted = Arrays.copyOf(pids, n);
        Arrays.sort(sorted);
        return sorted;
    }

    /** The process {@code pid}, or null when it is gone or not ours to read. */
    public static ProcessCgroup read(SystemRoots roots, long pid) {
        Path dir = roots.proc(Long.toString(pid));
        try {
            KernelFile.Head cmdline = head(dir.resolve("cmdline"), COMMAND_BYTES);
            String command = cmdline == null ? null : command(cmdline.bytes(), cmdline.cut());
            boolean cut = cmdline != null && cmdline.cut();
            if (command == null || command.isEmpty()) {
                KernelFile.Head comm = head(dir.resolve("comm"), COMM_BYTES);
                command = comm == null ? "?" : "[" + comm(comm.bytes()) + "]";
                cut = false;
            }
            Path file = dir.resolve("cgroup");
            PidCgroup cgroups = Files.exists(file) ? PidCgroup.read(file) : null;
            return new ProcessCgroup(
                    pid,
                    command,
                    cut,
                    cgroups == null ? null : TargetResolver.pathFor(cgroups, CgroupVersion.V2),
                    cgroups == null ? null : TargetResolver.pathFor(cgroups, CgroupVersion.V1));
        } catch (IOException | RuntimeException e) {
            return null; // gone while read, or not ours to read
        }
    }

    private static KernelFile.Head head(Path file, int max) throws IOException {
        try {
            return KernelFile.head(file, max);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /**
     * The arguments of a {@code cmdline} (each ends in a NUL) joined by a space; trailing NULs (the last
     * argument's, and the padding of a process that rewrote its title) are dropped, nothing else. A cut
     * inside a UTF-8 sequence drops that sequence's first bytes rather than read them as U+FFFD.
     */
    static String command(byte[] cmdline, boolean cut) {
        int end = cut ? utf8Boundary(cmdline, cmdline.length) : cmdline.length;
        while (end > 0 && cmdline[end - 1] == 0) {
            end--;
        }
        return new String(cmdline, 0, end, StandardCharsets.UTF_8).replace('\0', ' ');
    }

    /** {@code comm} without the newline the kernel ends it with. */
    static String comm(byte[] comm) {
        int end = comm.length;
        if (end > 0 && comm[end - 1] == '\n') {
            end--;
        }
        return new String(comm, 0, end, StandardCharsets.UTF_8);
    }

    /** {@code end}, or the start of the UTF-8 sequence that ends at {@code end} cut short. */
    static int utf8Boundary(byte[] b, int end) {
        int i = end;
        while (i > 0 && end - i < 3 && (b[i - 1] & 0xC0) == 0x80) {
            i--; // continuation bytes, 10xxxxxx: at most 3 follow a lead byte
        }
        int lead = i == 0 ? 0 : b[i - 1] & 0xFF;
        if (lead < 0xC0) {
            return end; // ASCII, or continuation bytes without a lead: nothing this cut shortened
        }
        int length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        return end - (i - 1) < length ? i - 1 : end;
    }
}
