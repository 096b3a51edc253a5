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
 * Where the file dialogs open (the folder of the last file chosen, else the user's recordings folder)
 * and the recent captures (File › Open Recent), kept in the preferences file when there is one, else
 * for this run of the app.
 */
public final class FileMemory {
    static final int MAX_RECENT = 10;
    private static final String FOLDER = "last.folder";
    private static final String RECENT = "recent.capture.";

    private final ObjectProperty<Path> folder = new SimpleObjectProperty<>();
    private final ObservableList<Path> recent = FXCollections.observableArrayList();
    private Path prefs;
    private Path recordings;

    /**
     * Reads the folder and the recent captures from {@code prefs} and keeps them there from now on; until
     * a file is chosen, the dialogs open in {@code recordings} (made when first needed), never in the
     * directory the workbench happened to be started from.
     */
    public void persistIn(Path prefs, Path recordings) {
        this.prefs = prefs;
        this.recordings = recordings;
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

    /**
     * The folder to open a dialog in: the last one chosen while it exists, else the recordings folder,
     * made if need be; null (the dialog's own default) only when neither can be had.
     */
    public java.io.File initialDirectory() {
        Path f = folder.get();
        if (f != null && Files.isDirectory(f)) {
            return f.toFile();
        }
        if (recordings == null) {
            return null;
        }
        try {
            return Files.createDirectories(recordings).toFile();
        } catch (IOException | SecurityException e) {
            return null; // a read-only home: the dialog opens where the system says, and the user picks
        }
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
