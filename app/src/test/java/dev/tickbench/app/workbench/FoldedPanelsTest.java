package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.clock.ClockPanel;
import dev.tickbench.app.clock.ClockSeen;
import dev.tickbench.app.clock.ClockState;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.ScriptedBoard;
import dev.tickbench.testkit.StoryCapture;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Room for the curves on a machine that lacks most sources (every VM: no cpufreq, thermal or RAPL):
 * the fixture board imx8mq-dt has only stat, meminfo, uptime and its thermal zones, every other source
 * absent. Its absent sources fold into one line of the sources panel, and the clock verdict's column,
 * with no cpufreq to judge, is one narrow line whose width the tracks get until a capture with cpufreq
 * (the scripted laptop's) opens it.
 */
@ExtendWith(ApplicationExtension.class)
class FoldedPanelsTest {
    private static final int WIDTH = 1600;

    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, WIDTH, 1000);
    }

    @Test
    void theAbsentSourcesFoldIntoOneLineThatOpensOnTheirReasons(FxRobot robot) throws Exception {
        open(quiet(Boards.DT));
        List<SessionInfo.SourceRow> absent =
                fx(() -> w.vm.sources().stream().filter(r -> !r.present()).toList());
        List<SessionInfo.SourceRow> present = fx(() ->
                w.vm.sources().stream().filter(SessionInfo.SourceRow::present).toList());
        assertTrue(absent.size() >= 5 && !present.isEmpty(), "imx8mq-dt lacks most sources: " + absent);
        Hyperlink line = fx(() -> (Hyperlink) w.view.lookup("#absent-fold"));
        @SuppressWarnings("unchecked")
        ListView<SessionInfo.SourceRow> absentList =
                fx(() -> (ListView<SessionInfo.SourceRow>) w.view.lookup("#absent-sources"));

        // folded: one line with their count, the list shows the present sources only
        w.drawn();
        assertEquals("▸ " + absent.size() + " absent — why", fx(line::getText));
        assertTrue(fx(() -> line.isVisible() && line.getHeight() > 0), "the line is shown");
        assertEquals(present, fx(() -> List.copyOf(w.view.sourcesPanel().shown())));
        List<String> listed = fx(() -> cellTexts(w.view.sourcesPanel().list()));
        assertFalse(listed.isEmpty());
        assertTrue(listed.stream().allMatch(t -> t.startsWith("✓ ")), "no absent row drawn: " + listed);
        assertFalse(fx(absentList::isVisible), "the absent rows are not shown while folded");

        // opened: each absent source with its reason, under the line
        robot.clickOn(line);
        w.drawn();
        assertEquals("▾ " + absent.size() + " absent", fx(line::getText));
        assertTrue(fx(() -> absentList.isVisible() && absentList.getHeight() > 50), "the absent list is shown");
        assertEquals(absent, fx(() -> List.copyOf(absentList.getItems())));
        List<String> expected = absent.stream()
                .map(r -> "✕ " + r.name() + " — absent: " + r.absentReason())
                .toList();
        assertTrue(absent.stream().allMatch(r -> r.absentReason() != null), "the board says why each is absent");
        List<String> drawn = fx(() -> cellTexts(absentList));
        assertFalse(drawn.isEmpty(), "absent rows drawn");
        assertEquals(expected.subList(0, drawn.size()), drawn, "each with its reason, in order");
        fx(() -> {
            absentList.scrollTo(absent.size() - 1);
            return null;
        });
        w.drawn();
        assertTrue(
                fx(() -> cellTexts(absentList)).contains(expected.get(expected.size() - 1)),
                "the last one scrolled to: " + fx(() -> cellTexts(absentList)));

        // a find lists its matches, absent or not; the line makes way for them
        String name = absent.get(0).name();
        fx(() -> {
            w.view.sourcesPanel().findField().setText(name);
            return null;
        });
        assertTrue(
                fx(() -> w.view.sourcesPanel().shown().contains(absent.get(0))),
                fx(() -> w.view.sourcesPanel().shown()).toString());
        assertFalse(fx(() -> line.isVisible() || absentList.isVisible()), "no line while finding");
        fx(() -> {
            w.view.sourcesPanel().findField().clear();
            return null;
        });
        assertTrue(fx(() -> line.isVisible() && absentList.isVisible()), "open again as it was");

        robot.clickOn(line);
        assertFalse(fx(absentList::isVisible), "folded again");
        assertEquals("▸ " + absent.size() + " absent — why", fx(line::getText));
    }

    @Test
    void withNoCpufreqTheClockColumnIsOneNarrowLineUntilACaptureHasIt() throws Exception {
        ClockPanel panel = fx(() -> (ClockPanel) w.view.getScene().lookup("#clock-panel"));
        assertEquals(List.of("Clock: no session yet"), fx(panel::texts), "nothing to judge before a session");

        open(quiet(Boards.DT));
        until("the line says why", () -> panel.texts().equals(List.of("Clock: no cpufreq")));
        w.drawn();
        double[] narrow = widths(panel);
        assertTrue(narrow[0] < WIDTH * 0.09, "one narrow line: " + narrow[0] + " px of " + WIDTH);
        assertTrue(narrow[0] > 0, "still there to say why");

        Path laptop = dir.resolve("laptop.ndjson.gz");
        StoryCapture.record(Boards.LAPTOP, dir.resolve("laptop"), StreamFormat.V2, laptop);
        open(laptop);
        until("a verdict per policy", () -> {
            ClockState s = ClockSeen.shown(panel);
            return s != null
                    && s == panel.model().state()
                    && s.busy() == null
                    && !s.policies().isEmpty();
        });
        w.drawn();
        double[] open = widths(panel);
        assertEquals(330, open[0], 0.5, "the column open at its width");
        assertTrue(
                fx(panel::texts).contains("WHY IS THE CLOCK LOW?")
                        && !fx(panel::texts).contains("Clock: no cpufreq"),
                fx(panel::texts).toString());
        assertEquals(
                open[0] - narrow[0],
                narrow[1] - open[1],
                1.0,
                "the tracks had the width the line did not take: " + narrow[1] + " px, now " + open[1]);
        assertTrue(narrow[1] - open[1] > 200, "over 200 px more for the curves");
    }

    /** The clock panel's width and the tracks' beside it. */
    private double[] widths(ClockPanel panel) throws Exception {
        return fx(() -> new double[] {panel.getWidth(), w.view.charts().getWidth()});
    }

    /** The texts of the rows {@code list} draws now (rows out of its view are not drawn). */
    private static List<String> cellTexts(ListView<?> list) {
        return list.lookupAll(".list-cell").stream()
                .map(n -> (ListCell<?>) n)
                .filter(c -> c.isVisible() && !c.isEmpty() && c.getText() != null)
                .sorted(java.util.Comparator.comparingInt(ListCell::getIndex))
                .map(ListCell::getText)
                .distinct()
                .toList();
    }

    /** A capture of the fixture {@code board} by the real sampler: 2 s at 10 Hz, nothing changing. */
    private Path quiet(String board) throws Exception {
        Path tree = dir.resolve(board);
        Boards.copyTree(Boards.dir(board), tree);
        Path file = dir.resolve(board + ".ndjson");
        StoryCapture.record(ScriptedBoard.of(tree, board, "stage quiet 20\n"), StreamFormat.V2, file);
        return file;
    }

    private void open(Path file) throws Exception {
        w.replayed(fx(() -> w.view.openCapture(file)));
        until("the capture's sources listed", () -> !w.vm.sources().isEmpty());
    }
}
