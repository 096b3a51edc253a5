package dev.tickbench.app.charts;

import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;

/**
 * How a track's y axis is ranged (docs/workbench-charts.md, "Shaping a track"): over the data in view, with 0
 * included or not, on a linear or a log scale. The catalogue's group gives the start (0 included for shares
 * and rates; a level such as memory is ranged over its data, so 800 MB on a 22 GB machine is not three
 * pixels); the track's context menu changes it for this track. On a log scale a value at or below 0 has no
 * place and is not drawn: it is a gap in the line, never a point at the bottom.
 */
final class TrackScale {
    private final CheckMenuItem fromZero = new CheckMenuItem("Y axis from 0");
    private final CheckMenuItem log = new CheckMenuItem("Log scale (values ≤ 0 not drawn)");
    private final ContextMenu menu = new ContextMenu(fromZero, log);

    /** @param changed told after the user changed either, to range and draw the track again */
    TrackScale(boolean zero, Runnable changed) {
        fromZero.setSelected(zero);
        fromZero.setId("track-from-zero");
        log.setId("track-log");
        fromZero.disableProperty().bind(log.selectedProperty()); // a log axis has no 0
        fromZero.selectedProperty().addListener((o, was, now) -> changed.run());
        log.selectedProperty().addListener((o, was, now) -> changed.run());
    }

    ContextMenu menu() {
        return menu;
    }

    boolean fromZero() {
        return fromZero.isSelected();
    }

    boolean log() {
        return log.isSelected();
    }

    /** The axis range for {@code e} as this track is scaled; null while it holds nothing to range over. */
    double[] range(YExtent e, double padding) {
        return log() ? e.logAxisRange(padding) : e.axisRange(padding, fromZero());
    }
}
