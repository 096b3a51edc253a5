package dev.tickbench.app.dirs;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the workbench keeps its files, resolved from the environment as a desktop application should:
 * the home is {@code $HOME}, not Java's {@code user.home} (which the JDK takes from the passwd entry,
 * so a user who runs with another {@code HOME} — a sandbox, a shared account, {@code sudo -E}, a
 * test — would find their settings and known_hosts written somewhere else). The XDG Base Directory
 * rules apply: {@code $XDG_CONFIG_HOME} and {@code $XDG_CACHE_HOME} when set to absolute paths, else
 * {@code $HOME/.config} and {@code $HOME/.cache}; a relative value is ignored, as the spec says.
 * {@code user.home} is only the fallback for a {@code HOME} that is unset or not absolute.
 *
 * @param home       the user's home
 * @param configHome the base of configuration ({@code ~/.config})
 * @param cacheHome  the base of caches ({@code ~/.cache})
 */
public record UserDirs(Path home, Path configHome, Path cacheHome) {
    private static final String APP = "tickbench";

    /** This process's, from its environment. */
    public static UserDirs current() {
        return from(System.getenv(), System.getProperty("user.home"));
    }

    /** From {@code env} (HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME); {@code passwdHome} when HOME is unusable. */
    public static UserDirs from(Map<String, String> env, String passwdHome) {
        Path home = absolute(env.get("HOME"));
        if (home == null) {
            home = Path.of(passwdHome);
        }
        Path config = absolute(env.get("XDG_CONFIG_HOME"));
        Path cache = absolute(env.get("XDG_CACHE_HOME"));
        return new UserDirs(home, config != null ? config : home.resolve(".config"),
                cache != null ? cache : home.resolve(".cache"));
    }

    /** The workbench's settings: ui.properties (theme, last folder, Open Recent), recent.json. */
    public Path config() {
        return configHome.resolve(APP);
    }

    /** What can be thrown away: the spool. */
    public Path cache() {
        return cacheHome.resolve(APP);
    }

    /** {@code ~/.ssh}: config, known_hosts and the default keys, as ssh keeps them. */
    public Path ssh() {
        return home.resolve(".ssh");
    }

    public Path uiPrefs() {
        return config().resolve("ui.properties");
    }

    public Path recentConnections() {
        return config().resolve("recent.json");
    }

    public Path spool() {
        return cache().resolve("spool");
    }

    /** {@code ~} and {@code ~/…} as the shell expands them (other users' {@code ~name} are left as typed). */
    public String expandTilde(String path) {
        if (path.equals("~")) {
            return home.toString();
        }
        return path.startsWith("~/") ? home.resolve(path.substring(2)).toString() : path;
    }

    private static Path absolute(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        Path p = Path.of(value);
        return p.isAbsolute() ? p : null;
    }
}
