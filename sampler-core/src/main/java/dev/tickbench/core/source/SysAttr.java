package dev.tickbench.core.source;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reading small one-value sysfs/procfs attributes: once at open (strings) or per tick (numbers, no
 * allocation); at most {@link KernelBound#ATTRIBUTE} bytes, a bigger file reads as unreadable.
 */
final class SysAttr {
    private SysAttr() {}

    /** The file's text without trailing newlines/NULs/spaces, or null when it cannot be read or is too big for an attribute. */
    static String text(Path p) {
        try {
            return strip(new String(KernelFile.readAll(p, KernelBound.ATTRIBUTE), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return null;
        }
    }

    /** The file's number, or null when it is missing, unreadable or not a number (missing is not zero). */
    static Long number(Path p) {
        return parseLong(text(p));
    }

    /** {@code text} as a number, or null when it is not one. */
    static Long parseLong(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The name of what a symbolic link points to ({@code cdev0} → {@code cooling_device3}), or null when
     * {@code p} is not a link or cannot be read. The link's own text is used, not the real path, so a
     * link into another tree ({@code device/physical_node} → {@code …/cpu/cpu2}) still names its target.
     */
    static String linkName(Path p) {
        try {
            Path target = Files.readSymbolicLink(p);
            Path name = target.getFileName();
            return name == null ? null : name.toString();
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    static String strip(String s) {
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == '\n' || s.charAt(end - 1) == '\0' || s.charAt(end - 1) == ' ')) {
            end--;
        }
        return s.substring(0, end);
    }

    /** The number a freshly read one-value file holds; throws when it holds none. */
    static long number(KernelFile f) throws IOException {
        byte[] b = f.bytes();
        int end = f.length();
        while (end > 0 && (b[end - 1] == '\n' || b[end - 1] == ' ' || b[end - 1] == 0)) {
            end--;
        }
        if (!TextScanner.isNumber(b, 0, end)) {
            throw new IOException(f.path() + " holds no number");
        }
        return TextScanner.parseLong(b, 0, end);
    }

    /**
     * The {@code N} of every entry {@code <prefix>N} of a directory, sorted ({@code cpu0 cpu1 cpu10} →
     * 0, 1, 10; {@code cpufreq} and {@code mtd0ro} are not numbered); empty when there is no directory.
     */
    static java.util.List<Integer> numbered(Path dir, String prefix) throws IOException {
        if (!Files.isDirectory(dir)) {
            return java.util.List.of();
        }
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.map(p -> suffixNumber(p.getFileName().toString(), prefix))
                    .filter(n -> n >= 0)
                    .sorted()
                    .toList();
        }
    }

    /** Index of the {@code N} in names like {@code thermal_zone12} / {@code mtd3}; -1 when the rest is not digits. */
    static int suffixNumber(String name, String prefix) {
        if (!name.startsWith(prefix) || name.length() == prefix.length()) {
            return -1;
        }
        for (int i = prefix.length(); i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return -1;
            }
        }
        try {
            return Integer.parseInt(name.substring(prefix.length()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
