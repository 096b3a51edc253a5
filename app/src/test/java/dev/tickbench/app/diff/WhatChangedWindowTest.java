package dev.tickbench.app.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.workbench.PngWriter;
import dev.tickbench.core.diff.CaptureDiff;
import dev.tickbench.core.diff.DiffRange;
import dev.tickbench.core.diff.SeriesChange;
import dev.tickbench.testkit.ChangeCapture;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.scene.chart.XYChart;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The What changed? window on the capture with a known answer (testkit ChangeCapture): typed ranges, the
 * Rank button, the table in the same order as {@code tickbench-probe diff} (the probe jar run as the user
 * would), its CSV byte for byte the CLI's, the source filter, "A = the same length just before B", and a
 * bad range said in the window with the ranking kept.
 */
@ExtendWith(ApplicationExtension.class)
class WhatChangedWindowTest {
    static final Path PROBE = Path.of(System.getProperty("user.dir"))
            .resolve("../remote-probe/target/tickbench-probe.jar")
            .normalize();

    @TempDir
    static Path dir;

    static Path capture;
    /** The charts' series of the capture, as the workbench holds them once it opened it. */
    static SeriesStore store;

    private DiffViewModel vm;
    private DiffView view;

    @BeforeAll
    static void write() throws Exception {
        capture = ChangeCapture.write(dir.resolve("change.ndjson.gz"));
        store = loaded(capture);
    }

    @Start
    void start(Stage stage) throws Exception {
        view = show(stage, dir, capture, store);
        vm = view.model();
    }

    /** The charts' series of {@code capture}, as the workbench holds them once it opened it. */
    static SeriesStore loaded(Path capture) throws Exception {
        SeriesStore s = SeriesStore.replay();
        CaptureLoader.Result loaded = CaptureLoader.load(capture, s, (d, t) -> {}, () -> false);
        assertTrue(loaded.complete(), loaded.message());
        return s;
    }

    /** The window in {@code stage}, on {@code capture} as the capture the workbench shows and its charts' {@code store}. */
    static DiffView show(Stage stage, Path dir, Path capture, SeriesStore store) throws Exception {
        Spool spool = new Spool(
                Files.createDirectories(dir.resolve("spool")),
                Spool.DEFAULT_MAX_BYTES,
                Spool.DEFAULT_MAX_AGE_NS,
                System::nanoTime);
        DiffView view = new DiffView(new DiffViewModel(
                () -> capture,
                spool,
                () -> store,
                () -> Double.NaN,
                () -> Double.NaN,
                dev.tickbench.app.Background.shared()));
        view.model().refreshEvents(); // as DiffWindow shows it: the events of the capture shown listed
        stage.setScene(new Scene(view, 1100, 820));
        stage.show();
        return view;
    }

    @Test
    void theTableRanksAsTheCliDoesAndExportsItsCsv(FxRobot robot) throws Exception {
        type(robot, "#diff-a-from", "0");
        type(robot, "#diff-a-to", "59.99");
        type(robot, "#diff-b-from", "60");
        robot.clickOn("#diff-rank");
        until("the ranking", () -> !vm.rows().isEmpty());

        List<String> table = fx(
                () -> view.table().getItems().stream().map(SeriesChange::name).toList());
        assertEquals("slabinfo.kmalloc-64", table.get(0));
        assertEquals(
                Set.of("psi.io.some_pct", "pressure.io.some_total"),
                Set.copyOf(table.subList(1, 3)),
                "PSI io, 2 → 8 %");
        assertEquals("thermal_zone0.temp", table.get(3));
        List<String> core = CaptureDiff.compare(
                        new CaptureDiff.Side(capture, DiffRange.seconds(0.0, 59.99)),
                        new CaptureDiff.Side(capture, DiffRange.seconds(60.0, null)))
                .rows()
                .stream()
                .map(SeriesChange::name)
                .toList();
        assertEquals(core, table);
        // the cells say what the core's numbers are: the slab cache 1000 → 3000 objects, the new disk appeared
        assertEquals("objects", cell(0, 2));
        assertTrue(cell(0, 5).matches("\\+(1999|2000) \\(\\+200\\.0 %\\)"), cell(0, 5));
        int disk = table.indexOf(table.stream()
                .filter(n -> n.startsWith("diskstats.sdb"))
                .findFirst()
                .orElseThrow());
        assertEquals("appeared", cell(disk, 5));
        assertEquals("—", cell(disk, 3)); // absent in A, not 0

        String cli = cli("--csv");
        List<String> cliOrder = new ArrayList<>();
        for (String line : cli.split("\n")) {
            if (!line.startsWith("rank,") && !line.isEmpty()) {
                cliOrder.add(line.split(",", 3)[1].replace("\"", ""));
            }
        }
        assertEquals(cliOrder, table);
        Path out = dir.resolve("what-changed.csv");
        fx(() -> {
            vm.exportCsv(out);
            return null;
        });
        assertEquals(cli, Files.readString(out, StandardCharsets.UTF_8));

        // the picture the README shows (target/screenshots/what-changed.png): the thermal zone's A and B overlaid
        robot.clickOn(robot.lookup("#diff-table .table-row-cell").nth(1).queryAs(javafx.scene.Node.class));
        until("the overlay of the thermal zone", () -> view.overlay().chart().isVisible());
        Path shots = Files.createDirectories(Path.of(System.getProperty("user.dir"), "target", "screenshots"));
        fx(() -> {
            PngWriter.save(view, shots.resolve("what-changed.png"));
            return null;
        });
    }

