package dev.tickbench.app.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The window's place is remembered beside the other preferences, and a place nobody meant is not used. */
class WindowBoundsTest {
    @TempDir
    Path dir;

    @Test
    void aSavedPlaceComesBackAndKeepsTheOtherPreferences() throws Exception {
        Path prefs = dir.resolve("ui.properties");
        Theme.saveDark(prefs, true);
        new WindowBounds(120, 40, 1500, 930, true).save(prefs);
        assertEquals(Optional.of(new WindowBounds(120, 40, 1500, 930, true)), WindowBounds.load(prefs));
        assertTrue(Theme.loadDark(prefs), "the theme is kept");
    }

    @Test
    void noFileATinySizeOrGarbageIsNoPlace() throws Exception {
        Path prefs = dir.resolve("ui.properties");
        assertEquals(Optional.empty(), WindowBounds.load(prefs));
        new WindowBounds(0, 0, 120, 80, false).save(prefs);
        assertEquals(Optional.empty(), WindowBounds.load(prefs), "a 120x80 window is not a size anyone meant to keep");
        Files.writeString(prefs, "window.width=wide\nwindow.height=900\n");
        assertEquals(Optional.empty(), WindowBounds.load(prefs));
    }
}
