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
 */
public final class StartupLog {
    public static final String PROPERTY = "tickbench.startupLog";
    private static final Path FILE = file();
    private static final Set<String> DONE = ConcurrentHashMap.newKeySet();

    private StartupLog() {}

    private static Path file() {
        String f = System.getProperty(PROPERTY);
        return f == null || f.isBlank() ? null : Path.of(f);
    }

    /** Whether milestones are written (the property is set). */
    public static boolean enabled() {
        return FILE != null;
    }

    /** Notes milestone {@code name} the first time it is reached; any thread. */
    public static void mark(String name) {
        if (FILE == null || !DONE.add(name)) {
            return;
        }
        ProcessHandle.Info me = ProcessHandle.current().info();
        Instant now = Instant.now();
        long sinceStart = me.startInstant().map(s -> Duration.between(s, now).toMillis()).orElse(-1L);
        long cpu = me.totalCpuDuration().map(Duration::toMillis).orElse(-1L);
        String line = String.format(Locale.ROOT, "%s wall_ms=%d since_process_start_ms=%d cpu_ms=%d%n", name,
                now.toEpochMilli(), sinceStart, cpu);
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