    @Test
    void aClickedRowDrawsItsAAndBFromTheChartsPointsOnARelativeAxis() throws Exception {
        fx(() -> {
            vm.aToProperty().set("59.99");
            vm.bFromProperty().set("60");
            vm.rank();
            return null;
        });
        until("the ranking", () -> !vm.rows().isEmpty());
        fx(() -> {
            view.table().getSelectionModel().select(0);
            return null;
        }); // slabinfo.kmalloc-64: 1000 then 3000
        until("the overlay", () -> view.overlay().chart().isVisible());
        var chart = view.overlay().chart();
        List<XYChart.Series<Number, Number>> runs = fx(() -> List.copyOf(chart.getData()));
        // A and B: one run each (the capture has no gap), the first in A's colour, the second in B's
        assertEquals(2, runs.size());
        assertTrue(fx(() -> runs.get(0).getNode().getStyle().contains(DiffOverlay.COLOUR_A)));
        assertTrue(fx(() -> runs.get(1).getNode().getStyle().contains(DiffOverlay.COLOUR_B)));
        for (int side = 0; side < 2; side++) {
            List<XYChart.Data<Number, Number>> pts = runs.get(side).getData();
            assertFalse(pts.isEmpty());
            double first = pts.get(0).getXValue().doubleValue();
            double last = pts.get(pts.size() - 1).getXValue().doubleValue();
            assertTrue(first >= 0 && first < 1, "x starts at the range's first sample: " + first);
            assertTrue(last > 55 && last < 60.01, "and ends within the range's 60 s: " + last);
            double expected = side == 0 ? 1000 : 3000; // the cache's size in A and in B, objects
            double mean = pts.stream()
                    .mapToDouble(d -> d.getYValue().doubleValue())
                    .average()
                    .orElseThrow();
            assertEquals(expected, mean, 60, "side " + side);
        }
        assertEquals("objects", fx(() -> ((javafx.scene.chart.NumberAxis) chart.getYAxis()).getLabel()));
        String legend = fx(() -> view.overlay().legendA().getText());
        // every fresh read the ranking counted is a point drawn (the slab cache is read on change, every 17 ticks)
        long reads = fx(() -> vm.rows().get(0).a().observations());
        assertEquals("A  start..59.99 s  (" + reads + " points)", legend);
        // a series the charts do not hold is said, not drawn
        SeriesChange absent = new SeriesChange(
                new dev.tickbench.core.diff.DiffSeries(
                        "slabinfo.gone", "gone", "slabinfo", dev.tickbench.core.catalogue.ValueKind.LEVEL, "objects"),
                dev.tickbench.core.diff.Presence.BOTH,
                null,
                null,
                0.0,
                0.0,
                0.0,
                1.0,
                0.0,
                java.util.List.of());
        fx(() -> {
            view.overlay().show(absent, vm.resultProperty().get(), DiffCapture.SHOWN, DiffCapture.SHOWN);
            return null;
        });
        assertFalse(fx(() -> chart.isVisible()));
        assertTrue(
                fx(() -> view.overlay().note().getText()).startsWith("slabinfo.gone is not among the charts' series"));
    }

