package dev.tickbench.app.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.throttle.ThrottleBands;
import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.plugins.ChartPlugin;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.shape.Path;
import javafx.scene.shape.Rectangle;
import javafx.scene.shape.Shape;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Marks paint nothing that cannot be seen. JavaFX rasterises a shape's stroke whenever it has one, a fully
 * transparent one too: a gap band with a transparent outline cost its whole height in the software
 * renderer at every repaint of its track, and with a lossy link (many gaps on every track) that was most
 * of the render thread's time (docs/workbench-charts.md, "Redraws").
 */
@ExtendWith(ApplicationExtension.class)
class NoInvisiblePaintTest {
    private Group root;

    @Start
    void start(Stage stage) {
        root = new Group();
        stage.setScene(new Scene(root, 400, 300));
        stage.show();
    }

    @Test
    void gapAndZoneBandsAreFilledWithoutAStroke() throws Exception {
        DefaultNumericAxis x = new DefaultNumericAxis("time", 0, 10, 1);
        DefaultNumericAxis y = new DefaultNumericAxis("iowait %", 0, 100, 10);
        List<Rectangle> bands = fx(() -> {
            List<ChartPlugin> marks = new java.util.ArrayList<>(Indicators.throttleBands(y, new ThrottleBands(35, 80)));
            marks.add(Indicators.gap(x, 2, 3, "gap"));
            List<Rectangle> out = new java.util.ArrayList<>();
            for (ChartPlugin m : marks) {
                styled(m.getChartChildren());
                m.getChartChildren().stream()
                        .filter(Rectangle.class::isInstance)
                        .forEach(n -> out.add((Rectangle) n));
            }
            return out;
        });
        assertEquals(3, bands.size(), "two zones and a gap");
        for (Rectangle r : bands) {
            assertNull(fx(r::getStroke), "no stroke, not a transparent one");
            assertNotNull(fx(r::getFill), "the band is filled");
        }
    }

    @Test
    void theKernelLogsPickPathIsNotPaintedButStillPicked() throws Exception {
        KmsgLines k = fx(() -> new KmsgLines(new DefaultNumericAxis("time", 0, 10, 1)));
        Shape pick = fx(() -> {
            styled(k.getChartChildren());
            return (Shape) k.getChartChildren().stream()
                    .filter(n -> n instanceof Path && n != k.lines)
                    .findFirst()
                    .orElseThrow();
        });
        assertEquals(0.0, fx(pick::getOpacity), "not rendered (a node of opacity 0 is skipped)");
        assertNotNull(fx(pick::getStroke), "its 7 px stroke is what the pointer finds");
        assertEquals(7.0, fx(pick::getStrokeWidth));
        assertTrue(fx(pick::isVisible));
        assertFalse(fx(pick::isMouseTransparent), "the pointer picks it");
    }

    @Test
    void aTracksCanvasesAreDrawnStraightNotThroughACacheImage() throws Exception {
        ChartGroup group = SeriesCatalogue.standard().groups().get(0);
        List<Canvas> canvases = fx(() -> {
            ChartView track = new ChartView(group, new Selection(SeriesStore.replay()), () -> {});
            root.getChildren().setAll(track);
            track.applyCss();
            track.layout();
            List<Canvas> out = new ArrayList<>();
            collect(track, Canvas.class, out);
            return out;
        });
        // the plot, the time axis and the value axis at least; ChartFX caches each of them unless told not to
        assertTrue(canvases.size() >= 3, "canvases found: " + canvases.size());
        for (Canvas c : canvases) {
            assertFalse(fx(c::isCache), "a canvas redrawn at every follow step is not cached: " + c);
        }
    }

    @Test
    void anyChartUncachedHasNoCachedCanvas() throws Exception {
        List<Boolean> before = new ArrayList<>();
        List<Boolean> after = fx(() -> {
            XYChart chart = new XYChart(new DefaultNumericAxis("x", 0, 1, 1), new DefaultNumericAxis("y", 0, 1, 1));
            List<Canvas> all = new ArrayList<>();
            collect(chart, Canvas.class, all);
            all.add(chart.getCanvas());
            chart.getAxes().forEach(a -> all.add(((DefaultNumericAxis) a).getCanvas()));
            all.forEach(c -> before.add(c.isCache()));
            Charts.uncached(chart);
            return all.stream().map(Canvas::isCache).toList();
        });
        assertTrue(before.contains(true), "ChartFX caches a chart's canvases by default: " + before);
        assertFalse(after.contains(true), "after Charts.uncached: " + after);
    }

    private static <T> void collect(Node n, Class<T> type, List<T> out) {
        if (type.isInstance(n)) {
            out.add(type.cast(n));
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                collect(c, type, out);
            }
        }
    }

    /** The nodes put in the scene, their inline styles applied. */
    private void styled(List<Node> nodes) {
        Group g = new Group();
        g.getChildren().addAll(nodes);
        root.getChildren().setAll(g);
        g.applyCss();
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(dev.tickbench.testkit.Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }
}
