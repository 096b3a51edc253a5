package dev.tickbench.core.session;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes a process's text UTF-8 whatever the locale (docs/probe.md "Text"). Java 17 takes its
 * charsets from the locale, and a systemd service, the container image, a board's BusyBox userland or
 * {@code env -i} have none: the JVM then writes stdout as ASCII and decodes its own arguments as ASCII,
 * so a process named {@code cafe-ü-€} printed as {@code cafe-?-?}. Called first thing in {@code main}
 * (the probe's and the workbench's):
 *
 * <ul>
 *   <li>{@code System.out} and {@code System.err} write UTF-8;</li>
 *   <li>the arguments, which the launcher decoded with the locale's charset (a non-ASCII byte became
 *       U+FFFD), are decoded again, as UTF-8, from {@code /proc/self/cmdline}.</li>
 * </ul>
 *
 * Everything else the code writes or reads names its charset (UTF-8 for text; {@code /proc} names are
 * bytes, decoded as UTF-8). What a JVM cannot be told after it started is how to encode <em>file
 * names</em>: {@code sun.jnu.encoding} is fixed from the locale before {@code main} (the launcher opens
 * the jar through {@code sun.nio.fs}), and a {@code -D} for it is ignored on JDK 17. So the probe, whose
 * cgroup paths are file names, first re-runs itself under {@code LC_ALL=C.UTF-8} when its file names are
 * not UTF-8 ({@link #execUnderUtf8Locale}): the same process (execve: same pid, same stdin, stdout and
 * stderr), the command line's own bytes. The launchers and deploy files set {@code LANG=C.UTF-8} where
 * no locale is set, so a deployed probe never needs to; where the exec is impossible (no JNA, no
 * {@code C.UTF-8} locale) a cgroup path the JVM cannot name is refused with that advice
 * ({@code TargetResolver}).
 */
public final class Utf8Process {
    /** Set in the re-run process: it never re-runs itself again, whatever its locale turned out to be. */
    static final String RERUN = "TICKBENCH_UTF8_RERUN";

    private Utf8Process() {}

    /**
     * When this JVM's file names are not UTF-8: replaces the process by the same command under
     * {@code LC_ALL=C.UTF-8} (execve of {@code /proc/self/exe} with {@code /proc/self/cmdline} and the
     * environment, as bytes). Returns only when it does not (file names already UTF-8, already re-run,
     * or the exec could not be made: this JVM goes on as it is). Call it first in {@code main}, before
     * anything is written.
     */
    public static void execUnderUtf8Locale() {
        if (isUtf8(System.getProperty("sun.jnu.encoding")) || System.getenv(RERUN) != null) {
            return;
        }
        try {
            List<byte[]> argv = entries(Files.readAllBytes(Path.of("/proc/self/cmdline")));
            List<byte[]> env = new ArrayList<>();
            for (byte[] e : entries(Files.readAllBytes(Path.of("/proc/self/environ")))) {
                String name = new String(e, StandardCharsets.ISO_8859_1); // only compared with ASCII names
                if (!name.startsWith("LC_ALL=")) {
                    env.add(e);
                }
            }
            env.add("LC_ALL=C.UTF-8".getBytes(StandardCharsets.US_ASCII));
            env.add((RERUN + "=1").getBytes(StandardCharsets.US_ASCII));
            if (argv.isEmpty()) {
                return;
            }
            List<com.sun.jna.Memory> held = new ArrayList<>();
            com.sun.jna.Function execve =
                    com.sun.jna.Function.getFunction(com.sun.jna.Platform.C_LIBRARY_NAME, "execve");
            execve.invokeInt(new Object[] {
                cString("/proc/self/exe".getBytes(StandardCharsets.US_ASCII)), pointers(argv, held), pointers(env, held)
            });
            java.lang.ref.Reference.reachabilityFence(held); // the strings outlive the call
            // only a failed exec returns: go on in this JVM
        } catch (IOException | RuntimeException | LinkageError e) {
            // no /proc, no JNA: go on in this JVM, whose non-UTF-8 file names TargetResolver names
        }
    }

    private static List<byte[]> entries(byte[] nulSeparated) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < nulSeparated.length; i++) {
            if (nulSeparated[i] == 0) {
                out.add(java.util.Arrays.copyOfRange(nulSeparated, start, i));
                start = i + 1;
            }
        }
        return out;
    }

    private static com.sun.jna.Memory cString(byte[] b) {
        com.sun.jna.Memory m = new com.sun.jna.Memory(b.length + 1L);
        m.write(0, b, 0, b.length);
        m.setByte(b.length, (byte) 0);
        return m;
    }

    /** A NULL-terminated {@code char *[]} of the strings, whose memory is added to {@code held}. */
    private static com.sun.jna.Memory pointers(List<byte[]> strings, List<com.sun.jna.Memory> held) {
        com.sun.jna.Memory array = new com.sun.jna.Memory((strings.size() + 1L) * com.sun.jna.Native.POINTER_SIZE);
        for (int i = 0; i < strings.size(); i++) {
            com.sun.jna.Memory m = cString(strings.get(i));
            held.add(m);
            array.setPointer((long) i * com.sun.jna.Native.POINTER_SIZE, m);
        }
        array.setPointer((long) strings.size() * com.sun.jna.Native.POINTER_SIZE, null);
        held.add(array);
        return array;
    }

    /** Sets the process up for UTF-8 and returns the arguments as the bytes on the command line say. */
    public static String[] setUp(String[] args) {
        System.setOut(utf8(FileDescriptor.out));
        System.setErr(utf8(FileDescriptor.err));
        return isUtf8(System.getProperty("sun.jnu.encoding")) ? args : fromCmdline(args, Path.of("/proc/self/cmdline"));
    }

    private static boolean isUtf8(String charset) {
        try {
            return charset != null && Charset.forName(charset).equals(StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Like the JDK's own: a small buffer, flushed at each line. */
    private static PrintStream utf8(FileDescriptor fd) {
        return new PrintStream(new BufferedOutputStream(new FileOutputStream(fd), 128), true, StandardCharsets.UTF_8);
    }

    /**
     * The last {@code args.length} NUL-separated entries of {@code cmdline}, as UTF-8, when they are the
     * arguments the launcher decoded (every ASCII character in place); else {@code args} as they are.
     */
    static String[] fromCmdline(String[] args, Path cmdline) {
        if (args.length == 0) {
            return args;
        }
        byte[] raw;
        try {
            raw = Files.readAllBytes(cmdline);
        } catch (IOException | RuntimeException e) {
            return args;
        }
        List<String> entries = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == 0) {
                entries.add(new String(raw, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        if (entries.size() < args.length) {
            return args;
        }
        String[] out =
                entries.subList(entries.size() - args.length, entries.size()).toArray(new String[0]);
        for (int i = 0; i < args.length; i++) {
            if (!sameAscii(args[i], out[i])) {
                return args; // not the same arguments (an argument file, a wrapper): keep the launcher's
            }
        }
        return out;
    }

    /**
     * True when the two agree on every character the launcher's decoding kept: ASCII other than the
     * {@code ?} it writes for a byte it cannot decode (non-ASCII and {@code ?} are left out of both).
     */
    private static boolean sameAscii(String decoded, String utf8) {
        return asciiOf(decoded).equals(asciiOf(utf8));
    }

    private static String asciiOf(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80 && c != '?') {
                b.append(c);
            }
        }
        return b.toString();
    }
}
