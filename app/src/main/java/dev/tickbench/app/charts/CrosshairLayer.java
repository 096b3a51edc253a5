package dev.tickbench.app.charts;

import io.fair_acc.chartfx.plugins.ChartPlugin;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.InvalidationListener;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;

/**
 * The crosshair on one chart: the shared cursor, the pins and the selected range, each placed where
 * this chart's own time axis puts its time, and this chart's rows of the readout in its track's legend
 * (beside the plot, never over its data; the chart under the mouse names the time on its time axis).
 * Reads the mouse over the plot (move, click, Shift+drag) and tells the {@link Crosshair}; moving from
 * the plot into the track's legend keeps the cursor, so a long legend can be scrolled and hovered.
 * Only positions nodes during the chart's layout (the chart holds its datasets' read locks then);
 * values are read on mouse events.
 */
final class CrosshairLayer extends ChartPlugin {
    private static final double LABEL_GAP = 8;

    private final Crosshair crosshair;
    private final ChartView view;
    private final Line cursor = line("-fx-stroke: -tb-fg; -fx-stroke-width: 1; -fx-opacity: 0.75;");
    private final Line[] pinLines = {line(PIN_STYLE), line(PIN_STYLE)};
    private final Label[] pinLabels = {pinLabel("A"), pinLabel("B")};
    private final Rectangle range = new Rectangle();
    /** The cursor's time on the hovered chart (drawn by its time axis, over its labels). */
    private String time = "";

    private double dragFrom = Double.NaN;

    private static final String PIN_STYLE =
            "-fx-stroke: -tb-accent; -fx-stroke-width: 1.5; -fx-stroke-dash-array: 5 3;";

    /** Its listeners on the crosshair, which outlives every chart: removed when the chart goes ({@link #dispose}). */
    private final InvalidationListener relayout = o -> place();

    private final javafx.beans.value.ChangeListener<Readout> readout = (o, a, r) -> {
        fill(r);
        place();
    };

