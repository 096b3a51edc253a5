package dev.tickbench.app.charts;

import dev.tickbench.app.session.TimeMark;
import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.chartfx.plugins.XValueIndicator;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;

/** A thin vertical line on the time axis with the mark's text on hover (kmsg events, session starts). */
final class KmsgMarker extends XValueIndicator {
    private final TimeMark mark;

    KmsgMarker(Axis xAxis, TimeMark mark) {
        super(xAxis, mark.x(), mark.kind() == TimeMark.Kind.SESSION ? mark.text()
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
}
