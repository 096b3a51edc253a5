package dev.tickbench.app.workbench;

import dev.tickbench.app.platform.Os;
import java.util.function.Supplier;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/**
 * The menus a desktop expects besides the toolbar's: Help (the keyboard shortcuts, About) on every
 * desktop, and on macOS the system menu bar at the top of the screen (File, Connect, Help), whose
 * items are the toolbar's own, mirrored as they change (a feature adding "What changed?…" to File, the
 * app adding "SSH host…" to Connect, Open Recent filling up).
 */
final class AppMenus {
    static final String APP_NAME = "Tickbench";

    private AppMenus() {}

    /** The toolbar's Help ▾: Keyboard Shortcuts…, About Tickbench. */
    static MenuButton helpButton(Os os, Supplier<Window> owner) {
        MenuButton help = new MenuButton("Help");
        help.setId("help-menu");
        help.getItems().addAll(helpItems(os, owner));
        return help;
    }

    /**
     * macOS: the system menu bar, with the toolbar's File and Connect mirrored and the shortcut items
     * carrying their accelerators (shown as ⌘O by the system); null elsewhere.
     */
    static MenuBar systemMenuBar(Os os, MenuButton file, MenuButton connect, Supplier<Window> owner) {
        if (os != Os.MACOS) {
            return null;
        }
        MenuBar bar = new MenuBar();
        bar.setId("system-menu-bar");
        bar.setUseSystemMenuBar(true);
        Menu help = new Menu("Help");
        help.getItems().addAll(helpItems(os, owner));
        bar.getMenus().addAll(mirror(file), mirror(connect), help);
        return bar;
    }

    private static MenuItem[] helpItems(Os os, Supplier<Window> owner) {
        MenuItem keys = new MenuItem("Keyboard Shortcuts…");
        keys.setId("keyboard-shortcuts");
        keys.setOnAction(e -> shortcutsDialog(os, owner.get()).show());
        MenuItem about = new MenuItem("About " + APP_NAME);
        about.setOnAction(e -> about(owner.get()).show());
        return new MenuItem[] {keys, about};
    }

    /** Help ▸ Keyboard Shortcuts…: every key of {@link Shortcuts}, named for this desktop. */
    static Alert shortcutsDialog(Os os, Window owner) {
        GridPane grid = new GridPane();
        grid.setId("shortcuts-table");
        grid.setHgap(16);
        grid.setVgap(4);
        grid.setPadding(new Insets(8));
        int row = 0;
        for (String[] r : Shortcuts.table(os)) {
            Label key = new Label(r[0]);
            key.setStyle("-fx-font-weight: bold");
            grid.addRow(row++, key, new Label(r[1]));
        }
        Alert a = new Alert(Alert.AlertType.INFORMATION, null, ButtonType.CLOSE);
        a.initOwner(owner);
        a.setTitle("Keyboard Shortcuts");
        a.setHeaderText("Keyboard shortcuts of " + APP_NAME);
        a.getDialogPane().setContent(grid);
        return a;
    }

    private static Alert about(Window owner) {
        Package p = AppMenus.class.getPackage();
        String version = p == null || p.getImplementationVersion() == null ? "" : " " + p.getImplementationVersion();
        Alert a = new Alert(
                Alert.AlertType.INFORMATION,
                "A diagnostic workbench for Linux performance engineers: live "
                        + "10–1000 Hz samples of /proc, /sys and cgroups from this machine or any Linux host over SSH.",
                ButtonType.CLOSE);
        a.initOwner(owner);
        a.setTitle("About " + APP_NAME);
        a.setHeaderText(APP_NAME + version);
        return a;
    }

    /** A menu holding copies of {@code button}'s items, kept as they are (text, disabled, submenus). */
    static Menu mirror(MenuButton button) {
        Menu menu = new Menu(button.getText());
        follow(button.getItems(), menu);
        return menu;
    }

    private static void follow(javafx.collections.ObservableList<MenuItem> from, Menu to) {
        Runnable copy = () -> {
            to.getItems().clear();
            for (MenuItem item : from) {
                to.getItems().add(copyOf(item));
            }
        };
        copy.run();
        from.addListener((ListChangeListener<MenuItem>) c -> copy.run());
    }

    private static MenuItem copyOf(MenuItem item) {
        if (item instanceof SeparatorMenuItem) {
            return new SeparatorMenuItem();
        }
        if (item instanceof Menu sub) {
            Menu m = new Menu();
            m.textProperty().bind(sub.textProperty());
            m.disableProperty().bind(sub.disableProperty());
            follow(sub.getItems(), m);
            return m;
        }
        MenuItem m = new MenuItem();
        m.textProperty().bind(item.textProperty());
        m.disableProperty().bind(item.disableProperty());
        m.visibleProperty().bind(item.visibleProperty());
        m.setAccelerator(item.getAccelerator());
        m.setOnAction(e -> item.fire());
        return m;
    }
}
