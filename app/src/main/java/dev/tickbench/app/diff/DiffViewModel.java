package dev.tickbench.app.diff;

import dev.tickbench.app.recording.Spool;
import dev.tickbench.core.diff.CaptureDiff;
import dev.tickbench.core.diff.DiffCsv;
import dev.tickbench.core.diff.DiffRange;
import dev.tickbench.core.diff.DiffResult;
import dev.tickbench.core.diff.SeriesChange;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.TreeSet;
import java.util.concurrent.Executor;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.concurrent.Task;

/**
 * What changed? between two ranges of the open capture or of the live session (its spool): the core's
 * ranking (dev.tickbench.core.diff, docs/diff.md), the same as {@code tickbench-probe diff}, run in the
 * background, shown as rows a source filter narrows, exported as the CLI's CSV. FX thread only.
 */
public final class DiffViewModel {
    /** The source filter's entry that shows every row. */
    public static final String ALL_SOURCES = "all sources";

    private final Supplier<Path> replayFile;
    private final Supplier<dev.tickbench.app.session.SeriesStore> store;
    private final Spool spool;
    private final DoubleSupplier windowMin;
    private final DoubleSupplier windowMax;
    private final Executor work;
    private final StringProperty aFrom = new SimpleStringProperty("");
    private final StringProperty aTo = new SimpleStringProperty("");
    private final StringProperty bFrom = new SimpleStringProperty("");
    private final StringProperty bTo = new SimpleStringProperty("");
    private final BooleanProperty bIsWindow = new SimpleBooleanProperty(false);
    private final BooleanProperty aJustBefore = new SimpleBooleanProperty(false);
    private final StringProperty source = new SimpleStringProperty(ALL_SOURCES);
    private final ObservableList<SeriesChange> all = FXCollections.observableArrayList();
    private final FilteredList<SeriesChange> rows = new FilteredList<>(all);
    private final ObservableList<String> sources = FXCollections.observableArrayList(ALL_SOURCES);
    private final ObjectProperty<DiffResult> result = new SimpleObjectProperty<>();
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    /** A or B taken from the charts' Shift+drag range (wall clock), until its fields are typed in again. */
    private DiffRange aPicked;
    private DiffRange bPicked;
    private boolean picking;
    private DoubleSupplier selectedFrom = () -> Double.NaN;
    private DoubleSupplier selectedTo = () -> Double.NaN;

    /**
     * @param replayFile the capture the workbench shows, null while live
     * @param spool the live session's spool, ranked from a copy when no capture is open
     * @param store the charts' series (the overlay draws a row's A and B from them)
     * @param windowMin the charts' visible window, epoch seconds (NaN when nothing is shown)
     */
    public DiffViewModel(Supplier<Path> replayFile, Spool spool, Supplier<dev.tickbench.app.session.SeriesStore> store,
                         DoubleSupplier windowMin, DoubleSupplier windowMax, Executor work) {
        this.replayFile = replayFile;
        this.store = store;
        this.spool = spool;
        this.windowMin = windowMin;
        this.windowMax = windowMax;
        this.work = work;
        aFrom.addListener((o, was, now) -> { if (!picking) { aPicked = null; } });
        aTo.addListener((o, was, now) -> { if (!picking) { aPicked = null; } });
        bFrom.addListener((o, was, now) -> { if (!picking) { bPicked = null; } });
        bTo.addListener((o, was, now) -> { if (!picking) { bPicked = null; } });
        source.addListener((o, was, s) -> rows.setPredicate(ALL_SOURCES.equals(s) || s == null ? null
                : r -> s.equals(r.series().source())));
    }

    public Supplier<dev.tickbench.app.session.SeriesStore> store() { return store; }

    /** Where the charts' selected range is read (the crosshair's Shift+drag range, epoch seconds, NaN when none). */
    public void selection(DoubleSupplier from, DoubleSupplier to) {
        selectedFrom = from;
        selectedTo = to;
    }

    /** A = the charts' selected range (Shift+drag), as it is now; false (and why in the error) when none is selected. */
    public boolean pickA() {
        DiffRange r = picked("A", aFrom, aTo);
        aPicked = r;
        return r != null;
    }

    /** B = the charts' selected range (Shift+drag), as it is now; false (and why in the error) when none is selected. */
    public boolean pickB() {
        DiffRange r = picked("B", bFrom, bTo);
        bPicked = r;
        bIsWindow.set(r == null && bIsWindow.get());
        return r != null;
    }

