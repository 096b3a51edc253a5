package dev.tickbench.app.walk;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * One process of the target picker: pid, command line and its cgroup (the v2 {@code 0::} line, else
 * the v1 cpu controller's line), read from {@code <proc>/<pid>/}.
 */
public record ProcessRow(long pid, String command, String cgroup) {

    /** True when the search text (case-insensitive) occurs in the pid, command or cgroup. */
    public boolean matches(String search) {
        if (search == null || search.isBlank()) {
            return true;
        }
        String s = search.trim().toLowerCase(Locale.ROOT);
        return Long.toString(pid).contains(s) || command.toLowerCase(Locale.ROOT).contains(s)
                || (cgroup != null && cgroup.toLowerCase(Locale.ROOT).contains(s));
    }

    /** Every readable process under {@code proc}, by pid; a process that exits while read is left out. */
    public static List<ProcessRow> list(Path proc) throws IOException {
        List<ProcessRow> rows = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(proc, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : dirs) {
                ProcessRow row = read(dir);
                if (row != null) {
                    rows.add(row);
                }
            }
        }
        rows.sort(Comparator.comparingLong(ProcessRow::pid));
        return rows;
    }

    static ProcessRow read(Path dir) {
        try {
            long pid = Long.parseLong(dir.getFileName().toString());
            String cmd = command(dir);
            String cgroup = Files.exists(dir.resolve("cgroup")) ? parseCgroup(Files.readString(dir.resolve("cgroup"))) : null;
            return new ProcessRow(pid, cmd, cgroup);
        } catch (IOException | RuntimeException e) {
            return null; // gone or not ours to read
        }
    }

    private static String command(Path dir) throws IOException {
        Path cmdline = dir.resolve("cmdline");
        if (Files.exists(cmdline)) {
            String c = new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8).replace('\0', ' ').trim();
            if (!c.isEmpty()) {
                return c;
            }
        }
        Path comm = dir.resolve("comm");
        return Files.exists(comm) ? "[" + Files.readString(comm).trim() + "]" : "?";
    }

    /** The v2 unified path ({@code 0::/x}), else the v1 line naming the cpu controller; null when neither. */
    static String parseCgroup(String text) {
        String v1 = null;
        for (String line : text.split("\n")) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            if (f[0].equals("0") && f[1].isEmpty()) {
                return f[2].trim();
            }
            for (String c : f[1].split(",")) {
                if (c.equals("cpu")) {
                    v1 = f[2].trim();
                }
            }
        }
        return v1;
    }
}
