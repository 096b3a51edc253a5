package dev.tickbench.app;

import dev.tickbench.core.cadence.Floors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The workbench's command line: {@code tickbench [--rate HZ] [--floor-hz HZ]} (this machine),
 * {@code tickbench FILE…} (one capture replays, several go to Compare) or
 * {@code tickbench [--rate HZ] [--floor-hz HZ] [user@]host[:port]} (SSH, through the usual host-key
 * check). A bad command line is an {@link IllegalArgumentException} whose message names the argument.
 *
 * @param rateHz null = the default ({@code MainViewModel.DEFAULT_RATE_HZ} here, the form's over SSH)
 * @param floorHz null = FLOOR_HZ from the target's environment
 */
public record AppArgs(List<Path> files, String user, String host, Integer port, Integer rateHz, Integer floorHz) {
    public static final String USAGE = "usage: tickbench [--rate HZ] [--floor-hz HZ]            this machine\n"
            + "       tickbench CAPTURE…                               replay one capture; several open in Compare\n"
            + "       tickbench [--rate HZ] [--floor-hz HZ] [user@]host[:port]   a host over SSH";

    /** {@code user@host:port}, {@code host}, {@code [::1]:2222}; user and host as OpenSSH allows them. */
    private static final Pattern HOST = Pattern.compile(
            "(?:([A-Za-z0-9._][A-Za-z0-9._-]*)@)?([A-Za-z0-9][A-Za-z0-9.-]*|\\[[0-9A-Fa-f:.]+\\])(?::([0-9]+))?");

    public AppArgs {
        files = List.copyOf(files);
    }

    public boolean remote() {
        return host != null;
    }

    public static AppArgs parse(List<String> args) {
        List<Path> files = new ArrayList<>();
        String user = null;
        String host = null;
        Integer port = null;
        Integer rate = null;
        Integer floor = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String flag = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (flag.equals("--rate") || flag.equals("--floor-hz")) {
                String value;
                if (a.contains("=")) {
                    value = a.substring(a.indexOf('=') + 1);
                } else if (i + 1 < args.size()) {
                    value = args.get(++i);
                } else {
                    throw new IllegalArgumentException(flag + ": needs a value in Hz");
                }
                if (flag.equals("--rate")) {
                    rate = number(flag, value, Floors.MIN_RATE_HZ, Floors.MAX_RATE_HZ);
                } else {
                    floor = number(flag, value, Floors.MIN_FLOOR_HZ, Floors.MAX_FLOOR_HZ);
                }
            } else if (a.startsWith("-")) {
                throw new IllegalArgumentException(
                        a + ": unknown option (--rate HZ and --floor-hz HZ are the options)");
            } else if (Files.isRegularFile(Path.of(a))) {
                files.add(Path.of(a));
            } else if (looksLikeFile(a)) {
                throw new IllegalArgumentException(a + ": no such capture file");
            } else {
                Matcher m = HOST.matcher(a);
                if (!m.matches()) {
                    throw new IllegalArgumentException(a + ": neither a capture file nor [user@]host[:port]");
                }
                if (host != null) {
                    throw new IllegalArgumentException(a + ": one host at a time (already " + host + ")");
                }
                user = m.group(1);
                host = m.group(2).startsWith("[")
                        ? m.group(2).substring(1, m.group(2).length() - 1)
                        : m.group(2);
                port = m.group(3) == null ? null : number("port of " + a, m.group(3), 1, 65535);
            }
        }
        if (host != null && !files.isEmpty()) {
            throw new IllegalArgumentException(host + ": a host or capture files, not both");
        }
        if (!files.isEmpty() && (rate != null || floor != null)) {
            throw new IllegalArgumentException((rate != null ? "--rate" : "--floor-hz")
                    + ": sets a live session's sampling, not a capture's (it was recorded at its own rate)");
        }
        return new AppArgs(files, user, host, port, rate, floor);
    }

    /** Has a path separator (/, or Windows' backslash) or a capture's extension: meant as a file, whatever a host name may look like. */
    private static boolean looksLikeFile(String a) {
        String l = a.toLowerCase(java.util.Locale.ROOT);
        return a.contains("/")
                || a.contains("\\")
                || l.endsWith(".ndjson")
                || l.endsWith(".gz")
                || l.endsWith(".jsonl")
                || l.endsWith(".json");
    }

    private static int number(String what, String text, int min, int max) {
        long v;
        try {
            v = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    what + ": a whole number from " + min + " to " + max + ", got '" + text + "'");
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException(what + ": from " + min + " to " + max + ", got " + v);
        }
        return (int) v;
    }
}
