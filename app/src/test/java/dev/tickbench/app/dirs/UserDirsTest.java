package dev.tickbench.app.dirs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.tickbench.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where settings, caches and ~/.ssh are: from $HOME and the XDG variables, never from the passwd entry. */
class UserDirsTest {
    private static final String PASSWD_HOME = "/home/from-passwd";

    @TempDir
    Path tmp;

    @Test
    void homeAloneGivesTheXdgDefaultsUnderIt() {
        UserDirs d = UserDirs.from(Map.of("HOME", "/work/me"), PASSWD_HOME);
        assertEquals(Path.of("/work/me/.config/tickbench/ui.properties"), d.uiPrefs());
        assertEquals(Path.of("/work/me/.config/tickbench/recent.json"), d.recentConnections());
        assertEquals(Path.of("/work/me/.cache/tickbench/spool"), d.spool());
        assertEquals(Path.of("/work/me/.ssh"), d.ssh());
    }

    @Test
    void absoluteXdgDirectoriesWin() {
        UserDirs d = UserDirs.from(
                Map.of("HOME", "/work/me", "XDG_CONFIG_HOME", "/etc-like/cfg", "XDG_CACHE_HOME", "/var-like/cache"),
                PASSWD_HOME);
        assertEquals(Path.of("/etc-like/cfg/tickbench"), d.config());
        assertEquals(Path.of("/var-like/cache/tickbench/spool"), d.spool());
        assertEquals(Path.of("/work/me/.ssh"), d.ssh(), "~/.ssh is not an XDG directory");
    }

    @Test
    void relativeOrBlankXdgValuesAreIgnoredAsTheSpecSays() {
        UserDirs d =
                UserDirs.from(Map.of("HOME", "/work/me", "XDG_CONFIG_HOME", "cfg", "XDG_CACHE_HOME", " "), PASSWD_HOME);
        assertEquals(Path.of("/work/me/.config/tickbench"), d.config());
        assertEquals(Path.of("/work/me/.cache/tickbench"), d.cache());
    }

    @Test
    void thePasswdHomeOnlyWhenHomeIsUnsetOrNotAbsolute() {
        assertEquals(
                Path.of(PASSWD_HOME, ".ssh"),
                UserDirs.from(Map.of(), PASSWD_HOME).ssh());
        assertEquals(
                Path.of(PASSWD_HOME, ".ssh"),
                UserDirs.from(Map.of("HOME", "relative"), PASSWD_HOME).ssh());
        assertEquals(
                Path.of(PASSWD_HOME, ".config/tickbench"),
                UserDirs.from(Map.of("HOME", ""), PASSWD_HOME).config());
    }

    @Test
    void tildeIsTheHome() {
        UserDirs d = UserDirs.from(Map.of("HOME", "/work/me"), PASSWD_HOME);
        assertEquals("/work/me", d.expandTilde("~"));
        assertEquals("/work/me/.ssh/id_ed25519", d.expandTilde("~/.ssh/id_ed25519"));
        assertEquals("~other/.ssh/id_rsa", d.expandTilde("~other/.ssh/id_rsa"));
        assertEquals("/abs/key", d.expandTilde("/abs/key"));
    }

    /**
     * The workbench's own entry points in a JVM whose HOME is not its passwd home (Java's user.home):
     * every file they name is under HOME, and so is a {@code ~/} IdentityFile of ~/.ssh/config.
     */
    @Test
    void everyPathTheWorkbenchUsesFollowsHomeNotThePasswdEntry() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        Files.createDirectories(home.resolve(".ssh"));
        Files.writeString(home.resolve(".ssh/config"), "Host board\n  IdentityFile ~/.ssh/id_board\n");
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                UserDirsRun.class.getName()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("HOME", home.toString());
        pb.environment().remove("XDG_CONFIG_HOME");
        pb.environment().remove("XDG_CACHE_HOME");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, Waits.exit("the paths JVM", p), out);

        Map<String, String> got = new java.util.LinkedHashMap<>();
        out.lines()
                .filter(l -> l.contains("="))
                .forEach(l -> got.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
        assertNotEquals(home.toString(), got.get("user.home"), "the test needs a HOME other than the passwd home");
        assertEquals(home.resolve(".config/tickbench/ui.properties").toString(), got.get("prefs"), out);
        assertEquals(home.resolve(".config/tickbench/recent.json").toString(), got.get("recent"), out);
        assertEquals(home.resolve(".cache/tickbench/spool").toString(), got.get("spool"), out);
        assertEquals(home.resolve(".ssh").toString(), got.get("ssh"), out);
        assertEquals(home.resolve(".ssh/id_board").toString(), got.get("identity"), out);
        assertEquals("null", got.get("typed.error"), "a key typed as ~/.ssh/id_typed is found under HOME: " + out);
    }
}
