package dev.tickbench.app.charts;

import dev.tickbench.app.session.TimeMark;
import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.chartfx.plugins.ChartPlugin;
import io.fair_acc.chartfx.plugins.XValueIndicator;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;

/**
 * A thin vertical line on the time axis with the mark's text on hover (kmsg events, session starts). A
 * session start is labelled "new session" (its whole text, with the rates before and after, is on
 * hover and in the event list); a label that would overlap an earlier one on the chart is left out,
 * never drawn over it.
 */
final class KmsgMarker extends XValueIndicator {
    private final TimeMark mark;

    KmsgMarker(Axis xAxis, TimeMark mark) {
        super(xAxis, mark.x(), mark.kind() == TimeMark.Kind.SESSION ? "new session"
                : mark.kind() == TimeMark.Kind.TRIGGER ? mark.text().split(" ", 3)[1] : "");
        this.mark = mark;
        setEditable(false);
        Tooltip tip = new Tooltip(mark.text());
        tip.setShowDelay(Duration.millis(100));
        Tooltip.install(pickLine, tip);
        Tooltip.install(line, tip);
        // kmsg: a thin orange line; a new session (cadence change): a solid violet one; a fired trigger: a red one, named
        line.setStyle(switch (mark.kind()) {
            case KMSG -> "-fx-stroke: rgba(230,120,0,0.8); -fx-stroke-width: 1; -fx-stroke-dash-array: 3 3;";
            case TRIGGER -> "-fx-stroke: #d0021b; -fx-stroke-width: 2;";
            default -> "-fx-stroke: #7b2fbe; -fx-stroke-width: 2;";
        });
    }

    TimeMark mark() {
        return mark;
    }

    @Override
    public void runPostLayout() {
        super.runPostLayout();
        if (mark == null || mark.kind() != TimeMark.Kind.SESSION || getChart() == null) {
            return;
        }
        boolean overlaps = false;
        for (ChartPlugin p : getChart().getPlugins()) {
            if (p == this) {
                break; // the earlier marks' labels are placed first and keep their place
            }
            if (p instanceof KmsgMarker k && k.mark != null && k.mark.kind() == TimeMark.Kind.SESSION && k.label.isVisible()
                    && k.label.getBoundsInParent().intersects(label.getBoundsInParent())) {
                overlaps = true;
                break;
            }
        }
        // set only when it changes (a changed child asks for another layout); shown again once zoomed apart
        if (label.isVisible() == overlaps) {
            label.setVisible(!overlaps);
        }
    }

    /** Whether its label is drawn (tests: overlapping labels are left out). */
    boolean labelShown() {
        return !label.getText().isEmpty() && label.isVisible();
    }
}