    @Test
    void theSourceFilterKeepsTheRankingOrder() throws Exception {
        fx(() -> {
            vm.aToProperty().set("59.99");
            vm.bFromProperty().set("60");
            vm.rank();
            return null;
        });
        until("the ranking", () -> !vm.rows().isEmpty());
        List<String> all = fx(() -> vm.rows().stream().map(SeriesChange::name).toList());
        assertTrue(fx(() -> vm.sources().contains("slabinfo")));
        fx(() -> {
            vm.sourceProperty().set("slabinfo");
            return null;
        });
        List<SeriesChange> slab = fx(() -> List.copyOf(view.table().getItems()));
        assertFalse(slab.isEmpty());
        assertTrue(slab.stream().allMatch(r -> r.series().source().equals("slabinfo")));
        assertEquals(
                all.stream()
                        .filter(slab.stream().map(SeriesChange::name).toList()::contains)
                        .toList(),
                slab.stream().map(SeriesChange::name).toList());
        assertEquals(
                "1",
                fx(() -> ((javafx.scene.control.TableColumn<SeriesChange, String>)
                                view.table().getColumns().get(0))
                        .getCellData(0))); // the slab cache keeps its rank, 1
    }

    @Test
    void aIsTheSameLengthJustBeforeB() throws Exception {
        fx(() -> {
            vm.bFromProperty().set("60");
            vm.bToProperty().set("90");
            vm.aJustBeforeProperty().set(true);
            vm.rank();
            return null;
        });
        until("the ranking", () -> vm.resultProperty().get() != null);
        var r = fx(() -> vm.resultProperty().get());
        assertEquals(30_000_000_000L, r.a().range().fromNs());
        assertEquals(59_999_999_999L, r.a().range().toNs());
        assertEquals(3000, r.a().samples());
        assertEquals(3001, r.b().samples()); // 60.00 to 90.00 inclusive at 100 Hz
    }

    @Test
    void aBadRangeIsSaidAndTheRankingKept() throws Exception {
        fx(() -> {
            vm.aToProperty().set("59.99");
            vm.bFromProperty().set("60");
            vm.rank();
            return null;
        });
        until("the ranking", () -> !vm.rows().isEmpty());
        int rows = fx(() -> view.table().getItems().size());
        fx(() -> {
            vm.bFromProperty().set("abc");
            return vm.rank();
        });
        assertEquals(
                "Range B from: 'abc' is not a time; type seconds since the capture's first sample (90, 90.5), or leave it"
                        + " empty for the capture's start.",
                fx(() -> vm.errorProperty().get()));
        assertTrue(fx(() -> view.lookup("#diff-error").isVisible()));
        assertEquals(rows, fx(() -> view.table().getItems().size()));
        fx(() -> {
            vm.bFromProperty().set("500");
            return vm.rank();
        });
        until("the empty range's error", () -> vm.errorProperty().get().contains("has no samples"));
        assertTrue(fx(() -> vm.rows().isEmpty()));
    }

    private String cell(int row, int col) throws Exception {
        return fx(() -> (String) view.table().getColumns().get(col).getCellData(row));
    }

    private static void type(FxRobot robot, String id, String text) throws Exception {
        robot.clickOn(id).write(text);
        until(id + " typed", () -> text.equals(((TextField) robot.lookup(id).query()).getText()));
    }

    private static String cli(String format) throws Exception {
        Prerequisites.require(
                Files.isRegularFile(PROBE),
                "no probe jar at " + PROBE + ": build remote-probe (`mvn -pl remote-probe package`) first");
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-jar",
                        PROBE.toString(),
                        "diff",
                        capture + "@0..59.99",
                        capture + "@60..",
                        format)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("tickbench-probe diff did not end in " + Waits.DEADLINE.toSeconds() + " s");
        }
        assertEquals(0, p.exitValue(), "tickbench-probe diff's exit status");
        return new String(out, StandardCharsets.UTF_8);
    }

    static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }

    static void until(String what, Callable<Boolean> c) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(Waits.DEADLINE.toMillis(), TimeUnit.MILLISECONDS, () -> fx(c));
        } catch (TimeoutException e) {
            throw new AssertionError("waited " + Waits.DEADLINE.toSeconds() + " s for " + what, e);
        }
    }
}
