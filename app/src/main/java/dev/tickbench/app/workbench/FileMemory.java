package dev.tickbench.app.workbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Where the file dialogs open (the folder of the last file chosen) and the recent captures (File ›
 * Open Recent), kept in the preferences file when there is one, else for this run of the app.
 */
public final class FileMemory {
    static final int MAX_RECENT = 10;
    private static final String FOLDER = "last.folder";
    private static final String RECENT = "recent.capture.";

    private final ObjectProperty<Path> folder = new SimpleObjectProperty<>();
    private final ObservableList<Path> recent = FXCollections.observableArrayList();
    private Path prefs;

    /** Reads the folder and the recent captures from {@code prefs} and keeps them there from now on. */
    public void persistIn(Path prefs) {
        this.prefs = prefs;
        var p = UiPrefs.load(prefs);
        String f = p.getProperty(FOLDER);
        if (f != null && Files.isDirectory(Path.of(f))) {
            folder.set(Path.of(f));
        }
        List<Path> list = new ArrayList<>();
        for (int i = 0; i < MAX_RECENT; i++) {
            String r = p.getProperty(RECENT + i);
            if (r != null) {
                list.add(Path.of(r));
            }
        }
        recent.setAll(list);
    }

    /** The folder file dialogs open in: the last one a file was chosen in, if it still exists. */
    public ObjectProperty<Path> folderProperty() {
        return folder;
    }

    /** The folder to open a dialog in, or null (the dialog's own default). */
    public java.io.File initialDirectory() {
        Path f = folder.get();
        return f != null && Files.isDirectory(f) ? f.toFile() : null;
    }

    public ObservableList<Path> recentCaptures() {
        return recent;
    }

    /** A file was chosen in a dialog: its folder is where the next dialog opens. */
    public void chose(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null) {
            return;
        }
        folder.set(dir);
        if (prefs != null) {
            UiPrefs.put(prefs, FOLDER, dir.toString());
        }
    }

    /** A capture was opened: first in Open Recent. */
    public void opened(Path capture) throws IOException {
        Path abs = capture.toAbsolutePath().normalize();
        recent.remove(abs);
        recent.add(0, abs);
        while (recent.size() > MAX_RECENT) {
            recent.remove(recent.size() - 1);
        }
        if (prefs != null) {
            java.util.Map<String, String> keys = new java.util.HashMap<>();
            for (int i = 0; i < MAX_RECENT; i++) {
                keys.put(RECENT + i, i < recent.size() ? recent.get(i).toString() : null);
            }
            UiPrefs.putAll(prefs, keys);
        }
    }
}
