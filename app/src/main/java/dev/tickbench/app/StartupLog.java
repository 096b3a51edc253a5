package dev.tickbench.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The start-up's milestones, as the app itself sees them, for {@code app/bench/startup.sh}: with
 * {@code -Dtickbench.startupLog=FILE} each milestone is appended to FILE once, the first time it
 * happens, as {@code NAME wall_ms=… since_process_start_ms=… cpu_ms=…} (wall clock in epoch
 * milliseconds, the time since the process started, the process's CPU time so far). Without the
 * property nothing is done. The milestones (docs/perf.md, "Workbench start-up"):
 *
 * <ul>
 *   <li>{@code main}: the launcher's main method runs (the JVM is up);
 *   <li>{@code toolkit}: JavaFX is up and calls the application's start;
 *   <li>{@code window}: the window is shown;
 *   <li>{@code tracks}: a frame was laid out with the Live tab showing tracks, each with its title;
 *   <li>{@code content}: the same, and the sources panel lists the session's sources (its hello came);
 *   <li>{@code curves}: a track on screen drew a line of at least two points.
 * </ul>
 *
 * And, to see where the time between them goes, this machine's probe process: {@code probe_spawned}
 * (its process started), {@code probe_hello} (its first line came), {@code connect} (the window's
 * connection started, which takes over a probe started early), {@code first_series} (the store's first
 * series). With {@code -Dtickbench.exitAfter=MILESTONE} the app quits {@value #EXIT_DELAY_MS} ms after
 * that milestone, file or not: the build's training run for the app's class-data archive
 * (jpackage/build.sh) starts it, lets it start and stops it so.
 */
public final class StartupLog {
    public static final String PROPERTY = "tickbench.startupLog";
    public static final String EXIT_PROPERTY = "tickbench.exitAfter";
    /** After the milestone, a while more of the running app (the first follow steps, the clock panel's turns). */
    static final long EXIT_DELAY_MS = 3_000;

    private static final Path FILE = file();
    private static final String EXIT_AFTER = System.getProperty(EXIT_PROPERTY);
    private static final Set<String> DONE = ConcurrentHashMap.newKeySet();
    private static volatile Runnable exit = () -> {};

    private StartupLog() {}

    private static Path file() {
        String f = System.getProperty(PROPERTY);
        return f == null || f.isBlank() ? null : Path.of(f);
    }

    /** Whether milestones are noted (written, or one ends the app). */
    public static boolean enabled() {
        return FILE != null || EXIT_AFTER != null;
    }

    /** What ends the app when {@value #EXIT_PROPERTY} names a milestone (run once, on a thread of its own, after the delay). */
    public static void onExit(Runnable r) {
        exit = r;
    }

    /** Notes milestone {@code name} the first time it is reached; any thread. */
    public static void mark(String name) {
        if (!enabled() || !DONE.add(name)) {
            return;
        }
        if (name.equals(EXIT_AFTER)) {
            java.util.concurrent.CompletableFuture.delayedExecutor(
                            EXIT_DELAY_MS, java.util.concurrent.TimeUnit.MILLISECONDS)
                    .execute(() -> exit.run());
        }
        if (FILE == null) {
            return;
        }
        ProcessHandle.Info me = ProcessHandle.current().info();
        Instant now = Instant.now();
        long sinceStart =
                me.startInstant().map(s -> Duration.between(s, now).toMillis()).orElse(-1L);
        long cpu = me.totalCpuDuration().map(Duration::toMillis).orElse(-1L);
        String line = String.format(
                Locale.ROOT,
                "%s wall_ms=%d since_process_start_ms=%d cpu_ms=%d%n",
                name,
                now.toEpochMilli(),
                sinceStart,
                cpu);
        try {
            Files.writeString(FILE, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.err.println("tickbench: cannot write the start-up log " + FILE + ": " + e.getMessage());
        }
    }

    /** Whether {@code name} was noted already (always false while disabled). */
    public static boolean reached(String name) {
        return DONE.contains(name);
    }
}
