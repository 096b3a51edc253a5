package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.cgroup.CgroupMount;
import dev.tickbench.core.cgroup.CgroupVersion;
import dev.tickbench.core.cgroup.Mounts;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Prerequisites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Connect ▾ ▸ This machine, one cgroup…: a cgroup the test makes with a busy loop in it, typed as its
 * path, becomes this machine's cgroup target, as an SSH host's form makes one: the title names it and its
 * CPU usage comes as a series of its own, with the loop's CPU. What is neither a PID nor a path is said
 * in the dialog, which stays open.
 */
@ExtendWith(ApplicationExtension.class)
class LocalCgroupTargetTest {
    private WindowFixture w;
    private final List<Path> dirs = new ArrayList<>();
    private Process loop;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    @BeforeEach
    void needs() {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: the test needs Linux");
        Prerequisites.require(Prerequisites.root(), "not running as root (creating cgroups needs it)");
    }

    @AfterEach
    void close() throws Exception {
        fx(() -> {
            w.vm.shutdown();
            return null;
        });
        if (loop != null) {
            loop.destroyForcibly();
            loop.waitFor(30, TimeUnit.SECONDS);
        }
        for (Path d : dirs) {
            // the loop is gone; the kernel lets an empty cgroup go at once, or very soon after its last task
            WindowFixture.until("cgroup " + d + " removed", () -> {
                try {
                    Files.deleteIfExists(d);
                    return true;
                } catch (java.nio.file.FileSystemException busy) {
                    return false;
                }
            });
        }
    }

    @Test
    void aCgroupTypedAsItsPathIsThisMachinesTarget(FxRobot robot) throws Exception {
        Mounts mounts = Mounts.read(SystemRoots.live());
        CgroupMount cpu = mounts.cpuHierarchy();
        String name = "tickbench-target-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        dirs.add(cpu.mountPoint().resolve(name));
        if (cpu.version() == CgroupVersion.V1) {
            mounts.cpuacctV1()
                    .filter(a -> !cpu.cpuacct())
                    .ifPresent(a -> dirs.add(a.mountPoint().resolve(name)));
        }
        for (Path d : dirs) {
            Files.createDirectory(d);
        }
        loop = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        for (Path d : dirs) {
            Files.writeString(d.resolve("cgroup.procs"), Long.toString(loop.pid()));
        }

        robot.clickOn("#connect-menu").clickOn("This machine, one cgroup…");
        TextField field = robot.lookup("#local-target").queryAs(TextField.class);
        robot.clickOn(field).write("nginx");
        robot.clickOn("OK");
        Label error = robot.lookup("#local-target-error").queryAs(Label.class);
        assertEquals("Target: a PID or a cgroup path starting with '/', got 'nginx'", fx(error::getText));
        assertTrue(fx(() -> field.getScene().getWindow().isShowing()), "the dialog stays open");
        fx(() -> {
            field.setText("/" + name);
            return null;
        });
        robot.clickOn("OK");

        until(
                () -> "the title naming the target: " + w.vm.titleProperty().get(),
                () -> w.vm.titleProperty().get().contains("this machine · cgroup /" + name));
        until(
                () -> "the cgroup's CPU usage with the loop's CPU: " + usage(),
                () -> usage().filter(s -> s.line().stored() > 3 && s.line().lastRead() > 0.05)
                        .isPresent());
        Series s = usage().orElseThrow();
        assertTrue(s.name().contains(name), s.name());
        assertTrue(
                s.line().lastRead() <= 1.05,
                "one loop, at most one CPU: " + s.line().lastRead());
    }

    /** The target's CPU usage series in the shown store (a message too: read on any thread, the store is). */
    private Optional<Series> usage() {
        SeriesStore store = w.vm.storeProperty().get();
        return store == null
                ? Optional.empty()
                : store.series().stream()
                        .filter(x -> x.name().startsWith("cgroup.") && x.name().endsWith(".usage_cpus"))
                        .findFirst();
    }
}
