package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.charts.ChartsSeen;
import dev.tickbench.app.charts.SeriesPicker;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.capture.LineDecoder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.concurrent.Worker;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A line keeps what it means (docs/workbench-charts.md, "Tracks"): the slab track's five caches, once
 * picked, keep their places and colours when another cache grows past them; the grown cache is offered
 * ("▲ 1 now in the top", marked in the picker), and drawn only when the user picks it, in a colour no
 * drawn line has.
 */
@ExtendWith(ApplicationExtension.class)
class SteadyPicksWindowTest {
    private static final String HELLO =
            "{\"type\":\"hello\",\"format\":1,\"host\":{\"hostname\":\"b7\",\"kernel\":\"6.1.0\","
                    + "\"cores\":2,\"user_hz\":100},\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":1000000000000,"
                    + "\"started_mono_ns\":500000000000,\"capabilities\":{\"sources\":{\"slabinfo\":true},"
                    + "\"attributes\":{\"slabinfo\":{\"objsize\":{\"a\":100,\"b\":100,\"c\":100,\"d\":100,\"e\":100,"
                    + "\"f\":100,\"g\":100}}}}}";
    private static final Set<String> FIRST =
            Set.of("slabinfo.c", "slabinfo.d", "slabinfo.e", "slabinfo.f", "slabinfo.g");

    @TempDir
    Path dir;

    private WindowFixture w;

    @Start
    void start(Stage stage) {
        w = new WindowFixture(stage, 1600, 1000);
    }

    private static String sample(long seq, String slab) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + (500_000_000_000L + seq * 100_000_000L)
                + ",\"wall_ns\":" + (1_000_000_000_000L + seq * 100_000_000L) + ",\"dt_ns\":100000000"
                + ",\"slabinfo\":{" + slab + "}}";
    }

    @Test
    void theDrawnCachesKeepTheirPlacesAndColoursAndANewTopCacheIsOffered() throws Exception {
        Path file = dir.resolve("slab.ndjson");
        Files.write(
                file,
                List.of(
                        HELLO,
                        sample(1, "\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6,\"g\":70"),
                        sample(2, "\"a\":1,\"g\":71")));
        var open = fx(() -> w.view.openCapture(file));
        until(
                "the replay",
                () -> open.getState() == Worker.State.SUCCEEDED
                        && !w.vm.loadingProperty().get());
        ChartView slab = fx(() -> w.view.charts().chart("slab"));
        until(
                "the five largest drawn",
                () -> fx(() -> w.vm.selection().drawnNames(slab.group())).equals(FIRST));
        Map<String, String> before = fx(() -> ChartsSeen.colours(slab));
        Set<String> distinct = new HashSet<>();
        for (String name : FIRST) {
            String[] lineAndBadge = before.get(name).split("\\|");
            assertEquals(lineAndBadge[0], lineAndBadge[1], name + ": its badge has its line's colour");
            distinct.add(lineAndBadge[0]);
        }
        assertEquals(5, distinct.size(), "five lines, five colours: " + before);

        // a grows past c: c keeps its line, a is offered (what the window's ranking every 2 s does)
        SeriesStore store = fx(() -> w.vm.storeProperty().get());
        LineDecoder decoder = new LineDecoder();
        store.accept(decoder.decode(sample(3, "\"a\":500")));
        store.flush();
        fx(() -> {
            w.vm.selection().refreshDefaults();
            return null;
        });
        until("the offer shown", () -> fx(() -> ChartsSeen.offered(slab))[0].equals("▲ 1 now in the top"));
        assertTrue(fx(() -> ChartsSeen.offered(slab))[1].contains(": a."), fx(() -> ChartsSeen.offered(slab))[1]);
        assertEquals(FIRST, fx(() -> w.vm.selection().drawnNames(slab.group())), "nothing swapped in");
        assertEquals(before, fx(() -> ChartsSeen.colours(slab)), "every line keeps its colour");
        assertTrue(
                fx(slab::legendTexts).contains("▲ 1 now in the top"),
                fx(slab::legendTexts).toString());

        // the picker marks it; picked instead of c, a takes the colour c leaves, the others keep theirs
        SeriesPicker picker = fx(slab::picker);
        fx(() -> {
            picker.refresh();
            return null;
        });
        assertEquals("slabinfo.a", fx(() -> ChartsSeen.listed(picker)).get(0), "largest first");
        fx(() -> {
            picker.check("slabinfo.a", true);
            picker.check("slabinfo.c", false);
            return null;
        });
        until("a drawn", () -> fx(() -> ChartsSeen.colours(slab)).get("slabinfo.a") != null);
        Map<String, String> after = fx(() -> ChartsSeen.colours(slab));
        for (String name : List.of("slabinfo.d", "slabinfo.e", "slabinfo.f", "slabinfo.g")) {
            assertEquals(before.get(name), after.get(name), name + " keeps its colour");
        }
        assertEquals(before.get("slabinfo.c"), after.get("slabinfo.a"), "the colour c left");
        assertEquals("", fx(() -> ChartsSeen.offered(slab))[0], "picked: no longer offered");

        // c drawn again: its old colour is a's now, so it takes one no drawn line has
        fx(() -> {
            picker.check("slabinfo.c", true);
            return null;
        });
        until(
                "c drawn again",
                () -> fx(() -> w.vm.selection().drawnNames(slab.group())).contains("slabinfo.c"));
        Map<String, String> again = fx(() -> ChartsSeen.colours(slab));
        Set<String> six = new HashSet<>();
        again.forEach((n, c) -> {
            if (c != null) {
                six.add(c.split("\\|")[0]);
            }
        });
        assertEquals(6, six.size(), "six lines, six colours: " + again);
        assertNotEquals(after.get("slabinfo.a"), again.get("slabinfo.c"));
        assertEquals(after.get("slabinfo.a"), again.get("slabinfo.a"), "a keeps the colour it was drawn in");
    }
}
