package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.charts.ChartsSeen;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.RouterCapture;
import dev.tickbench.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javafx.concurrent.Worker;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Opening captures in the real window: series, cadence badges, sources, events, a damaged file. */
@ExtendWith(ApplicationExtension.class)
class ReplayViewTest {
    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1200, 800);
    }

    @Test
    void aCaptureOpensWithItsSeriesAndCadenceBadges() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        var task = fx(() -> w.view.openCapture(file));
        until(
                "the replay",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && w.vm.replayProperty().get());

        ChartView thermal = fx(() -> w.view.charts().chart("thermal"));
        assertEquals(
                List.of("thermal_zone0 · 1.0 Hz · declared", "thermal_zone1 · 10 Hz · declared"),
                fx(thermal::badgeTexts));
        ChartView freq = fx(() -> w.view.charts().chart("cpu_freq"));
        assertTrue(
                fx(freq::badgeTexts).contains("cpu0 · 100 Hz · change"),
                fx(freq::badgeTexts).toString());
        // a cadence every drawn line shares is said once above their names; different ones, on each badge
        until(
                "the frequency track's legend",
                () -> ChartsSeen.legend(freq)
                        .equals(List.of("each · 100 Hz · change", "cpu0", "cpu1", "cpu2", "cpu3")));
        until(
                "the thermal track's legend, each zone with its own cadence",
                () -> ChartsSeen.legend(thermal)
                        .equals(List.of("thermal_zone0 · 1.0 Hz · declared", "thermal_zone1 · 10 Hz · declared")));
        ChartView slab = fx(() -> w.view.charts().chart("slab"));
        assertTrue(
                fx(slab::badgeTexts).contains("nf_conntrack · 5.9 Hz · budget"),
                fx(slab::badgeTexts).toString());
        Set<String> shownSlabs = fx(() -> w.vm.selection().drawnNames(slab.group()));
        // this capture publishes no object sizes (as one from before they were): the five caches with the
        // most active objects at its end (DefaultPicks; the sized ranking is DefaultPicksTest's)
        assertEquals(
                Set.of(
                        "slabinfo.filp",
                        "slabinfo.task_struct",
                        "slabinfo.buffer_head",
                        "slabinfo.ext4_inode_cache",
                        "slabinfo.dentry"),
                shownSlabs,
                "top five slab caches by default");
        assertEquals(
                Set.of("cpu.busy_pct", "cpu.iowait_pct"),
                fx(() ->
                        w.vm.selection().drawnNames(w.view.charts().chart("cpu").group())));
        assertTrue(fx(() -> w.track("throttle").points()) >= 29);

        String title = fx(() -> w.vm.titleProperty().get());
        assertEquals(
                "Tickbench — " + file.getFileName()
                        + " · edge-router-3 (MikroTik RB5009, 5.6.3) · 100 Hz · FLOOR_HZ off",
                title);
        List<String> sources =
                fx(() -> w.vm.sources().stream().map(r -> r.text()).toList());
        assertTrue(sources.contains("mtd — absent: no /sys/class/mtd on this board"), sources.toString());
        assertTrue(sources.contains("slabinfo — 5.9 Hz · budget"), sources.toString());
        List<TimeMark> events = fx(() -> List.copyOf(w.vm.events()));
        assertTrue(
                events.stream()
                        .anyMatch(e -> e.kind() == TimeMark.Kind.GAP && e.text().contains("reconnect")),
                events.toString());
        assertEquals(
                2, events.stream().filter(e -> e.kind() == TimeMark.Kind.KMSG).count(), events.toString());
        assertFalse(fx(() -> w.vm.window().isFollow()), "a replay opens paused on its whole range");

        Path png = dir.resolve("thermal.png");
        fx(() -> {
            w.view.savePng(thermal.group(), png);
            return null;
        });
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
        assertEquals((int) Math.ceil(fx(thermal::getWidth)), img.getWidth(), 1);
        assertEquals((int) Math.ceil(fx(thermal::getHeight)), img.getHeight(), 1);
        assertTrue(img.getHeight() > 100, "a compact track, still a chart: height " + img.getHeight());
        assertEquals("", fx(() -> w.vm.errorProperty().get()));
    }

    /** Export CSV: the series shown, over the window's time range, one row per tick. */
    @Test
    void exportsTheShownSeriesOverTheVisibleRange() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson"));
        var open = fx(() -> w.view.openCapture(file));
        until("the replay", () -> open.getState() == Worker.State.SUCCEEDED);
        double start = RouterCapture.START_WALL_NS / 1e9;
        fx(() -> {
            w.vm.window().userRange(start + 5.005, start + 10.005);
            return null;
        });
        // marks at each emission while they are sparse (thermal: 5 + 50 in 5 s), none on dense series
        // (buddy); a chart counts its marks when the range reaches it on screen, a pulse or two later
        // on a busy machine (once it read buddy's marks before they were counted)
        until(
                "thermal's emission marks drawn over 5 s",
                () -> w.track("thermal").marksDrawn());
        // buddy's track lies below the fold since the Memory track: scrolled to (as Find does), it comes on
        // screen and ranges its marks there (a track off screen does not)
        assertTrue(fx(() -> w.view.charts().showSource("buddyinfo")), "a chart shows buddyinfo");
        until(
                "buddy's emission marks left out over 5 s (dense)",
                () -> w.view.charts().chart("buddy").isOnScreen()
                        && !w.track("buddy").marksDrawn());
        Path csv = dir.resolve("out.csv");
        var export = fx(() -> w.view.exportCsv(csv));
        until("the export", () -> export.getState() == Worker.State.SUCCEEDED);
        List<String> rows = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> header = List.of(rows.get(0).split(","));
        assertEquals(List.of("t_s", "wall"), header.subList(0, 2));
        assertTrue(header.contains("thermal_zone0.temp") && header.contains("thermal_zone1.temp"), header.toString());
        assertTrue(
                header.contains("thermal_zone0_c") && header.contains("cpufreq.cpu0_mhz"),
                "in the charts' units too: " + header);
        assertTrue(header.contains("stat.cpu.iowait") && header.contains("pressure.io.some_total"), header.toString());
        assertTrue(
                header.contains("cpu.busy_pct") && header.contains("psi.io.some_pct"),
                "the shown derived series too: " + header);
        assertTrue(header.contains("slabinfo.ext4_inode_cache"), "a shown (default-picked) slab cache: " + header);
        assertFalse(
                header.contains("meminfo.MemTotal"),
                "only the series the charts show (MemFree is on the Memory track)");
        assertFalse(header.contains("stat.cpu0.user"), "stat.cpu.* is the total, not the per-core columns");
        assertEquals(1 + 500, rows.size(), "ticks 5.00 s … 9.99 s after the first sample");
        assertTrue(rows.get(1).startsWith("5.0"), rows.get(1));
        assertTrue(
                fx(() -> w.vm.statusProperty().get()).startsWith("Exported 500 rows"),
                fx(() -> w.vm.statusProperty().get()));
        assertTrue(
                fx(() -> w.vm.noticeProperty().get()).startsWith("Saved " + csv + " ("),
                fx(() -> w.vm.noticeProperty().get()));
    }

    /** A capture the in-process sampler records from the router-arm fixture board, opened in the window. */
    @Test
    void aCaptureOfTheRouterBoardShowsThePublishedCadences() throws Exception {
        Path board = Boards.dir(Boards.ROUTER);
        Path file = dir.resolve("router-arm.ndjson");
        try (CaptureWriter out = CaptureWriter.open(file);
                Sampler sampler = Sampler.create(
                        new SamplerConfig(SystemRoots.of(board.resolve("proc"), board.resolve("sys")), 100, 0),
                        List.of(),
                        List.of())) {
            sampler.addSink(out);
            sampler.start();
            Waits.until("the sampler to record 50 ticks of the router board", () -> sampler.lastSeq() >= 50);
        }
        var task = fx(() -> w.view.openCapture(file));
        until(
                "the replay",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && w.vm.replayProperty().get());
        assertEquals("", fx(() -> w.vm.errorProperty().get()));
        assertTrue(
                fx(() -> w.vm.titleProperty().get())
                        .startsWith(
                                "Tickbench — router-arm.ndjson · edge-router-3 (MikroTik RB5009UG+S+, 5.6.3) · 100 Hz"),
                fx(() -> w.vm.titleProperty().get()));
        List<String> thermal = fx(() -> w.view.charts().chart("thermal").badgeTexts());
        assertTrue(thermal.contains("thermal_zone0 · 1.0 Hz · declared"), thermal.toString());
        assertTrue(thermal.contains("thermal_zone1 · 4.0 Hz · declared"), thermal.toString());
        List<String> freq = fx(() -> w.view.charts().chart("cpu_freq").badgeTexts());
        assertTrue(freq.contains("cpu0 · 100 Hz · policy"), "userspace governor: " + freq);
        assertTrue(
                fx(() -> w.vm.sources().stream()
                        .anyMatch(r -> !r.present() && r.name().equals("pressure"))),
                "router-arm has no /proc/pressure: listed as absent");
    }

    @Test
    void aDamagedCaptureOpensUpToTheBadLineAndSaysWhichLine() throws Exception {
        List<String> lines =
                Files.readAllLines(RouterCapture.small(dir.resolve("good.ndjson")), StandardCharsets.UTF_8);
        Path bad = dir.resolve("damaged.ndjson");
        Files.writeString(bad, String.join("\n", lines.subList(0, 1233)) + "\n{\"type\":\"sample\",\"seq\":12\n");
        var task = fx(() -> w.view.openCapture(bad));
        until(
                "the replay",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && w.vm.replayProperty().get());
        String error = fx(() -> w.vm.errorProperty().get());
        assertTrue(error.startsWith("damaged.ndjson is damaged at line 1234 ("), error);
        assertTrue(error.endsWith("showing the 1233 lines before it"), error);
        assertTrue(fx(() -> w.track("cpu").points()) > 1000);
    }
}
