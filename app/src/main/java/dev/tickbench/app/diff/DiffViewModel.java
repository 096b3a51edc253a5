package dev.tickbench.app.diff;

import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.diff.CaptureDiff;
import dev.tickbench.core.diff.DiffCsv;
import dev.tickbench.core.diff.DiffRange;
import dev.tickbench.core.diff.DiffResult;
import dev.tickbench.core.diff.Presence;
import dev.tickbench.core.diff.SeriesChange;
import dev.tickbench.core.text.InertText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
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
 * What changed? between two ranges: of the open capture or of the live session (its spool), or, for either
 * side, of another capture file, typed from the first sample or from an event of its capture
 * (docs/diff.md, "The window"). The core's ranking (dev.tickbench.core.diff), the same as
 * {@code tickbench-probe diff}, run in the background, shown as rows a source filter narrows, exported as the
 * CLI's CSV. FX thread only.
 */
public final class DiffViewModel {
    /** The source filter's entry that shows every row. */
    public static final String ALL_SOURCES = "all sources";

    private final Supplier<Path> replayFile;
    private final Supplier<SeriesStore> store;
    private final Spool spool;
    private final DoubleSupplier windowMin;
    private final DoubleSupplier windowMax;
    /** The ranking and the other files' events, read in the background. */
    private final DiffTasks tasks;
    /** A and B, the captures they can be in and the events they can be aligned at. */
    private final DiffSides sides;

    private final DiffSide a;
    private final DiffSide b;
    private final BooleanProperty bIsWindow = new SimpleBooleanProperty(false);
    private final BooleanProperty aJustBefore = new SimpleBooleanProperty(false);
    private final StringProperty source = new SimpleStringProperty(ALL_SOURCES);
    private final ObservableList<SeriesChange> all = FXCollections.observableArrayList();
    private final FilteredList<SeriesChange> rows = new FilteredList<>(all);
    private final ObservableList<String> sources = FXCollections.observableArrayList(ALL_SOURCES);
    private final ObjectProperty<DiffResult> result = new SimpleObjectProperty<>();
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    /** The other captures A and B of the ranking shown were in (null: the one the workbench shows), for the overlay. */
    private DiffCapture rankedA = DiffCapture.SHOWN;

    private DiffCapture rankedB = DiffCapture.SHOWN;

    /**
     * @param replayFile the capture the workbench shows, null while live
     * @param spool the live session's spool, ranked from a copy when no capture is open
     * @param store the charts' series (the overlay draws a row's A and B from them, the events are their marks)
     * @param windowMin the charts' visible window, epoch seconds (NaN when nothing is shown)
     */
    public DiffViewModel(
            Supplier<Path> replayFile,
            Spool spool,
            Supplier<SeriesStore> store,
            DoubleSupplier windowMin,
            DoubleSupplier windowMax,
            Executor work) {
        this.replayFile = replayFile;
        this.store = store;
        this.spool = spool;
        this.windowMin = windowMin;
        this.windowMax = windowMax;
        this.tasks = new DiffTasks(work, status);
        this.sides = new DiffSides(store, tasks, status, error);
        this.a = sides.a();
        this.b = sides.b();
        source.addListener((o, was, s) -> rows.setPredicate(
                ALL_SOURCES.equals(s) || s == null
                        ? null
                        : r -> s.equals(r.series().source())));
    }

    public Supplier<SeriesStore> store() {
        return store;
    }

    /** Where the charts' selected range is read (the crosshair's Shift+drag range, epoch seconds, NaN when none). */
    public void selection(DoubleSupplier from, DoubleSupplier to) {
        sides.selection(from, to);
    }

    /** A = the charts' selected range (Shift+drag), as it is now; false (and why in the error) when none is selected. */
    public boolean pickA() {
        return sides.pick(a);
    }

    /** B = the charts' selected range (Shift+drag), as it is now; false (and why in the error) when none is selected. */
    public boolean pickB() {
        boolean picked = sides.pick(b);
        bIsWindow.set(!picked && bIsWindow.get());
        return picked;
    }

    public DiffSide a() {
        return a;
    }

    public DiffSide b() {
        return b;
    }

    public StringProperty aFromProperty() {
        return a.fromProperty();
    }

    public StringProperty aToProperty() {
        return a.toProperty();
    }

    public StringProperty bFromProperty() {
        return b.fromProperty();
    }

    public StringProperty bToProperty() {
        return b.toProperty();
    }
    /** The captures A and B can be in: this one, then the other files picked. */
    ObservableList<DiffCapture> captures() {
        return sides.captures();
    }
    /** B is the charts' visible window (a wall-clock range) instead of the typed one. */
    public BooleanProperty bIsWindowProperty() {
        return bIsWindow;
    }
    /** A is the same length as B just before it (the baseline), instead of the typed one. */
    public BooleanProperty aJustBeforeProperty() {
        return aJustBefore;
    }

    public StringProperty sourceProperty() {
        return source;
    }
    /** The ranked rows the source filter lets through, in ranking order. */
    public ObservableList<SeriesChange> rows() {
        return rows;
    }

    public ObservableList<String> sources() {
        return sources;
    }

