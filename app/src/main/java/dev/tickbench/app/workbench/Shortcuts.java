package dev.tickbench.app.workbench;

import dev.tickbench.app.platform.Os;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * The workbench's keyboard shortcuts: one table for the keys the window answers, the labels its menus
 * show and the list in Help ▸ Keyboard Shortcuts. The modifier is JavaFX's shortcut key ({@code
 * SHORTCUT_DOWN}): ⌘ on macOS, Ctrl elsewhere; a label names it for the desktop the window runs on.
 */
final class Shortcuts {
    /** A key the window answers. */
    enum Key {
        OPEN(KeyCode.O, true, "Open a capture"),
        EXPORT(KeyCode.E, true, "Export CSV of what the charts show"),
        FIND(KeyCode.F, true, "Find a source (the sources panel's find field)"),
        FOLLOW(KeyCode.SPACE, false, "Follow the newest samples, or pause"),
        RECORD(KeyCode.R, false, "Record the session, or stop");

        private final KeyCode code;
        private final boolean shortcut;
        private final String what;

        Key(KeyCode code, boolean shortcut, String what) {
            this.code = code;
            this.shortcut = shortcut;
            this.what = what;
        }

        /** What a menu item's accelerator is. */
        KeyCombination combination() {
            return shortcut ? new KeyCodeCombination(code, KeyCombination.SHORTCUT_DOWN) : new KeyCodeCombination(code);
        }

        /** "⌘O" on macOS, "Ctrl+O" elsewhere; "Space", "R" for the plain keys. */
        String label(Os os) {
            String name = code == KeyCode.SPACE ? "Space" : code.getName();
            return shortcut ? os.shortcutKey() + name : name;
        }

        boolean matches(KeyEvent e) {
            return e.getCode() == code && e.isShortcutDown() == shortcut;
        }
    }

    private Shortcuts() {}

    /**
     * Answers the keys of {@code actions} in {@code scene}, except those in {@code byMenus} (macOS: the
     * system menu bar's items carry them as accelerators, and one key must not act twice). The shortcut
     * keys act wherever the focus is, Find even in a text field; the plain keys (Space, R) only outside
     * text fields, which type them.
     */
    static void install(Scene scene, Map<Key, Runnable> actions, Set<Key> byMenus) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            for (Map.Entry<Key, Runnable> a : actions.entrySet()) {
                Key key = a.getKey();
                if (!key.matches(e) || byMenus.contains(key)) {
                    continue;
                }
                if (key != Key.FIND && e.getTarget() instanceof TextInputControl) {
                    return;
                }
                a.getValue().run();
                e.consume();
                return;
            }
        });
    }

    /** Help's list: each key and what it does, then the mouse's gestures on the charts. */
    static List<String[]> table(Os os) {
        List<String[]> rows = new ArrayList<>();
        for (Key k : Key.values()) {
            rows.add(new String[] {k.label(os), k.what});
        }
        rows.add(new String[] {"Esc", "Clear the pins and the selected range"});
        rows.add(new String[] {os == Os.MACOS ? "⌘ or Ctrl + wheel" : "Ctrl+wheel", "Zoom time at the pointer"});
        rows.add(new String[] {"Wheel", "Scroll the tracks"});
        rows.add(new String[] {"Click", "Pin the time under the pointer"});
        rows.add(new String[] {"Shift+drag", "Select a range (its statistics below the charts)"});
        return rows;
    }
}
