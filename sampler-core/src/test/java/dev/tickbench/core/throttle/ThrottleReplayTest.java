package dev.tickbench.core.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThrottleReplayTest {
    @TempDir
    Path dir;

    @Test
    void replaysATextSeriesOneSecondPerValueLikeTheLiveController() throws IOException {
        Path f = dir.resolve("iowait.txt");
        Files.writeString(f, "# iowait % at 1 Hz\n0\n0\n\n0\n100\n100\n100\n100\n");
        IowaitSeries.Loaded loaded = IowaitSeries.load(f);
        assertEquals(Optional.empty(), loaded.warning());
        List<ThrottleReplay.Step> steps = ThrottleReplay.run(4, loaded.points());
        // created at 0 s, the i-th value (from 1) at i s: the first growth (spread 2 s) is at the 2nd value
        assertEquals(
                List.of(
                        new ThrottleReplay.Step(0, 0, 0, Zone.GREEN, 1),
                        new ThrottleReplay.Step(1, 0, 0, Zone.GREEN, 2),
                        new ThrottleReplay.Step(2, 0, 0, Zone.GREEN, 2),
                        new ThrottleReplay.Step(3, 100, 25, Zone.GREEN, 2),
                        new ThrottleReplay.Step(4, 100, 40, Zone.YELLOW, 2),
                        new ThrottleReplay.Step(5, 100, 60, Zone.YELLOW, 2),
                        new ThrottleReplay.Step(6, 100, 80, Zone.RED, 1)),
                steps);
    }

    @Test
    void aBadTextLineIsNamedByNumber() throws IOException {
        Path f = dir.resolve("bad.txt");
        Files.writeString(f, "12.5\n# note\nabc\n");
        IOException e = assertThrows(IowaitSeries.SeriesFormatException.class, () -> IowaitSeries.load(f));
        assertEquals(f + " line 3: not a number (one iowait percentage from 0 to 100 per line)", e.getMessage());
        Files.writeString(f, "12.5\n140\n");
        e = assertThrows(IowaitSeries.SeriesFormatException.class, () -> IowaitSeries.load(f));
        assertEquals(f + " line 2: 140 is not an iowait percentage from 0 to 100", e.getMessage());
        Files.writeString(f, "# only a comment\n\n");
        e = assertThrows(IowaitSeries.SeriesFormatException.class, () -> IowaitSeries.load(f));
        assertEquals(f + ": no iowait values in it (one percentage per line)", e.getMessage());
    }

    @Test
    void aCaptureWithThrottleLinesReplaysTheirIowait() throws IOException {
        long m = 7_000_000_000L;
        Path f = dir.resolve("cap.ndjson");
        Files.writeString(
                f,
                String.join(
                        "\n",
                        "{\"type\":\"hello\",\"format\":1,\"rate_hz\":10,\"started_mono_ns\":" + (m - 1_000_200_000L)
                                + "}",
                        "{\"type\":\"sample\",\"seq\":1,\"mono_ns\":" + (m - 100)
                                + ",\"stat\":{\"cpu.iowait\":9,\"cpu.idle\":1}}",
                        throttle(m, 12.5),
                        throttle(m + 1_000_000_000L, 0),
                        throttle(m + 2_000_000_300L, 7.5),
                        "{\"type\":\"future_thing\",\"x\":1}",
                        ""));
        List<IowaitPoint> points = IowaitSeries.load(f).points();
        // each line at its own time after the stream started (when the live controller was created)
        assertEquals(
                List.of(
                        new IowaitPoint(0, 12.5, 1_000_200_000L),
                        new IowaitPoint(1, 0, 2_000_200_000L),
                        new IowaitPoint(2, 7.5, 3_000_200_300L)),
                points);
        List<ThrottleReplay.Step> steps = ThrottleReplay.run(2, points);
        assertEquals(new ThrottleReplay.Step(2, 7.5, (12.5 + 0 + 7.5) / 3, Zone.GREEN, 2), steps.get(2));
    }

    @Test
    void throttleLinesOfAStreamJoinedLateStartAtOneSecondAndKeepTheirSpacing() throws IOException {
        Path f = dir.resolve("late.ndjson");
        long m = 50_000_000_000L;
        Files.writeString(f, throttle(m, 1) + "\n" + throttle(m + 1_000_000_700L, 2) + "\n");
        assertEquals(
                List.of(new IowaitPoint(0, 1, 1_000_000_000L), new IowaitPoint(1, 2, 2_000_000_700L)),
                IowaitSeries.load(f).points());
    }

    private static String throttle(long mono, double iowait) {
        return "{\"type\":\"throttle\",\"mono_ns\":" + mono + ",\"iowait\":" + iowait
                + ",\"smoothed\":1,\"zone\":\"GREEN\",\"effective\":1}";
    }

    /** 10 Hz stat samples: iowait per second = Σ cpu.iowait / Σ cpu.* of the samples ending in it. */
    private static String statCapture(int seconds, int[] iowaitTicksPerSecond, String tail) {
        StringBuilder sb = new StringBuilder("{\"type\":\"hello\",\"format\":1,\"rate_hz\":10}\n");
        long mono = 1_000_000_000_000L;
        int seq = 0;
        for (int s = 0; s < seconds; s++) {
            for (int i = 0; i < 10; i++) {
                seq++;
                mono += 100_000_000L;
                // 20 ticks per sample over 2 cpus; the second's iowait ticks land on its first sample
                int io = i == 0 ? iowaitTicksPerSecond[s] : 0;
                sb.append("{\"type\":\"sample\",\"seq\":")
                        .append(seq)
                        .append(",\"mono_ns\":")
                        .append(mono)
                        .append(",\"dt_ns\":100000000,\"stat\":{\"cpu.user\":5,\"cpu.idle\":")
                        .append(15 - io)
                        .append(",\"cpu.iowait\":")
                        .append(io)
                        .append(",\"cpu0.iowait\":")
                        .append(io)
                        .append(",\"cpu0.user\":5,\"ctxt\":100,\"procs_running\":3}}\n");
            }
        }
        return sb + tail;
    }

    @Test
    void aCaptureWithoutThrottleLinesDerivesIowaitFromStatDeltas() throws IOException {
        Path f = dir.resolve("cap.ndjson");
        Files.writeString(f, statCapture(3, new int[] {10, 0, 15}, ""));
        // 200 cpu ticks per second: 10 → 5 %, 0 → 0 %, 15 → 7.5 %
        assertEquals(
                List.of(new IowaitPoint(0, 5.0), new IowaitPoint(1, 0.0), new IowaitPoint(2, 7.5)),
                IowaitSeries.load(f).points());
    }

    @Test
    void aGzippedCaptureIsRecognisedByItsBytes() throws IOException {
        Path f = dir.resolve("capture.bin");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(f))) {
            o.write(statCapture(2, new int[] {20, 4}, "").getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(
                List.of(new IowaitPoint(0, 10.0), new IowaitPoint(1, 2.0)),
                IowaitSeries.load(f).points());
    }

    @Test
    void aTruncatedCaptureKeepsEveryLineBeforeItAndSaysWhere() throws IOException {
        Path f = dir.resolve("cut.ndjson");
        Files.writeString(f, statCapture(2, new int[] {20, 4}, "{\"type\":\"sample\",\"seq\":21,\"mono_"));
        IowaitSeries.Loaded loaded = IowaitSeries.load(f);
        assertEquals(List.of(new IowaitPoint(0, 10.0), new IowaitPoint(1, 2.0)), loaded.points());
        assertTrue(
                loaded.warning().orElseThrow().startsWith(f + " line 22: not a valid stream line ("),
                loaded.warning().toString());
        assertTrue(
                loaded.warning().orElseThrow().endsWith("; replayed the 21 lines before it"),
                loaded.warning().toString());
    }

    @Test
    void aCaptureWithNothingToReplayIsAnError() throws IOException {
        Path f = dir.resolve("empty.ndjson");
        Files.writeString(f, "{\"type\":\"hello\",\"format\":1}\n");
        IOException e = assertThrows(IowaitSeries.SeriesFormatException.class, () -> IowaitSeries.load(f));
        assertTrue(e.getMessage().startsWith(f + ": the capture has no throttle lines"), e.getMessage());
    }
}
