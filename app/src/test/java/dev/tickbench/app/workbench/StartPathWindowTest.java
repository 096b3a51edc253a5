package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.ConnectionEvent;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.testkit.RouterCapture;
import dev.tickbench.testkit.Waits;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The start path builds content before data ("Start"): the window a connection is made in
 * shows its tracks, titled, before the connection has sent anything, and once the session's hello
 * came (still no sample) the tracks of its present sources and the sources panel; the other tabs'
 * views are not built until they are shown.
 */
@ExtendWith(ApplicationExtension.class)
class StartPathWindowTest {
    private WindowFixture w;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    /** A connection that sends only what the test hands it, from the test's thread. */
    static final class Silent implements Connection {
        private final CountDownLatch started = new CountDownLatch(1);
        private volatile LineSink sink;
        private volatile Consumer<ConnectionEvent> events;

        @Override
        public String title() {
            return "a quiet host";
        }

        @Override
        public void start(LineSink sink, Consumer<ConnectionEvent> events) {
            this.sink = sink;
            this.events = events;
            started.countDown();
        }

        void send(String line) throws Exception {
            assertTrue(started.await(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "the connection was started");
            byte[] b = (line + "\n").getBytes(StandardCharsets.UTF_8);
            sink.line(b, 0, b.length);
            events.accept(new ConnectionEvent.Connected("a hello, no sample yet"));
        }

        @Override
        public void close() {}
    }

    @Test
    void tracksWithTitlesComeBeforeTheFirstSampleAndTheTabsWaitUntilShown() throws Exception {
        assertFalse(
                fx(() -> TabsSeen.built(w.view.tabs(), "Path walk")
                        || TabsSeen.built(w.view.tabs(), "I/O concurrency")
                        || TabsSeen.built(w.view.tabs(), "Compare")),
                "no tab but Live is built before it is shown");

        Silent quiet = new Silent();
        fx(() -> {
            w.vm.connect(quiet);
            return null;
        });
        // nothing has arrived: every track of the catalogue, titled, waiting for the session
        until(
                "titled tracks before any line",
                () -> !w.view.charts().trackTitles().isEmpty());
        List<String> before = fx(() -> w.view.charts().trackTitles());
        assertTrue(
                before.contains("CPU busy / iowait") && before.contains("Thermal") && before.contains("Pressure (PSI)"),
                before.toString());
        assertEquals(0, fx(() -> w.vm.storeProperty().get().samples()));
        assertTrue(fx(() -> w.view.charts().tracks().isEmpty()), "no chart is built for a track with nothing to draw");

        // the hello, still no sample: the tracks of the sources it has, and the sources panel
        quiet.send(helloOfTheRouter());
        until("the sources listed", () -> !w.vm.sources().isEmpty());
        until(
                "the tracks of the router's sources",
                () -> !w.view.charts().trackTitles().contains("PMU: instructions per cycle"));
        List<String> after = fx(() -> w.view.charts().trackTitles());
        assertTrue(after.contains("CPU busy / iowait") && after.contains("Thermal"), after.toString());
        assertEquals(0, fx(() -> w.vm.storeProperty().get().samples()), "still before the first sample");
        assertNotNull(fx(() -> w.view.getScene().getWindow()));

        // a tab's view is built when it is shown
        fx(() -> {
            w.view.tabs().getSelectionModel().select(3);
            return null;
        });
        assertTrue(fx(() -> TabsSeen.built(w.view.tabs(), "Compare")));
        assertFalse(fx(() -> TabsSeen.built(w.view.tabs(), "I/O concurrency")));
    }

    /** The first line of the router fixture's capture: its hello (thermal, cpufreq, stat, PSI, slab, buddy; no PMU). */
    private static String helloOfTheRouter() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new RouterCapture(100, 1, 60, -1).write(out);
        String first = out.toString(StandardCharsets.UTF_8).lines().findFirst().orElseThrow();
        assertTrue(first.startsWith("{\"type\":\"hello\""), first);
        return first;
    }
}
