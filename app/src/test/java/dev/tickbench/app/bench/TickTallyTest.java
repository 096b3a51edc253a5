package dev.tickbench.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tickbench.core.capture.LineDecoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What reached the workbench, counted by the samples' own times: holes in periods, the longest, the rate. */
class TickTallyTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"0.1.0\"},"
            + "\"host\":{\"hostname\":\"b7\",\"board\":null,\"kernel\":\"6.1.0\",\"cores\":2,\"user_hz\":100},"
            + "\"rate_hz\":100,\"floor_hz\":0,\"started_wall_ns\":1000000000000,\"started_mono_ns\":500000000000,"
            + "\"capabilities\":{\"rate_hz\":100,\"floor_hz\":0,\"sources\":{\"stat\":true},\"absent\":{},"
            + "\"cadences\":{\"stat\":{\"hz\":100.0,\"reason\":\"rate\",\"every_ticks\":1}},\"attributes\":{}}}";

    private final LineDecoder decoder = new LineDecoder();
    private final TickTally tally = new TickTally(100);

    private void line(String s) throws Exception {
        byte[] b = (s + "\n").getBytes(StandardCharsets.UTF_8);
        tally.accepted(decoder.decode(b, 0, b.length));
    }

    private void sample(long seq, long monoMs) throws Exception {
        line("{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + monoMs * 1_000_000
                + ",\"wall_ns\":1,\"dt_ns\":1," + "\"stat\":{\"cpu.user\":1}}");
    }

    @Test
    void holesAreCountedInPeriodsOfTheSamplesThatArrived() throws Exception {
        line(HELLO);
        sample(1, 1000);
        sample(2, 1010);
        sample(3, 1020);
        sample(4, 1051); // 31 ms: 3 periods, 2 ticks missed
        line("{\"type\":\"gap\",\"from_seq\":5,\"to_seq\":9,\"reason\":\"workbench_behind\"}");
        sample(10, 1111); // 60 ms after: 5 missed
        sample(11, 1126); // 15 ms: 1.5 periods, rounds to 2: 1 missed
        TickTally.Snapshot s = tally.snapshot();
        assertEquals(6, s.samples());
        assertEquals(8, s.missed());
        assertEquals(60_000_000, s.longestHoleNs());
        assertEquals(5 / 0.126, s.achievedHz(), 1e-9);

        tally.reset();
        assertEquals(new TickTally.Snapshot(0, 0, 0, 0, 0), tally.snapshot());
        sample(12, 1136);
        assertEquals(
                new TickTally.Snapshot(1, 0, 0, 1_136_000_000L, 1_136_000_000L),
                tally.snapshot(),
                "after a reset the first sample starts the count: no hole before it");
        assertEquals(0, tally.snapshot().achievedHz());
    }
}
