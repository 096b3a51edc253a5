package dev.tickbench.app.dirs;

import dev.tickbench.app.platform.HostPlatform;
import dev.tickbench.app.platform.Os;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where the workbench keeps its files, in each desktop's own place ({@link #of}):
 *
 * <ul>
 * <li>Linux (and other Unixes): the XDG Base Directory rules. {@code $XDG_CONFIG_HOME},
 *     {@code $XDG_CACHE_HOME} and {@code $XDG_DATA_HOME} when set to absolute paths (a relative value is
 *     ignored, as the spec says), else {@code ~/.config}, {@code ~/.cache} and {@code ~/.local/share};
 *     {@code tickbench} under each.
 * <li>macOS: {@code ~/Library/Application Support/Tickbench} (settings and recordings) and
 *     {@code ~/Library/Caches/Tickbench}, where Finder, Time Machine and the system's cleaners expect them.
 * <li>Windows: {@code %APPDATA%\Tickbench} (the roaming profile: settings and recordings) and
 *     {@code %LOCALAPPDATA%\Tickbench} (caches stay on this machine); when unset, their defaults under the
 *     profile ({@code AppData\Roaming}, {@code AppData\Local}).
 * </ul>
 *
 * The home is {@code $HOME} on Linux and macOS, not Java's {@code user.home} (the passwd entry's), so a
 * user who runs with another {@code HOME} (a sandbox, a shared account, {@code sudo -E}, a test) finds
 * settings and known_hosts where the shell and ssh do. On Windows it is {@code %USERPROFILE%}, where
 * Windows' own OpenSSH keeps {@code .ssh}. {@code user.home} is only the fallback for a home the
 * environment does not name as an absolute path.
 *
 * @param home   the user's home ({@code ~/.ssh} is under it on every desktop)
 * @param config the workbench's settings directory
 * @param cache  what can be thrown away: the spool, the probe jar's copy
 * @param data   what is kept and is not a setting: the flight recorder's captures
 */
public record UserDirs(Path home, Path config, Path cache, Path data) {
    /** This process's, from the platform the launcher installed. */
    public static UserDirs current() {
        return of(HostPlatform.current());
    }

    /** Linux's rules from {@code env}, on this file system ({@code passwdHome} when HOME is unusable). */
    public static UserDirs from(Map<String, String> env, String passwdHome) {
        return of(new HostPlatform(Os.LINUX, env, passwdHome, FileSystems.getDefault()));
    }

    /** {@code platform}'s places. */
    public static UserDirs of(HostPlatform platform) {
        FileSystem fs = platform.fs();
        return switch (platform.os()) {
            case MACOS -> {
                Path home = unixHome(platform);
                Path support =
                        home.resolve("Library").resolve("Application Support").resolve("Tickbench");
                yield new UserDirs(
                        home, support, home.resolve("Library").resolve("Caches").resolve("Tickbench"), support);
            }
            case WINDOWS -> {
                Path home = first(fs, platform.env("USERPROFILE"), drivePath(platform), platform.passwdHome());
                Path roaming = first(
                        fs,
                        platform.env("APPDATA"),
                        home.resolve("AppData").resolve("Roaming").toString(),
                        null);
                Path local = first(
                        fs,
                        platform.env("LOCALAPPDATA"),
                        home.resolve("AppData").resolve("Local").toString(),
                        null);
                yield new UserDirs(
                        home, roaming.resolve("Tickbench"), local.resolve("Tickbench"), roaming.resolve("Tickbench"));
            }
            case LINUX, OTHER -> {
                Path home = unixHome(platform);
                yield new UserDirs(
                        home,
                        xdg(platform, "XDG_CONFIG_HOME", home, ".config"),
                        xdg(platform, "XDG_CACHE_HOME", home, ".cache"),
                        xdg(platform, "XDG_DATA_HOME", home, ".local/share"));
            }
        };
    }

    /** {@code ~/.ssh}: config, known_hosts and the default keys, as ssh keeps them. */
    public Path ssh() {
        return home.resolve(".ssh");
    }

    /** The theme, the last folder, Open Recent and the window's place. */
    public Path uiPrefs() {
        return config.resolve("ui.properties");
    }

    public Path recentConnections() {
        return config.resolve("recent.json");
    }

    public Path spool() {
        return cache.resolve("spool");
    }

    /** Where the Record, Open and Export dialogs first open: the user's recordings, kept, not a cache. */
    public Path recordings() {
        return data.resolve("recordings");
    }

    /** Where the flight recorder keeps its captures: kept, not a cache. */
    public Path triggered() {
        return data.resolve("triggered");
    }

    /**
     * {@code ~} and {@code ~/…} as the shell expands them ({@code ~\…} too on Windows, where both
     * separators are one); other users' {@code ~name} are left as typed.
     */
    public String expandTilde(String path) {
        if (path.equals("~")) {
            return home.toString();
        }
        boolean windows = home.getFileSystem().getSeparator().equals("\\");
        if (path.startsWith("~/") || windows && path.startsWith("~\\")) {
            return home.resolve(path.substring(2)).toString();
        }
        return path;
    }

    private static Path unixHome(HostPlatform platform) {
        return first(platform.fs(), platform.env("HOME"), null, platform.passwdHome());
    }

    private static Path xdg(HostPlatform platform, String variable, Path home, String fallback) {
        Path base = absolute(platform.fs(), platform.env(variable));
        return (base != null ? base : home.resolve(fallback)).resolve("tickbench");
    }

    /** {@code %HOMEDRIVE%%HOMEPATH%} (C: and \Users\ann), the profile's older name. */
    private static String drivePath(HostPlatform platform) {
        String drive = platform.env("HOMEDRIVE");
        String path = platform.env("HOMEPATH");
        return drive == null || path == null ? null : drive + path;
    }

    /** The first of the values that is an absolute path here; {@code last} as it is when none is. */
    private static Path first(FileSystem fs, String value, String other, String last) {
        Path p = absolute(fs, value);
        if (p == null) {
            p = absolute(fs, other);
        }
        return p != null ? p : fs.getPath(last);
    }

    /** {@code value} as a path when it is an absolute one on {@code fs} (on Windows: with its drive); else null. */
    private static Path absolute(FileSystem fs, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            Path p = fs.getPath(value);
            return p.isAbsolute() ? p : null;
        } catch (InvalidPathException e) {
            return null; // "\Users\ann" (no drive) or a character the file system refuses: not a place to write to
        }
    }
}
