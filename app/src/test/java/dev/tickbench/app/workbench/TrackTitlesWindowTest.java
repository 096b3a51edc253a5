package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartsSeen;
import dev.tickbench.testkit.RouterCapture;
import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The track titles of a capture in the real window at 1600×1000, as it opens: every one shown whole,
 * the buddy free lists' and the I/O concurrency's included (every track of the catalogue: TrackTitlesTest).
 */
@ExtendWith(ApplicationExtension.class)
class TrackTitlesWindowTest {
    private WindowFixture w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    @Test
    void everyTrackOfTheDefaultLayoutShowsItsWholeTitle() throws Exception {
        Path file = RouterCapture.small(dir.resolve("edge-router-3.ndjson.gz"));
        w.replayed(fx(() -> w.view.openCapture(file)));
        w.drawn();

        List<String> titles = fx(() -> w.view.charts().trackTitles());
        assertTrue(titles.containsAll(List.of("Buddy free lists", "I/O concurrency: effective")), titles.toString());
        assertEquals(
                titles.size(),
                fx(() -> ChartsSeen.titles(w.view.charts().tracks()).size()),
                "every track");
        assertEquals(List.of(), fx(() -> ChartsSeen.cutTitles(w.view.charts().tracks())), "titles cut");
    }
}
