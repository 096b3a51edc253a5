package dev.tickbench.app.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.throttle.ThrottleBands;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.plugins.ChartPlugin;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.Scene;
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
