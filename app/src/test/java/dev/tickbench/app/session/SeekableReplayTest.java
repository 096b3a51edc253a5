package dev.tickbench.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureConverter;
import dev.tickbench.core.capture.CaptureIndex;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.PlottedValues;
import dev.tickbench.testkit.RouterCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seekable capture of the router fixture (400 s at 10 Hz: 40 blocks) opened from its index: the
 * overview is each block's least and greatest of what a whole read plots there, and a run of blocks read
 * draws exactly the points a whole read draws there, the overview around it.
 */
class SeekableReplayTest {
    @TempDir
    static Path dir;

    private static Path capture;
    /** The capture read whole, as the workbench reads a capture without an index. */
    private static SeriesStore whole;

    @BeforeAll
    static void capture() throws IOException {
        Path plain = dir.resolve("router.ndjson");
        new RouterCapture(10, 400, 60, -1).write(plain);
        capture = dir.resolve("router.ndjson.gz");
        CaptureConverter.convert(plain, capture, StreamFormat.V2, false, new PlottedValues(SeriesCatalogue.standard()));
        whole = SeriesStore.replay();
        try (CaptureReader r = CaptureReader.open(capture)) {
            StreamLine l;
            while ((l = r.next()) != null) {
                whole.accept(l);
            }
        }
        whole.compact();
    }

