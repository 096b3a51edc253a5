package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.charts.ChartsSeen;
import dev.tickbench.app.session.WhoLog;
import dev.tickbench.app.session.WhoRows;
import dev.tickbench.app.who.WhoLine;
import dev.tickbench.app.who.WhoPanel;
import dev.tickbench.app.who.WhoSeen;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * "Who is doing it?" in the window, on the capture recorded while its causes were made
 * (captures/real/who.ndjson.gz: a busy loop in the cgroup /tickbench-who-capture from 5 s to 35 s, a tail
 * holding 200 MiB from 5 s to 25 s). Pinned at 15 s the loop heads the processes with its CPU and the tail
 * shows its memory; the Cgroups table is headed by the loop's cgroup; over a range each cell has its mean
 * and its peak; a click on a column's header sorts by it, twice most first; a picked row's memory is drawn
 * over the time in view with its start and exit marked, and drawn on tracks of its own on a click.
 */
@ExtendWith(ApplicationExtension.class)
class WhoPanelTest {
    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    @Test
    void theLoopTheTailAndTheirCgroupAreNamedAtThePinAndOverARange(FxRobot robot) throws Exception {
        openTheRealCapture();
        Node panel = fx(() -> w.view.getScene().lookup("#who-panel"));
        @SuppressWarnings("unchecked")
        TableView<WhoLine> table =
                fx(() -> (TableView<WhoLine>) w.view.getScene().lookup("#who-table"));
        Label scope = fx(() -> (Label) w.view.getScene().lookup("#who-scope"));
        until(
                "the panel shown with the capture's table",
                () -> panel.isVisible() && !table.getItems().isEmpty());
        double start = fx(() -> w.vm.sessionProperty().get().startX());

        fx(() -> {
            w.view.charts().crosshair().pin(start + 15);
            return null;
        });
        until(
                () -> "the pin's rows: " + scope.getText(),
                () -> scope.getText().startsWith("at the pin ") && first(table).startsWith("sh "));
        WhoLine loop = fx(() -> table.getItems().get(0));
        String cpu = fx(() -> cell(table, 0, 1));
        assertTrue(cpu.matches("(0\\.[5-9]\\d*|1(\\.0\\d*)?)"), "the loop's CPUs as drawn: " + cpu + " " + loop);
        int tail = fx(() -> index(table, "tail "));
        assertTrue(tail > 0, "the tail named: " + fx(() -> names(table)));
        double tailMb = Double.parseDouble(fx(() -> cell(table, tail, 2)).replace("\u00a0", ""));
        assertTrue(tailMb >= 209 && tailMb < 260, "its 200 MiB resident, in MB: " + tailMb);
        w.drawn();
        assertEquals(330, fx(panel::getBoundsInParent).getWidth(), 0.5, "the panel at its width");

        // a click on the tail's row: its memory over the whole capture in view, its start and exit marked
        fx(() -> {
            w.vm.window().showAll(start, start + 40);
            table.getSelectionModel().select(tail);
            return null;
        });
        until(
                () -> "the tail's trace: " + WhoSeen.trace((WhoPanel) panel),
                () -> WhoSeen.trace((WhoPanel) panel) != null
                        && WhoSeen.trace((WhoPanel) panel).who().startsWith("tail/"));
        WhoSeen.Trace trace = fx(() -> WhoSeen.trace((WhoPanel) panel));
        assertTrue(trace.memoryTop() >= 200 * 1024 * 1024 && trace.memoryTop() < 260e6, "its 212 MB: " + trace);
        assertEquals(1, trace.memoryRuns(), "read every second while named: one unbroken line " + trace);
        assertTrue(trace.startX() > start + 2 && trace.startX() < start + 8, "its start marked: " + trace);
        assertTrue(trace.exitX() > start + 20 && trace.exitX() < start + 30, "its exit marked: " + trace);
        String traceTitle = fx(() -> ((Label) w.view.lookup("#who-trace-title")).getText());
        assertTrue(traceTitle.startsWith("tail ") && traceTitle.contains("exited "), traceTitle);
        w.drawn();
        fx(() -> {
            PngWriter.save(w.view, shots().resolve("who-trace.png"));
            return null;
        });

        // the mouse passing a time the tail had exited by leaves it picked: its row comes back selected
        fx(() -> {
            w.view.charts().crosshair().cursorProperty().set(start + 38);
            return null;
        });
        until(
                () -> "the rows at 38 s: " + scope.getText(),
                () -> scope.getText().startsWith("at the crosshair ") && index(table, "tail ") < 0);
        assertTrue(fx(() -> WhoSeen.trace((WhoPanel) panel)).who().startsWith("tail/"), "still traced");
        fx(() -> {
            w.view.charts().crosshair().cursorProperty().set(Double.NaN);
            return null;
        });
        until(
                () -> "the tail picked again at the pin: " + scope.getText(),
                () -> fx(() -> table.getSelectionModel().getSelectedItem() != null
                        && table.getSelectionModel()
                                .getSelectedItem()
                                .entry()
                                .shown()
                                .startsWith("tail ")));

        // drawn on the tracks: its memory on a track of its own, every read, its legend named as the table names it
        Node plot = fx(() -> w.view.lookup("#who-plot"));
        robot.moveTo(plot); // off the charts: the rows go back to the pin's
        until(
                () -> "the pin's rows again: " + scope.getText(),
                () -> scope.getText().startsWith("at the pin ") && !plot.isDisabled());
        robot.clickOn(plot);
        until(
                () -> "the tail's memory on a track: " + w.vm.statusProperty().get(),
                () -> fx(() -> {
                    ChartView m = w.view.charts().charts().get("who_memory");
                    return m != null && ChartsSeen.shownExtent(m)[1] >= 200 * 1.048576;
                }));
        ChartView memoryTrack = fx(() -> w.view.charts().charts().get("who_memory"));
        double[] extent = fx(() -> ChartsSeen.shownExtent(memoryTrack));
        assertTrue(extent[1] >= 209 && extent[1] < 260, "the tail's 212 MB, drawn: " + extent[1]);
        List<String> legend = fx(() -> ChartsSeen.legend(memoryTrack));
        assertTrue(legend.stream().anyMatch(l -> l.contains("1.0 Hz · policy")), "its cadence: " + legend);
        assertTrue(legend.stream().anyMatch(l -> l.startsWith("tail ")), "named as in the table: " + legend);
        until(
                () -> "said: " + w.vm.statusProperty().get(),
                () -> w.vm.statusProperty().get().startsWith("Drawn on the tracks: tail "));
        assertTrue(fx(() -> w.view.charts().charts().containsKey("who_cpu")), "its CPU too");
        assertTrue(fx(() -> w.view.charts().chart("who_cpu").isOnScreen()), "brought into view");
        List<String> processMarks = fx(() -> ChartsSeen.marks(memoryTrack).stream()
                .filter(m -> m.kind() == dev.tickbench.app.session.TimeMark.Kind.PROCESS)
                .map(dev.tickbench.app.session.TimeMark::text)
                .toList());
        assertTrue(
                processMarks.stream().anyMatch(t -> t.startsWith("tail ") && t.endsWith(" exited")),
                "its exit marked on its track: " + processMarks);
        assertTrue(
                fx(() -> ChartsSeen.marks(w.view.charts().chart("cpu")).stream()
                        .noneMatch(m -> m.kind() == dev.tickbench.app.session.TimeMark.Kind.PROCESS)),
                "not on the machine's tracks");
        w.drawn();
        fx(() -> {
            PngWriter.save(w.view, shots().resolve("who-plotted.png"));
            return null;
        });

        ToggleButton cgroups = fx(() -> (ToggleButton) w.view.lookupAll(".toggle-button").stream()
                .filter(n -> n instanceof ToggleButton t && t.getText().equals("Cgroups"))
                .findFirst()
                .orElseThrow());
        robot.clickOn(cgroups);
        until(() -> "the cgroups' rows: " + names(table), () -> first(table).equals("/tickbench-who-capture"));
        // a tree: a cgroup under a named ancestor follows it, with only the ancestor's other descendants between
        List<String> paths =
                fx(() -> table.getItems().stream().map(r -> r.entry().who()).toList());
        for (int i = 0; i < paths.size(); i++) {
            for (int j = 0; j < paths.size(); j++) {
                String up = paths.get(j);
                if (paths.get(i).startsWith(up + "/")) {
                    assertTrue(j < i, up + " after " + paths.get(i) + ": " + paths);
                    for (int k = j + 1; k < i; k++) {
                        assertTrue(paths.get(k).startsWith(up + "/"), paths.get(k) + " inside " + up + ": " + paths);
                    }
                }
            }
        }

        robot.clickOn(fx(() -> w.view.lookupAll(".toggle-button").stream()
                .filter(n -> n instanceof ToggleButton t && t.getText().equals("Processes"))
                .findFirst()
                .orElseThrow()));
        fx(() -> {
            w.view.charts().crosshair().select(start + 10, start + 20);
            return null;
        });
        until(
                () -> "the range's rows: " + scope.getText(),
                () -> scope.getText().startsWith("over ") && first(table).startsWith("sh "));
        w.drawn();
        String rest = fx(() -> ((Label) w.view.lookup("#who-rest")).getText());
        assertTrue(
                rest.matches(
                        "The rest, mean over the range: \\d+ processes · .* CPUs · .* MB · \\d+ started, \\d+ exited in the range"),
                rest);
        int started = Integer.parseInt(rest.replaceAll(".* (\\d+) started.*", "$1"));
        assertTrue(started >= 200, "the fork storm's 300 sleep, started at 15 s, most of them in the rest: " + rest);
        String meanAndPeak = fx(() -> cell(table, 0, 1));
        assertTrue(meanAndPeak.matches("0\\.\\d+\\n(0\\.\\d+|1(\\.0\\d*)?)"), "mean over peak: " + meanAndPeak);

        // the MB header twice: by memory, most first (the JVMs of the build beside the capture held more than the tail)
        Node mb = fx(() -> w.view.lookupAll(".label").stream()
                .filter(n -> n instanceof Label l && "MB".equals(l.getText()))
                .findFirst()
                .orElseThrow());
        robot.clickOn(mb);
        robot.clickOn(mb);
        until(() -> "sorted by memory, most first: " + names(table), () -> {
            List<Double> memory = memory(table);
            return table.getComparator() != null
                    && memory.size() > 3
                    && memory.equals(
                            memory.stream().sorted(Comparator.reverseOrder()).toList());
        });
        assertTrue(
                fx(() -> table.getItems().get(0).value(WhoLog.Quantity.MEMORY))
                        >= fx(() -> table.getItems().get(index(table, "tail ")).value(WhoLog.Quantity.MEMORY)),
                "the tail below the first");
        // a name's tooltip follows its row through the sort: its whole key, its start and exit, its reads here
        String life = fx(() -> nameTip(table, index(table, "tail ")));
        assertTrue(
                life.startsWith("tail/")
                        && life.contains("\nstarted ")
                        && life.contains("\nexited ")
                        && life.matches("(?s).*\nnamed in \\d+ reads? here"),
                life);
        assertTrue(fx(() -> nameTip(table, index(table, "sh "))).startsWith("sh/"), "the loop's own");

        w.drawn();
        fx(() -> {
            PngWriter.save(w.view, shots().resolve("who-panel.png"));
            return null;
        });
    }

