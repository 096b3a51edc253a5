package dev.tickbench.app.charts;

import dev.tickbench.app.session.Points;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.TimeWindow;
import dev.tickbench.app.view.WhenShown;
import javafx.scene.Cursor;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;

/**
 * A small chart of one series over the whole session or capture, with the visible range as a window
 * rectangle (as in Perfetto's and JDK Mission Control's overviews): drag the rectangle to move the
 * range, drag its edges to resize it, click elsewhere to centre the range there. Everything goes
 * through the shared {@link TimeWindow}. The trace is min/max per pixel column, and columns without
 * a value (breaks at missed samples) stay empty. Recomputed by {@link #refresh()}, not per frame.
 * Painted only while it can be seen: on a hidden tab the window's steps are painted once, when the
 * tab shows again ({@link WhenShown}: a hidden canvas painted made JavaFX repaint the whole window).
 */
public final class OverviewStrip extends Region {
    static final double HEIGHT = 44;
    private static final double EDGE_PX = 5;
    private static final Color TRACE = Color.web("#1f77b4");
    private static final Color WINDOW = Color.web("#ff7f0e");

    private final TimeWindow window;
    private final Canvas canvas = new Canvas();
    private SeriesStore store;
    private Series series;
    private double from = Double.NaN;
    private double to = Double.NaN;
    private double[] lo = new double[0];
    private double[] hi = new double[0];
    private double yLo;
    private double yHi;
    private long draws;
    private Drag drag;
    private final WhenShown shown = new WhenShown(this);
    private final Runnable paint = this::paint;

    private enum Mode {
        MOVE,
        LEFT,
        RIGHT
    }

    private record Drag(Mode mode, double grabT, double min, double max) {}