    private static List<double[]> pointsIn(Points p, double from, double to) {
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < p.stored(); i++) {
            if (p.x(i) >= from && p.x(i) < to && !Double.isNaN(p.y(i))) {
                out.add(new double[] {p.x(i), p.y(i)});
            }
        }
        return out;
    }

    @Test
    void theOverviewIsEachBlocksLeastAndGreatestOfWhatAWholeReadPlots() throws IOException {
        SeriesStore s = SeriesStore.replay();
        SeekableReplay r = SeekableReplay.open(capture, s);
        assertNotNull(r);
        r.overview();
        assertEquals(RouterCapture.HOST, s.session().hostname());
        assertEquals(whole.firstX(), s.firstX(), 1e-6);
        assertEquals(whole.latestX(), s.latestX(), 1e-6);
        List<CaptureIndex.Block> blocks = r.capture().index().blocks();
        assertEquals(40, blocks.size(), "400 s in blocks of 10 s");
        int checked = 0;
        for (Series ws : whole.series()) {
            Series os = s.series(ws.name());
            assertNotNull(os, ws.name() + " is in the overview");
            assertTrue(os.label().endsWith(" · 10 s min–max: zoom in for every sample"), os.label());
            Points ov = os.line();
            for (CaptureIndex.Block b : blocks) {
                double from = b.firstWallNs() / 1e9;
                double to = b.lastWallNs() / 1e9;
                List<double[]> in = pointsIn(ws.line(), from, Math.nextUp(to));
                List<double[]> drawn = pointsIn(ov, from, Math.nextUp(to));
                if (in.isEmpty()) {
                    assertTrue(drawn.isEmpty(), ws.name() + ": nothing where a whole read has nothing");
                    continue;
                }
                double min = in.stream().mapToDouble(p -> p[1]).min().orElseThrow();
                double max = in.stream().mapToDouble(p -> p[1]).max().orElseThrow();
                assertEquals(2, drawn.size(), ws.name() + " at " + from);
                assertEquals(min, drawn.get(0)[1], ws.name());
                assertEquals(max, drawn.get(1)[1], ws.name());
                checked++;
            }
        }
        assertTrue(checked > 1000, "bins checked: " + checked);
        // the kernel log lines are on the time axis as a whole read puts them, from the index alone
        List<TimeMark> kmsg = whole.marks().stream()
                .filter(m -> m.kind() == TimeMark.Kind.KMSG)
                .toList();
        assertTrue(kmsg.size() > 3, "the fixture logs: " + kmsg.size());
        assertEquals(
                kmsg,
                s.marks().stream().filter(m -> m.kind() == TimeMark.Kind.KMSG).toList());
    }

    @Test
    void aRunOfBlocksReadDrawsEveryPointAWholeReadDrawsThereAndTheOverviewAroundIt() throws IOException {
        SeriesStore s = SeriesStore.replay();
        SeekableReplay r = SeekableReplay.open(capture, s);
        r.overview();
        List<CaptureIndex.Block> blocks = r.capture().index().blocks();
        double mid = (s.firstX() + s.latestX()) / 2;
        int[] run = r.blocksFor(mid, mid + 30);
        assertNotNull(run, "30 s spans 4 blocks at most");
        assertNull(r.blocksFor(s.firstX(), s.latestX()), "the whole capture is drawn from the overview");
        for (int round = 0; round < 2; round++) {
            if (round == 1) {
                run = r.blocksFor(
                        s.firstX() + 100, s.firstX() + 150); // another run: the first goes back to the overview
            }
            r.read(run[0], run[1], () -> false);
            assertTrue(r.shows(run[0], run[1]));
            double xa = blocks.get(run[0]).firstWallNs() / 1e9;
            double xb = blocks.get(run[1]).firstWallNs() / 1e9;
            int levels = 0;
            for (Series ws : whole.series()) {
                Series os = s.series(ws.name());
                List<double[]> want = pointsIn(ws.line(), xa, xb);
                List<double[]> got = pointsIn(os.line(), xa, xb);
                if (ws.kind() == SeriesKind.LEVEL && (want.isEmpty() || want.get(0)[0] > xa)) {
                    // the value it holds where the run begins: a whole read's last read before it
                    Points w = ws.line();
                    int before = w.lastStoredAtOrBefore(Math.nextDown(xa));
                    assertEquals(xa, got.get(0)[0], ws.name());
                    assertEquals(w.y(before), got.get(0)[1], 1e-9, ws.name() + " held at the run's start");
                    got = got.subList(1, got.size());
                    levels++;
                }
                double lastSample = blocks.get(run[1] - 1).lastWallNs() / 1e9;
                if (ws.kind() == SeriesKind.LEVEL && got.size() == want.size() + 1) {
                    // the level held to the run's last sample, where the line breaks for the overview
                    double[] end = got.get(got.size() - 1);
                    assertEquals(lastSample, end[0], 1e-9, ws.name());
                    assertEquals(got.get(got.size() - 2)[1], end[1], ws.name());
                    got = got.subList(0, got.size() - 1);
                }
                assertEquals(want.size(), got.size(), ws.name() + " points in the run");
                for (int i = 0; i < want.size(); i++) {
                    assertEquals(want.get(i)[0], got.get(i)[0], 1e-9, ws.name());
                    assertEquals(want.get(i)[1], got.get(i)[1], 1e-9, ws.name() + " at " + want.get(i)[0]);
                }
                // outside the run, the overview: two points a block at most
                assertTrue(pointsIn(os.line(), s.firstX(), xa).size() <= 2 * run[0], ws.name());
            }
            assertTrue(levels > 0, "a level that holds a value from before the run was checked");
        }
    }

    @Test
    void anIndexOfAnotherCaptureIsSaidAndTheCaptureIsReadWhole() throws IOException {
        Path other = dir.resolve("other.ndjson.gz");
        Files.copy(capture, other);
        Files.write(CaptureWriter.indexPath(other), Files.readAllBytes(CaptureWriter.indexPath(capture)));
        Files.write(other, java.util.Arrays.copyOf(Files.readAllBytes(capture), (int) Files.size(capture) / 2));
        List<String> said = new ArrayList<>();
        assertNull(SeekableReplay.openOrSay(other, SeriesStore.replay(), said::add));
        assertEquals(1, said.size());
        assertTrue(said.get(0).contains("not this capture's") && said.get(0).contains("read whole"), said.get(0));
    }

    @Test
    void aShortCaptureIsReadWhole() throws IOException {
        Path plain = dir.resolve("short.ndjson");
        new RouterCapture(10, 120, 60, -1).write(plain);
        Path gz = dir.resolve("short.ndjson.gz");
        CaptureConverter.convert(plain, gz, StreamFormat.V2, false, new PlottedValues(SeriesCatalogue.standard()));
        assertTrue(Files.exists(CaptureWriter.indexPath(gz)));
        assertNull(SeekableReplay.open(gz, SeriesStore.replay()), "12 blocks: read whole, as fast");
    }
}
