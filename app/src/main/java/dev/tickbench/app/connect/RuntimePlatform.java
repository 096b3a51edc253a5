package dev.tickbench.app.connect;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which packaged probe runtime a host without Java can run, decided from what the host says:
 * {@code uname -m} for the CPU, then {@code getconf GNU_LIBC_VERSION} (or {@code ldd --version},
 * which is where musl shows itself) for the C library. The runtimes are Debian's OpenJDK jlinked
 * for 64-bit x86 and 64-bit ARM (jpackage/README.md); their native code links glibc 2.34 symbols.
 * Everything else gets one line naming what was found and what to install instead.
 */
public final class RuntimePlatform {
    static final int MIN_GLIBC_MAJOR = 2;
    static final int MIN_GLIBC_MINOR = 34;
    static final String MIN_GLIBC = "glibc " + MIN_GLIBC_MAJOR + "." + MIN_GLIBC_MINOR + "+";
    private static final Pattern GLIBC = Pattern.compile("(?i)(?:glibc|gnu libc)\\D*(\\d+)\\.(\\d+)");
    private static final Pattern MUSL_VERSION = Pattern.compile("(?i)version\\s+(\\d+(?:\\.\\d+)*)");

    /** A packaged runtime: the {@code uname -m} it runs on and its tarball's name part. */
    public enum Arch {
        X64("x86_64", "linux-x64"),
        AARCH64("aarch64", "linux-aarch64");

        final String machine;
        final String suffix;

        Arch(String machine, String suffix) {
            this.machine = machine;
            this.suffix = suffix;
        }

        /** The runtime for a {@code uname -m} answer, or null when there is none. */
        static Arch forMachine(String unameM) {
            String m = unameM.strip();
            for (Arch a : values()) {
                if (a.machine.equals(m)) {
                    return a;
                }
            }
            // FreeBSD/macOS spellings of the same CPUs, in case a host answers so
            return switch (m) {
                case "amd64" -> X64;
                case "arm64" -> AARCH64;
                default -> null;
            };
        }
    }

    private RuntimePlatform() {}

    /** Names of every packaged architecture, for messages: "x86_64 and aarch64". */
    static String supportedMachines() {
        return Arch.X64.machine + " and " + Arch.AARCH64.machine;
    }

    /** Why no packaged runtime fits this {@code uname -m}, and what to install; for an unsupported machine. */
    static String archProblem(String unameM) {
        String m = unameM.strip();
        if (m.isEmpty()) {
            return "The packaged probe runtimes are for " + supportedMachines() + ", and this host's architecture is"
                    + " unknown (`uname -m` said nothing).";
        }
        String lower = m.toLowerCase(Locale.ROOT);
        String what = lower.startsWith("armv") || lower.equals("arm")
                ? m + " (32-bit ARM)"
                : lower.matches("i[3-6]86") ? m + " (32-bit x86)" : m;
        return "The packaged probe runtimes are for " + supportedMachines() + " (64-bit), and this host is " + what
                + ".";
    }

    /**
     * Null when the C library can run the runtimes (glibc 2.34+), else why not. {@code libcText} is
     * what {@code getconf GNU_LIBC_VERSION} printed, or else {@code ldd --version}'s stdout and stderr.
     */
    static String libcProblem(String libcText) {
        int[] glibc = glibcVersion(libcText);
        if (glibc == null) {
            if (libcText.toLowerCase(Locale.ROOT).contains("musl")) {
                Matcher v = MUSL_VERSION.matcher(libcText);
                return "The packaged probe runtimes need " + MIN_GLIBC + ", and this host's C library is musl"
                        + (v.find() ? " " + v.group(1) : "") + " (Alpine: `apk add openjdk17-jre-headless`).";
            }
            return "The packaged probe runtimes need " + MIN_GLIBC + ", and the C library of this host is not glibc or"
                    + " unknown (`ldd --version` said: " + firstLine(libcText, "nothing") + ").";
        }
        if (glibc[0] < MIN_GLIBC_MAJOR || glibc[0] == MIN_GLIBC_MAJOR && glibc[1] < MIN_GLIBC_MINOR) {
            return "The packaged probe runtimes need " + MIN_GLIBC + ", and this host has glibc " + glibc[0] + "."
                    + glibc[1] + ".";
        }
        return null;
    }

    /** "glibc 2.36" or "ldd (Debian GLIBC 2.36-9) 2.36" → {2, 36}; null for musl, nothing, or no version. */
    static int[] glibcVersion(String text) {
        Matcher m = GLIBC.matcher(text);
        return m.find() ? new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))} : null;
    }

    static String firstLine(String text, String orElse) {
        String t = text.strip();
        if (t.isEmpty()) {
            return orElse;
        }
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }
}
