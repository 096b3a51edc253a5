package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.platform.Os;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Help ▸ Keyboard Shortcuts names the keys as each desktop writes them, and the macOS system menu
 * bar's copies of the toolbar's menus follow them: items added later, disabled, fired.
 */
@ExtendWith(ApplicationExtension.class)
class AppMenusTest {
    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void theShortcutsAreNamedForEachDesktop() throws Exception {
        List<String> mac = fx(() -> rows(Os.MACOS));
        List<String> windows = fx(() -> rows(Os.WINDOWS));
        assertEquals("⌘O = Open a capture", mac.get(0));
        assertEquals("Ctrl+O = Open a capture", windows.get(0));
        assertTrue(mac.contains("⌘F = Find a source (the sources panel's find field)"), mac.toString());
        assertTrue(
                mac.contains("Space = Follow the newest samples, or pause")
                        && mac.contains("R = Record the session, or stop"),
                mac.toString());
        assertTrue(mac.contains("⌘ or Ctrl + wheel = Zoom time at the pointer"), mac.toString());
        assertTrue(windows.contains("Ctrl+wheel = Zoom time at the pointer"), windows.toString());
        assertEquals(KeyCombination.valueOf("Shortcut+O"), Shortcuts.Key.OPEN.combination());
        assertEquals(KeyCombination.valueOf("R"), Shortcuts.Key.RECORD.combination());
    }

    /** The dialog's table as "key = what" lines. */
    private static List<String> rows(Os os) {
        GridPane grid =
                (GridPane) AppMenus.shortcutsDialog(os, null).getDialogPane().getContent();
        List<String> cells = new ArrayList<>();
        for (Node n : grid.getChildren()) {
            cells.add(((Label) n).getText());
        }
        List<String> rows = new ArrayList<>();
        for (int i = 0; i + 1 < cells.size(); i += 2) {
            rows.add(cells.get(i) + " = " + cells.get(i + 1));
        }
        return rows;
    }

    @Test
    void theSystemMenuBarMirrorsTheToolbarMenusAsTheyChange() throws Exception {
        List<String> fired = new ArrayList<>();
        String result = fx(() -> {
            MenuButton file = new MenuButton("File");
            MenuItem open = new MenuItem("Open…");
            open.setAccelerator(Shortcuts.Key.OPEN.combination());
            open.setOnAction(e -> fired.add("open"));
            Menu recent = new Menu("Open Recent");
            file.getItems().addAll(open, recent);
            Menu copy = AppMenus.mirror(file);
            // what features and use add later: an item, a recent capture, a disabled state
            MenuItem changed = new MenuItem("What changed?…");
            file.getItems().add(changed);
            recent.getItems().add(new MenuItem("board.ndjson.gz"));
            changed.setDisable(true);
            copy.getItems().get(0).fire();
            MenuItem copiedChanged = copy.getItems().get(2);
            return copy.getText() + " "
                    + copy.getItems().stream().map(MenuItem::getText).toList() + " "
                    + copy.getItems().get(0).getAccelerator() + " "
                    + ((Menu) copy.getItems().get(1)).getItems().get(0).getText()
                    + " disabled=" + copiedChanged.isDisable();
        });
        assertEquals("File [Open…, Open Recent, What changed?…] Shortcut+O board.ndjson.gz disabled=true", result);
        assertEquals(List.of("open"), fired, "the copy fires the toolbar's own item");
        assertEquals(
                null,
                fx(() -> AppMenus.systemMenuBar(
                        Os.WINDOWS, new MenuButton("File"), new MenuButton("Connect"), () -> null)),
                "Windows and Linux keep the menus in the window");
    }
}
