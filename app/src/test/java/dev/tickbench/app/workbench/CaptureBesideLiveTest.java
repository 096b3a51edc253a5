package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.Showing;
import dev.tickbench.app.session.StoreListener;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.app.trigger.TriggersViewModel;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.RouterCapture;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A capture opens beside the live session, never instead of it: a trigger armed on this machine before
 * the capture was opened fires while the capture is shown, the flight recorder saves its seconds, and the
 * live store goes on growing; "◂ Live: this machine" shows that same store again, following, and the
 * capture's store is let go. Going back while the capture is still read stops reading it.
 */
@ExtendWith(ApplicationExtension.class)
class CaptureBesideLiveTest {
    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    @BeforeEach
    void needsProc() {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: the test needs Linux");
    }

    @AfterEach
    void close() throws Exception {
        fx(() -> {
            w.vm.shutdown();
            return null;
        });
    }

    @Test
    void anArmedTriggerFiresWhileACaptureIsShownAndLiveComesBack() throws Exception {
        TriggersViewModel t = fx(() -> TabsSeen.triggers(w.view.tabs()));
        Path saved = dir.resolve("triggered");
        fx(() -> {
            t.recorder(saved, Duration.ofSeconds(2), Duration.ofSeconds(1));
            w.vm.connectLocal();
            return null;
        });
        until("this machine's session", () -> t.availableProperty().get() && w.samples() > 5);
        SeriesStore live = fx(() -> w.vm.storeProperty().get());
        Connection connection = fx(() -> w.vm.connectionProperty().get());
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));

        // armed, and the capture opened in the same turn: a condition fires once its 1 s window is full,
        // so it fires after the capture is shown
        Path recorded = dir.resolve("live.ndjson.gz");
        Task<?> open = fx(() -> {
            w.vm.startRecording(recorded); // the live session is recorded, not the capture
            assertTrue(t.arm("busy: cpu.busy_pct >= 0"), t.errorProperty().get());
            return w.view.openCapture(file);
        });
        w.replayed(open);
        java.lang.ref.WeakReference<SeriesStore> capture =
                new java.lang.ref.WeakReference<>(fx(() -> w.vm.storeProperty().get()));
        assertEquals(
                Showing.Origin.REPLAY, fx(() -> w.vm.showingProperty().get().origin()));
        until("the trigger fired while the capture is shown", () -> t.fired().size() == 1);
        assertEquals(
                Showing.Origin.REPLAY, fx(() -> w.vm.showingProperty().get().origin()), "still the capture");
        assertSame(connection, fx(() -> w.vm.connectionProperty().get()), "the live connection goes on");
        assertEquals(1, fx(() -> t.armed().size()), "still armed: " + fx(() -> t.armed()));
        until("its seconds saved by the flight recorder", () -> t.saved().size() == 1);
        long at = live.samples();
        until("the live store growing behind the capture", () -> live.samples() > at + 10);
        assertTrue(
                live.marks().stream().anyMatch(m -> m.kind() == TimeMark.Kind.TRIGGER),
                "the firing marked in the live store");

        until("the title names the capture and the live session recorded behind it", () -> {
            String title = w.vm.titleProperty().get();
            return title.startsWith("Tickbench — edge-router-3.ndjson.gz · ")
                    && title.contains(" · live behind: this machine ● REC ");
        });

        Button back = fx(() -> (Button) w.view.lookup("#back-to-live"));
        assertTrue(fx(back::isVisible), "the way back shown while the capture is");
        assertEquals("◂ Live: this machine", fx(back::getText));
        fx(() -> {
            back.fire(); // not the robot's click: TestFX keeps the mouse events it fires, and their targets with them
            return null;
        });
        until("the live session shown again", () -> w.vm.showingProperty().get().origin() == Showing.Origin.LOCAL);
        assertSame(live, fx(() -> w.vm.storeProperty().get()), "the same store, with what came meanwhile");
        assertTrue(fx(() -> w.vm.window().isFollow()), "following");
        assertTrue(fx(() -> !back.isVisible()), "no way back needed");
        String title = fx(() -> w.vm.titleProperty().get());
        assertTrue(title.startsWith("Tickbench — this machine · ") && title.contains(" · ● REC "), title);
        assertTrue(!title.contains("live behind"), title);
        assertEquals(recorded, fx(() -> w.vm.stopRecording()));
        open = null;
        Retained.letGo(w, "the capture's store, once the live session is shown", capture);
    }

    @Test
    void goingBackWhileACaptureIsReadStopsReadingIt() throws Exception {
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        until("this machine's session", () -> w.samples() > 5);
        SeriesStore live = fx(() -> w.vm.storeProperty().get());
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        // the reader is held inside its first batch until the user went back: no race with a fast disk
        CountDownLatch read = new CountDownLatch(1);
        CountDownLatch wentBack = new CountDownLatch(1);
        StoreListener hold = new StoreListener() {
            @Override
            public void flushed() {
                read.countDown();
                try {
                    wentBack.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException cancelled) {
                    Thread.currentThread().interrupt(); // the cancel interrupts the reader: it stops at its next check
                }
            }
        };
        Task<?>[] open = new Task<?>[1];
        WeakReference<SeriesStore> capture = fx(() -> {
            open[0] = w.view.openCapture(file);
            SeriesStore s = w.vm.storeProperty().get();
            s.addListener(hold);
            return new WeakReference<>(s);
        });
        assertTrue(read.await(60, TimeUnit.SECONDS), "the capture's first batch read");
        assertTrue(fx(() -> open[0].isRunning() && w.vm.loadingProperty().get()), "still being read");
        fx(() -> {
            ((Button) w.view.lookup("#back-to-live")).fire();
            return null;
        });
        wentBack.countDown();
        until("the read stopped", () -> fx(() -> open[0].getState() == Worker.State.CANCELLED));
        assertSame(live, fx(() -> w.vm.storeProperty().get()));
        assertFalse(fx(() -> w.vm.loadingProperty().get()), "nothing loading");
        assertFalse(fx(() -> w.vm.taskBusyProperty().get()), "the task slot free: an export can run");
        assertTrue(fx(() -> w.vm.window().isFollow()), "following the live session");
        open[0] = null;
        Retained.letGo(w, "the capture's store, its read stopped", capture);
    }
}