    /**
     * From one read to the next of the same processes, each keeps its line: the table's list only changes
     * order, no cell is emptied to be filled again (rows replaced at each read would empty and style every
     * cell once a second), and each cell writes its process's new value.
     */
    @Test
    void aProcessKeepsItsLineFromReadToReadAndItsCellsTheirNewValues() throws Exception {
        openTheRealCapture();
        @SuppressWarnings("unchecked")
        TableView<WhoLine> table =
                fx(() -> (TableView<WhoLine>) w.view.getScene().lookup("#who-table"));
        Label scope = fx(() -> (Label) w.view.getScene().lookup("#who-scope"));
        until("the capture's table", () -> !table.getItems().isEmpty());
        double start = fx(() -> w.vm.sessionProperty().get().startX());
        // two reads a second apart that name the same processes, the loop's CPU different in them
        double[] pair = fx(() -> {
            for (double x = start + 8; x < start + 34; x += 1) {
                List<WhoRows> a = processesAt(x);
                List<WhoRows> b = processesAt(x + 1);
                if (a.size() > 3
                        && keys(a).equals(keys(b))
                        && a.get(0).entry().shown().startsWith("sh ")
                        && a.get(0).value(WhoLog.Quantity.CPU) != b.get(0).value(WhoLog.Quantity.CPU)) {
                    return new double[] {x, x + 1};
                }
            }
            return null;
        });
        assertTrue(pair != null, "two reads of the same processes in the capture");

        fx(() -> {
            w.view.charts().crosshair().pin(pair[0]);
            return null;
        });
        until(
                () -> "the first read's rows: " + scope.getText(),
                () -> fx(() -> first(table).startsWith("sh ")
                        && table.getItems().get(0).value(WhoLog.Quantity.CPU) == cpuAt(pair[0])));
        w.drawn();
        WhoLine loop = fx(() -> table.getItems().get(0));
        List<WhoLine> before = fx(() -> List.copyOf(table.getItems()));
        List<String> changes = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<String> emptied = new java.util.concurrent.CopyOnWriteArrayList<>();
        fx(() -> {
            table.getItems().addListener((javafx.collections.ListChangeListener<WhoLine>) c -> {
                while (c.next()) {
                    if (!c.wasPermutated()) {
                        changes.add(c.toString());
                    }
                }
            });
            table.lookupAll(".table-cell").stream()
                    .map(n -> (TableCell<?, ?>) n)
                    .filter(c -> !c.isEmpty())
                    .forEach(c -> c.emptyProperty().addListener((o, was, now) -> {
                        if (now) {
                            emptied.add(c.getTableColumn().getText() + " of row " + c.getIndex());
                        }
                    }));
            return null;
        });

        fx(() -> {
            w.view.charts().crosshair().pin(pair[1]); // the second pin: the table is at the last
            return null;
        });
        until(
                () -> "the next read's rows: " + scope.getText(),
                () -> fx(() -> loop.value(WhoLog.Quantity.CPU) == cpuAt(pair[1])));
        w.drawn();
        assertEquals(List.of(), changes, "the list only reordered");
        assertEquals(List.of(), emptied, "no cell emptied and filled again");
        List<WhoLine> after = fx(() -> List.copyOf(table.getItems()));
        assertTrue(
                after.size() == before.size()
                        && before.stream().allMatch(b -> after.stream().anyMatch(a -> a == b)),
                "the same lines: " + before + " then " + after);
        int at = fx(() -> table.getItems().indexOf(loop));
        double drawn = Double.parseDouble(fx(() -> cell(table, at, 1)));
        double cpu = fx(() -> cpuAt(pair[1]));
        assertEquals(cpu, drawn, Math.abs(cpu) * 0.006, "the loop's cell writes its new CPUs");
    }

