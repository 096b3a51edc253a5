package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.testkit.Prerequisites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The PMU track group in the real window on this machine: the software events chart fills with one
 * series per CPU for each of context switches and page faults, labelled with their cadence. Needs the
 * privileges of docs/pmu.md (root here): skipped without them, failed under CI=true.
 */
@ExtendWith(ApplicationExtension.class)
class PmuChartsTest {
    private WindowFixture w;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1200, 800);
    }

    @BeforeEach
    void needsRootOnLinux() throws Exception {
        boolean ok =
                LocalConnection.available() && (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0;
        Prerequisites.require(ok, "the PMU charts need /proc and root (perf events system-wide)");
    }

    @AfterEach
    void close() throws Exception {
        fx(() -> {
            w.vm.shutdown();
            return null;
        });
    }

    @Test
    void softwareEventsChartShowsEveryCpu() throws Exception {
        fx(() -> {
            w.vm.connectLocal();
            return null;
        });
        int cpus = Runtime.getRuntime().availableProcessors();
        // one check on the FX thread: a switches and a faults series per CPU, with points
        until("the PMU software chart with a switches and a faults series per CPU", () -> {
            ChartView c = w.view.charts().chart("pmu_software");
            return c != null
                    && w.track("pmu_software").points() > 10
                    && w.vm.selection().drawn(c.group()).size() >= 2 * cpus;
        });
        List<String> badges = fx(() -> w.view.charts().chart("pmu_software").badgeTexts());
        // the groups' own cadence, 10 Hz of the sampler's 100, and its reason; the achieved rate joins them when a
        // busy machine made the sampler slip ("· 9.2 Hz achieved" at load 25): the machine's load, not this test's
        for (String series : List.of("cpu0 switches", "cpu0 faults")) {
            assertTrue(
                    badges.stream().anyMatch(b -> b.matches(series + " · 10 Hz · policy( · [\\d.]+ Hz achieved)?")),
                    badges.toString());
        }
    }
}
