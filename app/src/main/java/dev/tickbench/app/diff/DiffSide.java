package dev.tickbench.app.diff;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.diff.DiffRange;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * One side of the comparison, A or B (docs/diff.md, "The window"): the capture its range is in (the one the
 * workbench shows, or another file), where its typed FROM and TO count from (that capture's first sample or
 * one of its events), the typed ends, or a range taken from the charts' selection until the side is typed
 * in again. FX thread only.
 */
public final class DiffSide {
    private final String name;
    private final StringProperty from = new SimpleStringProperty("");
    private final StringProperty to = new SimpleStringProperty("");
    private final ObjectProperty<DiffCapture> capture = new SimpleObjectProperty<>(DiffCapture.SHOWN);
    private final ObservableList<DiffOrigin> origins = FXCollections.observableArrayList(DiffOrigin.FIRST_SAMPLE);
    private final ObjectProperty<DiffOrigin> origin = new SimpleObjectProperty<>(DiffOrigin.FIRST_SAMPLE);
    /** How many events are listed, and what was left out of the list ("12 events, 3 more left out"). */
    private final StringProperty note = new SimpleStringProperty("");
    /** The charts' Shift+drag range (wall clock), until the fields, the origin or the capture change. */
    private DiffRange picked;

    private boolean picking;
    /**
     * The capture and the origin last chosen. A list control clears its value for a moment while its items are
     * replaced (the events listed again), then puts it back: neither is a choice, and neither is counted.
     */
    private DiffCapture in = DiffCapture.SHOWN;

    private DiffOrigin at = DiffOrigin.FIRST_SAMPLE;
    /** The store the shown capture's events were listed from: another one since means they are stale. */
    SeriesStore listedFrom;

    /** What follows a side moved to another capture: its events are listed. */
    @FunctionalInterface
    interface Moved {
        void moved(DiffSide side, DiffCapture was, DiffCapture now);
    }

    DiffSide(String name, Moved moved) {
        this.name = name;
        from.addListener((o, was, now) -> typedAgain());
        to.addListener((o, was, now) -> typedAgain());
        origin.addListener((o, was, now) -> {
            if (now != null && !now.equals(at)) {
                at = now;
                typedAgain();
            }
        });
        capture.addListener((o, was, now) -> {
            if (now != null && !now.equals(in)) {
                DiffCapture before = in;
                in = now;
                typedAgain();
                moved.moved(this, before, now);
            }
        });
    }

    private void typedAgain() {
        if (!picking) {
            picked = null;
        }
    }

    /** "A" or "B". */
    public String name() {
        return name;
    }

    public StringProperty fromProperty() {
        return from;
    }

    public StringProperty toProperty() {
        return to;
    }
    /** The capture the range is in, as its list control shows it; {@link DiffCapture#SHOWN} by default. */
    ObjectProperty<DiffCapture> captureProperty() {
        return capture;
    }
    /** The capture the range is in, as last chosen. */
    DiffCapture capture() {
        return in;
    }
    /** Where FROM and TO count from, as last chosen. */
    DiffOrigin origin() {
        return at;
    }
    /** The first sample, then the events of the side's capture: what FROM and TO may count from. */
    ObservableList<DiffOrigin> origins() {
        return origins;
    }

    ObjectProperty<DiffOrigin> originProperty() {
        return origin;
    }

    StringProperty noteProperty() {
        return note;
    }

    /**
     * The range typed (after the first sample, or after the chosen event as a wall-clock range) or picked.
     *
     * @param shown the store the workbench shows now, against which the shown capture's events were listed
     * @throws IllegalArgumentException what is wrong with it, in the window's words
     */
    DiffRange range(SeriesStore shown) {
        if (picked != null) {
            return picked;
        }
        if (!at.isEvent()) {
            return DiffRanges.typed(name, from.get(), to.get());
        }
        if (in.isShown() && listedFrom != shown) {
            throw new IllegalArgumentException(
                    "The workbench shows another capture since " + name + "'s event was chosen: choose " + name
                            + "'s event again (" + at + " was of the capture shown before).");
        }
        return DiffRanges.aligned(name, from.get(), to.get(), at.wallNs());
    }

    /** The range typed counts again (a pick that found no selection). */
    void unpick() {
        picked = null;
    }

    /** Takes the charts' selection as this side's range; its ends shown in the fields as seconds since the first sample. */
    void pick(DiffRange range, String fromText, String toText) {
        picking = true;
        try {
            origin.set(DiffOrigin.FIRST_SAMPLE);
            from.set(fromText);
            to.set(toText);
        } finally {
            picking = false;
        }
        picked = range;
    }
}
