package dev.tickbench.core.source;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reading small one-value sysfs/procfs attributes: once at open (strings) or per tick (numbers, no allocation). */
final class SysAttr {
    private SysAttr() {}

    /** The file's text without trailing newlines/NULs/spaces, or null when it cannot be read. */
    static String text(Path p) {
        try {
            return strip(new String(Files.readAllBytes(p), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return null;
        }
    }

    /** The file's number, or null when it is missing, unreadable or not a number (missing is not zero). */
    static Long number(Path p) {
        String t = text(p);
        if (t == null || t.isEmpty()) {
            return null;
        }
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
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
