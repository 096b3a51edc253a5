package dev.tickbench.core.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The flight recorder on a format 2 stream written by hand, its clock the stream's own times (tick n at
 * n × 100 ms): what a capture holds, how overlapping triggers merge, the cool-down, the disk bound and
 * the ring's memory bound (docs/triggers.md, "The recorder"). Every capture is read back with the
 * project's capture reader.
 */
class FlightRecorderTest {
    private static final long TICK = 100_000_000L;
    private static final long S = 1_000_000_000L;
    private static final long WALL0 = 1_800_000_000_000_000_000L;

    @TempDir
    Path dir;

    private final List<SavedCapture> saved = new CopyOnWriteArrayList<>();

    private FlightRecorder recorder(long pre, long post, long ring, long cooldown, long maxDisk) throws IOException {
        return new FlightRecorder(
                new RecorderConfig(dir, pre, post, ring, 1 << 20, cooldown, maxDisk, 600 * S), saved::add);
    }

    static void line(FlightRecorder r, String s) {
        byte[] b = (s + "\n").getBytes(StandardCharsets.UTF_8);
        r.line(b, 0, b.length);
    }

    static void hello(FlightRecorder r) {
        line(
                r,
                "{\"type\":\"hello\",\"format\":2,\"host\":{\"hostname\":\"edge-3\",\"cores\":2,\"user_hz\":100},\"rate_hz\":10,"
                        + "\"floor_hz\":0,\"capabilities\":{},\"schema\":{\"stat\":[\"cpu.user\"]}}");
    }

    /** Tick n: its sample (stat carries n, by position in the key list), with {@code extra} values after. */
    static void sample(FlightRecorder r, long n, String extra) {
        line(
                r,
                "{\"type\":\"sample\",\"seq\":" + n + ",\"mono_ns\":" + n * TICK + ",\"wall_ns\":" + (WALL0 + n * TICK)
                        + ",\"dt_ns\":" + TICK + ",\"stat\":[" + n + extra + "]}");
    }

    static void trigger(FlightRecorder r, long n, String name) {
        line(
                r,
                "{\"type\":\"trigger\",\"seq\":" + n + ",\"mono_ns\":" + n * TICK + ",\"wall_ns\":" + (WALL0 + n * TICK)
                        + ",\"trigger\":\"" + name
                        + "\",\"expr\":\"kmsg ~ /x/\",\"kind\":\"kmsg\",\"fired\":1,\"values\":{\"msg\":\"x\"}}");
    }

    private static void ticks(FlightRecorder r, long from, long to) {
        for (long n = from; n <= to; n++) {
            sample(r, n, "");
        }
    }

    static List<StreamLine> read(Path f) throws IOException {
        List<StreamLine> out = new ArrayList<>();
        try (CaptureReader r = CaptureReader.open(f)) {
            for (StreamLine l; (l = r.next()) != null; ) {
                out.add(l);
            }
        }
        return out;
    }

    private static List<Long> seqs(List<StreamLine> lines) {
        return lines.stream()
                .filter(SampleLine.class::isInstance)
                .map(l -> ((SampleLine) l).seq())
                .toList();
    }

