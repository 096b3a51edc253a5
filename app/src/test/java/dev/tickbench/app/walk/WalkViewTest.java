package dev.tickbench.app.walk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Waits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Semaphore;
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
    /** Walk windows the scripted walk gives (each rewrites the counters at once). */
    private static final int WINDOWS = 2;

    @TempDir
    static Path tree;

    private WalkViewModel vm;
    private WalkView view;

    @Start
    void start(Stage stage) throws Exception {
        CgroupFixture f = new CgroupFixture(tree);
        var scripted = f.podThrottles();
        // the scripted window rewrites the counters at once: it gives WINDOWS windows, then waits for Stop (which
        // interrupts it), so the walk loop neither spins nor changes what the test reads once they are shown
        Semaphore windows = new Semaphore(WINDOWS);
        vm = new WalkViewModel(
                f.roots(),
                w -> {
                    windows.acquire();
                    return scripted.await(w);
                },
                Duration.ofSeconds(2),
                Platform::runLater);
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
        fx(() -> {
            vm.refreshProcesses();
            vm.targetProperty().set("4242");
            vm.start();
            return null;
        });
        // a point per window for each level with a throttled time: the kubepods slice, the burstable slice, the pod,
        // the container
        until(WINDOWS + " windows in the chart", () -> WalkSeen.points(view) == WINDOWS * 4);
        // the table's rows take their items, and the pod's row its pseudo-class, at the layout after the last window
        until(
                "the pod's row, and only it, drawn as enforcing",
                () -> enforcing().equals(List.of(CgroupFixture.POD)));

        assertEquals(List.of(CgroupFixture.POD), fx(this::enforcing));
        assertEquals(WINDOWS * 4, fx(() -> WalkSeen.points(view)));
        assertEquals(
                "pod level throttles: 0.5 CPU quota, 90 % of periods throttled in the last 2 s; "
                        + "the container's own counters are flat",
                fx(() -> view.verdict().getText()));
        Node podRow = fx(() -> view.table().lookupAll(".table-row-cell").stream()
                .filter(n -> n.getPseudoClassStates().contains(WalkView.ENFORCING))
                .findFirst()
                .orElseThrow());
        assertTrue(fx(() -> podRow.isVisible()));
        assertEquals(1, fx(() -> vm.processes().size()), "the fixture's one process");
    }

    /** The paths of the table rows drawn with the {@code :enforcing} pseudo-class (FX thread). */
    private List<String> enforcing() {
        return view.table().lookupAll(".table-row-cell").stream()
                .filter(n -> n.getPseudoClassStates().contains(WalkView.ENFORCING))
                .map(n -> ((TableRow<?>) n).getItem())
                .map(i -> ((LevelRow) i).path())
                .toList();
    }

    /** Polls {@code c} on the FX thread until it holds, with the suite's deadline. */
    private static void until(String what, Callable<Boolean> c) {
        Waits.until(what, () -> {
            try {
                return fx(c);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }
}
