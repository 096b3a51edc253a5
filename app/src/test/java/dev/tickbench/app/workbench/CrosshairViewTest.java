package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.charts.ChartsSeen;
import dev.tickbench.app.charts.Crosshair;
import dev.tickbench.app.charts.PinDelta;
import dev.tickbench.app.charts.RangeStats;
import dev.tickbench.app.charts.Readout;
import dev.tickbench.app.session.SeriesQuery;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.testkit.RouterCapture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import javafx.concurrent.Worker;
import javafx.geometry.Point2D;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The crosshair on a known capture (RouterCapture.small: 30 s at 100 Hz, thermal_zone0 read once a
 * second, cpufreq stored on change, throttle lines once a second, a 0.5 s gap at 20 s): the readout says
 * what the capture holds, fresh or held since when, and no data before the first sample; pins and
 * range statistics match values worked out from the capture's own lines; the mouse drives all of it.
 */
@ExtendWith(ApplicationExtension.class)
class CrosshairViewTest {
    private static final double START = RouterCapture.START_WALL_NS / 1e9;

    private WindowFixture w;
    /** Emissions per series as the capture file holds them: time (epoch s) → value in the chart's unit. */
    private final TreeMap<Double, Double> thermal0 = new TreeMap<>();

    private final TreeMap<Double, Double> cpu0 = new TreeMap<>();
    private final TreeMap<Double, Double> iowait = new TreeMap<>();

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1200, 800); // within Monocle's headless screen
    }

    @BeforeEach
    void open() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson"));
        try (CaptureReader in = CaptureReader.open(file)) {
            for (StreamLine l = in.next(); l != null; l = in.next()) {
                if (l instanceof SampleLine s) {
                    double x = s.wallNs() / 1e9;
                    SourceValues t = s.sources().get("thermal_zone0");
                    if (t != null) {
                        thermal0.put(x, t.get("temp") / 1000.0);
                    }
                    SourceValues f = s.sources().get("cpufreq");
                    if (f != null) {
                        cpu0.put(x, f.get("cpu0") / 1000.0);
                    }
                } else if (l instanceof ThrottleLine t) {
                    iowait.put(t.wallNs() / 1e9, t.iowait());
                }
            }
        }
        var task = fx(() -> w.view.openCapture(file));
        until(
                "the replay",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && w.vm.replayProperty().get());
    }

    private Crosshair crosshair() throws Exception {
        return fx(() -> w.view.charts().crosshair());
    }

    private ChartView chart(String group) throws Exception {
        return fx(() -> w.view.charts().chart(group));
    }

    @Test
    void theReadoutSaysWhatTheCaptureHoldsFreshOrHeldSinceWhen() throws Exception {
        Crosshair c = crosshair();
        ChartView thermal = chart("thermal");
        // 5.555 s in: thermal_zone0 was read at 5.00 s (once a second): the fresh read of the capture
        double t = START + 5.555;
        var read = thermal0.floorEntry(t);
        assertEquals(START + 5.0, read.getKey(), 1e-6);
        fx(() -> {
            c.hover(thermal, t);
            return null;
        });
        Readout r = fx(() -> c.readoutProperty().get());
        Readout.Row row = r.row("thermal_zone0.temp");
        assertEquals(SeriesQuery.State.FRESH, row.at().state());
        assertEquals(read.getValue(), row.at().value(), 1e-9);
        assertEquals(read.getKey(), row.at().readX(), 1e-6);
        assertEquals(
                "thermal_zone0.temp  " + Readout.number(read.getValue()) + " °C · fresh read · 1.0 Hz · declared",
                row.text());
        // the track's legend says it, compact (the whole row is its tooltip)
        String shown = "thermal_zone0  " + Readout.number(read.getValue()) + " °C · fresh";
        List<String> texts = fx(() -> c.readoutTexts(thermal));
        assertEquals(Readout.clock(t), texts.get(0), "the chart under the mouse names the time first");
        assertTrue(texts.contains(shown), texts.toString());

        // cpufreq is stored on change: 0.4 s after an emission with no other until later, the value is held since it
        double emitted = Double.NaN;
        for (var e : cpu0.entrySet()) {
            Double next = cpu0.higherKey(e.getKey());
            if (e.getKey() > START + 1 && e.getKey() < START + 19 && next != null && next - e.getKey() > 0.5) {
                emitted = e.getKey();
                break;
            }
        }
        assertFalse(Double.isNaN(emitted), "the capture has a cpufreq value held for more than 0.5 s");
        double heldAt = emitted + 0.4;
        double since = emitted;
        fx(() -> {
            c.hover(thermal, heldAt);
            return null;
        });
        Readout.Row held = fx(() -> c.readoutProperty().get().row("cpufreq.cpu0"));
        assertEquals(SeriesQuery.State.HELD, held.at().state());
        assertEquals(cpu0.get(since), held.at().value(), 1e-9);
        assertEquals(since, held.at().readX(), 1e-6);
        assertEquals(
                "cpufreq.cpu0  " + Readout.number(cpu0.get(since)) + " MHz · held since " + Readout.clock(since)
                        + " (0.4 s" + (held.at().heartbeat() ? ", heartbeat" : "") + ") · 100 Hz · change",
                held.text());
        String heldText = "cpu0  " + Readout.number(cpu0.get(since)) + " MHz · held 0.4 s"
                + (held.at().heartbeat() ? " (heartbeat)" : "");
        ChartView freq = chart("cpu_freq");
        List<String> freqTexts = fx(() -> c.readoutTexts(freq));
        assertTrue(freqTexts.contains(heldText), freqTexts.toString());

        // before the first sample (10 ms after the start): no data, never 0
        fx(() -> {
            c.hover(thermal, START + 0.005);
            return null;
        });
        Readout before = fx(() -> c.readoutProperty().get());
        for (Readout.Row b : before.rows()) {
            assertEquals(SeriesQuery.State.NO_DATA, b.at().state(), b.text());
            assertEquals("no data", b.valueText());
        }
        assertTrue(
                fx(() -> c.readoutTexts(thermal)).contains("thermal_zone0  no data · before the first value"),
                fx(() -> c.readoutTexts(thermal)).toString());
        // inside the gap (20.0 s … 20.5 s): no data, with the gap's reason
        fx(() -> {
            c.hover(thermal, START + 20.2);
            return null;
        });
        Readout.Row gap = fx(() -> c.readoutProperty().get().row("thermal_zone0.temp"));
        assertEquals(SeriesQuery.State.NO_DATA, gap.at().state());
        assertTrue(gap.stateText().contains("reconnect"), gap.stateText());
    }

    @Test
    void twoPinsGiveDeltaTAndEachSeriesChangeAndRate() throws Exception {
        Crosshair c = crosshair();
        double a = START + 3.25;
        double b = START + 12.75;
        fx(() -> {
            c.pin(a);
            c.pin(b);
            return null;
        });
        PinDelta d = fx(() -> c.pinDeltaProperty().get());
        assertNotNull(d);
        assertEquals(9.5, d.deltaS(), 1e-9);
        assertEquals("Δt 9.500 s", d.deltaText());
        double fromValue = thermal0.floorEntry(a).getValue();
        double toValue = thermal0.floorEntry(b).getValue();
        PinDelta.Row t = d.row("thermal_zone0.temp");
        assertEquals(toValue - fromValue, t.change(), 1e-9);
        assertEquals((toValue - fromValue) / 9.5, t.ratePerS(), 1e-9);
        PinDelta.Row f = d.row("cpufreq.cpu0");
        assertEquals(cpu0.floorEntry(b).getValue() - cpu0.floorEntry(a).getValue(), f.change(), 1e-9);
        assertTrue(fx(() -> ChartsSeen.panel(c).isVisible()), "the panel lists the pins");
        // a pin before the first sample: the change is not a number, and says so
        fx(() -> {
            c.pin(START + 0.001);
            c.pin(b);
            return null;
        });
        PinDelta.Row none = fx(() -> c.pinDeltaProperty().get().row("thermal_zone0.temp"));
        assertFalse(none.hasChange());
        assertEquals("no data at A", none.changeText());
    }

    @Test
    void rangeStatisticsMatchTheCaptureAndExportAsCsv() throws Exception {
        Crosshair c = crosshair();
        double a = START + 5.0;
        double b = START + 15.0;
        fx(() -> {
            c.select(a, b);
            return null;
        });
        RangeStats r = fx(() -> c.rangeStatsProperty().get());
        assertNotNull(r);
        // throttle iowait is a rate: every stored point in [5 s, 15 s] counts once (11 lines, one a second)
        double[] v = iowait.subMap(a - 1e-6, true, b + 1e-6, true).values().stream()
                .mapToDouble(Double::doubleValue)
                .sorted()
                .toArray();
        assertEquals(11, v.length);
        SeriesQuery.Stats io = r.row("throttle.iowait").stats();
        assertEquals(v.length, io.freshReads());
        assertEquals(v[0], io.min(), 1e-9);
        assertEquals(Arrays.stream(v).average().orElseThrow(), io.mean(), 1e-9);
        assertEquals(v[v.length - 1], io.max(), 1e-9);
        assertEquals(v[(int) Math.ceil(0.99 * v.length) - 1], io.p99(), 1e-9);
        // thermal_zone0 is a level: its reads in the range (5 s … 15 s: 11) and the extremes of what was held
        var reads = thermal0.subMap(a - 1e-6, true, b + 1e-6, true);
        SeriesQuery.Stats t = r.row("thermal_zone0.temp").stats();
        assertEquals(reads.size(), t.freshReads());
        assertEquals(
                reads.values().stream().mapToDouble(Double::doubleValue).min().orElseThrow(), t.min(), 1e-9);
        assertEquals(
                reads.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow(), t.max(), 1e-9);

        Path csv = dir.resolve("range.csv");
        assertTrue(
                fx(() -> ChartsSeen.panel(c).exportCsv(csv)), fx(() -> ChartsSeen.exportResult(ChartsSeen.panel(c))));
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertEquals(String.join(",", RangeStats.CSV_HEADER), lines.get(0));
        assertEquals(1 + r.rows().size(), lines.size());
        String ioLine = lines.stream()
                .filter(l -> l.startsWith("throttle.iowait,"))
                .findFirst()
                .orElseThrow();
        List<String> f = List.of(ioLine.split(",", -1));
        assertEquals(List.of("throttle.iowait", "%", "rate", "1", "once a second"), f.subList(0, 5));
        assertEquals("10.000", f.get(7));
        assertEquals(String.valueOf(v.length), f.get(8));
        assertEquals(v[0], Double.parseDouble(f.get(9)), 1e-9);
        assertEquals(Arrays.stream(v).average().orElseThrow(), Double.parseDouble(f.get(10)), 1e-9);
        assertEquals(v[v.length - 1], Double.parseDouble(f.get(11)), 1e-9);
        assertEquals(v[(int) Math.ceil(0.99 * v.length) - 1], Double.parseDouble(f.get(12)), 1e-9);
        String thermalLine = lines.stream()
                .filter(l -> l.startsWith("thermal_zone0.temp,"))
                .findFirst()
                .orElseThrow();
        assertTrue(thermalLine.startsWith("thermal_zone0.temp,°C,level,1,declared,"), thermalLine);
        assertTrue(thermalLine.contains("," + reads.size() + ","), thermalLine);
    }

    /** The mouse: moving reads, two clicks pin, Shift+drag selects, Esc clears. */
    @Test
    void theMouseMovesTheCursorPinsAndSelects(FxRobot robot) throws Exception {
        Crosshair c = crosshair();
        ChartView thermal = chart("thermal");
        Point2D p1 = fx(() -> thermal.chart()
                .getCanvas()
                .localToScreen(
                        thermal.chart().getCanvas().getWidth() * 0.3,
                        thermal.chart().getCanvas().getHeight() * 0.5));
        Point2D p2 = fx(() -> thermal.chart()
                .getCanvas()
                .localToScreen(
                        thermal.chart().getCanvas().getWidth() * 0.6,
                        thermal.chart().getCanvas().getHeight() * 0.5));
        double t1 = fx(() -> thermal.xAxis()
                .getValueForDisplay(
                        thermal.chart().getCanvas().screenToLocal(p1).getX()));
        double t2 = fx(() -> thermal.xAxis()
                .getValueForDisplay(
                        thermal.chart().getCanvas().screenToLocal(p2).getX()));
        double oneBlock = fx(() -> (thermal.xAxis().getMax() - thermal.xAxis().getMin())
                / thermal.chart().getCanvas().getWidth());

        robot.moveTo(p1);
        until("the cursor follows the mouse", () -> Math.abs(c.cursorProperty().get() - t1) <= 2 * oneBlock);
        until(
                "the thermal chart shows its readout",
                () -> c.readoutTexts(thermal).size() >= 3);
        // every chart shows its own rows at the same time
        ChartView cpu = chart("cpu");
        assertFalse(fx(() -> c.readoutTexts(cpu)).isEmpty());

        robot.clickOn(p1, MouseButton.PRIMARY);
        robot.clickOn(p2, MouseButton.PRIMARY);
        until("two pins", () -> c.pins().size() == 2 && c.pinDeltaProperty().get() != null);
        assertEquals(t2 - t1, fx(() -> c.pinDeltaProperty().get().deltaS()), 4 * oneBlock);
        assertFalse(fx(() -> w.vm.window().userRanges() > 0), "a click pins, it does not zoom");

        robot.press(KeyCode.SHIFT);
        try {
            robot.drag(p1, MouseButton.PRIMARY).moveTo(p2).drop();
        } finally {
            robot.release(KeyCode.SHIFT);
        }
        until("a selected range", () -> c.rangeStatsProperty().get() != null);
        RangeStats r = fx(() -> c.rangeStatsProperty().get());
        assertEquals(t1, r.from(), 4 * oneBlock);
        assertEquals(t2, r.to(), 4 * oneBlock);
        assertFalse(fx(() -> w.vm.window().userRanges() > 0), "Shift+drag selects, it does not zoom");

        robot.type(KeyCode.ESCAPE);
        until(
                "Esc clears pins and range",
                () -> c.pins().isEmpty() && c.rangeStatsProperty().get() == null);
        assertNull(fx(() -> c.pinDeltaProperty().get()));
        assertFalse(fx(() -> ChartsSeen.panel(c).isVisible()));
    }
}
