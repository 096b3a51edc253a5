package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.session.Points;
import dev.tickbench.app.session.Series;
import dev.tickbench.testkit.MachineCapture;
import dev.tickbench.testkit.RequiresTool;
import java.nio.file.Path;
import java.util.List;
import javafx.concurrent.Worker;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The rest of the machine on its tracks: a capture of this machine recorded while the test sent itself
 * {@value MachineCapture#SENT} bytes over the loopback and dd wrote {@value MachineCapture#WRITTEN} bytes to
 * the disk under its directory shows the transfer on the network tracks, the write on the disk tracks, and
 * the load track, each series with its cadence and reason on its badge.
 */
@ExtendWith(ApplicationExtension.class)
@RequiresTool(value = "dd", debianPackage = "coreutils")
class MachineTracksWindowTest {
    @TempDir
    Path dir;

    private WindowFixture w;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    private Series series(String name) throws Exception {
        Series s = fx(() -> w.vm.storeProperty().get().series(name));
        assertNotNull(s, name + " is not drawn");
        return s;
    }

    private static double peak(Series s) {
        Points p = s.line();
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < p.stored(); i++) {
            max = Double.isNaN(p.y(i)) ? max : Math.max(max, p.y(i));
        }
        return max;
    }

    /**
     * Asserts that {@code track} has the badge of {@code name} with its published cadence and reason (an
     * achieved cadence may follow on a busy machine), and for a derived series its window.
     */
    private void badge(String track, String name, String reason, boolean derived) throws Exception {
        ChartView chart = fx(() -> w.view.charts().chart(track));
        assertNotNull(chart, "no track " + track);
        List<String> badges = fx(chart::badgeTexts);
        assertTrue(
                badges.stream()
                        .anyMatch(b ->
                                b.startsWith(name + " · 10 Hz · " + reason) && b.endsWith(" · 1 s window") == derived),
                track + ": " + badges);
    }

    @Test
    void aLoopbackTransferAndADdAreOnTheNetworkAndDiskTracks() throws Exception {
        MachineCapture c = MachineCapture.record(dir);
        String disk = c.device();
        var open = fx(() -> w.view.openCapture(c.file()));
        until(
                "the replay",
                () -> open.getState() == Worker.State.SUCCEEDED
                        && !w.vm.loadingProperty().get());

        badge("net_bytes", "lo rx", "rate", true);
        badge("net_packets", "lo tx", "rate", true);
        Series rx = series("net.lo.rx_bytes_per_s");
        assertEquals("MB/s", rx.unit());
        assertTrue(peak(rx) > 0, "the transfer moved lo: " + peak(rx) + " MB/s");

        badge("disk_bytes", disk + " write", "rate", true);
        badge("disk_iops", disk, "rate", true);
        badge("disk_busy", disk, "rate", true);
        badge("disk_await", disk, "rate", true);
        Series written = series("disk." + disk + ".write_bytes_per_s");
        assertTrue(peak(written) > 0, "dd's writes are on " + disk + ": " + peak(written) + " MB/s");
        assertTrue(peak(series("disk." + disk + ".busy_pct")) > 0);

        badge("load", "runnable", "rate", false);
        badge("load", "blocked", "rate", false);
        badge("load", "load1", "change", false);
        assertEquals("threads", series("loadavg.load1").unit());
        assertTrue(peak(series("stat.procs_running")) >= 1, "the sampler's thread ran while it read /proc/stat");
    }
}
