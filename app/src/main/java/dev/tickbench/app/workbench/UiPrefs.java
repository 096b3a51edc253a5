package dev.tickbench.app.workbench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The workbench's preferences file ({@code ui.properties} in the user's config dir: theme, last
 * folder, recent captures): a preference, not data, so an unreadable file reads as empty.
 */
final class UiPrefs {
    private UiPrefs() {}

    static Properties load(Path prefs) {
        Properties p = new Properties();
        if (prefs == null || !Files.isRegularFile(prefs)) {
            return p;
        }
        try (InputStream in = Files.newInputStream(prefs)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            return new Properties();
        }
        return p;
    }

    /** Sets {@code key} (removes it when {@code value} is null), keeping the file's other keys. */
    static void put(Path prefs, String key, String value) throws IOException {
        java.util.Map<String, String> one = new java.util.HashMap<>();
        one.put(key, value);
        putAll(prefs, one);
    }

    /** Sets every key of {@code values} (a null value removes the key), keeping the file's other keys. */
    static void putAll(Path prefs, java.util.Map<String, String> values) throws IOException {
        Properties p = new Properties();
        if (Files.isRegularFile(prefs)) {
            try (InputStream in = Files.newInputStream(prefs)) {
                p.load(in);
            }
        }
        values.forEach((key, value) -> {
            if (value == null) {
                p.remove(key);
            } else {
                p.setProperty(key, value);
            }
        });
        Files.createDirectories(prefs.getParent());
        Path tmp = prefs.resolveSibling(prefs.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            p.store(out, "Tickbench workbench preferences");
        }
        Files.move(
                tmp,
                prefs,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
}
