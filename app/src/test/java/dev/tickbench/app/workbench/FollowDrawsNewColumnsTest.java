package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartDiagnostics;
import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.ConnectionEvent;
import dev.tickbench.app.session.TimeWindow;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.testkit.RouterCapture;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Drawing only what changed, structurally ("Cost"): while a live session is followed, each
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
            return routerFixture(seconds, l -> true);
        }

        /** The same, only the lines {@code keep} keeps. */
        static Feeder routerFixture(int seconds, Predicate<String> keep) throws java.io.IOException {
            return routerFixture(seconds, -1, keep);
        }

        /** The same with a gap (50 ticks lost) at tick {@code gapAtTick} (-1: none). */
        static Feeder routerFixture(int seconds, int gapAtTick, Predicate<String> keep) throws java.io.IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new RouterCapture(100, seconds, 60, gapAtTick).write(out);
            List<byte[]> lines = new ArrayList<>();
            out.toString(StandardCharsets.UTF_8)
                    .lines()
                    .filter(keep)
                    .forEach(l -> lines.add((l + "\n").getBytes(StandardCharsets.UTF_8)));
            return new Feeder(lines);
        }

        @Override
        public String title() {
            return "the router fixture";
        }

        @Override
        public void start(LineSink sink, Consumer<ConnectionEvent> events) {
            thread = new Thread(
                    () -> {
                        try {
                            for (int i = 0; i < lines.size() && !closed; i++) {
                                byte[] b = lines.get(i);
                                sink.line(b, 0, b.length);
                                if (i == 0) {
                                    events.accept(
                                            new ConnectionEvent.Connected("replaying the router fixture as if live"));
                                }
                                if (i % 50 == 0) {
                                    Thread.sleep(100); // 50 ticks per 100 ms: five times real time
                                }
                            }
                        } catch (Exception e) {
                            events.accept(new ConnectionEvent.Dropped(String.valueOf(e)));
                        }
                    },
                    "test-feeder");
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
        fx(() -> {
            w.vm.connect(feeder);
            return null;
        });
        // a full window (60 s) of the CPU track, followed
        until("a minute of CPU busy, followed", () -> {
            var cpu = w.track("cpu");
            var s = w.vm.storeProperty().get();
            return cpu != null
                    && s != null
                    && s.latestX() - s.firstX() > 70
                    && w.vm.window().isFollow()
                    && cpu.shown() > 5000;
        });
        // points appended after a follow step set the axis but right of it are read at the next step:
        // counted from one drawing before the first one measured, and summed over the steps
        ChartDiagnostics.Track before = fx(() -> w.track("cpu"));
        until("the next drawing of the CPU track", () -> w.track("cpu").lineDraws() > before.lineDraws());
        ChartDiagnostics.Track previous = fx(() -> w.track("cpu"));
        ChartDiagnostics.Track beforePrevious = before;
        int lines2 = 2; // busy and iowait
        long read = 0;
        long slack = 0;
        ChartDiagnostics.Track now = previous;
        for (int steps = 0; steps < 6; steps++) {
            ChartDiagnostics.Track prev = previous;
            until("the next drawing of the CPU track", () -> w.track("cpu").lineDraws() > prev.lineDraws());
            now = fx(() -> w.track("cpu"));
            long perColumn = now.shown() / Math.max(1, now.columns()) + 1;
            // the last column of each line once more (plus the points either side)
            long again = lines2 * (2 * perColumn + 2);
            slack += again;
            read += now.pointsRead();
            // what a drawing reads is what came since the one before, however late it is (a busy machine draws
            // seconds of points at once), never the points already on screen. A point handed over after a
            // follow step set the window lies right of it and is read by the next drawing: counted from the
            // drawing before the one before (under load a flush often lands between a step and its drawing)
            long came = now.appended() - beforePrevious.appended();
            assertTrue(
                    now.pointsRead() <= came + again && now.pointsRead() < now.shown(),
                    "drawing " + now.lineDraws() + ": " + now.pointsRead() + " read, " + came
                            + " appended since the drawing before the one before, " + now.shown() + " shown");
            beforePrevious = prev;
            previous = now;
        }
        long added = now.appended() - before.appended();
        assertTrue(
                read <= added + slack,
                "6 drawings read " + read + " points; " + added + " were appended since the drawing" + " before them ("
                        + now.shown() + " shown)");
    }

    /**
     * Each track on screen draws once per follow step, not again in the pulse after: the step
     * ends the window at the newest point the charts have been handed (SeriesStore.publishedX), so the
     * points that reach them before the next step lie right of it and redraw nothing. It ended at the
     * newest point decoded, up to a flush period ahead: the next batch then fell inside the window and
     * the busy, memory and PSI tracks drew a second time each step.
     *
     * <p>No throttle lines (a throttle point has its sample's time, so one that comes after the batch of
     * its sample lands inside the window: a real change, drawn) and no kmsg records (a mark is drawn when
     * it comes). Watched: the tracks drawn as lines of all their series, since a level's emission marks
     * join a chart when the first arrives and a ranked track may change what it draws every 2 s, each a
     * redraw of its own.
     */
    @Test
    void eachTrackOnScreenDrawsOncePerFollowStep() throws Exception {
        feeder = Feeder.routerFixture(
                300, l -> !l.startsWith("{\"type\":\"throttle\"") && !l.startsWith("{\"type\":\"kmsg\""));
        fx(() -> {
            w.vm.connect(feeder);
            return null;
        });
        until("the tracks drawn and followed", () -> {
            var cpu = w.track("cpu");
            var s = w.vm.storeProperty().get();
            return cpu != null
                    && cpu.redraws() > 0
                    && s != null
                    && s.latestX() - s.firstX() > 10
                    && w.vm.window().isFollow();
        });
        w.drawn();
        List<String> watched = fx(() -> w.view.charts().tracks().stream()
                .filter(v -> v.isOnScreen()
                        && !v.group().steps()
                        && v.group().picks().all())
                .map(v -> v.group().id())
                .toList());
        assertTrue(watched.contains("cpu"), "watched: " + watched);
        // the redraws of each watched track from one follow step to the next (FX thread)
        List<Map<String, Long>> betweenSteps = new ArrayList<>();
        Map<String, Long> last = new LinkedHashMap<>();
        TimeWindow.Listener step = tw -> {
            Map<String, Long> d = new LinkedHashMap<>();
            for (String g : watched) {
                long now = w.track(g).redraws();
                Long was = last.put(g, now);
                if (was != null) {
                    d.put(g, now - was);
                }
            }
            if (!d.isEmpty()) {
                betweenSteps.add(d);
            }
        };
        fx(() -> {
            step.windowChanged(null);
            w.vm.window().addListener(step);
            return null;
        });
        try {
            until("6 follow steps", () -> betweenSteps.size() >= 6);
        } finally {
            fx(() -> {
                w.vm.window().removeListener(step);
                return null;
            });
        }
        List<Map<String, Long>> seen = fx(() -> List.copyOf(betweenSteps));
        for (Map<String, Long> d : seen) {
            d.forEach((g, n) -> assertTrue(n <= 1, g + " drew " + n + " times for one follow step: " + seen));
        }
        // and they did follow: every watched track drew for the steps (the first may have come before it was watched)
        Map<String, Long> total = new LinkedHashMap<>();
        seen.forEach(d -> d.forEach((g, n) -> total.merge(g, n, Long::sum)));
        total.forEach(
                (g, n) -> assertTrue(n >= seen.size() - 1, g + " drew " + n + " times in " + seen.size() + " steps"));
        assertEquals(watched.size(), total.size());
    }
}
