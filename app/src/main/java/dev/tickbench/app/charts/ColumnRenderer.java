package dev.tickbench.app.charts;

import dev.tickbench.app.session.Points;
import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.chartfx.ui.css.DataSetNode;
import io.fair_acc.dataset.DataSet;
import java.nio.IntBuffer;
import java.util.IdentityHashMap;
import java.util.Map;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Window;

/**
 * Draws a track's lines (docs/workbench-charts.md, "Redraws"): each series' points reduced to pixel
 * columns ({@link PixelColumns}, which keeps the complete columns, so a step of the time axis reduces
 * only the columns it brings in) and painted into an image of the plot's own pixels ({@link LinePixels}),
 * which the chart's canvas draws in one image copy. Held steps or lines as the group says. A ChartFX
 * renderer, so the chart's grid, axes, zoomer and marks stay ChartFX's.
 */
final class ColumnRenderer extends io.fair_acc.chartfx.renderer.spi.AbstractRendererXY<ColumnRenderer> {
    private final boolean steps;
    /** The y axis is a log axis with a positive range, as this drawing found it. */
    private boolean log;

    private final Map<DataSet, PixelColumns> columns = new IdentityHashMap<>();
    private final Map<DataSet, Integer> colours = new IdentityHashMap<>();
    private final PixelColumns.Line line = new PixelColumns.Line();
    private final LinePixels pixels = new LinePixels();
    /** Two images drawn into in turn: the renderer thread may still read the last frame's while this one is drawn. */
    private final Frame[] frames = {new Frame(), new Frame()};

    private int frame;
    private long draws;
    private DrawStats last = new DrawStats(0, 0, 0, 0);

    /**
     * What one drawing of the lines took ({@link ChartDiagnostics}: a follow step reads the new points, not
     * the points on screen).
     *
     * @param pointsRead points of the lines read to reduce them in this drawing
     * @param appended every point ever appended to the drawn lines when drawn ({@link Points#appended()}, summed)
     * @param shown stored points inside the shown time range, over the drawn lines
     * @param columnsShown pixel columns across the plot
     */
    record DrawStats(long pointsRead, long appended, long shown, long columnsShown) {}

    private static final class Frame {
        PixelBuffer<IntBuffer> buffer;
        WritableImage image;
        int[] argb;
    }

    ColumnRenderer(boolean steps) {
        this.steps = steps;
    }

    @Override
    protected ColumnRenderer getThis() {
        return this;
    }

    /** The colour of {@code ds}'s line. */
    void colour(DataSet ds, String web) {
        Color c = Color.web(web);
        colours.put(
                ds,
                ((int) Math.round(c.getRed() * 255) << 16)
                        | ((int) Math.round(c.getGreen() * 255) << 8)
                        | (int) Math.round(c.getBlue() * 255));
    }

    /** Points read to reduce them, over every line of this renderer so far (a follow step costs its new columns). */
    long pointsRead() {
        long n = 0;
        for (PixelColumns c : columns.values()) {
            n += c.pointsRead();
        }
        return n;
    }

    /** How often the lines were drawn. */
    long draws() {
        return draws;
    }

    /** The last drawing's figures. */
    DrawStats lastDraw() {
        return last;
    }

