package dev.tickbench.app.dirs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.tickbench.app.connect.ConnectionKind;
import dev.tickbench.app.connect.RecentConnection;
import dev.tickbench.app.connect.RecentConnections;
import dev.tickbench.app.platform.HostPlatform;
import dev.tickbench.app.platform.Os;
import dev.tickbench.app.workbench.Theme;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Settings, recent connections, recordings, caches and {@code ~/.ssh} in each desktop's own place, on
 * in-memory file systems with Windows semantics (drive letters, backslashes, names that differ only in
 * case are one) and macOS semantics (case-insensitive names, a space in Application Support), and the
 * workbench's own writers storing there.
 */
class UserDirsOnEachOsTest {
    private FileSystem fs;

    @AfterEach
    void close() throws Exception {
        if (fs != null) {
            fs.close();
        }
    }

    private FileSystem windowsFs() {
        fs = Jimfs.newFileSystem(
                Configuration.windows().toBuilder().setRoots("C:\\", "D:\\").build());
        return fs;
    }

    private FileSystem macFs() {
        fs = Jimfs.newFileSystem(Configuration.osX());
        return fs;
    }

    @Test
    void windowsKeepsSettingsInAppDataAndCachesInLocalAppData() throws Exception {
        FileSystem win = windowsFs();
        // Windows' variable names are case-insensitive: a map spelt as some programs pass it
        UserDirs d = UserDirs.of(new HostPlatform(
                Os.WINDOWS,
                Map.of(
                        "UserProfile",
                        "C:\\Users\\Ann",
                        "APPDATA",
                        "C:\\Users\\Ann\\AppData\\Roaming",
                        "localappdata",
                        "D:\\Local",
                        "HOME",
                        "/c/Users/msys"),
                "C:\\Users\\from-java",
                win));
        assertEquals("C:\\Users\\Ann", d.home().toString());
        assertEquals(
                "C:\\Users\\Ann\\AppData\\Roaming\\Tickbench\\ui.properties",
                d.uiPrefs().toString());
        assertEquals(
                "C:\\Users\\Ann\\AppData\\Roaming\\Tickbench\\recent.json",
                d.recentConnections().toString());
        assertEquals(
                "C:\\Users\\Ann\\AppData\\Roaming\\Tickbench\\triggered",
                d.triggered().toString());
        assertEquals("D:\\Local\\Tickbench\\spool", d.spool().toString());
        assertEquals("C:\\Users\\Ann\\.ssh", d.ssh().toString(), "where Windows' OpenSSH keeps it, not an MSYS HOME");
        assertEquals("C:\\Users\\Ann\\.ssh\\id_ed25519", d.expandTilde("~\\.ssh\\id_ed25519"));
        assertEquals("C:\\Users\\Ann\\.ssh\\id_ed25519", d.expandTilde("~/.ssh/id_ed25519"));

        // the workbench's own writers: a temporary file renamed over the old one, on this file system
        Theme.saveDark(d.uiPrefs(), true);
        RecentConnections recent = new RecentConnections(d.recentConnections());
        recent.remember(
                new RecentConnection(ConnectionKind.SSH_HOST, "board-7", 2222, "pi", "~\\.ssh\\id_ed25519", 100, null));
        // one file whatever the case of its name, as on NTFS
        Path shouted = win.getPath("C:\\USERS\\ANN\\APPDATA\\ROAMING\\TICKBENCH\\UI.PROPERTIES");
        assertTrue(Theme.loadDark(shouted), "the theme read back through another spelling of the same path");
        assertEquals(
                List.of("pi@board-7:2222 · 100 Hz"),
                new RecentConnections(win.getPath("c:\\users\\ann\\appdata\\roaming\\tickbench\\Recent.json"))
                        .load().stream().map(RecentConnection::label).toList());
        try (var files = Files.list(d.config())) {
            assertEquals(
                    List.of("recent.json", "ui.properties"),
                    files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temporary file left behind");
        }
    }

    @Test
    void windowsWithoutTheVariablesUsesTheProfileDefaults() {
        FileSystem win = windowsFs();
        UserDirs d = UserDirs.of(new HostPlatform(
                Os.WINDOWS,
                Map.of(
                        "HOMEDRIVE",
                        "C:",
                        "HOMEPATH",
                        "\\Users\\Bo",
                        "APPDATA",
                        "\\Users\\Bo\\Roaming",
                        "LOCALAPPDATA",
                        "relative\\local"),
                "C:\\Users\\from-java",
                win));
        assertEquals("C:\\Users\\Bo", d.home().toString(), "%HOMEDRIVE%%HOMEPATH% when there is no USERPROFILE");
        assertEquals(
                "C:\\Users\\Bo\\AppData\\Roaming\\Tickbench",
                d.config().toString(),
                "a path without its drive is no place");
        assertEquals("C:\\Users\\Bo\\AppData\\Local\\Tickbench", d.cache().toString(), "a relative path is no place");

        UserDirs bare = UserDirs.of(new HostPlatform(Os.WINDOWS, Map.of(), "C:\\Users\\from-java", win));
        assertEquals("C:\\Users\\from-java\\.ssh", bare.ssh().toString(), "Java's user.home as the last resort");
    }

    @Test
    void macOsKeepsThemInTheLibrary() throws Exception {
        FileSystem mac = macFs();
        UserDirs d = UserDirs.of(new HostPlatform(
                Os.MACOS, Map.of("HOME", "/Users/ann", "XDG_CONFIG_HOME", "/Users/ann/.config"), "/var/root", mac));
        assertEquals(mac.getPath("/Users/ann/Library/Application Support/Tickbench/ui.properties"), d.uiPrefs());
        assertEquals(
                mac.getPath("/Users/ann/Library/Application Support/Tickbench/recent.json"), d.recentConnections());
        assertEquals(mac.getPath("/Users/ann/Library/Application Support/Tickbench/triggered"), d.triggered());
        assertEquals(mac.getPath("/Users/ann/Library/Caches/Tickbench/spool"), d.spool());
        assertEquals(mac.getPath("/Users/ann/.ssh"), d.ssh());
        assertEquals("/Users/ann/.ssh/id_ed25519", d.expandTilde("~/.ssh/id_ed25519"));
        assertEquals("~\\.ssh\\id", d.expandTilde("~\\.ssh\\id"), "a backslash is a character of a name here");

        Theme.saveDark(d.uiPrefs(), true);
        new RecentConnections(d.recentConnections())
                .remember(new RecentConnection(ConnectionKind.PROBE_SERVER, "rack-3", null, null, null, 50, null));
        // APFS as macOS formats it: case-insensitive
        assertTrue(Theme.loadDark(mac.getPath("/users/ANN/library/application support/tickbench/ui.properties")));
        assertEquals(
                List.of("rack-3 · 50 Hz · probe server"),
                new RecentConnections(d.recentConnections())
                        .load().stream().map(RecentConnection::label).toList());
        assertTrue(Files.isDirectory(mac.getPath("/Users/ann/Library/Application Support/Tickbench")));
    }

    @Test
    void linuxAndOtherUnixesKeepTheXdgPlaces() {
        FileSystem unix = Jimfs.newFileSystem(Configuration.unix());
        fs = unix;
        for (Os os : List.of(Os.LINUX, Os.OTHER)) {
            UserDirs d = UserDirs.of(
                    new HostPlatform(os, Map.of("HOME", "/home/ann", "XDG_DATA_HOME", "/data"), "/root", unix));
            assertEquals(unix.getPath("/home/ann/.config/tickbench/ui.properties"), d.uiPrefs(), os.toString());
            assertEquals(unix.getPath("/home/ann/.cache/tickbench/spool"), d.spool(), os.toString());
            assertEquals(unix.getPath("/data/tickbench/triggered"), d.triggered(), os.toString());
            assertEquals(unix.getPath("/home/ann/.ssh"), d.ssh(), os.toString());
        }
    }

    @Test
    void theDesktopIsReadFromJavasOsName() {
        assertEquals(Os.LINUX, Os.fromName("Linux"));
        assertEquals(Os.MACOS, Os.fromName("Mac OS X"));
        assertEquals(Os.WINDOWS, Os.fromName("Windows 11"));
        assertEquals(Os.WINDOWS, Os.fromName("Windows Server 2022"));
        assertEquals(Os.OTHER, Os.fromName("FreeBSD"));
        assertEquals(Os.OTHER, Os.fromName(null));
    }
}
