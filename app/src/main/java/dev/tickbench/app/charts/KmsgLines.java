package dev.tickbench.app.charts;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.TimeMark;
import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.chartfx.plugins.ChartPlugin;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.control.Tooltip;
import javafx.scene.shape.LineTo;
import javafx.scene.shape.MoveTo;
import javafx.scene.shape.Path;
import javafx.scene.shape.PathElement;
import javafx.util.Duration;

/**
 * A track's kernel log records: a thin dashed orange line at each, every record the session keeps, drawn
 * as one path with at most one line per pixel column, and its text on hover (the nearest records). Where
 * they are closer than 8 px on average the lines are 8 px high along the plot's top, a rug that leaves the
 * curves readable.
 * One node for all of them: a ChartFX indicator per record restyled every other on each change of the
 * chart's plugins, so an hour's records took seconds to put on the tracks, and only the newest hundred
 * were kept, which drew as a hatch over the hour's last minutes (docs/workbench-charts.md, "Marks").
 */
final class KmsgLines extends ChartPlugin {
    /** How near the pointer a record is named on hover, in pixels either side. */
    private static final double NEAR_PX = 4;
    /** Lines closer than this on average are drawn as a rug at the plot's top, {@link #RUG_PX} high. */
    private static final double SPARSE_PX = 8;

    private static final double RUG_PX = 8;
    /** Records named on one hover; the rest are counted. */
    private static final int NAMED = 5;

    private final Axis xAxis;
    /** The records in the order they came (time order), the oldest dropped past the store's bound. */
    private final ArrayDeque<TimeMark> records = new ArrayDeque<>();

    final Path lines = new Path();
    private final Path pick = new Path();
    private final Tooltip tip = new Tooltip();
    /** What the path was drawn for: the axis range, the plot's bounds and the records' version. */
    private final double[] drawnFor = new double[7];

    private long version;

    KmsgLines(Axis xAxis) {
        this.xAxis = xAxis;
        lines.setStyle("-fx-stroke: rgba(230,120,0,0.8); -fx-stroke-width: 1; -fx-stroke-dash-array: 3 3;");
        lines.setMouseTransparent(true);
        lines.setManaged(false);
        // a wider invisible twin the pointer can find: a 1 px dashed line is hard to hover. Opacity 0, not a
        // transparent stroke: JavaFX does not render a node of opacity 0 but still picks it, where it
        // rasterised the transparent stroke at every repaint
        pick.setStyle("-fx-stroke: black; -fx-stroke-width: 7;");
        pick.setOpacity(0);
        pick.setManaged(false);
        tip.setShowDelay(Duration.millis(100));
        Tooltip.install(pick, tip);
        pick.setOnMouseMoved(e -> tip.setText(textNear(e.getX())));
        getChartChildren().addAll(pick, lines);
    }

    /** Records that came, in time order: drawn at once, the oldest let go past the store's bound. */
    void add(List<TimeMark> marks) {
        for (TimeMark m : marks) {
            if (records.size() == SeriesStore.MAX_MARKS) {
                records.removeFirst();
            }
            records.addLast(m);
        }
        version++;
        runPostLayout();
    }

    /** The records held, oldest first (tests). */
    List<TimeMark> marks() {
        return List.copyOf(records);
    }

    /** One line per pixel column that holds a record in view; redrawn only when the view or the records moved. */
    @Override
    public void runPostLayout() {
        if (getChart() == null) {
            return;
        }
        Bounds plot = getChart().getCanvas().getBoundsInLocal();
        double[] now = {
            xAxis.getMin(), xAxis.getMax(), plot.getMinX(), plot.getMaxX(), plot.getMinY(), plot.getMaxY(), version
        };
        if (Arrays.equals(now, drawnFor)) {
            return;
        }
        System.arraycopy(now, 0, drawnFor, 0, now.length);
        List<Long> columns = new ArrayList<>();
        long lastColumn = Long.MIN_VALUE;
        for (TimeMark m : records) {
            double x = plot.getMinX() + xAxis.getDisplayPosition(m.x());
            long column = Math.round(x);
            if (x < plot.getMinX() || x > plot.getMaxX() || column == lastColumn) {
                continue;
            }
            lastColumn = column;
            columns.add(column);
        }
        // dense, full-height lines would hatch over the curves: a rug of short ones along the plot's top
        boolean rug = columns.size() * SPARSE_PX > plot.getWidth();
        double bottom = rug ? plot.getMinY() + RUG_PX : plot.getMaxY();
        List<PathElement> elements = new ArrayList<>(2 * columns.size());
        for (long column : columns) {
            elements.add(new MoveTo(column + 0.5, plot.getMinY()));
            elements.add(new LineTo(column + 0.5, bottom));
        }
        lines.getElements().setAll(elements);
        pick.getElements().setAll(elements); // a path element may belong to several paths
    }

    /** The texts of the records within {@link #NEAR_PX} of {@code px} (the plot's x), nearest first. */
    String textNear(double px) {
        Bounds plot = getChart() == null ? null : getChart().getCanvas().getBoundsInLocal();
        if (plot == null) {
            return "";
        }
        List<TimeMark> near = new ArrayList<>();
        for (TimeMark m : records) {
            if (distance(m, plot, px) <= NEAR_PX) {
                near.add(m);
            }
        }
        near.sort(java.util.Comparator.comparingDouble(m -> distance(m, plot, px)));
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(NAMED, near.size()); i++) {
            s.append(i == 0 ? "" : "\n").append(near.get(i).text());
        }
        if (near.size() > NAMED) {
            s.append("\n… and ").append(near.size() - NAMED).append(" more here: zoom in to tell them apart");
        }
        return s.toString();
    }

    private double distance(TimeMark m, Bounds plot, double px) {
        return Math.abs(plot.getMinX() + xAxis.getDisplayPosition(m.x()) - px);
    }
}
