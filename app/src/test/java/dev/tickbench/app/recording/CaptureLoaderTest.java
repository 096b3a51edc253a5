package dev.tickbench.app.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.testkit.RouterCapture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureLoaderTest {
    @TempDir
    Path dir;

    @Test
    void replaysAWholeCapture() throws IOException {
        Path f = RouterCapture.small(dir.resolve("board.ndjson.gz"));
        SeriesStore s = SeriesStore.replay();
        long[] last = {0, 0};
        CaptureLoader.Result r = CaptureLoader.load(f, s, (d, t) -> { last[0] = d; last[1] = t; }, () -> false);
        assertTrue(r.complete(), r.message());
        assertEquals(Files.size(f), last[0], "progress ends at the file size");
        assertEquals(RouterCapture.HOST, s.session().hostname());
        // 3000 ticks less the 50 lost in the gap
        assertEquals(2950, s.samples());
        // busy % over 1 s windows (100 ticks): none for the first 99 ticks and the 99 after the gap
        assertEquals(2950 - 2 * 99, s.series("cpu.busy_pct").realPointCount());
        assertEquals(30, s.series("thermal_zone0.temp").realPointCount());
    }

    @Test
    void aTruncatedCaptureKeepsEverythingBeforeTheBadLineAndNamesIt() throws IOException {
        Path good = RouterCapture.small(dir.resolve("good.ndjson"));
        List<String> lines = Files.readAllLines(good, StandardCharsets.UTF_8);
        Path bad = dir.resolve("bad.ndjson");
        String cut = lines.get(99).substring(0, lines.get(99).length() / 2);
        Files.writeString(bad, String.join("\n", lines.subList(0, 99)) + "\n" + cut + "\n" + lines.get(100) + "\n");
        SeriesStore s = SeriesStore.replay();
        CaptureLoader.Result r = CaptureLoader.load(bad, s, (d, t) -> { }, () -> false);
        assertFalse(r.complete());
        assertEquals(100, r.badLine());
        assertEquals(99, r.lines());
        assertTrue(r.message().startsWith("bad.ndjson is damaged at line 100 ("), r.message());
        assertTrue(s.samples() > 90, "lines before the bad one are shown: " + s.samples());
    }
}
