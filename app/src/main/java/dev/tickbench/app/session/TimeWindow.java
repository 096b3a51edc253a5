package dev.tickbench.app.session;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The one time range every chart shows (epoch seconds). In follow mode it slides with the newest
 * data; a zoom or pan on any chart pauses it and moves all charts; space toggles. A plain model: the
 * charts and the Follow button listen to it, the exports read it. Confined to the UI thread.
 */
public final class TimeWindow {
    public static final double DEFAULT_SPAN_S = 60;

    /** Told after the range or the following changed. */
    public interface Listener {
        void windowChanged(TimeWindow w);
    }

    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private boolean follow = true;
    private double min = Double.NaN;
    private double max = Double.NaN;
    private double span = DEFAULT_SPAN_S;
    private long userRanges;

    public void addListener(Listener l) {
        listeners.add(l);
    }

    public void removeListener(Listener l) {
        listeners.remove(l);
    }

    /** The shown range's start, epoch seconds; NaN before anything was shown. */
    public double min() {
        return min;
    }

    public double max() {
        return max;
    }

    /** The span followed: the last this many seconds. */
    public double span() {
        return span;
    }

    public void span(double seconds) {
        if (seconds > 0 && seconds != span) {
            span = seconds;
            changed();
        }
    }

    public boolean isFollow() {
        return follow;
    }

    public void follow(boolean on) {
        if (on != follow) {
            follow = on;
            changed();
        }
    }

    public void toggleFollow() {
        follow(!follow);
    }

    /**
     * In follow mode, shows the last {@code span} seconds up to {@code latestX}, or from {@code firstX}
     * while the session is younger than that (the charts fill up instead of starting squeezed at the
     * right edge); otherwise does nothing.
     */
    public void advance(double firstX, double latestX) {
        if (!follow || Double.isNaN(latestX)) {
            return;
        }
        double from = latestX - span;
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
        set(from, to, false);
    }

    /** How many times the user chose a range (zoom, pan, event click): a replay must not undo that. */
    public long userRanges() {
        return userRanges;
    }

    /** Shows the whole of a replayed capture, paused. */
    public void showAll(double from, double to) {
        set(from, to > from ? to : from + 1, false);
    }

    /** Centres the window on {@code x} keeping the width (clicking an event in the list). */
    public void centreOn(double x) {
        double width = Double.isNaN(min) ? span : max - min;
        userRanges++;
        set(x - width / 2, x + width / 2, false);
    }

    private void set(double from, double to) {
        set(from, to, follow);
    }

    /** Sets the range and following; tells the listeners when either changed. */
    private void set(double from, double to, boolean following) {
        if (from == min && to == max && following == follow) {
            return;
        }
        min = from;
        max = to;
        follow = following;
        changed();
    }

    private void changed() {
        for (Listener l : listeners) {
            l.windowChanged(this);
        }
    }
}
