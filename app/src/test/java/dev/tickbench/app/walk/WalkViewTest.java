package dev.tickbench.app.walk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Waits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TableRow;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Path walk view on the Kubernetes v2 fixture tree: the pod row is highlighted, the verdict names it. */
@ExtendWith(ApplicationExtension.class)
class WalkViewTest {
    @TempDir
    static Path tree;

    private WalkViewModel vm;
    private WalkView view;

    @Start
    void start(Stage stage) throws Exception {
        CgroupFixture f = new CgroupFixture(tree);
        var scripted = f.podThrottles();
        // the scripted window rewrites the counters at once; a short sleep keeps the walk loop from spinning
        vm = new WalkViewModel(f.roots(), w -> { Thread.sleep(100); return scripted.await(w); }, Duration.ofSeconds(2), Platform::runLater);
        view = new WalkView(vm);
        Scene scene = new Scene(view, 1200, 780);
        dev.tickbench.app.workbench.Theme.install(scene); // the colour sheet and the feature sheet, as the app
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void stop() {
        vm.stop();
    }

    @Test
    void walkingThePidHighlightsThePodLevel() throws Exception {
        fx(() -> { vm.refreshProcesses(); vm.targetProperty().set("4242"); vm.start(); return null; });
        WaitForAsyncUtils.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS, () -> fx(() -> view.pointCount() >= 4));

        List<String> enforcing = fx(() -> view.table().lookupAll(".table-row-cell").stream()
                .filter(n -> n.getPseudoClassStates().contains(WalkView.ENFORCING))
                .map(n -> ((TableRow<?>) n).getItem()).map(i -> ((LevelRow) i).path()).toList());
        assertEquals(List.of(CgroupFixture.POD), enforcing);
        assertEquals("pod level throttles: 0.5 CPU quota, 90 % of periods throttled in the last 2 s; "
                + "the container's own counters are flat", fx(() -> view.verdict().getText()));
        Node podRow = fx(() -> view.table().lookupAll(".table-row-cell").stream()
                .filter(n -> n.getPseudoClassStates().contains(WalkView.ENFORCING)).findFirst().orElseThrow());
        assertTrue(fx(() -> podRow.isVisible()));
        assertEquals(1, fx(() -> vm.processes().size()), "the fixture's one process");
    }

    static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }
}
