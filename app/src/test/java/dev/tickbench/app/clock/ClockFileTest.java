package dev.tickbench.app.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureConverter;
import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.PlottedValues;
import dev.tickbench.testkit.RouterCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The clock verdict over a range of a capture with its index reads only the blocks from shortly before
 * the range, and says what the same capture read from its start says: the router fixture's 400 s, its
 * ranges at the start, in the middle, at the end and the whole.
 */
class ClockFileTest {
    @TempDir
    Path dir;

    @Test
    void aSeekableCaptureJudgesAsTheWholeFileDoes() throws IOException {
        Path plain = dir.resolve("router.ndjson");
        new RouterCapture(10, 400, 60, -1).write(plain);
        Path indexed = dir.resolve("indexed.ndjson.gz");
        CaptureConverter.convert(plain, indexed, StreamFormat.V2, false, new PlottedValues(SeriesCatalogue.standard()));
        assertTrue(Files.exists(CaptureWriter.indexPath(indexed)));
        Path whole = dir.resolve("whole.ndjson.gz");
        Files.copy(indexed, whole); // the same bytes, no index: read from its start
        double t0 = RouterCapture.START_WALL_NS / 1e9;
        double[][] ranges = {
            {Double.NaN, Double.NaN}, {t0 + 5, t0 + 30}, {t0 + 200, t0 + 230}, {t0 + 371.05, Double.NaN}
        };
        ClockFile.Indexes index = new ClockFile.Indexes(); // read once for the four ranges
        for (double[] r : ranges) {
            ClockFile.Result a = ClockFile.judge(indexed, index, r[0], r[1], f -> {}, () -> false);
            ClockFile.Result b = ClockFile.judge(whole, ClockFile.Indexes.NONE, r[0], r[1], f -> {}, () -> false);
            assertNull(a.readError());
            assertFalse(a.cancelled());
            assertTrue(a.report().samples() > 0, "samples in " + r[0] + ".." + r[1]);
            assertEquals(b.report(), a.report(), "range " + (r[0] - t0) + " to " + (r[1] - t0));
        }
        assertTrue(index.of(indexed) == index.of(indexed), "the index read once");
    }
}
