package dev.tickbench.app;

import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.platform.HostPlatform;
import dev.tickbench.app.platform.Os;
import dev.tickbench.app.workbench.MainViewModel;
import java.util.List;
import javafx.application.Application;

/**
 * Entry point. JavaFX on the class path must be started from a class that is not the
 * {@code Application} subclass, or it fails with "JavaFX runtime components are missing".
 * The command line is checked here, before any window: a bad one is one line on stderr and exit 2.
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] cmdline) {
        launch(cmdline, HostPlatform.detect());
    }

    /**
     * The workbench on {@code platform}: the one this process runs on ({@link #main}), or the one a test
     * shows it (macOS or Windows as seen from here), installed before anything reads a place or a path.
     */
    public static void launch(String[] cmdline, HostPlatform platform) {
        StartupLog.mark("main");
        HostPlatform.install(platform);
        // UTF-8 whatever the locale: on Linux the arguments are read again from /proc/self/cmdline when the
        // locale is not UTF-8; macOS' is always UTF-8, and Windows has no /proc to read them from
        String[] args = platform.os() == Os.LINUX ? dev.tickbench.core.session.Utf8Process.setUp(cmdline) : cmdline;
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            System.out.println(AppArgs.USAGE);
            return;
        }
        AppArgs parsed = null;
        try {
            parsed = AppArgs.parse(List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println("tickbench: " + e.getMessage());
            System.err.println(AppArgs.USAGE);
            System.exit(2);
        }
        if (parsed.files().isEmpty() && !parsed.remote() && platform.thisMachine()) {
            // this machine's probe process starts now, while JavaFX starts and the window is built
            // (its JVM's start and the sources' opening took 1-2 s after the window); the window's connection
            // takes it over (Workbench.begin connects to this machine with the same rate and FLOOR_HZ)
            LocalConnection.startEarly(
                    parsed.rateHz() != null ? parsed.rateHz() : MainViewModel.DEFAULT_RATE_HZ, parsed.floorHz());
        }
        renderingDefaults(System.getProperties());
        Application.launch(TickbenchApp.class, args);
    }

    /**
     * JavaFX's renderer settings the workbench needs, unless the user gave them (-D): read once, when the
     * toolkit starts. Prism draws a region's background (a list, a split pane, a table row) from a small
     * cached image stretched over the region; the software pipeline (no GPU, a VM, Xvfb) interpolates every
     * pixel of that stretch, and under the tracks those stretches were most of the renderer's work at each
     * follow step. Drawn directly, a background is a plain fill (docs/workbench-charts.md, "Redraws").
     */
    static void renderingDefaults(java.util.Properties system) {
        system.putIfAbsent("prism.disableRegionCaching", "true");
    }
}
