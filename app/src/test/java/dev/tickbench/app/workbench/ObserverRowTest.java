package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.connect.BundledProbe;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.core.sampler.SelfLine;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The observer shown: live on this machine the status row gives the workbench's own CPU and RSS and the
 * probe process's, the probe's from its stream's self line and matching that process's own VmRSS.
 */
@ExtendWith(ApplicationExtension.class)
class ObserverRowTest {
    private static final Pattern ROW =
            Pattern.compile("workbench ([0-9.]+) % CPU, RSS (\\d+) MB · probe ([0-9.]+) % CPU, RSS (\\d+) MB");
    private WindowFixture w;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    @BeforeEach
    void needsTheProbe() throws Exception {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: the live view needs Linux");
        Prerequisites.require(
                BundledProbe.fromResources() != null,
                "the app carries no probe jar: build with `mvn package`"
                        + "/`verify` so that remote-probe/target/tickbench-probe.jar is bundled");
    }

    @AfterEach
    void close() throws Exception {
        fx(() -> {
            w.vm.shutdown();
            return null;
        });
    }

    private String row(FxRobot robot) throws Exception {
        return fx(() -> robot.lookup("#observer").queryAs(Label.class).getText());
    }

    @Test
    void theStatusRowShowsTheWorkbenchsAndTheProbesCpuAndRss(FxRobot robot) throws Exception {
        until(
                "the row without a session",
                () -> row(robot) != null && row(robot).endsWith("probe: no live session"));
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        until("the probe's figures in the row", () -> ROW.matcher(row(robot)).find());
        assertFalse(fx(() -> w.vm.connectionProperty().get().samplesInThisJvm()), "sampled by a probe process");
        // the probe process: this JVM's one child streaming
        long pid = Waits.forValue(
                "the probe process",
                () -> ProcessHandle.current()
                        .children()
                        .filter(h -> h.info().commandLine().orElse("").contains(" stream "))
                        .map(ProcessHandle::pid)
                        .findFirst()
                        .orElse(null));
        // the probe's RSS shown is its last self line's, and that is the probe process's own VmRSS (it moves
        // a little from second to second: the same within a factor of two)
        Long ownRss = SelfLine.residentBytes(Path.of("/proc", Long.toString(pid), "status"));
        String text = row(robot);
        Matcher m = ROW.matcher(text);
        assertTrue(m.find(), text);
        SelfLine self = fx(() -> w.vm.storeProperty().get().lastSelf());
        double probeRssMb = Double.parseDouble(m.group(4));
        assertTrue(
                Math.abs(probeRssMb - Math.round(self.rssBytes() / 1e6)) <= Math.max(2, probeRssMb * 0.5),
                text + " vs " + self);
        assertTrue(
                ownRss != null && probeRssMb > ownRss / 2e6 && probeRssMb < ownRss * 2 / 1e6,
                text + " vs VmRSS " + ownRss);
        // the workbench's RSS is this JVM's; CPU shares are within what the machine has
        long jvmRss = SelfLine.residentBytes(Path.of("/proc/self/status"));
        double wbRssMb = Double.parseDouble(m.group(2));
        assertTrue(wbRssMb > jvmRss / 2e6 && wbRssMb < jvmRss * 2 / 1e6, text + " vs VmRSS " + jvmRss);
        int cores = Runtime.getRuntime().availableProcessors();
        assertTrue(
                Double.parseDouble(m.group(1)) <= 100.0 * cores && Double.parseDouble(m.group(3)) <= 100.0 * cores,
                text);
        assertTrue(Double.parseDouble(m.group(3)) > 0, "a probe at 100 Hz costs some CPU: " + text);
    }

    @Test
    void theRowsTipSaysWhatTheChartsDidToDrawWhenItShows(FxRobot robot) throws Exception {
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        until("the CPU track drawn", () -> {
            var t = w.view.charts().diagnostics().tracks().get("cpu");
            return t != null && t.lineDraws() > 0;
        });
        Tooltip tip = fx(() -> robot.lookup("#observer").queryAs(Label.class).getTooltip());
        String text = fx(() -> {
            tip.getOnShowing().handle(new WindowEvent(tip, WindowEvent.WINDOW_SHOWING));
            return tip.getText();
        });
        // the figures are read when the tip shows: the tracks and the overview as the charts count them then
        var d = fx(() -> w.view.charts().diagnostics());
        // counts past 9 999 are grouped by the window's number rule ("27 539": docs/workbench-charts.md, "Numbers")
        Matcher m = Pattern.compile("Charts: (\\d+) tracks redrawn ([\\d, \u202f\u00a0]+) times, reading"
                        + " ([\\d, \u202f\u00a0]+) points for their last drawings; overview painted"
                        + " ([\\d, \u202f\u00a0]+) times\\.$")
                .matcher(text);
        assertTrue(m.find(), text);
        int tracks = Integer.parseInt(m.group(1));
        assertTrue(tracks > 0 && tracks <= d.tracks().size(), text + " vs " + d); // a track may come in between
        long redraws = Long.parseLong(m.group(2).replaceAll("[^0-9]", ""));
        assertTrue(
                redraws > 0
                        && redraws
                                <= d.tracks().values().stream()
                                        .mapToLong(t -> t.redraws())
                                        .sum(),
                text + " vs " + d);
        assertTrue(text.startsWith("CPU in % of one core"), "the figures' meaning comes first: " + text);
    }
}
