package dev.tickbench.core.cgroup;

import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One process and its cgroup, as the walk's target picker lists it (the probe's {@code procs}, the
 * app's local list): the v2 {@code 0::} path and the v1 {@code cpu} controller's path, either null when
 * the process has no such line. Parsed with {@link TargetResolver#pathFor}, the walk's own reading.
 *
 * @param command the command line with NULs as spaces; {@code [comm]} for kernel threads (empty cmdline)
 */
public record ProcessCgroup(long pid, String command, String cgroupV2, String cgroupV1Cpu) {

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
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(roots.proc(),
                p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : dirs) {
                ProcessCgroup row = read(dir);
                if (row != null) {
                    rows.add(row);
                }
            }
        }
        rows.sort(Comparator.comparingLong(ProcessCgroup::pid));
        return rows;
    }

    static ProcessCgroup read(Path dir) {
        try {
            long pid = Long.parseLong(dir.getFileName().toString());
            String cmd = command(dir);
            Path file = dir.resolve("cgroup");
            String text = Files.exists(file) ? TargetResolver.utf8(Files.readAllBytes(file)) : null;
            return new ProcessCgroup(pid, cmd, text == null ? null : TargetResolver.pathFor(text, CgroupVersion.V2),
                    text == null ? null : TargetResolver.pathFor(text, CgroupVersion.V1));
        } catch (IOException | RuntimeException e) {
            return null; // gone while read, or not ours to read
        }
    }

    private static String command(Path dir) throws IOException {
        Path cmdline = dir.resolve("cmdline");
        if (Files.exists(cmdline)) {
            String c = TargetResolver.utf8(Files.readAllBytes(cmdline)).replace('\0', ' ').trim();
            if (!c.isEmpty()) {
                return c;
            }
        }
        Path comm = dir.resolve("comm");
        return Files.exists(comm) ? "[" + TargetResolver.utf8(Files.readAllBytes(comm)).trim() + "]" : "?";
    }
}
