package dev.tickbench.app.diff;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.diff.CaptureEvents;
import dev.tickbench.core.text.InertText;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;

/**
 * The two sides of the What changed? window, A and B: the captures they can be in (the one the workbench
 * shows, or another capture file picked in the window), the events each can align its range at, and the
 * charts' selected range taken as a side's range (docs/diff.md, "The window"). The shown capture's events
 * are the store's marks; another file's are read in the background, kept, and read again only when the
 * file is picked again. FX thread only.
 */
final class DiffSides {
    private final Supplier<SeriesStore> store;
    private final DiffTasks tasks;
    private final StringProperty status;
    private final StringProperty error;
    private final DiffSide a = new DiffSide("A", this::moved);
    private final DiffSide b = new DiffSide("B", this::moved);
    /** What a side can be in: the capture the workbench shows, then each other file picked in this window. */
    private final ObservableList<DiffCapture> captures = FXCollections.observableArrayList(DiffCapture.SHOWN);
    /** The events of the other files read so far; picking a file through the chooser again reads it again. */
    private final Map<Path, CaptureEvents.Result> events = new HashMap<>();

    private DoubleSupplier selectedFrom = () -> Double.NaN;
    private DoubleSupplier selectedTo = () -> Double.NaN;

    /** {@code store}: the charts' series, whose marks are the shown capture's events. */
    DiffSides(Supplier<SeriesStore> store, DiffTasks tasks, StringProperty status, StringProperty error) {
        this.store = store;
        this.tasks = tasks;
        this.status = status;
        this.error = error;
    }

    DiffSide a() {
        return a;
    }

    DiffSide b() {
        return b;
    }

    /** Where the charts' selected range is read (the crosshair's Shift+drag range, epoch seconds, NaN when none). */
    void selection(DoubleSupplier from, DoubleSupplier to) {
        selectedFrom = from;
        selectedTo = to;
    }

    /**
     * {@code side} takes the charts' selected range as a wall-clock range, its ends shown in the fields as
     * seconds since the first sample; false (and why in the error) when none is selected.
     */
    boolean pick(DiffSide side) {
        String which = side.name();
        double f = selectedFrom.getAsDouble();
        double t = selectedTo.getAsDouble();
        side.unpick();
        if (Double.isNaN(f) || Double.isNaN(t) || !(t > f)) {
            error.set("No range is selected on the charts: Shift+drag across a track to select one, then take it as "
                    + which + ".");
            return false;
        }
        if (!side.capture().isShown()) {
            error.set("The charts' selection is a range of the capture they show, and " + which + " is in "
                    + side.capture() + ": choose \"this capture\" for " + which + " first, or type its range.");
            return false;
        }
        SeriesStore s = store.get();
        double first = s == null ? Double.NaN : s.firstX();
        side.pick(
                DiffRanges.window(f, t),
                Double.isNaN(first) ? "" : String.format(Locale.ROOT, "%.3f", Math.max(0, f - first)),
                Double.isNaN(first) ? "" : String.format(Locale.ROOT, "%.3f", Math.max(0, t - first)));
        error.set("");
        return true;
    }

    /** The captures A and B can be in: this one, then the other files picked. */
    ObservableList<DiffCapture> captures() {
        return captures;
    }

    /**
     * Puts {@code side} in another capture file (the view's file chooser): its events are read in the
     * background (read again when the same file is picked again), to align the side at.
     */
    void otherCapture(DiffSide side, Path file) {
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
    void refreshEvents() {
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
        side.noteProperty()
                .set(events(side.origins().size() - 1)
                        + (dropped == 0
                                ? ""
                                : " (the charts keep the newest " + SeriesStore.MAX_MARKS + " marks: " + dropped
                                        + " older ones are not listed)"));
    }

    private void listed(DiffSide side, DiffCapture c, CaptureEvents.Result r) {
        side.origins().setAll(DiffOrigin.of(r));
        side.noteProperty()
                .set(events(r.events().size())
                        + (r.leftOut() == 0 ? "" : ", " + r.leftOut() + " more left out")
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
        tasks.run(
                task,
                r -> {
                    events.put(c.file(), r);
                    status.set("Read " + events(r.events().size()) + " of " + c + " to align " + side.name() + " at.");
                    if (c.equals(side.capture())) {
                        listed(side, c, r);
                    }
                },
                t -> {
                    if (c.equals(side.capture())) {
                        side.captureProperty().set(back);
                    }
                    if (!c.equals(a.capture()) && !c.equals(b.capture())) {
                        captures.remove(c);
                    }
                    error.set(side.name() + "'s capture cannot be read: " + DiffTasks.message(t) + ". " + side.name()
                            + " stays in " + back
                            + ": pick a Tickbench capture (.ndjson or .ndjson.gz) with Other capture….");
                });
    }
}
