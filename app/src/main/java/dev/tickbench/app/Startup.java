package dev.tickbench.app;

import dev.tickbench.app.connect.ConnectFlow;
import dev.tickbench.app.dirs.UserDirs;
import dev.tickbench.app.platform.HostPlatform;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * What a workbench window is made with, the rest being the same for everyone ({@link Workbench#open}):
 * the user's app takes {@link #forUser}; a test gives its own temporary places and, to add a source,
 * its own catalogue.
 *
 * @param spool where the live session is kept for Export CSV
 * @param prefs the theme, the last folder and Open Recent ({@code ui.properties})
 * @param ssh the SSH connect form and its flow (recent connections, {@code ~/.ssh})
 * @param catalogue what every series is
 * @param width the window's width; 0 (with {@code height} 0): where the window was when it last closed
 *     (remembered in {@code prefs}), else the whole screen
 * @param problem what went wrong preparing these, said in the window's error line; null when nothing
 * @param platform the desktop: its menus and keys, and whether "this machine" is offered
 */
public record Startup(
        Spool spool,
        Path prefs,
        Supplier<ConnectFlow> ssh,
        SeriesCatalogue catalogue,
        double width,
        double height,
        String problem,
        HostPlatform platform) {
    /** On the platform the launcher installed (a test's window on this machine: Linux). */
    public Startup(
            Spool spool,
            Path prefs,
            Supplier<ConnectFlow> ssh,
            SeriesCatalogue catalogue,
            double width,
            double height,
            String problem) {
        this(spool, prefs, ssh, catalogue, width, height, problem, HostPlatform.current());
    }

    /**
     * The user's on {@code platform}: spool in the user's cache (what dead workbenches left there
     * deleted), prefs in the settings directory ({@link UserDirs}), the SSH form with the user's recent
     * connections and {@code ~/.ssh}.
     */
    public static Startup forUser(HostPlatform platform) {
        UserDirs dirs = UserDirs.of(platform);
        String problem = null;
        try {
            Spool.deleteOrphans(dirs.spool());
        } catch (IOException e) {
            problem = "Cannot tidy " + dirs.spool() + ": " + e.getMessage();
        }
        return new Startup(
                new Spool(dirs.spool(), Spool.DEFAULT_MAX_BYTES, Spool.DEFAULT_MAX_AGE_NS, System::nanoTime),
                dirs.uiPrefs(),
                ConnectFlow::forUser,
                SeriesCatalogue.standard(),
                0,
                0,
                problem,
                platform);
    }

    /** The window opens where it last closed, else at the screen's size, and remembers where it closes. */
    public boolean remembersPlace() {
        return width <= 0 || height <= 0;
    }
}
