package dev.tickbench.app.diff;

import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.diff.DiffResult;
import dev.tickbench.core.diff.RangeSummary;
import dev.tickbench.core.diff.SeriesChange;
import java.util.function.Supplier;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;

/**
 * A and B of the series a row names, overlaid on one relative time axis (seconds since each range's first
 * sample): the points the workbench's charts hold for it (its store), so what is drawn is what was read
 * and plotted, at its cadence. A series the charts do not hold (the store dropped it, or the session
 * changed since the ranking), or a side ranked in another capture file, is said, not drawn.
 */
final class DiffOverlay extends StackPane {
    /** Points drawn a side at most: every n-th stored point beyond (each one a real read, none invented). */
    static final int MAX_POINTS = 2_000;

    private final Supplier<SeriesStore> store;
    private final NumberAxis x = new NumberAxis();
    private final NumberAxis y = new NumberAxis();
    private final LineChart<Number, Number> chart = new LineChart<>(x, y);
    private final Label note = new Label("Click a row to draw its A and B over each other.");
    private final Label legendA = new Label();
    private final Label legendB = new Label();
    static final String COLOUR_A = "#1f77b4";
    static final String COLOUR_B = "#e8710a";

    DiffOverlay(Supplier<SeriesStore> store) {
        this.store = store;
        setId("diff-overlay");
        x.setLabel("seconds since the range's first sample");
        y.setForceZeroInRange(false);
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        chart.setLegendVisible(false); // a side is several runs (its breaks): the legend below names A and B once
        chart.setVisible(false);
        note.setWrapText(true);
        legendA.setId("diff-legend-a");
        legendB.setId("diff-legend-b");
        legendA.setStyle("-fx-text-fill: " + COLOUR_A + ";");
        legendB.setStyle("-fx-text-fill: " + COLOUR_B + ";");
        javafx.scene.layout.HBox legend = new javafx.scene.layout.HBox(24, legendA, legendB);
        legend.visibleProperty().bind(chart.visibleProperty());
        javafx.scene.layout.VBox box = new javafx.scene.layout.VBox(2, chart, legend);
        javafx.scene.layout.VBox.setVgrow(chart, javafx.scene.layout.Priority.ALWAYS);
        getChildren().addAll(box, note);
        setMinHeight(180);
    }

    LineChart<Number, Number> chart() {
        return chart;
    }

    Label note() {
        return note;
    }

    Label legendA() {
        return legendA;
    }

    Label legendB() {
        return legendB;
    }

    /**
     * Draws {@code row}'s A and B, or says why it cannot; null clears it. A side ranked in another capture
     * file ({@code inA}, {@code inB} not {@link DiffCapture#SHOWN}) is not drawn: the charts hold only the
     * capture the workbench shows, and its legend says so.
     */
    void show(SeriesChange row, DiffResult r, DiffCapture inA, DiffCapture inB) {
        chart.getData().clear();
        if (row == null || r == null) {
            chart.setVisible(false);
            note.setText("Click a row to draw its A and B over each other.");
            return;
        }
        if (!inA.isShown() && !inB.isShown()) {
            chart.setVisible(false);
            note.setText(
                    "A and B are in other captures (" + inA + ", " + inB + "): the overlay draws from the charts, which"
                            + " hold only the capture the workbench shows. Open one of them (Ctrl+O) and put its side in \"this capture\""
                            + " to draw it.");
            return;
        }
        SeriesStore s = store.get();
        Series series = s == null ? null : s.series(row.name());
        if (series == null) {
            chart.setVisible(false);
            note.setText(
                    dev.tickbench.core.diff.WhoChanges.namesOne(row.name())
                            ? row.name() + " is a process's or a cgroup's: the charts do not draw the process and"
                                    + " cgroup tables, so its A and B are the ranking's numbers only."
                            : row.name() + " is not among the charts' series now (the charts hold what the workbench"
                                    + " shows: open the capture that was ranked to draw it).");
            return;
        }
        boolean steps = series.kind() == dev.tickbench.app.session.SeriesKind.LEVEL;
        legendA.setText(legend("A", r.a(), inA, draw(inA, series, r.a(), COLOUR_A, steps)));
        legendB.setText(legend("B", r.b(), inB, draw(inB, series, r.b(), COLOUR_B, steps)));
        y.setLabel(row.series().unit());
        chart.setTitle(row.name());
        chart.setVisible(true);
        note.setText("");
    }

    /** "A  start..59.99 s  (353 points)", or for a side in another capture why it is not drawn. */
    private static String legend(String side, RangeSummary range, DiffCapture in, int points) {
        return side + "  " + range.range().describe() + "  "
                + (in.isShown()
                        ? "(" + points + " points)"
                        : "(in " + in + ": not drawn, the charts hold only the capture the workbench shows)");
    }

    /** Draws a side of the capture the charts show; nothing for one in another capture. */
    private int draw(DiffCapture in, Series series, RangeSummary range, String colour, boolean steps) {
        return in.isShown() ? draw(side(series, range), colour, steps) : 0;
    }

    /** Adds a side's segments in its colour; returns how many stored points it drew. */
    private int draw(java.util.List<XYChart.Series<Number, Number>> segments, String colour, boolean steps) {
        int points = 0;
        for (XYChart.Series<Number, Number> seg : segments) {
            chart.getData().add(seg); // its line (a Path) exists once added
            seg.getNode().setStyle("-fx-stroke: " + colour + "; -fx-stroke-width: 1.5px;");
            points += steps ? (seg.getData().size() + 1) / 2 : seg.getData().size(); // a step adds one corner a point
        }
        return points;
    }

    /**
     * The stored points of {@code series} inside the range, x shifted to seconds since its first sample, as
     * the runs between the line's breaks (a gap is a break in the line, as on the charts, not a straight
     * line across it).
     */
    static java.util.List<XYChart.Series<Number, Number>> side(Series series, RangeSummary range) {
        java.util.List<XYChart.Series<Number, Number>> out = new java.util.ArrayList<>();
        if (range.samples() == 0) {
            return out;
        }
        double start = range.feed().firstWallNs() / 1e9 + range.firstS();
        double end = range.feed().firstWallNs() / 1e9 + range.lastS();
        boolean steps = series.kind() == dev.tickbench.app.session.SeriesKind.LEVEL;
        dev.tickbench.app.session.Points line = series.line(); // an immutable view: no lock
        int from = line.firstStoredAtOrAfter(start);
        int to = line.firstStoredAtOrAfter(Math.nextUp(end));
        int step = Math.max(1, (to - from + MAX_POINTS - 1) / MAX_POINTS);
        XYChart.Series<Number, Number> run = null;
        for (int i = from; i < to; i++) {
            double y = line.y(i);
            if (Double.isNaN(y)) { // every break is seen, also between the points drawn
                run = null;
            } else if ((i - from) % step == 0) {
                if (run == null) {
                    run = new XYChart.Series<>();
                    out.add(run);
                }
                if (steps
                        && !run.getData()
                                .isEmpty()) { // a level holds its value until the next read, as the charts draw it
                    run.getData()
                            .add(new XYChart.Data<>(
                                    line.x(i) - start,
                                    run.getData().get(run.getData().size() - 1).getYValue()));
                }
                run.getData().add(new XYChart.Data<>(line.x(i) - start, y));
            }
        }
        return out;
    }
}
