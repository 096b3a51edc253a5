package dev.tickbench.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What reached the workbench, counted by the samples' own times: holes in periods, the longest, the rate. */
class TickTallyTest {
    private final List<String> passed = new ArrayList<>();
    private final TickTally tally = new TickTally((b, o, l) -> passed.add(new String(b, o, l, StandardCharsets.UTF_8)), 100);

    private void line(String s) throws Exception {
        byte[] b = (s + "\n").getBytes(StandardCharsets.UTF_8);
        tally.line(b, 0, b.length);
    }

    private void sample(long seq, long monoMs) throws Exception {
        line("{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + monoMs * 1_000_000 + ",\"wall_ns\":1,\"dt_ns\":1,\"stat\":[1]}");
    }

    @Test
    void holesAreCountedInPeriodsAndEveryLineIsPassedOn() throws Exception {
        line("{\"type\":\"hello\",\"format\":2}");
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
        assertEquals(8, passed.size(), "every line goes on, samples or not");

        tally.reset();
        assertEquals(new TickTally.Snapshot(0, 0, 0, 0, 0), tally.snapshot());
        sample(12, 1136);
        assertEquals(new TickTally.Snapshot(1, 0, 0, 1_136_000_000L, 1_136_000_000L), tally.snapshot(),
                "after a reset the first sample starts the count: no hole before it");
        assertEquals(0, tally.snapshot().achievedHz());
    }

    @Test
    void aFieldIsANumberAfterItsNameOrAbsent() {
        byte[] b = "{\"type\":\"sample\",\"seq\":42,\"mono_ns\":\"x\"}".getBytes(StandardCharsets.US_ASCII);
        assertEquals(42, TickTally.field(b, 0, b.length, "\"seq\":".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(-1, TickTally.field(b, 0, b.length, "\"mono_ns\":".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(-1, TickTally.field(b, 0, 20, "\"seq\":".getBytes(StandardCharsets.US_ASCII)), "only within the length");
    }
}
