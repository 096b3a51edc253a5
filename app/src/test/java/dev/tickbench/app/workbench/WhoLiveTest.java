package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.session.WhoLog.Quantity;
import dev.tickbench.app.who.WhoLine;
import dev.tickbench.testkit.Prerequisites;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * "Who is doing it?" live on this machine: a busy loop and a process holding 200 MiB, started by the test,
 * are each named in the panel's process table at the latest read, by their pid, with the CPU and the
 * memory they really use (the loop: some CPU, however busy the machine; the hog: its 200 MiB resident).
 */
@ExtendWith(ApplicationExtension.class)
class WhoLiveTest {
    private WindowFixture w;
    private final List<Process> started = new ArrayList<>();

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    @BeforeEach
    void needsProc() {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: the live Who test needs Linux");
    }

    @AfterEach
    void close() throws Exception {
        for (Process p : started) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        fx(() -> {
            w.vm.shutdown();
            return null;
        });
    }

    @Test
    void aBusyLoopAndAMemoryHogAreNamedByTheirPids() throws Exception {
        Process loop = start("while :; do :; done");
        // tail keeps the last 200 MiB of its input until the input ends: resident, named tail
        Process hog = start("{ head -c 200M /dev/zero; exec sleep 600; } | tail -c 200M >/dev/null");
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        @SuppressWarnings("unchecked")
        TableView<WhoLine> table =
                fx(() -> (TableView<WhoLine>) w.view.getScene().lookup("#who-table"));
        Label scope = fx(() -> (Label) w.view.getScene().lookup("#who-scope"));

        long loopPid = loop.pid();
        until(
                () -> "the loop " + loopPid + " named with its CPU at the latest read (" + scope.getText() + "): "
                        + shown(table),
                () -> row(table, loopPid)
                        .filter(r -> r.value(Quantity.CPU) > 0.02 && r.value(Quantity.CPU) <= 1.05)
                        .isPresent());
        assertTrue(fx(scope::getText).startsWith("latest read "), fx(scope::getText));

        long tailPid = pidOf(() -> hog.descendants()
                .filter(h -> h.info().command().orElse("").endsWith("tail"))
                .findFirst()
                .map(ProcessHandle::pid)
                .orElse(-1L));
        until(
                () -> "the hog " + tailPid + " named with its 200 MiB: " + shown(table),
                () -> row(table, tailPid)
                        .filter(r -> r.value(Quantity.MEMORY) >= 200 * 1024 * 1024)
                        .isPresent());
    }

    private Process start(String script) throws Exception {
        Process p = new ProcessBuilder("sh", "-c", script)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        started.add(p);
        return p;
    }

    /** Polls {@code pid} until it is found (the shell starts its pipeline's members a moment later). */
    private static long pidOf(java.util.concurrent.Callable<Long> pid) throws Exception {
        long[] found = {-1};
        WindowFixture.until("the hog's tail started", () -> (found[0] = pid.call()) > 0);
        return found[0];
    }

    private static Optional<WhoLine> row(TableView<WhoLine> table, long pid) {
        return List.copyOf(table.getItems()).stream()
                .filter(r -> r.entry().who().matches(".*/" + pid + "@\\d+"))
                .findFirst();
    }

    private static List<String> shown(TableView<WhoLine> table) {
        return List.copyOf(table.getItems()).stream()
                .map(r -> r.entry().shown() + " " + r.value(Quantity.CPU) + " CPUs " + r.value(Quantity.MEMORY) + " B")
                .toList();
    }
}