    private static List<String> triggers(List<StreamLine> lines) {
        return lines.stream()
                .filter(l -> l instanceof OtherLine o && o.type().equals("trigger"))
                .map(l -> ((OtherLine) l).raw().get("trigger").asText())
                .toList();
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    @Test
    void aTriggerIsCutWithItsPreAndPostSecondsIntoAFileThatDecodesOnItsOwn() throws Exception {
        FlightRecorder r = recorder(2 * S, S, 2 * S, 0, 1L << 30);
        hello(r);
        line(r, "{\"type\":\"cadence\",\"mono_ns\":" + 5 * TICK + ",\"window_s\":10.0,\"achieved\":{\"stat\":9.5}}");
        ticks(r, 1, 9);
        // tick 10 adds a key: its schema line precedes it, and leaves the 2 s ring long before the cut
        line(r, "{\"type\":\"schema\",\"seq\":10,\"schema\":{\"stat\":[\"cpu.user\",\"cpu.nice\"]}}");
        for (long n = 10; n <= 40; n++) {
            sample(r, n, "," + (1000 + n));
        }
        trigger(r, 40, "t1");
        for (long n = 41; n <= 60; n++) {
            sample(r, n, "," + (1000 + n));
        }
        r.close();
        assertEquals(1, saved.size());
        SavedCapture c = saved.get(0);
        assertEquals(
                dir.resolve("edge-3_t1_20270115T080004.000Z.ndjson.gz"),
                c.file(),
                "named by host, trigger and the trigger's wall time (UTC)");
        assertEquals(List.of(c.file()), files(), "renamed into place, no partial left");
        List<StreamLine> lines = read(c.file());
        Hello h = assertInstanceOf(Hello.class, lines.get(0));
        assertEquals("edge-3", h.hostname());
        OtherLine cadence = assertInstanceOf(OtherLine.class, lines.get(1));
        assertEquals(
                "cadence", cadence.type(), "the last cadence line, gone from the ring, is carried after the hello");
        List<Long> seqs = seqs(lines);
        assertEquals(20L, seqs.get(0), "2 s before the trigger at 4.0 s: the sample at 2.0 s");
        assertEquals(51L, seqs.get(seqs.size() - 1), "the first sample more than 1 s after it: the sample at 5.1 s");
        assertEquals(32, seqs.size(), "every sample between, none missing");
        assertEquals(32, c.samples());
        assertEquals(List.of("t1"), triggers(lines));
        SampleLine s20 = (SampleLine) lines.stream()
                .filter(l -> l instanceof SampleLine s && s.seq() == 20)
                .findFirst()
                .orElseThrow();
        assertEquals(
                1020L,
                s20.sources().get("stat").get("cpu.nice"),
                "values by position decode with the key list of a schema line no longer in the ring");
        assertEquals(1, r.stats().captures());
        assertFalse(c.truncated());
    }

    @Test
    void aCaptureHoldsTheFirstSampleMoreThanPostAfterItsTrigger() throws Exception {
        FlightRecorder r = recorder(S, 2 * S, 2 * S, 0, 1L << 30);
        hello(r);
        // a real sampler's ticks: 100 ms apart give or take the scheduler's lateness, never on the grid
        long[] late = {27_000, 1_300_000, 450_000, 90_000, 3_100_000, 12_000};
        long trigger = 0;
        List<Long> monos = new ArrayList<>();
        for (long n = 1; n <= 80; n++) {
            long mono = n * TICK + late[(int) (n % late.length)];
            monos.add(mono);
            line(
                    r,
                    "{\"type\":\"sample\",\"seq\":" + n + ",\"mono_ns\":" + mono + ",\"wall_ns\":" + (WALL0 + mono)
                            + ",\"dt_ns\":" + TICK + ",\"stat\":[" + n + "]}");
            if (n == 30) {
                trigger = mono;
                line(
                        r,
                        "{\"type\":\"trigger\",\"seq\":30,\"mono_ns\":" + mono + ",\"wall_ns\":" + (WALL0 + mono)
                                + ",\"trigger\":\"t1\",\"expr\":\"kmsg ~ /x/\",\"kind\":\"kmsg\",\"fired\":1,\"values\":{}}");
            }
        }
        r.close();
        assertEquals(1, saved.size());
        List<SampleLine> samples = read(saved.get(0).file()).stream()
                .filter(SampleLine.class::isInstance)
                .map(SampleLine.class::cast)
                .toList();
        long end = trigger + 2 * S;
        long last = samples.get(samples.size() - 1).monoNs();
        long beforeLast = samples.get(samples.size() - 2).monoNs();
        assertTrue(
                last > end,
                "the last sample is " + (last - end) / 1e3 + " µs after trigger + post: it must be after it");
        assertTrue(beforeLast <= end, "and the one before it at or before it: " + (beforeLast - end) / 1e3 + " µs");
        assertEquals(
                monos.stream().filter(m -> m > end).findFirst().orElseThrow(),
                last,
                "the first sample more than post after the firing");
        assertFalse(saved.get(0).truncated());
    }

    @Test
    void overlappingTriggersGiveOneFileThatRunsToThePostSecondsOfTheLast() throws Exception {
        FlightRecorder r = recorder(2 * S, S, 3 * S, 0, 1L << 30);
        hello(r);
        ticks(r, 1, 40);
        trigger(r, 40, "t1");
        ticks(r, 41, 45);
        trigger(r, 45, "t2");
        ticks(r, 46, 48);
        trigger(r, 48, "t1");
        ticks(r, 49, 80);
        r.close();
        assertEquals(1, saved.size(), saved.toString());
        List<StreamLine> lines = read(saved.get(0).file());
        assertEquals(List.of("t1", "t2", "t1"), triggers(lines));
        List<Long> seqs = seqs(lines);
        assertEquals(20L, seqs.get(0));
        assertEquals(59L, seqs.get(seqs.size() - 1), "the first sample more than 1 s after the last trigger, at 4.8 s");
        assertEquals(List.of("t1", "t2"), saved.get(0).triggers());
        assertEquals(2, r.stats().merged());
    }

    @Test
    void aTriggerInTheCoolDownStartsNoCaptureAndOneAfterItDoes() throws Exception {
        FlightRecorder r = recorder(S, S, 2 * S, 3 * S, 1L << 30);
        hello(r);
        ticks(r, 1, 20);
        trigger(r, 20, "a");
        ticks(r, 21, 50); // the capture ends at 3.0 s; the cool-down runs to 6.0 s
        trigger(r, 50, "b");
        ticks(r, 51, 60);
        trigger(r, 60, "c"); // 6.0 s: the cool-down is over
        ticks(r, 61, 80);
        r.close();
        assertEquals(2, saved.size(), saved.toString());
        assertEquals(List.of("a"), triggers(read(saved.get(0).file())));
        List<StreamLine> second = read(saved.get(1).file());
        assertEquals(List.of("b", "c"), triggers(second), "b is in c's pre-seconds, as the stream had it");
        assertEquals(List.of("c"), saved.get(1).triggers());
        assertEquals(1, r.stats().suppressed());
    }

    @Test
    void theDiskBoundRemovesTheOldestCaptures() throws Exception {
        long bound = 30_000;
        FlightRecorder r = recorder(S, S, S, 0, bound);
        Files.writeString(dir.resolve("notes.txt"), "not a capture: never removed");
        hello(r);
        Random random = new Random(28);
        StringBuilder noise = new StringBuilder();
        long n = 0;
        for (int capture = 0; capture < 6; capture++) {
            for (int i = 0; i < 30; i++) {
                noise.setLength(0);
                for (int k = 0; k < 200; k++) {
                    noise.append(',').append(random.nextInt(1_000_000)); // gzip cannot shrink it much
                }
                sample(r, ++n, noise.toString());
                if (i == 12) {
                    trigger(r, n, "c" + capture);
                }
            }
        }
        r.close();
        assertEquals(6, saved.size());
        List<Path> left = files();
        long total = 0;
        for (Path p : left) {
            total += p.getFileName().toString().endsWith(".gz") ? Files.size(p) : 0;
        }
        assertTrue(total <= bound, "the captures take " + total + " bytes, over the bound " + bound);
        assertTrue(left.contains(saved.get(5).file()), "the newest is kept");
        assertFalse(left.contains(saved.get(0).file()), "the oldest is gone");
        assertTrue(left.contains(dir.resolve("notes.txt")));
        long kept = saved.stream().filter(s -> left.contains(s.file())).count();
        assertEquals(6 - kept, r.stats().deleted());
        for (int i = 0; i + 1 < saved.size(); i++) {
            if (left.contains(saved.get(i).file())) {
                assertTrue(left.contains(saved.get(i + 1).file()), "only the oldest go: " + left);
            }
        }
    }

    @Test
    void theRingHoldsItsWindowWithinItsMemoryBoundAndACutOfItDecodes() throws Exception {
        long bound = 64 << 10;
        FlightRecorder r =
                new FlightRecorder(new RecorderConfig(dir, 2 * S, S, 30 * S, bound, 0, 1L << 30, 600 * S), saved::add);
        hello(r);
        // 250 more keys, whose schema line leaves the ring long before the cut: the cut's hello carries them
        StringBuilder keys = new StringBuilder("\"cpu.user\"");
        for (int k = 0; k < 250; k++) {
            keys.append(",\"k").append(k).append('"');
        }
        line(r, "{\"type\":\"schema\",\"seq\":1,\"schema\":{\"stat\":[" + keys + "]}}");
        String pad = ",0.5".repeat(250);
        for (long n = 1; n <= 600; n++) {
            sample(r, n, pad); // 1 KB a tick: 60 s would be 600 KB
        }
        RecorderStats st = r.stats();
        assertTrue(st.ringBytes() <= bound, st.toString());
        assertTrue(st.ringCapacityBytes() <= bound, st.toString());
        assertTrue(st.ringSpanNs() < 7 * S, "the bytes bound, not the 30 s window, decides: " + st);
        // a cut of a third of the ring: with the lines after it, within the writer's queue (a ring's
        // worth) whenever the writer gets to them (StreamRingTest cuts all of a ring)
        trigger(r, 600, "t1");
        ticks(r, 601, 620);
        r.close();
        assertEquals(1, saved.size());
        List<StreamLine> lines = read(saved.get(0).file());
        List<Long> seqs = seqs(lines);
        assertEquals(580L, seqs.get(0), "2 s before the trigger, from a schema line long gone from the ring");
        for (StreamLine l : lines) {
            if (l instanceof SampleLine s) {
                assertEquals(s.seq(), s.sources().get("stat").get("cpu.user"), "every line whole, in its place");
            }
        }
        assertEquals(611L, seqs.get(seqs.size() - 1));
    }

    @Test
    void theRingsArrayGrowsToItsWindowsLinesNotBeyondThemWhateverTheirSizes() throws Exception {
        FlightRecorder r =
                new FlightRecorder(new RecorderConfig(dir, S, S, 5 * S, 64 << 20, 0, 1L << 30, 600 * S), saved::add);
        hello(r);
        Random random = new Random(5);
        long most = 0;
        for (long n = 1; n <= 5000; n++) {
            sample(r, n, "," + "1".repeat(2000 + random.nextInt(18000))); // lines of 2-20 KB, in any order
            if (n % 7 == 0) {
                line(
                        r,
                        "{\"type\":\"kmsg\",\"mono_ns\":" + n * TICK + ",\"msg\":\"" + "k".repeat(random.nextInt(9000))
                                + "\"}");
            }
            most = Math.max(most, r.stats().ringBytes());
        }
        RecorderStats st = r.stats();
        assertTrue(st.ringSpanNs() <= 5 * S, st.toString());
        assertTrue(most > 256 << 10, "the lines outgrow the first array: " + most);
        assertTrue(
                st.ringCapacityBytes() <= most * 3 / 2 + (64 << 10),
                "the array (" + st.ringCapacityBytes() + " B) is at most half as large again as the lines it held ("
                        + most + " B)");
        r.close();
    }

    @Test
    void aCaptureStillOpenWhenTheStreamEndsIsKeptAndSaysItWasCutShort() throws Exception {
        FlightRecorder r = recorder(5 * S, 10 * S, 5 * S, 0, 1L << 30);
        hello(r);
        ticks(r, 1, 12);
        trigger(r, 12, "early");
        ticks(r, 13, 20);
        r.close();
        assertEquals(1, saved.size());
        assertTrue(saved.get(0).truncated());
        assertEquals(1L, seqs(read(saved.get(0).file())).get(0), "the ring held less than the 5 s asked: all of it");
        assertEquals(20, saved.get(0).samples());
    }
}
