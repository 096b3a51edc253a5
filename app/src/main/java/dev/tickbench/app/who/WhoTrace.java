package dev.tickbench.app.who;

import dev.tickbench.app.charts.Readout;
import dev.tickbench.app.session.Points;
import dev.tickbench.app.session.WhoLog;
import dev.tickbench.app.session.WhoLog.Quantity;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;

/**
 * The picked row's CPU and memory over the time the tracks show (docs/who.md, "In the workbench"): two
 * bands on one time axis (its ends written under them), each from 0 to its highest read in view (written
 * at its top left), a line through the entry's reads that
 * breaks where a read is missing (more than the table's hold apart: the entry left the named set), a
 * process's start and exit as marks, the crosshair as a thin line. FX thread.
 */
final class WhoTrace extends VBox {
    static final double HEIGHT = 112;
    /** The two bands' height together; the time labels under them. */
    private static final double PLOT = 96;

    private static final Color CPU = Color.web("#1f77b4");
    private static final Color MEMORY = Color.web("#ff7f0e");
    private static final Color START = Color.web("#2ca02c");
    private static final Color EXIT = Color.web("#d62728");
    private static final Color MUTED = Color.web("#888888");

    private final Label title = new Label();
    private final Canvas canvas = new Canvas(300, HEIGHT);

    /** What was drawn last, for the tests' eyes (WhoSeen): each band's highest value and its runs of points. */
    record Drawn(
            String who,
            double[] highest,
            List<List<double[]>> cpuRuns,
            List<List<double[]>> memoryRuns,
            double startX,
            double exitX) {}

    Drawn drawn;

    WhoTrace() {
        setId("who-trace");
        title.setId("who-trace-title");
        title.getStyleClass().add("clock-muted");
        title.setWrapText(true);
        getChildren().addAll(title, canvas);
        setSpacing(2);
        widthProperty().addListener((o, a, b) -> canvas.setWidth(Math.max(50, b.doubleValue())));
    }

    /** {@code e}'s reads in [{@code from}, {@code to}], broken where two are more than {@code hold} apart. */
    void draw(WhoLog.Entry e, double from, double to, double cursor, double hold) {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        g.clearRect(0, 0, w, HEIGHT);
        if (e == null || !(to > from)) {
            drawn = null;
            title.setText("");
            return;
        }
        double band = PLOT / 2;
        List<List<double[]>> cpu = runs(e.points(Quantity.CPU), from, to, hold);
        List<List<double[]>> memory = runs(e.points(Quantity.MEMORY), from, to, hold);
        double cpuTop = highest(cpu, from);
        double memoryTop = highest(memory, from);
        title.setText(e.shown() + " over the tracks' time"
                + (Double.isNaN(e.startX()) ? "" : ", started " + Readout.clock(e.startX()))
                + (Double.isNaN(e.exitX()) ? "" : ", exited " + Readout.clock(e.exitX())));
        g.setStroke(MUTED);
        g.setLineWidth(0.5);
        g.strokeLine(0, band - 0.5, w, band - 0.5);
        g.strokeLine(0, PLOT - 0.5, w, PLOT - 0.5);
        line(g, cpu, from, to, w, 14, band - 3, cpuTop, CPU);
        line(g, memory, from, to, w, band + 14, PLOT - 3, memoryTop, MEMORY);
        g.setFont(javafx.scene.text.Font.font(10));
        g.setFill(CPU);
        g.fillText("CPUs, 0 to " + WhoColumns.number(cpuTop), 2, 10);
        g.setFill(MEMORY);
        g.fillText("MB, 0 to " + WhoColumns.number(memoryTop / 1e6), 2, band + 10);
        g.setFill(MUTED);
        g.fillText(Readout.clock(from), 2, HEIGHT - 3);
        String end = Readout.clock(to);
        g.fillText(end, Math.max(0, w - 7 * end.length()), HEIGHT - 3);
        mark(g, e.startX(), from, to, w, START);
        mark(g, e.exitX(), from, to, w, EXIT);
        if (cursor >= from && cursor <= to) {
            mark(g, cursor, from, to, w, MUTED);
        }
        drawn = new Drawn(e.who(), new double[] {cpuTop, memoryTop}, cpu, memory, e.startX(), e.exitX());
    }

    /** The reads in range as runs of (x, y), a new run where two are more than {@code hold} apart. */
    private static List<List<double[]>> runs(Points p, double from, double to, double hold) {
        List<List<double[]>> out = new ArrayList<>();
        List<double[]> run = null;
        double lastX = Double.NaN;
        for (int i = Math.max(0, p.firstStoredAtOrAfter(from) - 1); i < p.stored() && p.x(i) <= to; i++) {
            double x = p.x(i);
            double y = p.y(i);
            if (Double.isNaN(y)) {
                run = null;
                continue;
            }
            if (run == null || x - lastX > hold) {
                run = new ArrayList<>();
                out.add(run);
            }
            run.add(new double[] {x, y});
            lastX = x;
        }
        return out;
    }

    /** The highest read in view (the line's first point may be the read before it, drawn entering from the left). */
    private static double highest(List<List<double[]>> runs, double from) {
        double top = Double.NaN;
        for (List<double[]> r : runs) {
            for (double[] p : r) {
                if (p[0] < from) {
                    continue;
                }
                top = Double.isNaN(top) ? p[1] : Math.max(top, p[1]);
            }
        }
        return top;
    }

    private static void line(
            GraphicsContext g,
            List<List<double[]>> runs,
            double from,
            double to,
            double w,
            double top,
            double bottom,
            double max,
            Color colour) {
        g.setStroke(colour);
        g.setFill(colour);
        g.setLineWidth(1.5);
        double scale = max > 0 ? (bottom - top) / max : 0;
        for (List<double[]> run : runs) {
            double[] xs = new double[run.size()];
            double[] ys = new double[run.size()];
            for (int i = 0; i < run.size(); i++) {
                xs[i] = (run.get(i)[0] - from) / (to - from) * w;
                ys[i] = bottom - Math.max(0, run.get(i)[1]) * scale;
            }
            if (run.size() == 1) {
                g.fillOval(xs[0] - 1.5, ys[0] - 1.5, 3, 3); // one read alone: a dot, not a line it never had
            } else {
                g.strokePolyline(xs, ys, xs.length);
            }
        }
    }

    private static void mark(GraphicsContext g, double x, double from, double to, double w, Color colour) {
        if (Double.isNaN(x) || x < from || x > to) {
            return;
        }
        double px = Math.round((x - from) / (to - from) * w) + 0.5;
        g.setStroke(colour);
        g.setLineWidth(1);
        g.strokeLine(px, 0, px, PLOT);
    }
}
