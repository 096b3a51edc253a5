package dev.tickbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.platform.Os;
import dev.tickbench.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app started as macOS and Windows see it: the real launcher and window ({@link OtherDesktopRun} in
 * a JVM of its own, the platform injected), on a screen of such a laptop. The window opens on the
 * connect form, offers no "This machine", touches no /proc or /sys path and none of the Linux places;
 * every window fits the screen (Windows at 125 % and 150 % of a 1366×768 laptop); macOS gets the system
 * menu bar with ⌘ accelerators.
 */
class OtherDesktopStartTest {
    @TempDir
    Path tmp;

    @Test
    void macOsOpensOnTheConnectFormWithTheSystemMenuBar() throws Exception {
        // a 13-inch MacBook Air's default: 1440×900 points
        List<String> out = run(Os.MACOS, "1440x900");
        assertOpensOnTheConnectFormTouchingNoLinuxPath(out);
        assertEquals(
                "[Library/Application Support/Tickbench/ui.properties]",
                value(out, "files"),
                "settings where macOS keeps them");
        assertEquals(
                "true [File[Open…[Shortcut+O], Open Recent, Export CSV…[Shortcut+E], Save charts as PNG…, What changed?…],"
                        + " Connect[SSH host or probe server…], Help[Keyboard Shortcuts…, About Tickbench]]",
                value(out, "systemMenuBar"));
    }

    @Test
    void windowsOpensOnTheConnectFormAndFitsA125PercentLaptopScreen() throws Exception {
        // a 1366×768 laptop at 125 %: 1093×614 device-independent pixels, what JavaFX lays out in
        List<String> out = run(Os.WINDOWS, "1092x614");
        assertOpensOnTheConnectFormTouchingNoLinuxPath(out);
        assertEquals("[AppData/Roaming/Tickbench/ui.properties]", value(out, "files"), "settings in %APPDATA%");
        assertEquals("none", value(out, "systemMenuBar"));
    }

    /** The recorder sees what it must: the workbench's code reading /proc through NIO and /sys through java.io. */
    @Test
    void theRecorderSeesTheWorkbenchsOwnReads() throws Exception {
        List<String> out = run("control", "1440x900", tmp);
        assertEquals(
                List.of(
                        "touched=/proc/stat (read, from dev.tickbench.app.platform.HostPlatform.thisMachine)",
                        "touched=/sys/kernel/mm/transparent_hugepage/enabled (read, from dev.tickbench.app.OtherDesktopRun.control)"),
                out.stream().filter(l -> l.startsWith("touched=")).toList(),
                String.join("\n", out));
    }

    @Test
    void windowsFitsA150PercentLaptopScreen() throws Exception {
        // the same laptop at 150 %, Windows' default for it: 910×512 device-independent pixels
        List<String> out = run(Os.WINDOWS, "910x512");
        assertOpensOnTheConnectFormTouchingNoLinuxPath(out);
        assertEquals("910x512", value(out, "screen"));
    }

    private static void assertOpensOnTheConnectFormTouchingNoLinuxPath(List<String> out) {
        String all = String.join("\n", out);
        assertFalse(out.stream().anyMatch(l -> l.startsWith("error=")), all);
        assertEquals(
                List.of(),
                out.stream().filter(l -> l.startsWith("touched=")).toList(),
                "paths the workbench touched:\n" + all);
        assertTrue(value(out, "windows").endsWith(", Connect]"), "the main window, then the connect form: " + all);
        assertTrue(value(out, "dialog.header").startsWith("No /proc on this machine"), all);
        assertEquals(
                "[SSH host or probe server…]",
                value(out, "connect.items"),
                "no 'This machine' where there is no /proc");
        assertEquals("0", value(out, "children"), "no probe process was started");
        assertEquals("true", value(out, "note.whole"), "the connect form's note laid out whole, wrapped: " + all);
        String[] screen = value(out, "screen").split("x");
        for (String line : out) {
            if (line.startsWith("bounds.")) {
                String[] b = line.substring(line.indexOf('=') + 1).split("[,x]");
                int x = Integer.parseInt(b[0]);
                int y = Integer.parseInt(b[1]);
                assertTrue(
                        x >= 0
                                && y >= 0
                                && x + Integer.parseInt(b[2]) <= Integer.parseInt(screen[0])
                                && y + Integer.parseInt(b[3]) <= Integer.parseInt(screen[1]),
                        "does not fit the screen: " + line + "\n" + all);
            }
        }
    }

    private List<String> run(Os os, String screen) throws Exception {
        return run(
                os.name(), screen, Files.createDirectories(tmp.resolve(os.name().toLowerCase() + "-home")));
    }

    private List<String> run(String mode, String screen, Path home) throws Exception {
        Path log = tmp.resolve(mode + ".out");
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-XX:TieredStopAtLevel=1",
                "-Dfile.encoding=UTF-8",
                // the recorder is a security manager: allowed by default in JDK 17, asked for by name after it
                "-Djava.security.manager=allow",
                // the toolkit without a display, as the other window tests run it; the screen of that laptop
                "-Dglass.platform=Monocle",
                "-Dmonocle.platform=Headless",
                "-Dprism.order=sw",
                "-Dheadless.geometry=" + screen + "-32",
                "-Dtickbench.probe.archive=off",
                "-cp",
                System.getProperty("java.class.path"),
                OtherDesktopRun.class.getName(),
                mode,
                home.toString()));
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        int status = Waits.exit("the workbench started as " + mode, p);
        List<String> out = Files.readAllLines(log, StandardCharsets.UTF_8);
        System.out.println(mode + ":\n" + String.join("\n", out)); // in the test's report, for whoever reads a failure
        assertEquals(0, status, String.join("\n", out));
        assertTrue(out.contains("end"), String.join("\n", out));
        return out;
    }

    private static String value(List<String> out, String name) {
        return out.stream()
                .filter(l -> l.startsWith(name + "="))
                .map(l -> l.substring(name.length() + 1))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in:\n" + String.join("\n", out)));
    }
}
