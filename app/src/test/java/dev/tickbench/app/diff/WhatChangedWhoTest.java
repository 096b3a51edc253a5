package dev.tickbench.app.diff;

import static dev.tickbench.app.diff.WhatChangedWindowTest.fx;
import static dev.tickbench.app.diff.WhatChangedWindowTest.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * "Who changed" in the What changed? window, on the capture recorded while its causes were made
 * (captures/real/who.ndjson.gz: a busy loop in the cgroup /tickbench-who-capture, a tail holding 200 MiB;
 * its README): B while they ran (3–9 s) against A, the quiet end (34–39.8 s). The loop, the tail and the
 * loop's cgroup head their lists, as tickbench-probe diff prints them; a click on the tail picks its row.
 */
@ExtendWith(ApplicationExtension.class)
class WhatChangedWhoTest {
    @TempDir
    static Path dir;

    @Test
    void theLoopTheHogAndTheirCgroupHeadTheirLists() throws Exception {
        Path capture = dir.resolve("who.ndjson.gz");
        try (InputStream in = WhatChangedWhoTest.class.getResourceAsStream("/captures/real/who.ndjson.gz")) {
            assertTrue(in != null, "the real capture on the test class path");
            Files.copy(in, capture);
        }
        DiffView view =
                fx(() -> WhatChangedWindowTest.show(new Stage(), dir, capture, WhatChangedWindowTest.loaded(capture)));
        DiffViewModel vm = view.model();
        fx(() -> {
            vm.a().fromProperty().set("34");
            vm.a().toProperty().set("39.8");
            vm.b().fromProperty().set("3");
            vm.b().toProperty().set("9");
            vm.rank();
            return null;
        });
        until("the ranking", () -> !vm.rows().isEmpty());
        WhoChangedList who = (WhoChangedList) view.lookup("#diff-who");
        List<List<String>> lists = fx(() -> lists(who));

        List<String> cpu = list(lists, "process CPU (CPUs)");
        assertTrue(cpu.get(0).matches("sh \\d+ \\+0\\.9\\d+ \\(B only\\)"), "the busy loop first: " + cpu);
        List<String> memory = list(lists, "process memory (MB)");
        assertTrue(
                memory.get(0).matches("tail \\d+ \\+(1[89]\\d|20\\d)(\\.\\d+)? \\(B only\\)"),
                "the tail first: " + memory);
        List<String> cgroup = list(lists, "cgroup CPU (CPUs)");
        assertTrue(
                cgroup.get(0).matches("/tickbench-who-capture \\+0\\.9\\d+( \\(B only\\))?"),
                "its cgroup first: " + cgroup);
        assertTrue(
                lists.stream().allMatch(l -> l.size() <= 1 + WhoChangedList.TOP), "at most three a quantity: " + lists);

        Hyperlink tail = fx(() -> who.getChildren().stream()
                .filter(n -> n instanceof Hyperlink h && h.getText().startsWith("tail "))
                .map(n -> (Hyperlink) n)
                .findFirst()
                .orElseThrow());
        fx(() -> {
            tail.fire();
            return null;
        });
        String series = (String) tail.getUserData();
        assertTrue(series.matches("procs\\.tail/\\d+@\\d+\\|rss"), series);
        until(
                "the tail's row picked",
                () -> view.table().getSelectionModel().getSelectedItem() != null
                        && view.table()
                                .getSelectionModel()
                                .getSelectedItem()
                                .name()
                                .equals(series));
        String note = fx(() -> view.overlay().note().getText());
        boolean drawn = fx(() -> view.overlay().chart().isVisible());
        // the charts do not draw the tables' series: said, not an empty chart
        assertEquals(false, drawn);
        assertEquals(
                series + " is a process's or a cgroup's: the charts do not draw the process and cgroup tables,"
                        + " so its A and B are the ranking's numbers only.",
                note);
        Path shots = Files.createDirectories(Path.of(System.getProperty("user.dir"), "target", "screenshots"));
        fx(() -> {
            dev.tickbench.app.workbench.PngWriter.save(view, shots.resolve("what-changed-who.png"));
            view.getScene().getWindow().hide();
            return null;
        });
    }

    /** Each quantity's heading followed by its entries' texts, in the order shown. */
    private static List<List<String>> lists(WhoChangedList who) {
        List<List<String>> out = new ArrayList<>();
        for (Node n : who.getChildren()) {
            if (n.getStyleClass().contains("diff-who-quantity")) {
                out.add(new ArrayList<>(List.of(((Label) n).getText())));
            } else if (n instanceof Hyperlink h) {
                out.get(out.size() - 1).add(h.getText());
            }
        }
        return out;
    }

    private static List<String> list(List<List<String>> lists, String heading) {
        return lists.stream()
                .filter(l -> l.get(0).equals(heading))
                .findFirst()
                .map(l -> l.subList(1, l.size()))
                .orElseThrow(() -> new AssertionError("no list " + heading + ": " + lists));
    }
}