    /** The selected range as a wall-clock range, its ends shown in the fields as seconds since the first sample. */
    private DiffRange picked(String which, StringProperty from, StringProperty to) {
        double f = selectedFrom.getAsDouble();
        double t = selectedTo.getAsDouble();
        if (Double.isNaN(f) || Double.isNaN(t) || !(t > f)) {
            error.set("No range is selected on the charts: Shift+drag across a track to select one, then take it as " + which + ".");
            return null;
        }
        dev.tickbench.app.session.SeriesStore s = store.get();
        double first = s == null ? Double.NaN : s.firstX();
        picking = true;
        try {
            from.set(Double.isNaN(first) ? "" : String.format(java.util.Locale.ROOT, "%.3f", Math.max(0, f - first)));
            to.set(Double.isNaN(first) ? "" : String.format(java.util.Locale.ROOT, "%.3f", Math.max(0, t - first)));
        } finally {
            picking = false;
        }
        error.set("");
        return DiffRanges.window(f, t);
    }
    public StringProperty aFromProperty() { return aFrom; }
    public StringProperty aToProperty() { return aTo; }
    public StringProperty bFromProperty() { return bFrom; }
    public StringProperty bToProperty() { return bTo; }
    /** B is the charts' visible window (a wall-clock range) instead of the typed one. */
    public BooleanProperty bIsWindowProperty() { return bIsWindow; }
    /** A is the same length as B just before it (the baseline), instead of the typed one. */
    public BooleanProperty aJustBeforeProperty() { return aJustBefore; }
    public StringProperty sourceProperty() { return source; }
    /** The ranked rows the source filter lets through, in ranking order. */
    public ObservableList<SeriesChange> rows() { return rows; }
    public ObservableList<String> sources() { return sources; }
    public ObjectProperty<DiffResult> resultProperty() { return result; }
    public StringProperty statusProperty() { return status; }
    public StringProperty errorProperty() { return error; }
    public BooleanProperty busyProperty() { return busy; }

    /** Ranks the two ranges in the background; null (and the reason in the error) when it cannot start. */
    public Task<DiffResult> rank() {
        if (busy.get()) {
            return null;
        }
        DiffRange a;
        DiffRange b;
        try {
            b = bIsWindow.get() ? DiffRanges.window(windowMin.getAsDouble(), windowMax.getAsDouble())
                    : bPicked != null ? bPicked : DiffRanges.typed("B", bFrom.get(), bTo.get());
            a = aJustBefore.get() ? DiffRanges.justBefore(b) : aPicked != null ? aPicked : DiffRanges.typed("A", aFrom.get(), aTo.get());
        } catch (IllegalArgumentException e) {
            error.set(e.getMessage());
            return null;
        }
        Path replayed = replayFile.get();
        if (replayed == null && spool.currentFile() == null) {
            error.set("Nothing to compare yet: connect (the session is kept from its first line) or open a capture (Ctrl+O).");
            return null;
        }
        Task<DiffResult> task = new Task<>() {
            @Override
            protected DiffResult call() throws Exception {
                if (replayed != null) {
                    updateMessage("Ranking every series of " + replayed.getFileName() + "…");
                    return CaptureDiff.compare(new CaptureDiff.Side(replayed, a), new CaptureDiff.Side(replayed, b));
                }
                updateMessage("Copying the session's spool…");
                Path copy = Files.createTempFile(spool.currentFile().getParent(), "diff-", ".ndjson");
                try {
                    spool.snapshot(copy);
                    updateMessage("Ranking every series of the session…");
                    return CaptureDiff.compare(new CaptureDiff.Side(copy, a), new CaptureDiff.Side(copy, b));
                } finally {
                    Files.deleteIfExists(copy);
                }
            }
        };
        status.bind(task.messageProperty());
        busy.set(true);
        error.set("");
        task.setOnSucceeded(e -> {
            finished();
            show(task.getValue());
        });
        task.setOnFailed(e -> {
            finished();
            Throwable t = task.getException();
            error.set("Could not rank " + (replayed != null ? replayed : "the session") + ": "
                    + (t.getMessage() != null ? t.getMessage() : t.toString()));
        });
        work.execute(task);
        return task;
    }

    private void finished() {
        status.unbind();
        busy.set(false);
    }

    private void show(DiffResult r) {
        for (var side : java.util.List.of(r.a(), r.b())) {
            if (side.samples() == 0) { // nothing to compare is said, not shown as a table of absent rows
                result.set(null);
                all.clear();
                error.set("Range " + side.label() + " has no samples: pick a range inside the capture.");
                return;
            }
        }
        result.set(r);
        TreeSet<String> names = new TreeSet<>();
        r.rows().forEach(c -> names.add(c.series().source()));
        String kept = source.get();
        sources.setAll(ALL_SOURCES);
        sources.addAll(names);
        all.setAll(r.rows());
        source.set(names.contains(kept) ? kept : ALL_SOURCES);
        status.set(r.compared() + " series compared, " + r.aboveNoise() + " above noise, " + r.with(dev.tickbench.core.diff.Presence.APPEARED).size()
                + " appeared, " + r.with(dev.tickbench.core.diff.Presence.DISAPPEARED).size() + " disappeared — A " + r.a().label()
                + " (" + r.a().samples() + " samples), B " + r.b().label() + " (" + r.b().samples() + " samples)");
        for (String w : r.a().warnings()) {
            error.set(w);
        }
        for (String w : r.b().warnings()) {
            error.set(w);
        }
    }

    /** Writes every row (not only the filtered ones) as {@code tickbench-probe diff --csv} does: to a temporary name, then renamed. */
    public void exportCsv(Path out) throws IOException {
        DiffResult r = result.get();
        if (r == null) {
            throw new IllegalStateException("nothing ranked yet");
        }
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        Files.writeString(tmp, DiffCsv.render(r), StandardCharsets.UTF_8);
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        status.set("Exported " + r.rows().size() + " rows to " + out);
    }
}
