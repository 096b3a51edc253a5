package dev.tickbench.app.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.TimeWindow;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.throttle.ThrottleBands;
import dev.tickbench.testkit.Waits;
import io.fair_acc.chartfx.plugins.YRangeIndicator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The throttle chart's YELLOW/RED zones are the thresholds the session's hello publishes, not numbers
 * of the workbench's own: a probe that ran with 35 % / 80 % gets its zones drawn at 35 % / 80 %.
 */
@ExtendWith(ApplicationExtension.class)
class ThrottleBandsFromHelloTest {
    private static String hello(String throttle) {
        return "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"0.1.0\"},"
                + "\"host\":{\"hostname\":\"b7\",\"board\":null,\"kernel\":\"6.1.0\",\"cores\":2,\"user_hz\":100},"
                + "\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":1000000000000,\"started_mono_ns\":500000000000,"
                + "\"capabilities\":{\"rate_hz\":10,\"floor_hz\":0,\"sources\":{\"stat\":true},"
                + "\"cadences\":{\"stat\":{\"hz\":10.0,\"reason\":\"rate\",\"every_ticks\":1}}" + throttle + "}}";
    }

    private static final String THROTTLE_35_80 = ",\"throttle\":{\"ceiling\":8,\"red_pct\":80.0,\"yellow_pct\":35.0,"
            + "\"red_streak\":1,\"min_grow_spread_s\":2,\"max_grow_spread_s\":60,\"smoothing_window\":5,\"hz\":1.0}";

    private static final String THROTTLE_LINE =
            "{\"type\":\"throttle\",\"mono_ns\":501000000000,\"wall_ns\":1001000000000,"
                    + "\"iowait\":12.5,\"smoothed\":10.1,\"zone\":\"GREEN\",\"effective\":3,\"ceiling\":8,\"grow_spread_s\":8,"
                    + "\"last_throttle_mono_ns\":null}";

    private ChartsPane pane;

    @Start
    void start(Stage stage) {
        pane = new ChartsPane(new TimeWindow(), g -> {});
        stage.setScene(new Scene(pane, 900, 700));
        stage.show();
    }

    @Test
    void theSessionInfoCarriesWhatTheHelloPublished() throws Exception {
        LineDecoder d = new LineDecoder();
        assertEquals(
                new ThrottleBands(35, 80),
                SessionInfo.of((Hello) d.decode(hello(THROTTLE_35_80))).throttleBands());
        assertEquals(null, SessionInfo.of((Hello) d.decode(hello(""))).throttleBands(), "no throttle ran: no bands");
    }

    @Test
    void theThrottleChartDrawsTheHellosBands() throws Exception {
        SeriesStore store = SeriesStore.replay();
        LineDecoder d = new LineDecoder();
        store.accept(d.decode(hello(THROTTLE_35_80)));
        store.accept(d.decode(THROTTLE_LINE));
        store.flush();
        fx(() -> {
            pane.attach(new Selection(store));
            return null;
        });
        WaitForAsyncUtils.waitFor(
                Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS, () -> fx(() -> pane.chart("throttle") != null));

        ChartView throttle = fx(() -> pane.chart("throttle"));
        assertEquals(new ThrottleBands(35, 80), fx(throttle::throttleBands));
        List<double[]> drawn = fx(() -> throttle.chart().getPlugins().stream()
                .filter(p -> p instanceof YRangeIndicator)
                .map(p -> (YRangeIndicator) p)
                .map(b -> new double[] {b.getLowerBound(), b.getUpperBound()})
                .toList());
        assertEquals(2, drawn.size(), "YELLOW and RED");
        assertEquals(
                List.of(35.0, 80.0, 80.0, 100.0),
                drawn.stream()
                        .flatMap(b -> java.util.stream.Stream.of(b[0], b[1]))
                        .toList());
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }
}
