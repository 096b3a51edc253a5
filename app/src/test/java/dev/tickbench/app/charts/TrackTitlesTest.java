package dev.tickbench.app.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.testkit.Waits;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Every track of the catalogue, as a chart and as the titled track that waits for its first series, in a
 * 1600×1000 window with the workbench's style sheets: each title is shown whole, never cut with "…"
 * (a capture shows a few of them in the real window: TrackTitlesWindowTest).
 */
@ExtendWith(ApplicationExtension.class)
class TrackTitlesTest {
    private final VBox tracks = new VBox();
    private final List<ChartGroup> groups = SeriesCatalogue.standard().groups();

    @Start
    void start(Stage stage) {
        Selection selection = new Selection(SeriesStore.replay());
        for (ChartGroup g : groups) {
            tracks.getChildren().addAll(new ChartView(g, selection, () -> {}), new WaitingTrack(g, "waiting"));
        }
        Scene scene = new Scene(new ScrollPane(tracks), 1600, 1000);
        for (String sheet : List.of("colours.css", "tickbench.css")) {
            scene.getStylesheets()
                    .add(ChartView.class
                            .getResource("/dev/tickbench/app/" + sheet)
                            .toExternalForm());
        }
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void everyTrackTitleIsShownWhole() throws Exception {
        List<String> cut = fx(() -> {
            tracks.applyCss();
            tracks.layout();
            return ChartsSeen.cutTitles(tracks.getChildren());
        });
        assertEquals(List.of(), cut, "titles cut");
        assertEquals(
                2 * groups.size(),
                fx(() -> ChartsSeen.titles(tracks.getChildren()).size()),
                "every track titled");
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }
}