    /** The process rows of the capture at {@code x}, as the panel takes them (FX thread). */
    private List<WhoRows> processesAt(double x) {
        var store = w.vm.showingProperty().get().store();
        double hold = WhoRows.hold(store.session(), WhoLog.Table.PROCESSES);
        return WhoRows.at(store.who().entries(), WhoLog.Table.PROCESSES, x, hold);
    }

    private double cpuAt(double x) {
        return processesAt(x).stream()
                .filter(r -> r.entry().shown().startsWith("sh "))
                .findFirst()
                .orElseThrow()
                .value(WhoLog.Quantity.CPU);
    }

    private static List<String> keys(List<WhoRows> rows) {
        return rows.stream().map(r -> r.entry().who()).sorted().toList();
    }

    /** The capture recorded while the loop, the tail and the fork storm ran, opened and replayed. */
    private void openTheRealCapture() throws Exception {
        Path capture = dir.resolve("who.ndjson.gz");
        try (InputStream in = WhoPanelTest.class.getResourceAsStream("/captures/real/who.ndjson.gz")) {
            assertTrue(in != null, "the real capture on the test class path");
            Files.copy(in, capture);
        }
        w.replayed(fx(() -> w.view.openCapture(capture)));
    }

    /** Where the pictures go: target/screenshots, or assets/screenshots with -Dtickbench.screenshots. */
    private static Path shots() throws java.io.IOException {
        return Files.createDirectories(Path.of(System.getProperty("user.dir"))
                .resolve(System.getProperty("tickbench.screenshots", "target/screenshots")));
    }

