package dev.tickbench.app.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.Showing;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.RouterCapture;
import dev.tickbench.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session controller without a toolkit (as JabRef tests its view-models): one plain thread is its UI
 * thread, and what it tells the window is recorded. A capture is replayed and shown whole; the in-process
 * sampler on a fixture board is shown once it connected, recorded, and a start that fails leaves it shown.
 */
class SessionControllerTest {
    @TempDir
    Path dir;

    private final ExecutorService ui = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-ui"));
    private final Told told = new Told();
    private SessionController controller;

    /** What the window heard, in order; each on the UI thread. */
    static final class Told implements SessionView {
        final List<String> said = new CopyOnWriteArrayList<>();
        volatile Showing showing;
        volatile SessionInfo session;
        final List<TimeMark> marks = new CopyOnWriteArrayList<>();
        volatile Connection connection;

        @Override
        public void showing(Showing now) {
            showing = now;
            marks.clear();
            said.add("showing " + now.source());
        }

        @Override
        public void session(SessionInfo info) {
            session = info;
        }

        @Override
        public void marked(TimeMark mark) {
            marks.add(mark);
        }

        @Override
        public void connection(Connection c) {
            connection = c;
        }

        @Override
        public void recording(boolean on, String indicator) {
            said.add("recording " + on);
        }

        @Override
        public void loading(boolean on) {
            said.add("loading " + on);
        }

        @Override
        public void status(String text) {
            said.add("status " + text);
        }

        @Override
        public void error(String text) {
            if (!text.isEmpty()) {
                said.add("error " + text);
            }
        }

        @Override
        public void notice(String text) {
            said.add("notice " + text);
        }

        boolean heard(String start) {
            return said.stream().anyMatch(s -> s.startsWith(start));
        }
    }

    @BeforeEach
    void controller() throws Exception {
        Spool spool =
                new Spool(dir.resolve("spool"), Spool.DEFAULT_MAX_BYTES, Spool.DEFAULT_MAX_AGE_NS, System::nanoTime);
        controller = on(() -> new SessionController(ui, told, spool, SeriesCatalogue.standard()));
    }

    @AfterEach
    void stop() throws Exception {
        on(() -> {
            controller.shutdown();
            return null;
        });
        ui.shutdownNow();
    }

    private <T> T on(Callable<T> c) throws Exception {
        return ui.submit(c).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }

    @Test
    void aCaptureIsShownWholeWithItsSessionAndWhatHappened() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson"));
        SeriesStore store = on(() -> controller.beginReplay(file));
        assertEquals(Showing.Origin.REPLAY, told.showing.origin());
        assertEquals(file, told.showing.replayFile());
        assertSame(store, told.showing.selection().store(), "the selection is the shown store's");
        assertTrue(told.heard("loading true"));
        // the worker's part: the capture read into the store
        CaptureLoader.Result r = CaptureLoader.load(file, store, (a, b) -> {}, () -> false);
        assertTrue(on(() -> controller.finishReplay(store, r)));
        assertEquals("loading false", told.said.get(told.said.size() - 2));
        assertEquals(
                "status Opened edge-router-3.ndjson: " + r.lines() + " lines", told.said.get(told.said.size() - 1));
        Waits.until("the hello told", () -> told.session != null);
        assertEquals("edge-router-3 (MikroTik RB5009, 5.6.3)", told.session.hostText());
        Waits.until(
                "the capture's marks told",
                () -> told.marks.size() == store.marks().size());
        assertEquals(store.firstX(), on(() -> controller.window().min()), 0, "the whole capture, paused");
        assertEquals(store.latestX(), on(() -> controller.window().max()), 0);
        assertFalse(on(() -> controller.window().isFollow()));
        assertEquals(
                TitleModel.title("edge-router-3.ndjson", told.session, ""),
                "Tickbench — edge-router-3.ndjson · edge-router-3 (MikroTik RB5009, 5.6.3) · 100 Hz · FLOOR_HZ off");
    }

    @Test
    void thisMachinesSamplerIsShownOnceItConnectedRecordsAndAFailedStartLeavesItShown() throws Exception {
        LocalConnection board =
                new LocalConnection(LocalConnection.config(Boards.roots(Boards.SBC), 50, null), Map.of());
        on(() -> {
            controller.connect(board, ConnectOutcome.NONE);
            return null;
        });
        // the connection is told before its status, in one turn of the UI thread: both are awaited
        Waits.until(
                Waits.DEADLINE,
                () -> "the board's session shown and said: " + told.said,
                () -> told.showing != null
                        && told.connection == board
                        && told.heard("status Connected: sampling board tree "));
        Showing shown = told.showing;
        assertEquals(Showing.Origin.LOCAL, shown.origin());
        assertSame(board, on(() -> controller.intake().connection()), "the live connection, none pending");
        Waits.until("samples of the board", () -> shown.store().samples() > 10);
        assertEquals(50, told.session.rateHz());

        Path rec = dir.resolve("rec.ndjson");
        on(() -> {
            controller.startRecording(rec);
            return null;
        });
        assertTrue(told.heard("recording true"));
        long at = shown.store().samples();
        Waits.until("a few recorded ticks", () -> shown.store().samples() > at + 10);
        assertEquals(rec, on(controller::stopRecording));
        assertTrue(told.heard("notice Saved " + rec + " ("), told.said.toString());
        List<String> lines = Files.readAllLines(rec, StandardCharsets.UTF_8);
        assertTrue(lines.get(0).startsWith("{\"type\":\"hello\""), lines.get(0));

        // FLOOR_HZ from an environment that makes no sense: the sampler does not start, and nothing changes
        LocalConnection bad = new LocalConnection(
                LocalConnection.config(Boards.roots(Boards.SBC), 50, null), Map.of("FLOOR_HZ", "fast"));
        on(() -> {
            controller.connect(bad, ConnectOutcome.NONE);
            return null;
        });
        Waits.until(
                Waits.DEADLINE,
                () -> "the failure told: " + told.said,
                () -> told.said.stream().anyMatch(s -> s.startsWith("error ")));
        String error = told.said.stream()
                .filter(s -> s.startsWith("error "))
                .findFirst()
                .orElseThrow();
        assertTrue(error.contains("FLOOR_HZ") && error.endsWith("(Still showing " + shown.source() + ".)"), error);
        assertSame(shown, told.showing, "the board's session is still shown");
        assertSame(board, told.connection);
        long after = shown.store().samples();
        Waits.until("the board's session going on", () -> shown.store().samples() > after + 10);
    }
}
