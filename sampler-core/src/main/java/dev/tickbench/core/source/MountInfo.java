package dev.tickbench.core.source;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * One line of {@code /proc/<pid>/mountinfo}: {@code id parent major:minor root mountpoint options
 * [optional…] - fstype source superoptions}. The one parser for the cgroup mounts, the probe's own
 * memory.max and the throttle's disk usage.
 *
 * @param root the root of the mount inside its file system (unescaped)
 * @param mountPoint where it is mounted (unescaped, absolute in the reading system's view)
 * @param fsType the file system type ({@code cgroup2}, {@code ext4}, …)
 * @param superOptions the super options ({@code rw,cpu,cpuacct}); empty when the line has none
 */
public record MountInfo(String root, String mountPoint, String fsType, List<String> superOptions) {

    /** Every well-formed line of a mountinfo text; malformed lines are skipped. */
    public static List<MountInfo> parse(String text) {
        List<MountInfo> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            MountInfo m = parseLine(line);
            if (m != null) {
                out.add(m);
            }
        }
        return out;
    }

    /**
     * The well-formed lines of a mountinfo file that {@code keep} keeps, read a line at a time (a host
     * with thousands of mounts holds only the few asked for); at most {@link KernelBound#MOUNTS}.
     */
    public static List<MountInfo> read(Path file, Predicate<MountInfo> keep) throws IOException {
        List<MountInfo> out = new ArrayList<>();
        KernelFile.forEachLine(file, KernelBound.MOUNTS, line -> {
            MountInfo m = parseLine(line);
            if (m != null && keep.test(m)) {
                out.add(m);
            }
        });
        return out;
    }

    /** One line, or null when it lacks the fields up to the file system type and source. */
    public static MountInfo parseLine(String line) {
        String[] f = line.trim().split(" ");
        int dash = -1;
        for (int i = 0; i < f.length; i++) {
            if (f[i].equals("-")) {
                dash = i;
                break;
            }
        }
        if (dash < 6 || dash + 3 > f.length) {
            return null;
        }
        List<String> options = dash + 3 < f.length ? List.of(f[dash + 3].split(",")) : List.of();
        return new MountInfo(unescape(f[3]), unescape(f[4]), f[dash + 1], options);
    }

    /** A cgroup file system, v1 or v2. */
    public boolean isCgroup() {
        return fsType.equals("cgroup") || fsType.equals("cgroup2");
    }

    public boolean hasOption(String option) {
        return superOptions.contains(option);
    }

    /** The kernel escapes space, tab, newline and backslash in these fields as 3-digit octal ({@code \040}). */
    public static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && isOctal(s, i + 1)) {
                sb.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static boolean isOctal(String s, int from) {
        if (from + 3 > s.length()) {
            return false;
        }
        for (int i = from; i < from + 3; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '7') {
                return false;
            }
        }
        return true;
    }
}
