package dev.tickbench.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tickbench.core.diff.CaptureEvents.Event;
import dev.tickbench.core.diff.CaptureEvents.Kind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The events a range in another capture can be aligned at, read from a small capture written by hand:
 * each kind at the wall time docs/diff.md gives it, a second hello's own clock offset, and a truncated
 * last line named.
 */
class CaptureEventsTest {
    static final long WALL = 1_764_446_400_000_000_000L;
    static final long MONO = 5_000_000_000L;
    /** The second session's hello: another host clock, so kmsg after it moves by another offset. */
    static final long WALL2 = WALL + 3_600_000_000_000L;

    static final long MONO2 = 9_000_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void eachKindOfEventGetsItsWallClockTime() throws Exception {
        Path file = dir.resolve("run.ndjson");
        Files.writeString(
                file,
                String.join(
                        "\n",
                        hello(WALL, MONO, 100),
                        sample(1, MONO + 10_000_000, WALL + 10_000_000),
                        // a kernel log record 0.5 s after the hello by its own clock, with an ESC in its text
                        "{\"type\":\"kmsg\",\"mono_ns\":" + (MONO + 500_000_000)
                                + ",\"prio\":6,\"facility\":0,\"seq\":7,\"us\":5500000,"
                                + "\"msg\":\"make: build started \\u001b[31m\"}",
                        sample(2, MONO + 20_000_000, WALL + 20_000_000),
                        "{\"type\":\"trigger\",\"seq\":2,\"mono_ns\":" + (MONO + 20_000_000) + ",\"wall_ns\":"
                                + (WALL + 20_000_001)
                                + ",\"trigger\":\"slow\",\"expr\":\"slow: psi.io.some_pct > 5\",\"kind\":\"condition\",\"fired\":1,"
                                + "\"values\":{}}",
                        "{\"type\":\"gap\",\"from_seq\":3,\"to_seq\":5,\"dropped\":3,\"reason\":\"reconnect\"}",
                        sample(6, MONO + 60_000_000, WALL + 60_000_000),
                        sample(8, MONO + 80_000_000, WALL + 80_000_000), // seq 7 never came: a gap without a gap line
                        "{\"type\":\"kmsg_gap\",\"mono_ns\":" + (MONO + 85_000_000)
                                + ",\"dropped\":4,\"from_us\":5085000,\"to_us\":5086000,"
                                + "\"reason\":\"queue_overflow\"}",
                        hello(WALL2, MONO2, 10),
                        "{\"type\":\"kmsg\",\"mono_ns\":" + (MONO2 + 1_000_000_000)
                                + ",\"prio\":6,\"facility\":0,\"seq\":8,\"us\":1,\"msg\":\"after\"}",
                        sample(
                                1,
                                MONO2 + 100_000_000,
                                WALL2 + 100_000_000), // seq from 1 again: a new session, not a gap
                        "{\"type\":\"sample\",\"seq\":2,\"mono_ns\":")); // cut off mid-line, without a newline
        CaptureEvents.Result r = CaptureEvents.read(file);
        assertEquals(
                List.of(
                        new Event(Kind.KMSG, WALL + 500_000_000, "make: build started \\x1b[31m"),
                        new Event(
                                Kind.TRIGGER, WALL + 20_000_001, "trigger slow fired (#1): slow: psi.io.some_pct > 5"),
                        new Event(Kind.GAP, WALL + 60_000_000, "gap 0.0 s: reconnect (seq 3–5)"),
                        new Event(Kind.GAP, WALL + 80_000_000, "gap 0.0 s: missing seq 7–7"),
                        new Event(Kind.KMSG, WALL + 85_000_000, "kernel log: 4 records lost here (queue_overflow)"),
                        new Event(Kind.SESSION, WALL2, "new session: 10 Hz · FLOOR_HZ off (edge-1)"),
                        new Event(Kind.KMSG, WALL2 + 1_000_000_000, "after")),
                r.events());
        assertEquals(WALL + 10_000_000, r.firstSampleWallNs());
        assertEquals(13L, r.stoppedAtLine());
        assertEquals(0, r.leftOut());
        assertEquals(1, r.warnings().size());
        String w = r.warnings().get(0);
        assertEquals(file + " line 13: ", w.substring(0, w.indexOf(": ") + 2));
        assertEquals("; listed the events before it", w.substring(w.lastIndexOf(';')));
    }

