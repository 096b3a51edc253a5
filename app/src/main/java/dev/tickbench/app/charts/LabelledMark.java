package dev.tickbench.app.charts;

import dev.tickbench.app.session.TimeMark;
import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.chartfx.plugins.ChartPlugin;
import io.fair_acc.chartfx.plugins.XValueIndicator;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;

/**
 * A labelled vertical line on the time axis with the mark's whole text on hover: a session start (a
 * cadence change), a fired trigger, a plotted process's start or exit. A session start is labelled "new
 * session" (its whole text, with the rates before and after, is on hover and in the event list); a
 * label that would overlap an earlier one on the chart is left out, never drawn over it. Kernel log
 * records, which come by the thousand, are {@link KmsgLines}.
 */
final class LabelledMark extends XValueIndicator {
    private final TimeMark mark;

    LabelledMark(Axis xAxis, TimeMark mark) {
        super(
                xAxis,
                mark.x(),
                mark.kind() == TimeMark.Kind.SESSION
                        ? "new session"
                        : mark.kind() == TimeMark.Kind.TRIGGER
                                ? mark.text().split(" ", 3)[1]
                                : mark.kind() == TimeMark.Kind.PROCESS
                                        ? mark.text().replaceFirst(".* ", "")
                                        : "");
        this.mark = mark;
        setEditable(false);
        // its nodes stay in the chart from the start, hidden while out of view (runPostLayout)
        addChildNodeIfNotPresent(pickLine);
        if (label.getText() == null || label.getText().isEmpty()) {
            getChartChildren().remove(label);
        } else {
            // small, at the plot's top: a box at its foot covered the lowest values beside the time labels
            setLabelPosition(0.93); // 1 is the top edge, where half the word was cut off
            label.setStyle("-fx-background-color: -tb-indicator-label-bg; -fx-border-color: transparent;"
                    + " -fx-font-size: 10px; -fx-padding: 0 2 0 2; -fx-text-fill: " + colour(mark) + ";");
        }
        Tooltip tip = new Tooltip(mark.text());
        tip.setShowDelay(Duration.millis(100));
        Tooltip.install(pickLine, tip);
        Tooltip.install(line, tip);
        // a new session (cadence change): a solid violet line; a fired trigger: a red one, named; a process: dashed
        line.setStyle(
                switch (mark.kind()) {
                    case PROCESS ->
                        "-fx-stroke: " + colour(mark) + "; -fx-stroke-width: 1.5; -fx-stroke-dash-array: 6 3;";
                    default -> "-fx-stroke: " + colour(mark) + "; -fx-stroke-width: 2;";
                });
    }

    /** A labelled mark's colour, its line's and its label's: a trigger red, a start green, an exit red, a session violet. */
    private static String colour(TimeMark mark) {
        return switch (mark.kind()) {
            case TRIGGER -> "#d0021b";
            case PROCESS -> mark.text().endsWith(" exited") ? "#d62728" : "#2ca02c";
            default -> "#7b2fbe";
        };
    }

    TimeMark mark() {
        return mark;
    }

    /**
     * Placed on the plot, or hidden while its time is out of view. ChartFX's own takes its nodes out of
     * the chart then and adds them again when the window brings it back: while following, every mark
     * comes right of the window and the next follow step brings it in, so its nodes came back in a layout
     * pass, after the pulse's CSS pass, were styled in a pulse of their own that changed nothing visible,
     * and JavaFX repainted the whole window for it (docs/measurements.md 2026-12-04: live cost). Not
     * editable, so no marker on the axis (ChartFX hides it too). A session start's label is left out where
     * it would overlap an earlier one.
     */
    @Override
    public void runPostLayout() {
        if (getChart() == null) {
            return;
        }
        Bounds plot = getChart().getCanvas().getBoundsInLocal();
        double x = plot.getMinX() + getAxis().getDisplayPosition(getValue());
        boolean inView = x >= plot.getMinX() && x <= plot.getMaxX();
        Indicators.shown(line, inView);
        Indicators.shown(pickLine, inView);
        if (!inView) {
            Indicators.shown(label, false);
            return;
        }
        layoutLine(x, plot.getMinY(), x, plot.getMaxY());
        if (label.getText() == null || label.getText().isEmpty()) {
            return; // a kmsg record's line is unlabelled: its text is on hover
        }
        layoutLabel(new BoundingBox(x, plot.getMinY(), 0, plot.getHeight()), MIDDLE_POSITION, getLabelPosition());
        boolean overlaps = false;
        if (mark != null && mark.kind() == TimeMark.Kind.SESSION) {
            for (ChartPlugin p : getChart().getPlugins()) {
                if (p == this) {
                    break; // the earlier marks' labels are placed first and keep their place
                }
                if (p instanceof LabelledMark k
                        && k.mark != null
                        && k.mark.kind() == TimeMark.Kind.SESSION
                        && k.label.isVisible()
                        && k.label.getBoundsInParent().intersects(label.getBoundsInParent())) {
                    overlaps = true;
                    break;
                }
            }
        }
        Indicators.shown(label, !overlaps); // shown again once zoomed apart
    }

    /** Whether its label is drawn (tests: overlapping labels are left out). */
    boolean labelShown() {
        return !label.getText().isEmpty() && label.isVisible();
    }
}
