package dev.tickbench.app.workbench;

import dev.tickbench.app.control.RecordingName;
import dev.tickbench.core.catalogue.ChartGroup;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The main window's file dialogs: open a capture, record to one, export CSV, save charts as PNG. Each
 * opens in the folder last used ({@link FileMemory}) and hands the chosen file to the path a test drives
 * directly ({@link MainView#openCapture}, {@link MainView#record}, {@link MainView#exportCsv},
 * {@link MainView#savePng}); only the choosing is here.
 */
final class FileDialogs {
    private final MainViewModel vm;
    private final MainView view;

    FileDialogs(MainViewModel vm, MainView view) {
        this.vm = vm;
        this.view = view;
    }

    private Window window() {
        return view.getScene() == null ? null : view.getScene().getWindow();
    }

    private FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        fc.setInitialDirectory(vm.files().initialDirectory());
        return fc;
    }

    /** A file the user chose: the next dialog opens in its folder. */
    private File chosen(File f) {
        if (f != null) {
            try {
                vm.files().chose(f.toPath());
            } catch (IOException e) {
                vm.errorProperty().set("Cannot remember the folder " + f.getParent() + ": " + e.getMessage());
            }
        }
        return f;
    }

    private FileChooser captureChooser(String title) {
        FileChooser fc = chooser(title);
        fc.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter("Captures", "*.ndjson", "*.ndjson.gz", "*.gz", "*.jsonl"),
                        new FileChooser.ExtensionFilter("All files", "*"));
        return fc;
    }

    /** R and ● Record: stops a running recording, or asks where to record to. */
    void toggleRecord() {
        if (vm.recorder().isRecording()) {
            vm.stopRecording();
            return;
        }
        File f = chosen(recordChooser().showSaveDialog(window()));
        if (f == null) {
            view.recordingShown();
            return;
        }
        view.record(f.toPath());
    }

    /**
     * The Record dialog as it opens: in the folder last used, else the recordings folder, offering the
     * session's host and the time ({@link RecordingName#of}), not an epoch number.
     */
    FileChooser recordChooser() {
        FileChooser fc = captureChooser("Record to capture");
        fc.setInitialFileName(vm.recordingName());
        return fc;
    }

    /** Ctrl+O. */
    void open() {
        File f = chosen(captureChooser("Open capture").showOpenDialog(window()));
        if (f != null) {
            view.openCapture(f.toPath());
        }
    }

    /** Ctrl+E. */
    void exportCsv() {
        File f = chosen(csvChooser().showSaveDialog(window()));
        if (f != null) {
            view.exportCsv(f.toPath());
        }
    }

    /**
     * The Export CSV dialog as it opens: where {@link #recordChooser} opens, offering the capture's own
     * name, the replayed file's or the one a recording of the live session gets, as {@code .csv}.
     */
    FileChooser csvChooser() {
        FileChooser fc = chooser("Export CSV");
        Path replay = vm.replayFile();
        fc.setInitialFileName(
                RecordingName.csv(replay != null ? replay.getFileName().toString() : vm.recordingName()));
        return fc;
    }

    /** One track (its group) or, with null, all charts as PNG. */
    void savePng(ChartGroup group) {
        FileChooser fc = chooser("Save chart as PNG");
        fc.setInitialFileName((group == null ? "charts" : group.id()) + ".png");
        File f = chosen(fc.showSaveDialog(window()));
        if (f != null) {
            view.savePng(group, f.toPath());
        }
    }
}
