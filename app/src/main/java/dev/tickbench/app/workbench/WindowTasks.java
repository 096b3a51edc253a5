package dev.tickbench.app.workbench;

import dev.tickbench.app.control.SessionController;
import dev.tickbench.app.export.CsvExportJob;
import dev.tickbench.app.export.DiskSize;
import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.recording.IndexLater;
import dev.tickbench.app.session.SeekableReplay;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.Showing;
import dev.tickbench.core.export.CsvExport;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.concurrent.Task;

/**
 * The main window's long tasks, one at a time on the shared background executor ({@link TaskSlot}):
 * opening a capture, which the charts draw batch by batch while it is read, and exporting what they
 * draw as CSV ({@link CsvExportJob}). How each one ended is said in the window's status, notice or
 * error ({@link WindowState}). FX thread only.
 */
final class WindowTasks {
    private final TaskSlot slot;
    /** The capture being opened, until its task ends. */
    private Task<?> opening;

    private final SessionController controller;
    private final WindowState window;
    private final BooleanSupplier fillHeld;
    /** The index being built for the capture last opened without one, or null. */
    private IndexLater indexing;

    /** {@code fillHeld}: Export CSV fills a level's held value into the rows between its emissions. */
    WindowTasks(Executor work, SessionController controller, WindowState window, BooleanSupplier fillHeld) {
        this.slot = new TaskSlot(work);
        this.controller = controller;
        this.window = window;
        this.fillHeld = fillHeld;
    }

    ReadOnlyBooleanProperty busyProperty() {
        return slot.busyProperty();
    }

    ReadOnlyDoubleProperty progressProperty() {
        return slot.progressProperty();
    }

    ReadOnlyStringProperty messageProperty() {
        return slot.messageProperty();
    }

    /** Cancels the running open or export. */
    void cancel() {
        slot.cancel();
    }

    /** Cancels the capture being opened, if one is: the live session is shown again and the capture let go. */
    void cancelOpen() {
        Task<?> t = opening;
        opening = null;
        if (t != null && t.isRunning()) {
            t.cancel();
        }
    }

    /**
     * Opens a capture: the window switches to it at once and a background task reads it, with progress
     * and Cancel; the charts draw each batch as it arrives. Null when another task still runs (the error
     * says so).
     */
    Task<CaptureLoader.Result> openCapture(Path file) {
        if (refuseWhileBusy()) {
            return null;
        }
        SeriesStore s = controller.beginReplay(file);
        AtomicReference<SeekableReplay> seekable = new AtomicReference<>();
        AtomicReference<String> indexNote = new AtomicReference<>();
        Task<CaptureLoader.Result> task = new Task<>() {
            @Override
            protected CaptureLoader.Result call() throws Exception {
                updateMessage("Opening " + file.getFileName() + "…");
                SeekableReplay r = SeekableReplay.openOrSay(file, s, indexNote::set);
                if (r != null) { // its index: the overview at once, the blocks shown as the window narrows
                    r.overview();
                    seekable.set(r);
                    return new CaptureLoader.Result(file, r.lines(), null, -1);
                }
                return CaptureLoader.load(
                        file, s, (done, total) -> updateProgress(done, Math.max(total, 1)), this::isCancelled);
            }
        };
        task.setOnSucceeded(e -> {
            if (seekable.get() != null) {
                controller.seekable(s, seekable.get());
            }
            if (controller.finishReplay(s, task.getValue())) {
                window.remember(file);
                if (indexNote.get() != null) {
                    window.notice(indexNote.get());
                }
                boolean noIndex = indexNote.get() != null
                        || !java.nio.file.Files.exists(dev.tickbench.core.capture.CaptureWriter.indexPath(file));
                if (seekable.get() == null && task.getValue().complete() && noIndex) {
                    index(file, s);
                }
            }
        });
        task.setOnFailed(e -> controller.failReplay(file, message(task.getException())));
        task.setOnCancelled(e -> controller.cancelReplay(s, file));
        slot.start(task);
        opening = task;
        task.runningProperty().addListener((o, was, running) -> {
            if (!running && opening == task) {
                opening = null; // a finished task holds the store it read into
            }
        });
        return task;
    }

    /** The capture read whole without a usable index gets one written beside it for its next open. */
    private void index(Path file, SeriesStore s) {
        stopIndexing();
        long spanNs = Math.round((s.latestX() - s.firstX()) * 1e9);
        indexing =
                IndexLater.start(file, spanNs, text -> javafx.application.Platform.runLater(() -> window.notice(text)));
    }

    /** Stops an index being built (the app ends, another capture opens); completes once it has. */
    java.util.concurrent.CompletableFuture<?> stopIndexing() {
        IndexLater b = indexing;
        indexing = null;
        return b == null ? java.util.concurrent.CompletableFuture.completedFuture(null) : b.cancel();
    }

    /**
     * Exports what the charts draw (the selection) over the window's visible time range to {@code out}
     * ({@link CsvExportJob}); progress while it runs, the result in the status, a failure or a damaged
     * capture in the error. Null when there is nothing to export or another task still runs.
     */
    Task<CsvExport.Summary> exportCsv(Path out) {
        Showing now = window.showingProperty().get();
        CsvExportJob job;
        try {
            job = new CsvExportJob(
                    now.replayFile(),
                    controller.spool(),
                    now.selection() == null ? List.of() : now.selection().drawn(),
                    controller.window().min(),
                    controller.window().max(),
                    fillHeld.getAsBoolean(),
                    out,
                    controller.catalogue());
        } catch (IllegalStateException nothing) {
            window.error(nothing.getMessage());
            return null;
        }
        if (refuseWhileBusy()) {
            return null;
        }
        Task<CsvExport.Summary> task = new Task<>() {
            @Override
            protected CsvExport.Summary call() throws Exception {
                return job.run(this::updateMessage, f -> updateProgress(f, 1.0));
            }
        };
        task.setOnSucceeded(e -> {
            CsvExport.Summary r = task.getValue();
            window.status(CsvExportJob.statusText(r, out));
            window.notice(DiskSize.saved(out) + ": " + r.rows() + " rows × "
                    + r.columns().size() + " columns; cadences in "
                    + r.cadenceFile().getFileName());
            if (r.error() != null) {
                window.error(
                        "The capture is damaged at " + r.error().getMessage() + "; the CSV holds the rows before it.");
            }
        });
        task.setOnFailed(e -> window.error("CSV export to " + out + " failed: " + message(task.getException())));
        task.setOnCancelled(e -> window.status("Cancelled the export to " + out.getFileName()));
        slot.start(task);
        return task;
    }

    private boolean refuseWhileBusy() {
        if (slot.busy()) {
            window.error("Wait for the current task to finish, or cancel it.");
            return true;
        }
        return false;
    }

    private static String message(Throwable t) {
        return t == null
                ? "unknown error"
                : t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