    public ObjectProperty<DiffResult> resultProperty() {
        return result;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public StringProperty errorProperty() {
        return error;
    }

    public BooleanProperty busyProperty() {
        return tasks.busyProperty();
    }
    /** The other capture A ({@code true}) or B of the ranking shown was in; {@link DiffCapture#SHOWN} for the one shown. */
    DiffCapture ranked(boolean sideA) {
        return sideA ? rankedA : rankedB;
    }

    /**
     * Puts {@code side} in another capture file (the view's file chooser): its events are read in the
     * background (read again when the same file is picked again), to align the side at.
     */
    public void otherCapture(DiffSide side, Path file) {
        sides.otherCapture(side, file);
    }

    /** The events of the capture the workbench shows, listed again for each side in it (the charts' marks grow live). */
    public void refreshEvents() {
        sides.refreshEvents();
    }

    /** The ranking being made, until it ends: closing the window cancels it. */
    private Task<DiffResult> ranking;

    /** Ranks the two ranges in the background; null (and the reason in the error) when it cannot start. */
    public Task<DiffResult> rank() {
        if (tasks.busyProperty().get()) {
            return null;
        }
        DiffRange rb;
        DiffRange ra;
        try {
            rb = rangeB();
            ra = rangeA(rb);
        } catch (IllegalArgumentException e) {
            error.set(e.getMessage());
            return null;
        }
        DiffCapture ca = a.capture();
        DiffCapture cb = b.capture();
        Path replayed = replayFile.get();
        boolean session = (ca.isShown() || cb.isShown()) && replayed == null;
        if (session && spool.currentFile() == null) {
            error.set(
                    "Nothing to compare yet: connect (the session is kept from its first line) or open a capture (Ctrl+O),"
                            + " or put A and B in other captures.");
            return null;
        }
        Task<DiffResult> task = new Task<>() {
            @Override
            protected DiffResult call() throws Exception {
                if (!session) {
                    updateMessage("Ranking every series of " + (ca.isShown() ? replayed.getFileName() : ca)
                            + (ca.equals(cb) ? "" : " against " + (cb.isShown() ? replayed.getFileName() : cb)) + "…");
                    return compare(replayed);
                }
                updateMessage("Copying the session's spool…");
                Path copy = Files.createTempFile(spool.currentFile().getParent(), "diff-", ".ndjson");
                try {
                    spool.snapshot(copy);
                    updateMessage("Ranking every series of the session…");
                    return compare(copy);
                } finally {
                    Files.deleteIfExists(copy);
                }
            }

            private DiffResult compare(Path shown) throws IOException {
                return CaptureDiff.compare(
                        new CaptureDiff.Side(ca.isShown() ? shown : ca.file(), ra),
                        new CaptureDiff.Side(cb.isShown() ? shown : cb.file(), rb));
            }
        };
        error.set("");
        ranking = task;
        tasks.run(
                task,
                r -> {
                    if (ranking != task) {
                        return; // the window closed meanwhile: nothing to show it to
                    }
                    ranking = null;
                    rankedA = ca;
                    rankedB = cb;
                    show(r);
                },
                t -> {
                    if (ranking == task) {
                        ranking = null;
                        error.set("Could not rank A against B: " + DiffTasks.message(t)
                                + ". The last ranking is kept: check that file, or pick another capture.");
                    }
                });
        return task;
    }

    /** B as chosen: the charts' window (of the capture they show), or B's own range. */
    private DiffRange rangeB() {
        if (!bIsWindow.get()) {
            return b.range(store.get());
        }
        if (!b.capture().isShown()) {
            throw new IllegalArgumentException(
                    "\"B = the charts' window\" is a range of the capture the charts show, and B is in " + b.capture()
                            + ": choose \"this capture\" for B, or type B's range.");
        }
        return DiffRanges.window(windowMin.getAsDouble(), windowMax.getAsDouble());
    }

    /** A as chosen: the same length just before B (in B's capture), or A's own range. */
    private DiffRange rangeA(DiffRange rb) {
        if (!aJustBefore.get()) {
            return a.range(store.get());
        }
        if (!a.capture().equals(b.capture())) {
            throw new IllegalArgumentException("\"A = the same length just before B\" needs A in B's capture (A is in "
                    + a.capture() + ", B in " + b.capture() + "): choose the same capture for both,"
                    + " or type A's range.");
        }
        return DiffRanges.justBefore(rb);
    }

    /**
     * The window closed: the ranking (every row with its two ranges' statistics) is let go, the ranges as
     * typed stay for the next time it opens (docs/diff.md, "The window").
     */
    void forget() {
        Task<DiffResult> t = ranking;
        ranking = null;
        if (t != null) {
            t.cancel(); // its result, if it still comes, is shown to no one
        }
        result.set(null);
        all.clear();
        error.set("");
    }

    private void show(DiffResult r) {
        for (var side : List.of(r.a(), r.b())) {
            if (side.samples() == 0) { // nothing to compare is said, not shown as a table of absent rows
                result.set(null);
                all.clear();
                error.set(
                        "Range " + InertText.line(side.label()) + " has no samples: pick a range inside the capture.");
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
        status.set(r.compared() + " series compared, " + r.aboveNoise() + " above noise, "
                + r.with(Presence.APPEARED).size()
                + " appeared, " + r.with(Presence.DISAPPEARED).size() + " disappeared — A "
                + InertText.line(r.a().label())
                + " (" + r.a().samples() + " samples), B " + InertText.line(r.b().label()) + " (" + r.b().samples()
                + " samples)");
        for (String w : r.a().warnings()) {
            error.set(InertText.line(w));
        }
        for (String w : r.b().warnings()) {
            error.set(InertText.line(w));
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
