package dev.tickbench.app.platform;

import dev.tickbench.core.source.SystemRoots;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.util.Map;
import java.util.TreeMap;

/**
 * The machine the workbench runs on, as the app sees it: its {@link Os}, its environment, Java's
 * {@code user.home} (the passwd entry's or the profile's) and the file system its paths live in. The
 * launcher detects it ({@link #detect}) and installs it ({@link #install}) before anything else
 * runs; a test gives its own (macOS or Windows seen from this Linux machine, an in-memory file system).
 *
 * @param os         which desktop
 * @param env        the environment; on Windows its names are case-insensitive, as Windows' are
 * @param passwdHome Java's {@code user.home}: the home when the environment names none
 * @param fs         where the user's directories are
 */
public record HostPlatform(Os os, Map<String, String> env, String passwdHome, FileSystem fs) {
    private static volatile HostPlatform installed;

    public HostPlatform {
        Map<String, String> copy = os == Os.WINDOWS ? new TreeMap<>(String.CASE_INSENSITIVE_ORDER) : new TreeMap<>();
        copy.putAll(env);
        env = java.util.Collections.unmodifiableMap(copy);
    }

    /** This process's: {@code os.name}, {@code System.getenv()}, {@code user.home}, the default file system. */
    public static HostPlatform detect() {
        return new HostPlatform(
                Os.fromName(System.getProperty("os.name")),
                System.getenv(),
                System.getProperty("user.home"),
                FileSystems.getDefault());
    }

    /** The one the launcher installed, else this process's (detected once: the environment does not change). */
    public static HostPlatform current() {
        HostPlatform p = installed;
        if (p == null) {
            p = detect();
            installed = p;
        }
        return p;
    }

    /** What {@link #current()} answers from now on: called once, by the launcher, before the window. */
    public static void install(HostPlatform platform) {
        installed = platform;
    }

    /** An environment variable; null when unset. */
    public String env(String name) {
        return env.get(name);
    }

    /**
     * Whether "this machine" can be sampled: Linux with a readable {@code /proc}. Elsewhere no Linux path
     * is even looked at (macOS and Windows have none; the window opens on the connect form).
     */
    public boolean thisMachine() {
        return os == Os.LINUX && Files.isReadable(SystemRoots.LIVE_PROC.resolve("stat"));
    }
}