    @Override
    public void render() {
        columns.keySet().retainAll(getDatasets());
        if (getDatasets().isEmpty()) {
            return;
        }
        updateCachedVariables();
        Canvas canvas = getChart().getCanvas();
        Axis x = xAxis;
        Axis y = yAxis;
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        double xMin = x.getMin();
        double xMax = x.getMax();
        if (!(w >= 1 && h >= 1 && xMax > xMin)) {
            return;
        }
        // the image in the screen's pixels (a HiDPI screen has more of them than the canvas has units)
        Window win = canvas.getScene() == null ? null : canvas.getScene().getWindow();
        double scale = win == null ? 1 : Math.max(1, win.getOutputScaleX());
        int pw = (int) Math.ceil(w * scale);
        int ph = (int) Math.ceil(h * scale);
        Frame f = frames[frame];
        frame = 1 - frame;
        if (f.image == null || (int) f.image.getWidth() != pw || (int) f.image.getHeight() != ph) {
            f.argb = new int[pw * ph];
            f.buffer = new PixelBuffer<>(pw, ph, IntBuffer.wrap(f.argb), PixelFormat.getIntArgbPreInstance());
            f.image = new WritableImage(f.buffer);
        }
        pixels.reset(f.argb, pw, ph);
        // time and value to image pixels, linear as the axes are (ChartFX's display positions at both ends)
        double x0 = x.getDisplayPosition(xMin) * scale;
        double xk = (x.getDisplayPosition(xMax) * scale - x0) / (xMax - xMin);
        // on a log axis, linear in the value's log (TrackScale): a value at or below 0 has no place there
        log = y instanceof io.fair_acc.chartfx.axes.spi.DefaultNumericAxis a && a.isLogAxis() && y.getMin() > 0;
        double yLo = scaled(y.getMin());
        double yHi = scaled(y.getMax());
        double y0 = y.getDisplayPosition(y.getMin()) * scale;
        double yk = yHi > yLo ? (y.getDisplayPosition(y.getMax()) * scale - y0) / (yHi - yLo) : 0;
        double columnWidth = (xMax - xMin) / Math.max(1, x.getLength() * scale);
        long from = (long) Math.floor(xMin / columnWidth);
        long to = (long) Math.floor(xMax / columnWidth);
        long readBefore = pointsRead();
        long appended = 0;
        long shown = 0;
        // the first series on top, as ChartFX's own renderer draws them: in reverse
        for (int k = getDatasets().size() - 1; k >= 0; k--) {
            if (!(getDatasets().get(k) instanceof SeriesDataSet s)) {
                continue;
            }
            DataSet ds = s;
            Points p = s.points();
            columns.computeIfAbsent(ds, d -> new PixelColumns()).reduce(p, columnWidth, from, to, line);
            draw(line, colours.getOrDefault(ds, 0x1f77b4), x0, xMin, xk, y0, yLo, yk);
            appended += p.appended();
            shown += p.countStoredIn(xMin, xMax);
        }
        last = new DrawStats(pointsRead() - readBefore, appended, shown, to - from + 1);
        f.buffer.updateBuffer(b -> null);
        GraphicsContext gc = canvas.getGraphicsContext2D();
        gc.drawImage(f.image, 0, 0, w, h);
        draws++;
    }

    /** The reduced points, joined as the group draws them: held steps, or lines; a NaN breaks the line. */
    private void draw(
            PixelColumns.Line l, int rgb, double x0, double xMin, double xk, double y0, double yLo, double yk) {
        int run = 0; // points since the last break
        double px = 0;
        double py = 0;
        for (int i = 0; i < l.size; i++) {
            double v = scaled(l.y[i]);
            if (Double.isNaN(v)) {
                if (run == 1) {
                    pixels.dot(px, py, rgb); // a value with nothing to join: still seen
                }
                run = 0;
                continue;
            }
            double cx = x0 + (l.x[i] - xMin) * xk;
            double cy = y0 + (v - yLo) * yk;
            if (run > 0) {
                if (steps) {
                    pixels.step(px, py, cx, cy, rgb);
                } else {
                    pixels.line(px, py, cx, cy, rgb);
                }
            }
            px = cx;
            py = cy;
            run++;
        }
        if (run == 1) {
            pixels.dot(px, py, rgb);
        }
    }

    /** {@code v} where the y axis places it linearly: itself, or on a log axis its log (NaN at or below 0). */
    private double scaled(double v) {
        return !log ? v : v > 0 ? Math.log10(v) : Double.NaN;
    }

    @Override
    protected void render(GraphicsContext gc, DataSet dataSet, DataSetNode style) {
        // every line is drawn at once by render(): one image per chart
    }
}
