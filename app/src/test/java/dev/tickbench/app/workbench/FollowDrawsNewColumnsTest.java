package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.ConnectionEvent;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.testkit.RouterCapture;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Drawing only what changed, structurally (issue 25, "Cost"): while a live session is followed, each
 * step of the time axis makes a track read the points that arrived since its last drawing and its
 * last pixel column again, never the thousands of points it shows (docs/workbench-charts.md,
 * "Redraws"). No timing: points read per drawing, against points appended and points shown.
 */
@ExtendWith(ApplicationExtension.class)
class FollowDrawsNewColumnsTest {
    private WindowFixture w;
    private Feeder feeder;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    @AfterEach
    void stop() {
        if (feeder != null) {
            feeder.close();
        }
    }

    /** The router fixture's 100 Hz lines, sent five times faster than real time until closed. */
    static final class Feeder implements Connection {
        private final List<byte[]> lines;
        private volatile boolean closed;
        private Thread thread;

        Feeder(List<byte[]> lines) {
            this.lines = lines;
        }

        /** The router fixture's first {@code seconds} at 100 Hz (kmsg records, throttle lines, no gap). */
        static Feeder routerFixture(int seconds) throws java.io.IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new RouterCapture(100, seconds, 60, -1).write(out);
            List<byte[]> lines = new ArrayList<>();
            out.toString(StandardCharsets.UTF_8).lines().forEach(l -> lines.add((l + "\n").getBytes(StandardCharsets.UTF_8)));
            return new Feeder(lines);
        }

        @Override
        public String title() {
            return "the router fixture";
        }

        @Override
        public void start(LineSink sink, Consumer<ConnectionEvent> events) {
            thread = new Thread(() -> {
                try {
                    for (int i = 0; i < lines.size() && !closed; i++) {
                        byte[] b = lines.get(i);
                        sink.line(b, 0, b.length);
                        if (i == 0) {
                            events.accept(new ConnectionEvent.Connected("replaying the router fixture as if live"));
                        }
                        if (i % 50 == 0) {
                            Thread.sleep(100); // 50 ticks per 100 ms: five times real time
                        }
                    }
                } catch (Exception e) {
                    events.accept(new ConnectionEvent.Dropped(String.valueOf(e)));
                }
            }, "test-feeder");
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void aFollowStepReadsTheNewPointsNotThoseOnScreen() throws Exception {
        feeder = Feeder.routerFixture(300);
        fx(() -> { w.vm.connect(feeder); return null; });
        // a full window (60 s) of the CPU track, followed
        until("a minute of CPU busy, followed", () -> {
            ChartView cpu = w.view.charts().chart("cpu");
            var s = w.vm.storeProperty().get();
            return cpu != null && s != null && s.latestX() - s.firstX() > 70 && w.vm.window().isFollow()
                    && cpu.lastLineDraw().shown() > 5000;
        });
        // points appended after a follow step set the axis but right of it are read at the next step:
        // counted from one drawing before the first one measured, and summed over the steps
        ChartView.LineDraw before = fx(() -> w.view.charts().chart("cpu").lastLineDraw());
        until("the next drawing of the CPU track", () -> w.view.charts().chart("cpu").lastLineDraw().draws() > before.draws());
        ChartView.LineDraw previous = fx(() -> w.view.charts().chart("cpu").lastLineDraw());
        int lines2 = 2; // busy and iowait
        long read = 0;
        long slack = 0;
        ChartView.LineDraw now = previous;
        for (int steps = 0; steps < 6; steps++) {
            ChartView.LineDraw prev = previous;
            until("the next drawing of the CPU track", () -> w.view.charts().chart("cpu").lastLineDraw().draws() > prev.draws());
            now = fx(() -> w.view.charts().chart("cpu").lastLineDraw());
            long perColumn = now.shown() / Math.max(1, now.columns()) + 1;
            // the last column of each line once more (plus the points either side)
            slack += lines2 * (2 * perColumn + 2);
            read += now.pointsRead();
            assertTrue(now.shown() > 10 * now.pointsRead(), "drawing " + now.draws() + ": " + now.shown() + " shown, "
                    + now.pointsRead() + " read");
            previous = now;
        }
        long added = now.appended() - before.appended();
        assertTrue(read <= added + slack, "6 drawings read " + read + " points; " + added + " were appended since the drawing"
                + " before them (" + now.shown() + " shown)");
    }
}
