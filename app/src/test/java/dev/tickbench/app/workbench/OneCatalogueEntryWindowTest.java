package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.charts.Crosshair;
import dev.tickbench.app.charts.Readout;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesQuery;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.CatalogueEntries;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javafx.concurrent.Worker;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The workbench half (the core's is {@code OneCatalogueEntryTest}): a source added to a
 * fixture board by one catalogue entry and nothing else, hwmon temperatures in m°C, appears on the
 * thermal track in °C with its cadence badge, in the crosshair's readout with its unit, and in the
 * window's CSV export in °C. No line of the workbench names it.
 */
@ExtendWith(ApplicationExtension.class)
class OneCatalogueEntryWindowTest {
    private static final long TICK_NS = 100_000_000L;
    private static final long WALL0_NS = 1_700_000_000_000_000_000L;
    /** The standard catalogue without its own hwmon entry: the board adds it by one entry (as OneCatalogueEntryTest does). */
    private static final SeriesCatalogue CATALOGUE =
            SeriesCatalogue.standard().without("hwmon").with(CatalogueEntries.HWMON);

    @TempDir
    Path dir;

    private WindowFixture w;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1200, 800, CATALOGUE);
    }

    private void write(Path board, String sysPath, long value) throws Exception {
        Path p = board.resolve("sys").resolve(sysPath);
        Files.createDirectories(p.getParent());
        Files.writeString(p, value + "\n");
    }

    /** Six ticks at 10 Hz of the SBC board with two hwmon sensors, the first moving from 45.5 to 46 °C at tick 4. */
    private Path capture() throws Exception {
        Path board = dir.resolve("sbc");
        Boards.copyTree(Boards.dir(Boards.SBC), board);
        write(board, "class/hwmon/hwmon0/temp1_input", 45500);
        write(board, "class/hwmon/hwmon0/temp2_input", 47000);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Sampler s = Sampler.create(
                new SamplerConfig(SystemRoots.of(board.resolve("proc"), board.resolve("sys")), 10, 0),
                CATALOGUE,
                List.of(),
                List.of())) {
            s.addSink(out::write);
            byte[] hello = s.helloLine();
            out.write(hello, 0, hello.length);
            for (int t = 1; t <= 6; t++) {
                if (t == 4) {
                    write(board, "class/hwmon/hwmon0/temp1_input", 46000);
                }
                s.tick(t * TICK_NS, WALL0_NS + t * TICK_NS);
            }
        }
        Path file = dir.resolve("sbc-hwmon.ndjson");
        Files.write(file, out.toByteArray());
        return file;
    }

    private static double at(int tick) {
        return (WALL0_NS + tick * TICK_NS) / 1e9;
    }

    @Test
    void aSourceAddedByOneEntryIsChartedReadAndExportedInItsUnit() throws Exception {
        Path file = capture();
        var open = fx(() -> w.view.openCapture(file));
        until(
                "the replay",
                () -> open.getState() == Worker.State.SUCCEEDED
                        && !w.vm.loadingProperty().get());

        // the charts: on the thermal track, in °C, with the cadence the board published
        ChartView thermal = fx(() -> w.view.charts().chart("thermal"));
        List<String> badges = fx(thermal::badgeTexts);
        assertTrue(
                badges.contains("hwmon0.temp1 · 10 Hz · change") && badges.contains("hwmon0.temp2 · 10 Hz · change"),
                badges.toString());
        Series temp1 = fx(() -> w.vm.storeProperty().get().series("hwmon.hwmon0.temp1"));
        assertEquals("°C", temp1.unit());
        assertEquals(45.5, temp1.line().y(0), 1e-9, "45500 m°C drawn as 45.5 °C");
        assertEquals(46.0, temp1.line().y(1), 1e-9, "stored on change: the next point is tick 4's");
        assertEquals(at(4), temp1.line().x(1), 1e-6);
        assertTrue(fx(() -> w.vm.selection().drawnNames(thermal.group())).contains("hwmon.hwmon0.temp1"), "drawn");
        assertTrue(fx(() -> w.track("thermal").points()) >= 4, "the chart has the points");
        List<String> sources =
                fx(() -> w.vm.sources().stream().map(r -> r.text()).toList());
        assertTrue(
                sources.contains("hwmon — 10 Hz · change"), "the sources panel lists it with its cadence: " + sources);

        // the crosshair: a fresh read at tick 1, held at tick 3, each with its unit and cadence
        Crosshair c = fx(() -> w.view.charts().crosshair());
        fx(() -> {
            c.hover(thermal, at(1) + 0.05);
            return null;
        });
        Readout.Row fresh = fx(() -> c.readoutProperty().get().row("hwmon.hwmon0.temp1"));
        assertEquals(SeriesQuery.State.FRESH, fresh.at().state());
        assertEquals("45.5 °C", fresh.valueText());
        assertEquals("hwmon.hwmon0.temp1  45.5 °C · fresh read · 10 Hz · change", fresh.text());
        until(
                "the readout in the track's legend",
                () -> c.readoutTexts(thermal).contains("hwmon0.temp1  45.5 °C · fresh"));
        fx(() -> {
            c.hover(thermal, at(3) + 0.05);
            return null;
        });
        Readout.Row held = fx(() -> c.readoutProperty().get().row("hwmon.hwmon0.temp1"));
        assertEquals(SeriesQuery.State.HELD, held.at().state());
        assertEquals("45.5 °C", held.valueText());

        // the window's Export CSV: the raw m°C column and the one in °C, named by the entry
        Path csv = dir.resolve("out.csv");
        var export = fx(() -> w.view.exportCsv(csv));
        until("the export", () -> export.getState() == Worker.State.SUCCEEDED);
        List<String[]> rows = Files.readAllLines(csv, StandardCharsets.UTF_8).stream()
                .map(l -> l.split(",", -1))
                .toList();
        List<String> header = Arrays.asList(rows.get(0));
        int celsius = header.indexOf("hwmon.hwmon0.temp1_c");
        assertTrue(header.contains("hwmon.hwmon0.temp1") && celsius > 0, header.toString());
        assertEquals("45.5", rows.get(1)[celsius]);
        assertEquals("46", rows.get(4)[celsius]);
    }

    @Test
    void withoutTheEntryTheSourceIsInNoChart() throws Exception {
        Path file = capture();
        // the same capture in a store of the catalogue without the entry: hwmon is an unknown source, drawn nowhere
        var store = dev.tickbench.app.session.SeriesStore.replay(
                SeriesCatalogue.standard().without("hwmon"));
        dev.tickbench.app.recording.CaptureLoader.load(file, store, (a, b) -> {}, () -> false);
        assertNull(store.series("hwmon.hwmon0.temp1"));
        assertTrue(
                store.series().stream().noneMatch(s -> s.source().equals("hwmon")),
                store.series().toString());
    }
}
