package dev.tickbench.app.ui;

import static dev.tickbench.app.ui.WindowFixture.fx;
import static dev.tickbench.app.ui.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.capture.FixtureCapture;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.live.ChartGroup;
import dev.tickbench.app.walk.CgroupFixture;
import dev.tickbench.app.walk.WalkView;
import dev.tickbench.app.walk.WalkViewModel;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import javafx.application.Platform;
import javafx.scene.control.Tab;
import java.nio.file.Path;
import javafx.concurrent.Worker;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Renders the main views to assets/screenshots/ in a real window. Needs a display: run under Xvfb,
 * {@code xvfb-run -a mvn -B -q -pl app -am test -Dgroups=xvfb -Dapp.excludedGroups=bench
 * -Dapp.headless=false -Dapp.glass=gtk -Dtest=ScreenshotsTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("xvfb")
@ExtendWith(ApplicationExtension.class)
class ScreenshotsTest {
    private static final Path OUT = Path.of(System.getProperty("user.dir")).resolve("../assets/screenshots").normalize();
    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1440, 1000);
    }

    @Test
    void replayOfABoardCapture() throws Exception {
        Files.createDirectories(OUT);
        Path file = dir.resolve("edge-router-3.ndjson.gz");
        new FixtureCapture(100, 180, 34, 9500).write(file);
        var task = fx(() -> w.view.openCapture(file));
        until("the replay", 30_000, () -> task.getState() == Worker.State.SUCCEEDED && w.vm.replayProperty().get());
        Thread.sleep(1500);
        shot("replay-window.png", null);
        fx(() -> { w.view.savePng(w.view.charts().getContent(), OUT.resolve("replay-all-charts.png")); return null; });
        // zoomed in around the gap: held steps, change and heartbeat marks, the gap band, a kmsg line
        double start = FixtureCapture.START_WALL_NS / 1e9;
        fx(() -> { w.vm.window().userRange(start + 92, start + 104); return null; });
        Thread.sleep(1500);
        fx(() -> { w.view.savePng(w.view.charts().getContent(), OUT.resolve("replay-zoomed-charts.png")); return null; });
        fx(() -> { w.view.savePng(w.view.charts().charts().get(ChartGroup.THROTTLE), OUT.resolve("throttle-chart.png")); return null; });
        assertTrue(Files.size(OUT.resolve("replay-window.png")) > 10_000);
    }

    @Test
    void liveOnThisMachine() throws Exception {
        if (!LocalConnection.available()) {
            return; // only Linux has a live view of its own
        }
        Files.createDirectories(OUT);
        fx(() -> { w.vm.connectLocal(); return null; });
        until("points", 15_000, () -> w.view.charts().charts().get(ChartGroup.CPU) != null
                && w.view.charts().charts().get(ChartGroup.CPU).pointCount() > 300);
        Thread.sleep(4000);
        shot("live-window.png", null);
        fx(() -> { w.vm.closeConnection(); return null; });
    }

    @Test
    void pathWalkOnTheKubernetesFixture() throws Exception {
        Files.createDirectories(OUT);
        CgroupFixture f = new CgroupFixture(Files.createDirectories(dir.resolve("tree")));
        var scripted = f.podThrottles();
        WalkViewModel vm = new WalkViewModel(f.roots(), win -> { Thread.sleep(300); return scripted.await(win); },
                WorkbenchTabs.WALK_WINDOW, Platform::runLater);
        // the real window around a walk view on the fixture tree: a Path walk tab like the app's
        Tab tab = fx(() -> {
            Tab t = new Tab("Path walk (fixture tree)", new WalkView(vm));
            t.setClosable(false);
            w.view.tabs().getTabs().add(2, t);
            w.view.tabs().getSelectionModel().select(t);
            vm.refreshProcesses();
            vm.targetProperty().set("4242");
            vm.start();
            return t;
        });
        until("walk points", 20_000, () -> ((WalkView) tab.getContent()).pointCount() >= 25);
        vm.stop();
        Thread.sleep(500);
        shot("walk-view.png", null);
        assertTrue(Files.size(OUT.resolve("walk-view.png")) > 10_000);
    }

    @Test
    void throttleOfABoardCapture() throws Exception {
        Files.createDirectories(OUT);
        Path file = dir.resolve("edge-router-3.ndjson.gz");
        new FixtureCapture(100, 180, 34, 9500).write(file);
        var tabs = w.view.tabs();
        fx(() -> { tabs.show(tabs.throttle()); return null; });
        var task = fx(() -> tabs.throttle().open(file));
        until("the trace", 30_000, () -> task.getState() == Worker.State.SUCCEEDED && tabs.throttle().whatIfPointCount() > 0);
        fx(() -> { tabs.throttleModel().whatIfProperty().set(4); return null; });
        Thread.sleep(1000);
        shot("throttle-view.png", null);
        assertTrue(Files.size(OUT.resolve("throttle-view.png")) > 10_000);
    }

    @Test
    void compareTheThreeAssetCaptures() throws Exception {
        Files.createDirectories(OUT);
        List<Path> assets;
        try (Stream<Path> s = Files.list(OUT.resolve("../captures").normalize())) {
            assets = s.filter(p -> p.toString().endsWith(".ndjson.gz")).sorted().toList();
        }
        var tabs = w.view.tabs();
        fx(() -> { tabs.show(tabs.compare()); return null; });
        var task = fx(() -> tabs.compare().load(assets));
        until("the comparison", 60_000, () -> task.getState() == Worker.State.SUCCEEDED);
        fx(() -> {
            if (tabs.compareModel().overlayChoices().contains("slabinfo.nf_conntrack")) {
                tabs.compareModel().overlaySeriesProperty().set("slabinfo.nf_conntrack");
            }
            return null;
        });
        until("the overlay", 30_000, () -> tabs.compare().overlay().getData().size() == 3);
        Thread.sleep(1000);
        shot("compare-view.png", null);
        assertTrue(Files.size(OUT.resolve("compare-view.png")) > 10_000);
    }

    private void shot(String name, Object unused) throws Exception {
        fx(() -> { w.view.savePng(w.view.getScene().getRoot(), OUT.resolve(name)); return null; });
    }
}