    private static String first(TableView<WhoLine> table) {
        return table.getItems().isEmpty() ? "" : table.getItems().get(0).entry().shown();
    }

    private static List<Double> memory(TableView<WhoLine> table) {
        return table.getItems().stream()
                .map(r -> r.value(WhoLog.Quantity.MEMORY))
                .filter(v -> !v.isNaN())
                .toList();
    }

    /** The rows' names (a message: read on any thread). */
    private static List<String> names(TableView<WhoLine> table) {
        return List.copyOf(table.getItems()).stream()
                .map(r -> r.entry().shown())
                .toList();
    }

    private static int index(TableView<WhoLine> table, String prefix) {
        for (int i = 0; i < table.getItems().size(); i++) {
            if (table.getItems().get(i).entry().shown().startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }

    /** The tooltip of the name in row {@code row}, as the user reads it on hovering there. */
    private static String nameTip(TableView<WhoLine> table, int row) {
        table.scrollTo(row);
        table.layout();
        return table.lookupAll(".table-cell").stream()
                .map(n -> (TableCell<?, ?>) n)
                .filter(c -> c.getIndex() == row
                        && c.getTableColumn() == table.getColumns().get(0)
                        && c.getTooltip() != null)
                .map(c -> c.getTooltip().getText())
                .findFirst()
                .orElse("");
    }

    /** The text the table draws in row {@code row}, column {@code column}, as the user reads it. */
    private static String cell(TableView<WhoLine> table, int row, int column) {
        table.scrollTo(row);
        table.layout();
        return table.lookupAll(".table-cell").stream()
                .map(n -> (TableCell<?, ?>) n)
                .filter(c -> c.getIndex() == row
                        && c.getTableColumn() == table.getColumns().get(column)
                        && c.getText() != null)
                .map(TableCell::getText)
                .findFirst()
                .orElse("");
    }
}
