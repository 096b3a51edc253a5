package dev.tickbench.app.workbench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Parent;
import javafx.scene.Scene;

/**
 * Light and dark from one colour sheet: {@code colours.css} defines every looked-up colour for both,
 * the feature sheet uses only those names, and dark is the {@code dark} style class on the scene's
 * root. The choice is remembered in {@code ui.properties} of the user's config dir.
 */
public final class Theme {
    static final String DARK = "dark";
    private static final List<String> SHEETS =
            List.of("/dev/tickbench/app/colours.css", "/dev/tickbench/app/tickbench.css");

    private Theme() {}

    /** Adds the colour and feature sheets to {@code scene} (once). */
    public static void install(Scene scene) {
        for (String s : SHEETS) {
            String url = Theme.class.getResource(s).toExternalForm();
            if (!scene.getStylesheets().contains(url)) {
                scene.getStylesheets().add(url);
            }
        }
    }

    static void apply(Parent root, boolean dark) {
        root.getStyleClass().remove(DARK);
        if (dark) {
            root.getStyleClass().add(DARK);
        }
    }

    /** The remembered choice; light when none was saved or the file is unreadable (a preference, not data). */
    public static boolean loadDark(Path prefs) {
        return DARK.equals(UiPrefs.load(prefs).getProperty("theme"));
    }

    /** Saves the choice, keeping the file's other keys. */
    public static void saveDark(Path prefs, boolean dark) throws IOException {
        UiPrefs.put(prefs, "theme", dark ? DARK : "light");
    }
}
