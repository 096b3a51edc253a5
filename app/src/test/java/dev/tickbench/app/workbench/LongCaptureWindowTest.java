package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        new RouterCapture(10, 400, 60, -1).write(plain);
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
                busy.line().size() <= 2 * 40,
                "two points a block: " + busy.line().size());
        assertTrue(s.marks().stream().anyMatch(m -> m.kind() == TimeMark.Kind.KMSG), "the kernel log, from the index");
        double first = s.firstX();
        double last = s.latestX();
        assertEquals(first, fx(() -> w.vm.window().min()), 1e-6, "the whole capture shown");
        assertEquals(last, fx(() -> w.vm.window().max()), 1e-6);
        w.drawn();

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
    }
}
