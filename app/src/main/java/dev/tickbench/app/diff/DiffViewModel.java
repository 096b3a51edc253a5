package dev.tickbench.app.diff;

import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.diff.CaptureDiff;
import dev.tickbench.core.diff.CaptureEvents;
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
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
    private final DiffSide a = new DiffSide("A", this::moved);
    private final DiffSide b = new DiffSide("B", this::moved);
    /** What a side can be in: the capture the workbench shows, then each other file picked in this window. */
    private final ObservableList<DiffCapture> captures = FXCollections.observableArrayList(DiffCapture.SHOWN);
    /** The events of the other files read so far; picking a file through the chooser again reads it again. */
    private final Map<Path, CaptureEvents.Result> events = new HashMap<>();
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
    private DoubleSupplier selectedFrom = () -> Double.NaN;
    private DoubleSupplier selectedTo = () -> Double.NaN;

    /**
     * @param replayFile the capture the workbench shows, null while live
     * @param spool the live session's spool, ranked from a copy when no capture is open
     * @param store the charts' series (the overlay draws a row's A and B from them, the events are their marks)
     * @param windowMin the charts' visible window, epoch seconds (NaN when nothing is shown)
     */
    public DiffViewModel(Supplier<Path> replayFile, Spool spool, Supplier<SeriesStore> store,
                         DoubleSupplier windowMin, DoubleSupplier windowMax, Executor work) {
        this.replayFile = replayFile;
        this.store = store;
        this.spool = spool;
        this.windowMin = windowMin;
        this.windowMax = windowMax;
        this.tasks = new DiffTasks(work, status);
        source.addListener((o, was, s) -> rows.setPredicate(ALL_SOURCES.equals(s) || s == null ? null
                : r -> s.equals(r.series().source())));
    }

    public Supplier<SeriesStore> store() { return store; }

    /** Where the charts' selected range is read (the crosshair's Shift+drag range, epoch seconds, NaN when none). */
    public void selection(DoubleSupplier from, DoubleSupplier to) {
        selectedFrom = from;
        selectedTo = to;
    }

    /** A = the charts' selected range (Shift+drag), as it is now; false (and why in the error) when none is selected. */
    public boolean pickA() {
        return pick(a);
    }

    /** B = the charts' selected range (Shift+drag), as it is now; false (and why in the error) when none is selected. */
    public boolean pickB() {
        boolean picked = pick(b);
        bIsWindow.set(!picked && bIsWindow.get());
        return picked;
    }

    /** The selected range as a wall-clock range, its ends shown in the fields as seconds since the first sample. */
    private boolean pick(DiffSide side) {
        String which = side.name();
        double f = selectedFrom.getAsDouble();
        double t = selectedTo.getAsDouble();
        side.unpick();
        if (Double.isNaN(f) || Double.isNaN(t) || !(t > f)) {
            error.set("No range is selected on the charts: Shift+drag across a track to select one, then take it as " + which + ".");
            return false;
        }
        if (!side.capture().isShown()) {
            error.set("The charts' selection is a range of the capture they show, and " + which + " is in "
                    + side.capture() + ": choose \"this capture\" for " + which + " first, or type its range.");
            return false;
        }
        SeriesStore s = store.get();
        double first = s == null ? Double.NaN : s.firstX();
        side.pick(DiffRanges.window(f, t), Double.isNaN(first) ? "" : String.format(Locale.ROOT, "%.3f", Math.max(0, f - first)),
                Double.isNaN(first) ? "" : String.format(Locale.ROOT, "%.3f", Math.max(0, t - first)));
        error.set("");
        return true;
    }

    public DiffSide a() { return a; }
    public DiffSide b() { return b; }
    public StringProperty aFromProperty() { return a.fromProperty(); }
    public StringProperty aToProperty() { return a.toProperty(); }
    public StringProperty bFromProperty() { return b.fromProperty(); }
    public StringProperty bToProperty() { return b.toProperty(); }
    /** The captures A and B can be in: this one, then the other files picked. */
    ObservableList<DiffCapture> captures() { return captures; }
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
    public BooleanProperty busyProperty() { return tasks.busyProperty(); }
    /** The other capture A ({@code true}) or B of the ranking shown was in; {@link DiffCapture#SHOWN} for the one shown. */
    DiffCapture ranked(boolean sideA) { return sideA ? rankedA : rankedB; }

    /**
     * Puts {@code side} in another capture file (the view's file chooser): its events are read in the
     * background (read again when the same file is picked again), to align the side at.
     */
    public void otherCapture(DiffSide side, Path file) {
        DiffCapture c = new DiffCapture(file.toAbsolutePath().normalize());
        events.remove(c.file());
        if (!captures.contains(c)) {
            captures.add(c);
        }
        if (c.equals(side.capture())) {
            moved(side, DiffCapture.SHOWN, c);
        } else {
            side.captureProperty().set(c);
        }
    }

    /** The events of the capture the workbench shows, listed again for each side in it (the charts' marks grow live). */
    public void refreshEvents() {
        for (DiffSide side : List.of(a, b)) {
            if (side.capture().isShown()) {
                listShown(side);
            }
        }
    }

    /** A side moved to another capture: FROM and TO count from its first sample until one of its events is chosen. */
    private void moved(DiffSide side, DiffCapture was, DiffCapture now) {
        side.originProperty().set(DiffOrigin.FIRST_SAMPLE);
        if (now.isShown()) {
            listShown(side);
        } else if (events.containsKey(now.file())) {
            listed(side, now, events.get(now.file()));
        } else {
            readEvents(side, now, was.equals(now) ? DiffCapture.SHOWN : was);
        }
    }

    private void listShown(DiffSide side) {
        SeriesStore s = store.get();
        DiffOrigin chosen = side.origin();
        side.listedFrom = s;
        side.origins().setAll(DiffOrigin.of(s));
        side.originProperty().set(side.origins().contains(chosen) ? chosen : DiffOrigin.FIRST_SAMPLE);
        long dropped = s == null ? 0 : s.marksDropped();
        side.noteProperty().set(events(side.origins().size() - 1) + (dropped == 0 ? ""
                : " (the charts keep the newest " + SeriesStore.MAX_MARKS + " marks: " + dropped + " older ones are not listed)"));
    }

    private void listed(DiffSide side, DiffCapture c, CaptureEvents.Result r) {
        side.origins().setAll(DiffOrigin.of(r));
        side.noteProperty().set(events(r.events().size()) + (r.leftOut() == 0 ? "" : ", " + r.leftOut() + " more left out")
                + (r.stoppedAtLine() == null ? "" : ", read up to line " + r.stoppedAtLine()));
        if (!r.warnings().isEmpty()) {
            error.set(InertText.line(String.join("; ", r.warnings())));
        }
    }

    private static String events(int n) {
        return n == 1 ? "1 event" : n + " events";
    }

    private void readEvents(DiffSide side, DiffCapture c, DiffCapture back) {
        side.origins().setAll(DiffOrigin.FIRST_SAMPLE);
        side.noteProperty().set("");
        Task<CaptureEvents.Result> task = new Task<>() {
            @Override
            protected CaptureEvents.Result call() throws Exception {
                updateMessage("Reading the events of " + c + " for " + side.name() + "…");
                return CaptureEvents.read(c.file());
            }
        };
        error.set("");
        tasks.run(task, r -> {
            events.put(c.file(), r);
            status.set("Read " + events(r.events().size()) + " of " + c + " to align " + side.name() + " at.");
            if (c.equals(side.capture())) {
                listed(side, c, r);
            }
        }, t -> {
            if (c.equals(side.capture())) {
                side.captureProperty().set(back);
            }
            if (!c.equals(a.capture()) && !c.equals(b.capture())) {
                captures.remove(c);
            }
            error.set(side.name() + "'s capture cannot be read: " + DiffTasks.message(t) + ". " + side.name() + " stays in " + back
                    + ": pick a Tickbench capture (.ndjson or .ndjson.gz) with Other capture….");
        });
    }

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
            error.set("Nothing to compare yet: connect (the session is kept from its first line) or open a capture (Ctrl+O),"
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
                return CaptureDiff.compare(new CaptureDiff.Side(ca.isShown() ? shown : ca.file(), ra),
                        new CaptureDiff.Side(cb.isShown() ? shown : cb.file(), rb));
            }
        };
        error.set("");
        tasks.run(task, r -> {
            rankedA = ca;
            rankedB = cb;
            show(r);
        }, t -> error.set("Could not rank A against B: " + DiffTasks.message(t) + ". The last ranking is kept: check that file, or pick"
                + " another capture."));
        return task;
    }

    /** B as chosen: the charts' window (of the capture they show), or B's own range. */
    private DiffRange rangeB() {
        if (!bIsWindow.get()) {
            return b.range(store.get());
        }
        if (!b.capture().isShown()) {
            throw new IllegalArgumentException("\"B = the charts' window\" is a range of the capture the charts show, and B is in "
                    + b.capture() + ": choose \"this capture\" for B, or type B's range.");
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

    private void show(DiffResult r) {
        for (var side : List.of(r.a(), r.b())) {
            if (side.samples() == 0) { // nothing to compare is said, not shown as a table of absent rows
                result.set(null);
                all.clear();
                error.set("Range " + InertText.line(side.label()) + " has no samples: pick a range inside the capture.");
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
        status.set(r.compared() + " series compared, " + r.aboveNoise() + " above noise, " + r.with(Presence.APPEARED).size()
                + " appeared, " + r.with(Presence.DISAPPEARED).size() + " disappeared — A " + InertText.line(r.a().label())
                + " (" + r.a().samples() + " samples), B " + InertText.line(r.b().label()) + " (" + r.b().samples() + " samples)");
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
