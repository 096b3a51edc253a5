package dev.tickbench.app.charts;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;

/**
 * The one time range every chart shows (epoch seconds). In follow mode it slides with the newest
 * data; a zoom or pan on any chart pauses it and moves all charts; space toggles.
 */
public final class TimeWindow {
    public static final double DEFAULT_SPAN_S = 60;

    private final BooleanProperty follow = new SimpleBooleanProperty(true);
    private final DoubleProperty min = new SimpleDoubleProperty(Double.NaN);
    private final DoubleProperty max = new SimpleDoubleProperty(Double.NaN);
    private final DoubleProperty span = new SimpleDoubleProperty(DEFAULT_SPAN_S);
    private long userRanges;

    public BooleanProperty followProperty() {
        return follow;
    }

    public DoubleProperty minProperty() {
        return min;
    }

    public DoubleProperty maxProperty() {
        return max;
    }

    public DoubleProperty spanProperty() {
        return span;
    }

    public boolean isFollow() {
        return follow.get();
    }

    /**
     * In follow mode, shows the last {@code span} seconds up to {@code latestX}, or from {@code firstX}
     * while the session is younger than that (the charts fill up instead of starting squeezed at the
     * right edge); otherwise does nothing.
     */
    public void advance(double firstX, double latestX) {
        if (!follow.get() || Double.isNaN(latestX)) {
            return;
        }
        double from = latestX - span.get();
        if (!Double.isNaN(firstX) && firstX > from) {
            from = firstX;
        }
        set(from, Math.max(latestX, from + 1));
    }

    /** A user zoom or pan: shows exactly this range and stops following. */
    public void userRange(double from, double to) {
        if (!(to > from)) {
            return;
        }
        userRanges++;
        follow.set(false);
        set(from, to);
    }

    /** How many times the user chose a range (zoom, pan, event click): a replay must not undo that. */
    public long userRanges() {
        return userRanges;
    }

    /** Shows the whole of a replayed capture, paused. */
    public void showAll(double from, double to) {
        follow.set(false);
        set(from, to > from ? to : from + 1);
    }

    /** Centres the window on {@code x} keeping the width (clicking an event in the list). */
    public void centreOn(double x) {
        double width = Double.isNaN(min.get()) ? span.get() : max.get() - min.get();
        userRanges++;
        follow.set(false);
        set(x - width / 2, x + width / 2);
    }

    public void toggleFollow() {
        follow.set(!follow.get());
    }

    private void set(double from, double to) {
        if (from == min.get() && to == max.get()) {
            return;
        }
        min.set(from);
        max.set(to);
    }
}
