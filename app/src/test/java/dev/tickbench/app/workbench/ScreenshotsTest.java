package dev.tickbench.app.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.awt.image.BufferedImage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Renders the main views (to target/screenshots/, or assets/screenshots/ when asked) in a real X window (GTK glass, software rendering)
 * and checks each picture. Runs in {@code mvn verify} as app/pom.xml's "xvfb" surefire execution.
 * The window lives in a child JVM ({@link ScreenshotsRun}): the display must be in the environment
 * before the toolkit starts, and a JVM cannot set its own. With no DISPLAY the test starts its own
 * {@code Xvfb} on a free display ({@code -displayfd} lets the server pick) and stops it after.
 * Under CI=true a missing Xvfb or GTK fails; elsewhere it skips with the reason.
 */
@Tag("xvfb")
class ScreenshotsTest {
    /** ~1 min on a quiet machine; the deadline is for a hung window, not a slow one. */
    private static final long CHILD_DEADLINE_S = 900;
    /**
     * The deadline of each wait in the child, in place of the suite's 120 s (sized for the other tests'
     * headless windows): a software-rendered window on a loaded machine is slow at every step, its FX
     * thread starved (at load 30 on 2 cores the replay took 76 s, one call to the FX thread 36 s, and the
     * FX thread had 3.9 s of CPU in 165 s). Shorter than the whole run's {@link #CHILD_DEADLINE_S}, so
     * that a wait that hangs is named in the child's log.
     */
    private static final long CHILD_WAIT_S = 600;
    /**
     * Where the PNGs go: target/screenshots by default (the test command must not rewrite tracked
     * files); {@code -Dtickbench.screenshots=../assets/screenshots} refreshes the README's pictures.
     */
    static final Path OUT = Path.of(System.getProperty("user.dir"))
            .resolve(System.getProperty("tickbench.screenshots", "target/screenshots"))
            .normalize();

    @TempDir
    Path dir;

    @Test
    void screenshotsOfTheMainViewsInARealWindow() throws Exception {
        shotsInAChildWindow(ScreenshotsRun.class, "screenshot");
        for (String name : ScreenshotsRun.SHOTS) {
            if (name.startsWith("live-") && !LocalConnection.available()) {
                continue;
            }
            checkPicture(OUT.resolve(name));
        }
    }

    /** Not blank: many distinct colours, and no single colour covers almost everything. */
    static void checkPicture(Path png) throws IOException {
        assertTrue(Files.isRegularFile(png), png + " was not written");
        BufferedImage img = ImageIO.read(png.toFile());
        assertTrue(
                img.getWidth() >= 400 && img.getHeight() >= 150, png + ": " + img.getWidth() + "×" + img.getHeight());
        Set<Integer> colours = new HashSet<>();
        java.util.Map<Integer, Integer> counts = new java.util.HashMap<>();
        for (int y = 0; y < img.getHeight(); y += 2) {
            for (int x = 0; x < img.getWidth(); x += 2) {
                int rgb = img.getRGB(x, y) & 0xffffff;
                colours.add(rgb);
                counts.merge(rgb, 1, Integer::sum);
            }
        }
        int samples = ((img.getWidth() + 1) / 2) * ((img.getHeight() + 1) / 2);
        int top = counts.values().stream().max(Integer::compare).orElse(0);
        assertTrue(colours.size() >= 32, png.getFileName() + " has only " + colours.size() + " colours");
        assertTrue(top < samples * 0.95, png.getFileName() + " is almost one colour");
    }

    private static Process startXvfb() throws IOException {
        Path bin = Path.of("/usr/bin/Xvfb");
        if (!Files.isExecutable(bin)) {
            throw Prerequisites.unmet("no DISPLAY and no Xvfb for the screenshot test (install the xvfb package)");
        }
        // -displayfd: the server takes the first free display and writes its number to fd 1
        return new ProcessBuilder(bin.toString(), "-displayfd", "1", "-screen", "0", "1920x1200x24", "-nolisten", "tcp")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    private static String readDisplayNumber(Process xvfb) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(xvfb.getInputStream(), StandardCharsets.US_ASCII));
        String n = r.readLine();
        if (n == null || !n.trim().matches("\\d+")) {
            fail("Xvfb did not report a display number (got " + n + ")");
        }
        return n.trim();
    }

    /**
     * The crosshair's readout (a held value, no data in the gap), two pins and a range's statistics below
     * the charts: {@link CrosshairShotsRun} in a child JVM on its own Xvfb, as above.
     */
    @Test
    void screenshotOfTheCrosshairReadoutAndRangeStatistics() throws Exception {
        shotsInAChildWindow(CrosshairShotsRun.class, "crosshair");
        for (String name : CrosshairShotsRun.SHOTS) {
            checkPicture(OUT.resolve(name));
        }
    }

    /** "Why is the clock low?" beside the tracks on the scripted laptop's hot stage: {@link ClockShotsRun}, as above. */
    @Test
    void screenshotOfTheClockPanel() throws Exception {
        shotsInAChildWindow(ClockShotsRun.class, "clock");
        for (String name : ClockShotsRun.SHOTS) {
            checkPicture(OUT.resolve(name));
        }
    }

    /** The Triggers tab live on this machine, a trigger fired and its capture saved: {@link TriggersShotsRun}, as above. */
    @Test
    void screenshotOfTheTriggersPanel() throws Exception {
        shotsInAChildWindow(TriggersShotsRun.class, "triggers");
        for (String name : TriggersShotsRun.SHOTS) {
            checkPicture(OUT.resolve(name));
        }
    }

    /** Runs {@code main}'s window in a child JVM on DISPLAY, or on an Xvfb of its own; fails with its log. */
    private void shotsInAChildWindow(Class<?> main, String what) throws Exception {
        Files.createDirectories(OUT);
        Path log = dir.resolve(what + ".log");
        String display = System.getenv("DISPLAY");
        Process xvfb = display == null || display.isBlank() ? startXvfb() : null;
        try {
            display = xvfb == null ? display : ":" + readDisplayNumber(xvfb);
            ProcessBuilder pb = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-Xmx1g",
                            "-Dglass.platform=gtk",
                            "-Dprism.order=sw",
                            "-Dprism.disableRegionCaching=true", // as the launcher starts the app
                            "-Djava.awt.headless=true",
                            "-D" + Waits.DEADLINE_PROPERTY + "=" + CHILD_WAIT_S,
                            "-cp",
                            System.getProperty("java.class.path"),
                            main.getName(),
                            OUT.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            pb.environment().put("DISPLAY", display);
            pb.environment().put("GDK_BACKEND", "x11");
            Process child = pb.start();
            if (!child.waitFor(CHILD_DEADLINE_S, TimeUnit.SECONDS)) {
                child.destroyForcibly();
                fail("the " + what + " window did not finish in " + CHILD_DEADLINE_S + " s:\n" + Files.readString(log));
            }
            if (child.exitValue() == ScreenshotsRun.NO_TOOLKIT) {
                throw Prerequisites.unmet("JavaFX could not open a GTK window on " + display
                        + " (install libgtk-3-0):\n" + Files.readString(log));
            }
            assertEquals(0, child.exitValue(), "the " + what + " window failed:\n" + Files.readString(log));
        } finally {
            if (xvfb != null) {
                Waits.stop(xvfb);
            }
        }
    }
}