    public OverviewStrip(TimeWindow window) {
        this.window = window;
        getStyleClass().add("overview-strip");
        setStyle("-fx-background-color: -tb-plot-bg; -fx-border-color: -tb-rule; -fx-border-width: 0 0 1 0;");
        setMinHeight(HEIGHT);
        setPrefHeight(HEIGHT);
        setMaxHeight(HEIGHT);
        getChildren().add(canvas);
        widthProperty().addListener((o, a, b) -> {
            refresh();
        });
        window.addListener(w -> draw());
        addEventHandler(MouseEvent.MOUSE_MOVED, e -> setCursor(cursorFor(mode(e.getX()))));
        addEventHandler(MouseEvent.MOUSE_PRESSED, this::pressed);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::dragged);
        addEventHandler(MouseEvent.MOUSE_RELEASED, e -> drag = null);
    }

    public void attach(SeriesStore s) {
        store = s;
        series = null;
        refresh();
    }

    @Override
    protected void layoutChildren() {
        canvas.setWidth(getWidth());
        canvas.setHeight(getHeight());
    }

    /** Re-reads the store (its whole time range and the trace); a few times a second at most. */
    public void refresh() {
        SeriesStore s = store;
        int w = (int) Math.max(0, Math.floor(getWidth()));
        if (s == null || w == 0) {
            from = Double.NaN;
            draw();
            return;
        }
        if (series == null || !series.name().equals("cpu.busy_pct")) {
            series = pick(s);
        }
        from = s.firstX();
        to = s.latestX();
        if (lo.length != w) {
            lo = new double[w];
            hi = new double[w];
        }
        java.util.Arrays.fill(lo, Double.NaN);
        java.util.Arrays.fill(hi, Double.NaN);
        yLo = Double.POSITIVE_INFINITY;
        yHi = Double.NEGATIVE_INFINITY;
        if (series != null && to > from) {
            Points p = series.line();
            for (int i = 0, n = p.size(); i < n; i++) {
                double y = p.y(i);
                if (Double.isNaN(y)) {
                    continue;
                }
                int c = (int) Math.min(w - 1, Math.max(0, (p.x(i) - from) / (to - from) * w));
                lo[c] = Double.isNaN(lo[c]) ? y : Math.min(lo[c], y);
                hi[c] = Double.isNaN(hi[c]) ? y : Math.max(hi[c], y);
                yLo = Math.min(yLo, y);
                yHi = Math.max(yHi, y);
            }
        }
        draw();
    }

    /** CPU busy when there is one (the session's load at a glance), else the first series. */
    private static Series pick(SeriesStore s) {
        Series busy = s.series("cpu.busy_pct");
        if (busy != null) {
            return busy;
        }
        for (Series x : s.series()) {
            if (x.match().source().rule() != dev.tickbench.core.catalogue.ReadRule.OWN_LINE) {
                return x; // a series of the samples: the throttle's own line says little of the session
            }
        }
        return null;
    }

    /** The domain drawn: the store's range, widened to the window so its rectangle is always there. */
    private double lo() {
        double wmin = window.min();
        return Double.isNaN(wmin) ? from : Math.min(from, wmin);
    }

    private double hi() {
        double wmax = window.max();
        return Double.isNaN(wmax) ? to : Math.max(to, wmax);
    }

    double xOf(double t) {
        return (t - lo()) / (hi() - lo()) * getWidth();
    }

    private double tOf(double x) {
        return lo() + x / getWidth() * (hi() - lo());
    }

    private void draw() {
        shown.run(paint);
    }

    private void paint() {
        draws++;
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.clearRect(0, 0, w, h);
        if (Double.isNaN(from) || !(to > from)) {
            return;
        }
        // the trace, placed by the store's range inside the drawn domain
        double x0 = xOf(from);
        double scale = (xOf(to) - x0) / Math.max(1, lo.length);
        double span = yHi > yLo ? yHi - yLo : 1;
        g.setStroke(TRACE);
        g.setLineWidth(1);
        for (int c = 0; c < lo.length; c++) {
            if (Double.isNaN(lo[c])) {
                continue;
            }
            double x = Math.floor(x0 + c * scale) + 0.5;
            double top = h - 3 - (hi[c] - yLo) / span * (h - 6);
            double bottom = h - 3 - (lo[c] - yLo) / span * (h - 6);
            g.strokeLine(x, top, x, Math.max(top + 1, bottom));
        }
        double wmin = window.min();
        double wmax = window.max();
        if (Double.isNaN(wmin) || !(wmax > wmin)) {
            return;
        }
        double a = xOf(wmin);
        double b = Math.max(a + 2, xOf(wmax));
        g.setFill(Color.rgb(128, 128, 128, 0.30)); // outside the window: shaded
        g.fillRect(0, 0, Math.max(0, a), h);
        g.fillRect(b, 0, Math.max(0, w - b), h);
        g.setFill(Color.rgb(255, 127, 14, 0.12));
        g.fillRect(a, 0, b - a, h);
        g.setStroke(WINDOW);
        g.setLineWidth(2);
        g.strokeRect(a + 1, 1, b - a - 2, h - 2);
    }

    private Mode mode(double x) {
        double wmin = window.min();
        double wmax = window.max();
        if (Double.isNaN(wmin) || Double.isNaN(from)) {
            return null;
        }
        double a = xOf(wmin);
        double b = xOf(wmax);
        if (Math.abs(x - a) <= EDGE_PX) {
            return Mode.LEFT;
        }
        if (Math.abs(x - b) <= EDGE_PX) {
            return Mode.RIGHT;
        }
        return x > a && x < b ? Mode.MOVE : null;
    }

    private static Cursor cursorFor(Mode m) {
        return m == null ? Cursor.DEFAULT : m == Mode.MOVE ? Cursor.MOVE : Cursor.H_RESIZE;
    }

    private void pressed(MouseEvent e) {
        if (Double.isNaN(from) || !(to > from)) {
            return;
        }
        Mode m = mode(e.getX());
        double t = tOf(e.getX());
        if (m == null) {
            window.centreOn(t); // click outside the rectangle: the range moves there, then drags along
            m = Mode.MOVE;
        }
        drag = new Drag(m, t, window.min(), window.max());
        e.consume();
    }

    private void dragged(MouseEvent e) {
        if (drag == null) {
            return;
        }
        double d = tOf(e.getX()) - drag.grabT();
        double min = drag.min();
        double max = drag.max();
        double least = (to - from) / Math.max(1, getWidth()) * 4; // a few pixels of the strip at least
        switch (drag.mode()) {
            case MOVE -> window.userRange(min + d, max + d);
            case LEFT -> window.userRange(Math.min(min + d, max - least), max);
            case RIGHT -> window.userRange(min, Math.max(max + d, min + least));
        }
        e.consume();
    }

    /** The series drawn (tests, the label beside the strip). */
    public Series series() {
        return series;
    }

    /** How often the strip was painted (it follows the window while it shows, not the frame rate). */
    long draws() {
        return draws;
    }
}
