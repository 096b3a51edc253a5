package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.charts.ChartsSeen;
import dev.tickbench.app.charts.ClockLabels;
import dev.tickbench.app.charts.Crosshair;
import dev.tickbench.app.charts.Readout;
import dev.tickbench.app.charts.SeriesPicker;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.text.Numbers;
import dev.tickbench.testkit.RouterCapture;
import dev.tickbench.testkit.SyntheticCapture;
import io.fair_acc.chartfx.plugins.XRangeIndicator;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import javafx.concurrent.Worker;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * "Readable everywhere", on the tracks: numbers without E-notation, time labels at the
 * precision of their spacing, every plot area at the same x, the readout listing every drawn series
 * beside the plot, no ChartFX tool bar over a chart, the picker sorted by memory with a filter, the
 * Memory track with its readout and Find, a hole of slipped ticks drawn and listed as a gap.
 */
@ExtendWith(ApplicationExtension.class)
class ReadableTracksTest {
    private static final double START = SyntheticCapture.START_WALL_NS / 1e9;
    /** A plain number, grouped by spaces from five digits on, with an SI suffix from 100 000 on: never E-notation. */
    private static final Pattern READABLE =
            Pattern.compile("-?\\d{1,4}(\u00A0\\d{3})*(\\.\\d+)?( [kMGTP])?|-?\\d{1,3}(\u00A0\\d{3})+(\\.\\d+)?");

    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1200, 800); // within Monocle's headless screen
    }

    private void open(Path file) throws Exception {
        var task = fx(() -> w.view.openCapture(file));
        until(
                "the replay",
                () -> task.getState() == Worker.State.SUCCEEDED
                        && w.vm.replayProperty().get());
        w.drawn();
    }

    /**
     * Brings {@code shown} onto the screen by folding every other track to its title, and waits until
     * they have drawn there: a track off screen takes its points without drawing or ranging its axes
     * (docs/workbench-charts.md, "Redraws"), and the 1200×800 window holds four of them.
     */
    private void onScreen(ChartView... shown) throws Exception {
        List<ChartView> keep = List.of(shown);
        fx(() -> {
            for (ChartView v : w.view.charts().tracks()) {
                Tracks.collapse(v, !keep.contains(v));
            }
            ChartsSeen.scroll(w.view.charts()).setVvalue(0);
            return null;
        });
        for (ChartView v : shown) {
            until(v.group().id() + " on screen", v::isOnScreen);
        }
        w.drawn();
    }

    private ChartView chart(String group) throws Exception {
        return fx(() -> w.view.charts().chart(group));
    }

    @Test
    void axisLabelsAreGroupedOrSuffixedNeverENotation() throws Exception {
        assertEquals("75\u00A0000", Numbers.label(75_000, 5_000), "75 000 was drawn as 8E4");
        assertEquals("30\u00A0000", Numbers.label(30_000, 10_000), "a count of 30 000 was 3E4");
        assertEquals("0", Numbers.label(0, 0.1 / 3), "PMU's zero was 0E0");
        assertEquals("0.25", Numbers.label(0.25, 0.25));
        assertEquals("185.0 k", Numbers.label(185_000, 2_500), "ticks 2 500 apart need one decimal of k");
        assertEquals("187.5 k", Numbers.label(187_500, 2_500));
        assertEquals("190 k", Numbers.label(190_000, 10_000));
        assertEquals("1.25 M", Numbers.label(1_250_000, 250_000));
        assertEquals("1800", Numbers.label(1800, 500), "four digits stay together");

        // on the tracks of a board capture: slab caches near 190 000 objects, MHz, °C, per-second rates
        open(RouterCapture.small(dir.resolve("edge-router-3.ndjson")));
        for (ChartView v : fx(() -> List.copyOf(w.view.charts().tracks()))) {
            onScreen(v);
            var y = Tracks.yAxis(v);
            List<String> labels = fx(() -> Tracks.yTickLabels(v));
            assertFalse(labels.isEmpty(), v.group().id() + " has no y labels");
            double unit = fx(y::getTickUnit);
            for (int i = 0; i < labels.size(); i++) {
                String l = labels.get(i);
                assertTrue(READABLE.matcher(l).matches(), v.group().id() + " y label '" + l + "' of " + labels);
                assertFalse(l.contains("E"), v.group().id() + ": " + labels);
            }
            List<Double> values = fx(() -> y.getTickMarks().stream()
                    .filter(m -> m.isVisible())
                    .map(m -> m.getValue())
                    .toList());
            for (int i = 0; i < values.size(); i++) {
                assertEquals(
                        Numbers.label(values.get(i), unit),
                        labels.get(i),
                        v.group().id() + " tick " + values.get(i));
            }
        }
        onScreen(chart("slab"));
        List<String> slab = fx(() -> Tracks.yTickLabels(chart("slab")));
        assertTrue(slab.stream().allMatch(l -> l.endsWith(" k")), "slab caches near 190 000 read in k: " + slab);
    }

    @Test
    void timeTicksHaveTheDecimalsOfTheirSpacing() throws Exception {
        // ticks every 1.5 s read ":43.0, :44.5, :46.0" (they read ":43, :45, :46", two of them a whole second apart)
        ClockLabels labels = new ClockLabels(() -> 1.5, ZoneId.of("UTC"));
        double t = 1_764_446_443.0; // 2025-11-29T20:00:43Z
        assertEquals(
                List.of("20:00:43.0", "20:00:44.5", "20:00:46.0"),
                List.of(labels.toString(t), labels.toString(t + 1.5), labels.toString(t + 3)));
        assertEquals("20:00:43", new ClockLabels(() -> 2, ZoneId.of("UTC")).toString(t));
        assertEquals("20:00:43.25", new ClockLabels(() -> 0.25, ZoneId.of("UTC")).toString(t + 0.25));

        // on the window, whatever spacing ChartFX picks for a span: every label as exact as its spacing, none twice
        open(RouterCapture.small(dir.resolve("edge-router-3.ndjson")));
        double start = RouterCapture.START_WALL_NS / 1e9;
        for (double span : new double[] {9, 12, 15, 2.2}) {
            fx(() -> {
                w.vm.window().userRange(start + 3, start + 3 + span);
                return null;
            });
            w.drawn();
            ChartView cpu = chart("cpu");
            double unit = fx(() -> cpu.xAxis().getTickUnit());
            List<String> shown = fx(() ->
                    cpu.xAxis().getTickMarks().stream().map(m -> m.getText()).toList());
            int decimals = Math.min(3, Numbers.decimals(unit));
            for (String l : shown) {
                int d = l.contains(".") ? l.length() - l.indexOf('.') - 1 : 0;
                assertEquals(decimals, d, "ticks " + unit + " s apart: " + shown);
            }
            assertEquals(shown.size(), shown.stream().distinct().count(), "two ticks read the same: " + shown);
        }
    }

    @Test
    void everyTracksPlotAreaStartsAndEndsAtTheSameX() throws Exception {
        open(RouterCapture.small(dir.resolve("edge-router-3.ndjson")));
        List<ChartView> tracks = fx(() -> List.copyOf(w.view.charts().tracks()));
        assertTrue(tracks.size() >= 8, "tracks: " + tracks.size());
        Scene scene = fx(w.view::getScene);
        for (ChartView v : tracks) {
            onScreen(tracks.get(0), v);
            // labels from "0" to "190 k" and "1800": the plot areas were 10–15 px apart. Both are read in one FX
            // turn in which nothing is left to lay out or draw (a track just on screen ranges its axes in its first
            // redraw, and the layout after that places its plot area; the scroll bar may have gone meanwhile)
            Bounds[] seen = new Bounds[2];
            until(
                    () -> v.group().id() + "'s plot area from x " + seen[1] + " where "
                            + tracks.get(0).group().id() + "'s is, " + seen[0],
                    () -> {
                        if (!Drawn.pending(scene).isEmpty()) {
                            return false;
                        }
                        seen[0] = tracks.get(0).plotBoundsInScene();
                        seen[1] = v.plotBoundsInScene();
                        return Math.abs(seen[0].getMinX() - seen[1].getMinX()) <= 0.5
                                && Math.abs(seen[0].getMaxX() - seen[1].getMaxX()) <= 0.5;
                    });
            double t = fx(() -> w.vm.window().min() + 7.3);
            // a track's axis takes the window's range at its next layout: once it has, one time is at one x
            until(
                    v.group().id() + ": a time at one x on every track (" + fx(() -> Tracks.sceneXAt(tracks.get(0), t))
                            + " there, " + fx(() -> Tracks.sceneXAt(v, t)) + " here)",
                    () -> Math.abs(Tracks.sceneXAt(tracks.get(0), t) - Tracks.sceneXAt(v, t)) <= 0.5);
        }
    }

    @Test
    void theReadoutListsEveryDrawnSeriesBesideThePlot() throws Exception {
        Path file = dir.resolve("slabs.ndjson");
        Map<String, Long> caches = new LinkedHashMap<>();
        for (int i = 0; i < 12; i++) {
            caches.put("cache" + i, 1000L + 100 * i);
        }
        try (SyntheticCapture c = SyntheticCapture.file(file, 10, 0, SyntheticCapture.attributes())) {
            for (int t = 0; t < 30; t++) {
                Map<String, Long> now = new LinkedHashMap<>();
                for (Map.Entry<String, Long> e : caches.entrySet()) {
                    now.put(e.getKey(), e.getValue() + Math.floorMod(e.getKey().hashCode() + t, 7));
                }
                c.sample(Map.of("slabinfo", now));
            }
        }
        open(file);
        ChartView slab = chart("slab");
        SeriesPicker picker = fx(slab::picker);
        List<String> eight = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            eight.add("slabinfo.cache" + i);
        }
        fx(() -> {
            picker.refresh();
            for (String n : ChartsSeen.listed(picker)) {
                picker.check(n, eight.contains(n));
            }
            return null;
        });
        until("eight drawn", () -> w.vm.selection().drawnNames(slab.group()).size() == 8);
        Crosshair c = fx(() -> w.view.charts().crosshair());
        double t = START + 1.55;
        fx(() -> {
            c.hover(slab, t);
            return null;
        });
        w.drawn();
        List<String> texts = fx(() -> c.readoutTexts(slab));
        // the time, then one line per drawn series: at most 4 were shown, the rest cut off by the chart's height
        assertEquals(9, texts.size(), texts.toString());
        assertEquals(Readout.clock(t), texts.get(0));
        for (int i = 0; i < 8; i++) {
            String line = texts.get(1 + i);
            assertTrue(line.startsWith("cache" + i + "  ") && line.endsWith(" objects · fresh"), line);
        }
        // beside the plot, never over it: the legend ends left of the plot area, and each line is in reach (it scrolls)
        Bounds plot = fx(slab::plotBoundsInScene);
        Bounds legend = fx(() -> slab.getChildrenUnmodifiable()
                .get(0)
                .localToScene(slab.getChildrenUnmodifiable().get(0).getLayoutBounds()));
        assertTrue(legend.getMaxX() <= plot.getMinX(), "legend " + legend + " over the plot " + plot);
        var scroll = fx(() -> (javafx.scene.control.ScrollPane) slab.lookup(".badge-scroll"));
        assertNotNull(scroll);
        fx(() -> {
            scroll.setVvalue(1);
            scroll.layout();
            return null;
        });
        w.drawn();
        assertEquals(texts, fx(() -> c.readoutTexts(slab)), "scrolling the legend keeps the readout");
    }

    @Test
    void noToolBarOverAChartAndAClickNearItsTopPins(FxRobot robot) throws Exception {
        open(RouterCapture.small(dir.resolve("edge-router-3.ndjson")));
        ChartView thermal = chart("thermal");
        assertNull(fx(() -> thermal.chart().getToolBar().getScene()), "ChartFX's tool bar is not in the window");
        assertNull(fx(() -> thermal.chart().getMenuPane().getTop()));
        // the tool bar slid in when the mouse came near the top and took this click
        Point2D top = fx(() -> thermal.chart()
                .getCanvas()
                .localToScreen(thermal.chart().getCanvas().getWidth() * 0.5, 3));
        robot.moveTo(top);
        robot.clickOn(top, MouseButton.PRIMARY);
        Crosshair c = fx(() -> w.view.charts().crosshair());
        until("the click pinned", () -> c.pins().size() == 1);
    }

    @Test
    void theSlabPickerIsSortedByMemoryAndFilters() throws Exception {
        Path file = dir.resolve("slabs.ndjson");
        ObjectNode attrs = SyntheticCapture.attributes();
        ObjectNode sizes = attrs.putObject("slabinfo").putObject("objsize");
        // few big objects can hold more than many small ones
        sizes.put("dentry", 192)
                .put("kmalloc-64", 64)
                .put("kmalloc-4k", 4096)
                .put("inode_cache", 600)
                .put("filp", 256);
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("dentry", 10_000L); // 1.92 MB
        counts.put("kmalloc-64", 50_000L); // 3.2 MB
        counts.put("kmalloc-4k", 100L); // 0.41 MB
        counts.put("inode_cache", 2_000L); // 1.2 MB
        counts.put("filp", 6_000L); // 1.54 MB
        counts.put("nosize_cache", 900_000L); // no object size published: last
        try (SyntheticCapture c = SyntheticCapture.file(file, 10, 0, attrs)) {
            for (int t = 0; t < 20; t++) {
                c.sample(Map.of("slabinfo", counts));
            }
        }
        open(file);
        SeriesPicker picker = fx(() -> chart("slab").picker());
        fx(() -> {
            picker.refresh();
            return null;
        });
        assertEquals(
                List.of(
                        "slabinfo.kmalloc-64",
                        "slabinfo.dentry",
                        "slabinfo.filp",
                        "slabinfo.inode_cache",
                        "slabinfo.kmalloc-4k",
                        "slabinfo.nosize_cache"),
                fx(() -> ChartsSeen.listed(picker)),
                "largest memory first, unknown sizes last");
        fx(() -> {
            picker.filter().setText("kmalloc");
            return null;
        });
        assertEquals(List.of("slabinfo.kmalloc-64", "slabinfo.kmalloc-4k"), fx(() -> ChartsSeen.listed(picker)));
        fx(() -> {
            picker.check("slabinfo.kmalloc-4k", true);
            picker.check("slabinfo.dentry", false);
            return null;
        });
        until(
                "the pick drawn",
                () -> w.vm.selection().drawnNames(chart("slab").group()).contains("slabinfo.kmalloc-4k")
                        && !w.vm.selection().drawnNames(chart("slab").group()).contains("slabinfo.dentry"));
    }

    @Test
    void theMemoryTrackReadsMeminfoAndFindFindsIt() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson"));
        TreeMap<Double, Long> memFree = new TreeMap<>();
        try (CaptureReader in = CaptureReader.open(file)) {
            for (StreamLine l = in.next(); l != null; l = in.next()) {
                if (l instanceof SampleLine s && s.sources().get("meminfo") != null) {
                    SourceValues m = s.sources().get("meminfo");
                    memFree.put(s.wallNs() / 1e9, (long) m.get("MemFree"));
                }
            }
        }
        open(file);
        ChartView memory = chart("memory");
        assertNotNull(memory, "a Memory track");
        assertEquals("Memory", memory.group().title());
        assertTrue(
                fx(memory::badgeTexts).stream().anyMatch(b -> b.startsWith("MemAvailable")),
                fx(memory::badgeTexts).toString());
        Crosshair c = fx(() -> w.view.charts().crosshair());
        double start = RouterCapture.START_WALL_NS / 1e9;
        double t = start + 4.005;
        fx(() -> {
            c.hover(memory, t);
            return null;
        });
        var read = memFree.floorEntry(t);
        Readout.Row row = fx(() -> c.readoutProperty().get().row("meminfo.MemFree"));
        assertNotNull(row, "MemFree in the readout");
        assertEquals(read.getValue() / 1024.0, row.at().value(), 1e-9, "kB in MiB");
        assertTrue(
                fx(() -> c.readoutTexts(memory))
                        .contains("MemFree  " + Readout.number(read.getValue() / 1024.0) + " MiB · fresh"),
                fx(() -> c.readoutTexts(memory)).toString());

        // Ctrl+F MemFree said "no session yet"
        var panel = fx(() -> w.view.sourcesPanel());
        fx(() -> {
            panel.findField().setText("MemFree");
            return null;
        });
        assertEquals(
                List.of("meminfo"),
                fx(() -> panel.shown().stream().map(r -> r.name()).toList()));
        fx(() -> {
            w.view.showSource("meminfo", List.of());
            return null;
        });
        assertEquals("Showing meminfo", fx(() -> w.vm.statusProperty().get()));
        fx(() -> {
            panel.findField().setText("no-such-thing");
            return null;
        });
        String said = fx(() -> ((javafx.scene.control.Label) panel.list().getPlaceholder()).getText());
        assertTrue(said.startsWith("nothing matches \"no-such-thing\""), said);
    }

    @Test
    void aHoleOfSlippedTicksIsAGapBandAndAnEvent() throws Exception {
        Path file = dir.resolve("slipped.ndjson");
        try (SyntheticCapture c = SyntheticCapture.file(file, 100, 0, SyntheticCapture.attributes())) {
            for (int t = 0; t < 300; t++) {
                if (t == 150) {
                    c.slip(139); // 1.4 s late: seq stays consecutive, the sample says it skipped 139 slots
                }
                c.sample(Map.of("meminfo", SyntheticCapture.values("MemFree", 1000 + t, "MemAvailable", 2000 + t)));
            }
        }
        open(file);
        List<TimeMark> gaps =
                fx(() -> w.vm.events().stream().filter(TimeMark::hole).toList());
        assertEquals(1, gaps.size(), gaps.toString());
        assertEquals(TimeMark.Kind.SLIP, gaps.get(0).kind(), "slipped, not lost: every seq arrived");
        TimeMark g = gaps.get(0);
        assertEquals("gap 1.4 s: 139 ticks slipped (the sampler ran late)", g.text());
        assertEquals(START + 150 * 0.01, g.x(), 1e-6, "from the last sample before the hole");
        assertEquals(START + (151 + 139) * 0.01, g.toX(), 1e-6, "to the first after it");
        ChartView memory = chart("memory");
        List<double[]> bands = fx(() -> memory.chart().getPlugins().stream()
                .filter(p -> p instanceof XRangeIndicator)
                .map(p -> new double[] {((XRangeIndicator) p).getLowerBound(), ((XRangeIndicator) p).getUpperBound()})
                .toList());
        assertEquals(1, bands.size(), "a band on the track");
        assertEquals(g.x(), bands.get(0)[0], 1e-9);
        assertEquals(g.toX(), bands.get(0)[1], 1e-9);
        fx(() -> {
            w.view.charts().refresh();
            return null;
        });
        assertTrue(
                fx(() -> w.view.charts().rateText()).endsWith("· 139 missed"),
                fx(() -> w.view.charts().rateText()));
    }
}