    @Test
    void aGapAtTheEndIsAtTheLastSampleAndACaptureWithoutSamplesHasNoFirstSample() throws Exception {
        Path file = dir.resolve("end.ndjson");
        Files.writeString(
                file,
                String.join(
                                "\n",
                                hello(WALL, MONO, 100),
                                sample(1, MONO + 10_000_000, WALL + 10_000_000),
                                "{\"type\":\"gap\",\"from_seq\":2,\"to_seq\":2,\"reason\":\"probe_behind\"}")
                        + "\n");
        CaptureEvents.Result r = CaptureEvents.read(file);
        assertEquals(
                List.of(new Event(
                        Kind.GAP, WALL + 10_000_000, "gap: probe_behind (seq 2–2), at the end of the samples")),
                r.events());
        assertNull(r.stoppedAtLine());
        assertEquals(List.of(), r.warnings());

        Path bare = dir.resolve("bare.ndjson");
        Files.writeString(bare, hello(WALL, MONO, 100) + "\n");
        assertNull(CaptureEvents.read(bare).firstSampleWallNs(), "no sample: no first sample, not 0");
    }

    @Test
    void atMostTenThousandEventsAreKeptAndTheRestCounted() throws Exception {
        StringBuilder b = new StringBuilder(hello(WALL, MONO, 100)).append('\n');
        for (int i = 0; i < CaptureEvents.MAX_EVENTS + 5; i++) {
            b.append("{\"type\":\"kmsg\",\"mono_ns\":")
                    .append(MONO + i)
                    .append(",\"prio\":6,\"facility\":0,\"seq\":")
                    .append(i)
                    .append(",\"us\":1,\"msg\":\"m")
                    .append(i)
                    .append("\"}\n");
        }
        Path file = dir.resolve("flood.ndjson");
        Files.writeString(file, b);
        CaptureEvents.Result r = CaptureEvents.read(file);
        assertEquals(CaptureEvents.MAX_EVENTS, r.events().size());
        assertEquals("m9999", r.events().get(CaptureEvents.MAX_EVENTS - 1).text(), "the first ones are kept");
        assertEquals(5, r.leftOut());
        assertEquals(List.of(file + ": 5 more events after the first 10000 were left out"), r.warnings());
    }

    @Test
    void aFileThatCannotBeReadIsNamed() throws Exception {
        Path missing = dir.resolve("missing.ndjson.gz");
        assertEquals(
                missing + ": no such file",
                assertThrows(IOException.class, () -> CaptureEvents.read(missing))
                        .getMessage());
        Path notGzip = dir.resolve("plain.ndjson.gz");
        Files.writeString(notGzip, hello(WALL, MONO, 100) + "\n");
        String m = assertThrows(IOException.class, () -> CaptureEvents.read(notGzip))
                .getMessage();
        assertEquals(notGzip + ": not a gzip file", m.substring(0, m.indexOf(" (")));
    }

    private static String hello(long wall, long mono, int rate) {
        return "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"test\"},\"host\":{\"hostname\":\"edge-1\",\"cores\":2,"
                + "\"user_hz\":100},\"rate_hz\":" + rate + ",\"floor_hz\":0,\"started_wall_ns\":" + wall
                + ",\"started_mono_ns\":" + mono
                + ",\"capabilities\":{}}";
    }

    private static String sample(long seq, long mono, long wall) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + mono + ",\"wall_ns\":" + wall
                + ",\"dt_ns\":10000000,\"stat\":{\"ctxt\":5}}";
    }
}