    CrosshairLayer(Crosshair crosshair, ChartView view) {
        this.crosshair = crosshair;
        this.view = view;
        range.setStyle("-fx-fill: -tb-accent; -fx-opacity: 0.14;");
        range.setMouseTransparent(true);
        range.setManaged(false);
        getChartChildren().addAll(range, pinLines[0], pinLines[1], pinLabels[0], pinLabels[1], cursor);
        hideAll();
        crosshair.cursorProperty().addListener(relayout);
        crosshair.pins().addListener(relayout);
        crosshair.rangeFromProperty().addListener(relayout);
        crosshair.rangeToProperty().addListener(relayout);
        crosshair.readoutProperty().addListener(readout);

        Node plot = view.chart().getPlotArea();
        plot.addEventFilter(MouseEvent.MOUSE_MOVED, e -> {
            double x = timeAt(e);
            if (Double.isNaN(x)) {
                crosshair.leave();
            } else {
                crosshair.hover(view, x);
            }
        });
        // out of the plot into the track's legend: the cursor stays (its rows are read there); off the track: gone
        plot.addEventFilter(MouseEvent.MOUSE_EXITED, e -> {
            if (!inLegend(e)) {
                crosshair.leave();
            }
        });
        view.addEventFilter(MouseEvent.MOUSE_EXITED, e -> {
            if (e.getTarget() == view) {
                crosshair.leave();
            }
        });
        plot.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> {
            double x = timeAt(e);
            if (e.getButton() == MouseButton.PRIMARY && e.isShiftDown() && !Double.isNaN(x)) {
                dragFrom = x; // Shift+drag selects; the zoomer (no modifiers) never sees it
                e.consume();
            }
        });
        plot.addEventFilter(MouseEvent.MOUSE_DRAGGED, e -> {
            if (!Double.isNaN(dragFrom)) {
                double x = timeAtClamped(e);
                crosshair.selecting(dragFrom, x);
                crosshair.hover(view, x);
                e.consume();
            }
        });
        plot.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> {
            if (!Double.isNaN(dragFrom)) {
                crosshair.select(dragFrom, timeAtClamped(e));
                dragFrom = Double.NaN;
                e.consume();
            }
        });
        plot.addEventFilter(MouseEvent.MOUSE_CLICKED, e -> {
            double x = timeAt(e);
            if (e.getButton() == MouseButton.PRIMARY
                    && e.isStillSincePress()
                    && !e.isShiftDown()
                    && !e.isShortcutDown()
                    && !e.isAltDown()
                    && !Double.isNaN(x)) {
                crosshair.pin(x);
            }
        });
    }

    private boolean inLegend(MouseEvent e) {
        Node legend = view.legend();
        Point2D p = legend.sceneToLocal(e.getSceneX(), e.getSceneY());
        return p != null && legend.getLayoutBounds().contains(p);
    }

    /** The time under the mouse; NaN outside the plot. */
    private double timeAt(MouseEvent e) {
        Point2D p = view.chart().getCanvas().sceneToLocal(e.getSceneX(), e.getSceneY());
        Bounds b = view.chart().getCanvas().getBoundsInLocal();
        if (p == null || !b.contains(p)) {
            return Double.NaN;
        }
        return view.xAxis().getValueForDisplay(p.getX());
    }

    /** The time under the mouse, held to the plot's ends (a drag may leave the chart). */
    private double timeAtClamped(MouseEvent e) {
        Point2D p = view.chart().getCanvas().sceneToLocal(e.getSceneX(), e.getSceneY());
        double w = view.chart().getCanvas().getWidth();
        return view.xAxis().getValueForDisplay(Math.max(0, Math.min(w, p.getX())));
    }

    @Override
    public void runPostLayout() {
        place();
    }

    /** Puts every node where its time is on this chart's axis; hides what is off the plot or unset. */
    private void place() {
        if (getChart() == null) {
            return;
        }
        double w = view.chart().getCanvas().getWidth();
        double h = view.chart().getCanvas().getHeight();
        double cx = pixel(crosshair.cursorProperty().get(), w);
        vertical(cursor, cx, h);
        List<Double> pins = new ArrayList<>(crosshair.pins());
        pins.sort(null); // A is the earlier pin, B the later, as the panel lists them
        for (int i = 0; i < pinLines.length; i++) {
            double px = i < pins.size() ? pixel(pins.get(i), w) : Double.NaN;
            vertical(pinLines[i], px, h);
            pinLabels[i].setVisible(!Double.isNaN(px));
            if (!Double.isNaN(px)) {
                pinLabels[i].autosize();
                pinLabels[i].relocate(Math.min(px + 2, w - pinLabels[i].getWidth()), h - pinLabels[i].getHeight() - 2);
            }
        }
        double from = crosshair.rangeFromProperty().get();
        double to = crosshair.rangeToProperty().get();
        if (Double.isNaN(from) || Double.isNaN(to)) {
            range.setVisible(false);
        } else {
            double a = Math.max(0, Math.min(w, view.xAxis().getDisplayPosition(from)));
            double b = Math.max(0, Math.min(w, view.xAxis().getDisplayPosition(to)));
            range.setX(Math.min(a, b));
            range.setY(0);
            range.setWidth(Math.abs(b - a));
            range.setHeight(h);
            range.setVisible(b > a || a > b);
        }
        boolean named = !Double.isNaN(cx) && crosshair.isHovered(view) && !time.isEmpty();
        ((TimeAxis) view.xAxis()).cursor(named ? time : null, cx);
    }

    /** This chart's rows of the readout go to its legend; the chart under the mouse also names the time. */
    private void fill(Readout r) {
        if (r == null) {
            time = "";
            view.readout(null);
            return;
        }
        time = Readout.clock(r.x());
        List<Readout.Row> rows = new ArrayList<>();
        for (Readout.Row row : r.rows()) {
            if (row.series().group().id().equals(view.group().id())) {
                rows.add(row);
            }
        }
        view.readout(rows);
    }

    /** This chart's readout as shown: the time when it is the chart under the mouse, then its legend's rows (tests, screenshots). */
    List<String> readoutTexts() {
        List<String> out = new ArrayList<>();
        if (crosshair.readoutProperty().get() == null) {
            return out;
        }
        if (crosshair.isHovered(view)) {
            out.add(time);
        }
        out.addAll(view.legendShown());
        return out;
    }

    private double pixel(double x, double width) {
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        double p = view.xAxis().getDisplayPosition(x);
        return p >= 0 && p <= width ? p : Double.NaN;
    }

    private static void vertical(Line l, double x, double h) {
        l.setVisible(!Double.isNaN(x));
        if (!Double.isNaN(x)) {
            l.setStartX(x);
            l.setEndX(x);
            l.setStartY(0);
            l.setEndY(h);
        }
    }

    private void hideAll() {
        cursor.setVisible(false);
        for (int i = 0; i < pinLines.length; i++) {
            pinLines[i].setVisible(false);
            pinLabels[i].setVisible(false);
        }
        range.setVisible(false);
    }

    private static Line line(String style) {
        Line l = new Line();
        l.setStyle(style);
        l.setMouseTransparent(true);
        l.setManaged(false);
        return l;
    }

    private static Label pinLabel(String text) {
        Label l = new Label(text);
        l.setStyle(
                "-fx-text-fill: -tb-indicator-label-bg; -fx-background-color: -tb-accent; -fx-font-size: 10px; -fx-padding: 0 3 0 3;");
        l.setMouseTransparent(true);
        l.setManaged(false);
        return l;
    }

    /** The chart goes (another store shown): the crosshair holds it no longer through these listeners. */
    void dispose() {
        crosshair.cursorProperty().removeListener(relayout);
        crosshair.pins().removeListener(relayout);
        crosshair.rangeFromProperty().removeListener(relayout);
        crosshair.rangeToProperty().removeListener(relayout);
        crosshair.readoutProperty().removeListener(readout);
    }
}
