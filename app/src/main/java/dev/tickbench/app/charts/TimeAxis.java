package dev.tickbench.app.charts;

import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.axes.spi.TickMark;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;

/**
 * The shared time axis. ChartFX centres each tick label on its tick and the axis canvas clips it,
 * so a tick near either end showed half a clock ("0:00:00"). Here a label that would cross an end
 * is drawn flush with that end instead (its tick mark still says where it belongs), or left out
 * when there it would run into its neighbour: never a cut label.
 */
final class TimeAxis extends DefaultNumericAxis {
    /** The crosshair's time on the chart under the mouse, over this axis' labels at the cursor. */
    private final Label cursorTime = new Label();

    /** A track's time axis: no name (its clock labels say what it is), ranged by the time window, not by data. */
    static TimeAxis forTrack() {
        TimeAxis a = new TimeAxis(null);
        a.setUnit(null); // ChartFX prints "time []" for an empty unit
        a.setTimeAxis(true); // time-aligned tick units (1 s, 5 s, 1 min …); our labels below
        a.setTickLabelFormatter(new ClockLabels(a::getTickUnit, java.time.ZoneId.systemDefault()));
        a.setAutoRanging(false);
        a.setAutoGrowRanging(false);
        a.setAnimated(false);
        a.getMinorTickStyle().setVisible(false);
        return a;
    }

    TimeAxis(String name) {
        super(name);
        cursorTime.setManaged(false);
        cursorTime.setMouseTransparent(true);
        cursorTime.setVisible(false);
        cursorTime.setPadding(new Insets(0, 4, 0, 4));
        cursorTime.getStyleClass().add("cursor-time");
        getChildren().add(cursorTime);
    }

    /** Names {@code text} at {@code position} (px along the axis), held inside the axis; null hides it. */
    void cursor(String text, double position) {
        cursorTime.setVisible(text != null);
        if (text == null) {
            return;
        }
        cursorTime.setText(text);
        cursorTime.applyCss();
        cursorTime.autosize();
        double w = cursorTime.getWidth();
        cursorTime.relocate(Math.max(0, Math.min(getWidth() - w, position - w / 2)), 1);
        cursorTime.toFront();
    }

    /** The time named at the cursor, or null (tests). */
    String cursorText() {
        return cursorTime.isVisible() ? cursorTime.getText() : null;
    }

    @Override
    protected void drawTickLabels(
            GraphicsContext gc,
            double axisWidth,
            double axisHeight,
            ObservableList<TickMark> tickMarks,
            double tickLength) {
        if (!getSide().isHorizontal()) {
            super.drawTickLabels(gc, axisWidth, axisHeight, tickMarks, tickLength);
            return;
        }
        int n = tickMarks.size();
        double[] saved = new double[n];
        boolean[] wasVisible = new boolean[n];
        for (int i = 0; i < n; i++) {
            TickMark m = tickMarks.get(i);
            saved[i] = m.getPosition();
            wasVisible[i] = m.isVisible();
        }
        for (int i = 0; i < n; i++) {
            TickMark m = tickMarks.get(i);
            double moved = inside(saved[i], m.getWidth(), axisWidth);
            if (moved != saved[i] && overlapsNeighbour(tickMarks, wasVisible, i, moved)) {
                m.setVisible(false); // flush against the end it would cover its neighbour: leave it out
            }
            m.setPosition(moved);
        }
        try {
            super.drawTickLabels(gc, axisWidth, axisHeight, tickMarks, tickLength);
        } finally {
            for (int i = 0; i < n; i++) {
                tickMarks.get(i).setPosition(saved[i]);
                tickMarks.get(i).setVisible(wasVisible[i]);
            }
        }
    }

    private static final double LABEL_GAP = 6;

    private static boolean overlapsNeighbour(ObservableList<TickMark> marks, boolean[] visible, int i, double centre) {
        double half = marks.get(i).getWidth() / 2;
        for (int j : new int[] {i - 1, i + 1}) {
            if (j >= 0 && j < marks.size() && visible[j]) {
                TickMark o = marks.get(j);
                if (Math.abs(o.getPosition() - centre) < half + o.getWidth() / 2 + LABEL_GAP) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The centre of a label of {@code width} at {@code position}, moved so it stays within [0, length]. */
    static double inside(double position, double width, double length) {
        double half = width / 2;
        if (width >= length) {
            return length / 2;
        }
        return Math.max(half, Math.min(length - half, position));
    }
}
