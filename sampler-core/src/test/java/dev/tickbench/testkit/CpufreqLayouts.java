package dev.tickbench.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A fixture board turned, in place, into the other of cpufreq's two sysfs layouts (docs/clock.md, "Both
 * layouts"), so that every board is judged in both. Written apart from the probe's own reader of the
 * layouts, as the kernel documents them: since Linux 4.3 a policy's files are in
 * {@code devices/system/cpu/cpufreq/policyN} (N: its first CPU) and each {@code cpuN/cpufreq} links
 * there; before, in vendor kernels, and in a copy made with links dereferenced, each {@code cpuN/cpufreq}
 * is a directory of its own holding its policy's files, and {@code related_cpus} says which CPUs share it.
 */
public final class CpufreqLayouts {
    private static final String CPU_DIR = "sys/devices/system/cpu";

    private CpufreqLayouts() {}

    /** Turns the board into the layout it does not have; true when it is now the per-CPU one. */
    public static boolean flip(Path board) throws IOException {
        if (hasPolicies(board)) {
            toCpuLayout(board);
            return true;
        }
        toPolicyLayout(board);
        return false;
    }

    /** Whether the board has {@code cpufreq/policyN} directories. */
    public static boolean hasPolicies(Path board) throws IOException {
        Path dir = board.resolve(CPU_DIR).resolve("cpufreq");
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(p -> p.getFileName().toString().matches("policy\\d+") && Files.isDirectory(p));
        }
    }

    /** Each CPU's {@code cpufreq} link replaced by a copy of what it points to; the {@code policyN} directories removed. */
    public static void toCpuLayout(Path board) throws IOException {
        Path cpus = board.resolve(CPU_DIR);
        for (Path cpu : cpuDirs(cpus)) {
            Path link = cpu.resolve("cpufreq");
            if (!Files.isSymbolicLink(link)) {
                continue;
            }
            Path target = cpu.resolve(Files.readSymbolicLink(link)).normalize();
            Files.delete(link);
            copy(target, link);
        }
        try (Stream<Path> s = Files.list(cpus.resolve("cpufreq"))) {
            for (Path p : s.filter(p -> p.getFileName().toString().matches("policy\\d+"))
                    .toList()) {
                Boards.deleteTree(p);
            }
        }
    }

    /**
     * The CPUs grouped by their {@code related_cpus} (a CPU that names none is alone), each group's files
     * moved to {@code cpufreq/policyN} of its first CPU and every member's {@code cpufreq} made a link
     * there. Members whose files differ from the first's cannot share a policy: an error.
     */
    public static void toPolicyLayout(Path board) throws IOException {
        Path cpus = board.resolve(CPU_DIR);
        Map<Integer, Integer> policyOf = new HashMap<>();
        Map<Integer, Path> policyDir = new HashMap<>();
        for (Path cpu : cpuDirs(cpus)) {
            Path dir = cpu.resolve("cpufreq");
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            int n = Integer.parseInt(cpu.getFileName().toString().substring(3));
            Integer policy = policyOf.get(n);
            if (policy == null) {
                List<Integer> group = related(dir, n);
                policy = group.get(0);
                for (int c : group) {
                    policyOf.put(c, policy);
                }
                Path to = cpus.resolve("cpufreq").resolve("policy" + policy);
                Files.createDirectories(to.getParent());
                copy(dir, to);
                policyDir.put(policy, to);
            } else {
                sameFiles(dir, policyDir.get(policy));
            }
            Boards.deleteTree(dir);
            Files.createSymbolicLink(dir, Path.of("../cpufreq/policy" + policy));
        }
    }

    private static List<Integer> related(Path dir, int n) throws IOException {
        Path f = dir.resolve("related_cpus");
        List<Integer> out = new ArrayList<>();
        if (Files.exists(f)) {
            for (String w : Files.readString(f).strip().split("\\s+")) {
                if (!w.isEmpty()) {
                    out.add(Integer.parseInt(w));
                }
            }
        }
        if (!out.contains(n)) {
            out.add(n);
        }
        out.sort(null);
        return out;
    }

    private static void sameFiles(Path member, Path policy) throws IOException {
        try (Stream<Path> s = Files.walk(member)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                Path there = policy.resolve(member.relativize(p).toString());
                if (!Files.exists(there) || !Arrays.equals(Files.readAllBytes(p), Files.readAllBytes(there))) {
                    throw new IOException(p + " differs from " + there + ": CPUs that share a policy share its files");
                }
            }
        }
    }

    private static List<Path> cpuDirs(Path cpus) throws IOException {
        try (Stream<Path> s = Files.list(cpus)) {
            return s.filter(p -> p.getFileName().toString().matches("cpu\\d+"))
                    .sorted()
                    .toList();
        }
    }

    /** A directory tree copied file by file (a board has no links inside a cpufreq directory). */
    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(p, dest);
                }
            }
        }
    }
}
