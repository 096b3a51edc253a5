package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.RouterCapture;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * What the window lets go when its owner goes (docs/workbench-charts.md, "Memory"): a capture replaced by
 * another capture, a live session replaced by a new one, and a closed What changed? window's ranking leave
 * nothing of theirs reachable from the window (a weak reference to the store clears after a collection; when it does not, the path that holds
 * it is the failure's message).
 */
@ExtendWith(ApplicationExtension.class)
class ReleasedOwnersTest {
    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    @AfterEach
    void close() throws Exception {
        fx(() -> {
            w.vm.shutdown();
            return null;
        });
    }

    @Test
    void aCaptureReplacedByAnotherIsLetGo() throws Exception {
        w.replayed(fx(() -> w.view.openCapture(RouterCapture.small(dir.resolve("a.ndjson.gz")))));
        WeakReference<SeriesStore> first =
                new WeakReference<>(fx(() -> w.vm.storeProperty().get()));
        w.replayed(fx(() -> w.view.openCapture(RouterCapture.small(dir.resolve("b.ndjson.gz")))));
        w.drawn();
        assertNotSame(first.get(), fx(() -> w.vm.storeProperty().get()));
        Retained.letGo(w, "the first capture's store", first);
    }

    @Test
    void aLiveSessionReplacedByANewOneIsLetGo() throws Exception {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: the test needs Linux");
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        until("this machine's samples", () -> w.samples() > 5);
        WeakReference<SeriesStore> first =
                new WeakReference<>(fx(() -> w.vm.storeProperty().get()));
        fx(() -> {
            w.vm.connectLocal(); // a new connection: a new store, shown once it connected
            return null;
        });
        until("the new session shown", () -> w.vm.storeProperty().get() != first.get() && w.samples() > 5);
        w.drawn();
        Retained.letGo(w, "the replaced session's store", first);
    }

    @Test
    void aClosedWhatChangedWindowLetsGoOfItsRanking() throws Exception {
        w.replayed(fx(() -> w.view.openCapture(RouterCapture.small(dir.resolve("a.ndjson.gz")))));
        var diff = fx(() -> w.view.diff());
        var vm = diff.model();
        fx(() -> {
            diff.show(w.view.getScene().getWindow());
            vm.aFromProperty().set("0");
            vm.aToProperty().set("10");
            vm.bFromProperty().set("10");
            vm.bToProperty().set("30");
            vm.rank();
            return null;
        });
        until("the ranking", () -> !vm.rows().isEmpty());
        WeakReference<Object> ranking =
                new WeakReference<>(fx(() -> vm.resultProperty().get()));
        fx(() -> {
            w.view.diff().show(null).getScene().getWindow().hide();
            return null;
        });
        Retained.letGo(w, "the closed window's ranking", ranking);
        assertEquals("10", fx(() -> vm.bFromProperty().get()), "the ranges typed stay");
    }

    @Test
    void aRankingStillRunningWhenTheWindowClosesIsNotShown() throws Exception {
        w.replayed(fx(() -> w.view.openCapture(RouterCapture.small(dir.resolve("a.ndjson.gz")))));
        var diff = fx(() -> w.view.diff());
        var vm = diff.model();
        // ranked and closed in one turn: the ranking cannot have been shown before the window closed
        javafx.concurrent.Task<?> task = fx(() -> {
            diff.show(w.view.getScene().getWindow());
            vm.aFromProperty().set("0");
            vm.aToProperty().set("10");
            vm.bFromProperty().set("10");
            vm.bToProperty().set("30");
            javafx.concurrent.Task<?> t = vm.rank();
            w.view.diff().show(null).getScene().getWindow().hide();
            return t;
        });
        until(
                "the ranking's end",
                () -> fx(task::isDone) && !fx(() -> vm.busyProperty().get()));
        assertEquals(null, fx(() -> vm.resultProperty().get()), "no ranking kept for a closed window");
        assertTrue(fx(() -> vm.rows().isEmpty()));
    }
}
