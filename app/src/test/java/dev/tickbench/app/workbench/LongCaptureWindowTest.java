package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartsSeen;
import dev.tickbench.app.session.Points;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.core.capture.CaptureConverter;
import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.PlottedValues;
import dev.tickbench.testkit.RouterCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.concurrent.Task;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A capture with its index opens in the window from the index: the overview on every track and the kernel
 * log on the time axis, said on the badges; zoomed to 30 s, every sample of that range is read and drawn,
 * and the badges say from when to when.
 */
@ExtendWith(ApplicationExtension.class)
class LongCaptureWindowTest {
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
    void opensFromItsIndexAndReadsEverySampleWhereTheWindowIsNarrow() throws Exception {
        Path plain = dir.resolve("router.ndjson");
        new RouterCapture(10, 1400, 60, -1).write(plain);
        Path file = dir.resolve("edge-router-3.ndjson.gz");
        CaptureConverter.convert(plain, file, StreamFormat.V2, false, new PlottedValues(SeriesCatalogue.standard()));
        assertTrue(Files.exists(CaptureWriter.indexPath(file)));

        Task<?> open = fx(() -> w.view.openCapture(file));
        w.replayed(open);
        SeriesStore s = fx(() -> w.vm.storeProperty().get());
        long lines;
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(file))) {
            lines = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                    .lines()
                    .count();
        }
        assertEquals(
                "Opened edge-router-3.ndjson.gz: " + lines + " lines",
                fx(() -> w.vm.statusProperty().get()));
        Series busy = s.series("cpu.busy_pct");
        assertTrue(busy.label().endsWith(" · 10 s min–max: zoom in for every sample"), busy.label());
        assertTrue(
                busy.line().size() <= 2 * 140,
                "two points a block: " + busy.line().size());
        assertTrue(s.marks().stream().anyMatch(m -> m.kind() == TimeMark.Kind.KMSG), "the kernel log, from the index");
        double first = s.firstX();
        double last = s.latestX();
        assertEquals(first, fx(() -> w.vm.window().min()), 1e-6, "the whole capture shown");
        assertEquals(last, fx(() -> w.vm.window().max()), 1e-6);
        w.drawn();
        // every record where it happened, not the newest hundred; each in a pixel column of its own here
        var cpu = fx(() -> w.view.charts().chart("cpu"));
        var records =
                s.marks().stream().filter(m -> m.kind() == TimeMark.Kind.KMSG).toList();
        assertEquals(107, records.size(), "a record every 13 s of 1 400 s: more than a track kept before");
        assertEquals(
                records,
                fx(() -> ChartsSeen.marks(cpu).stream()
                        .filter(m -> m.kind() == TimeMark.Kind.KMSG)
                        .toList()));
        until("every record drawn on the track", () -> fx(() -> ChartsSeen.kmsgLinesDrawn(cpu)) == records.size());
        TimeMark early = records.get(1);
        assertEquals(early.text(), fx(() -> ChartsSeen.kmsgTextAt(cpu, early.x())), "its text on hover");

        double from = first + 200;
        fx(() -> {
            w.vm.window().userRange(from, from + 30);
            return null;
        });
        until(
                "every sample of the 30 s read and drawn",
                () -> busy.label().contains(" · every sample ") && busy.line().countStoredIn(from, from + 30) >= 290);
        assertTrue(busy.label().endsWith(", 10 s min–max elsewhere"), busy.label());
        Points line = busy.line();
        int inRange = line.countStoredIn(from, from + 30);
        assertTrue(inRange >= 290, "30 s at 10 Hz: " + inRange + " points");
        w.drawn();
        until(
                "the CPU track's badges say so",
                () -> fx(() -> ChartsSeen.legend(cpu)).stream().anyMatch(b -> b.contains(" · every sample ")));
        long inView = records.stream()
                .filter(m -> m.x() >= from && m.x() <= from + 30)
                .count();
        until("the records of the 30 s only", () -> fx(() -> ChartsSeen.kmsgLinesDrawn(cpu)) == inView);
    }

    /**
     * A capture opened without an index (a conversion) is read whole, and gets its index written beside it
     * in the background, said in the notice; the next open draws its overview from it.
     */
    @Test
    void aCaptureWithoutAnIndexGetsOneForItsNextOpen() throws Exception {
        Path plain = dir.resolve("router.ndjson");
        new RouterCapture(10, 1400, 60, -1).write(plain);
        Path file = dir.resolve("edge-router-3.ndjson.gz");
        CaptureConverter.convert(plain, file, StreamFormat.V2, false);
        Path index = CaptureWriter.indexPath(file);
        assertFalse(Files.exists(index));

        w.replayed(fx(() -> w.view.openCapture(file)));
        Series busy = fx(() -> w.vm.storeProperty().get()).series("cpu.busy_pct");
        assertFalse(busy.label().contains("min–max"), "read whole: " + busy.label());
        until(
                "the index written beside it, and said",
                () ->
                        "An index of edge-router-3.ndjson.gz was written beside it (140 blocks): from now on it opens at once."
                                .equals(fx(() -> w.vm.noticeProperty().get())));
        assertTrue(Files.exists(index));

        w.replayed(fx(() -> w.view.openCapture(file)));
        Series again = fx(() -> w.vm.storeProperty().get()).series("cpu.busy_pct");
        assertTrue(again.label().endsWith(" · 10 s min–max: zoom in for every sample"), again.label());
    }
}
