package dev.tickbench.app.intake;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A recorder or spool segment that starts after a format 2 key-set change (a disk plugged in) starts
 * from a hello carrying the key lists in effect, so the file it writes decodes on its own.
 */
class IntakeJoinTest {
    /** A format 2 hello at 10 Hz with one disk (IntakeIdleFlushTest starts from it too). */
    static final String HELLO = "{\"type\":\"hello\",\"format\":2,\"probe\":{\"version\":\"0.1.0\"},"
            + "\"host\":{\"hostname\":\"b7\",\"board\":null,\"kernel\":\"6.1.0\",\"cores\":2,\"user_hz\":100},"
            + "\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":1000000000000,\"started_mono_ns\":500000000000,"
            + "\"capabilities\":{\"rate_hz\":10,\"floor_hz\":0,\"sources\":{\"diskstats\":true},\"absent\":{},"
            + "\"cadences\":{\"diskstats\":{\"hz\":10.0,\"reason\":\"rate\",\"every_ticks\":1}},\"attributes\":{}},"
            + "\"schema\":{\"diskstats\":[\"sda.reads\"]}}\n";

    private static final String SCHEMA =
            "{\"type\":\"schema\",\"seq\":2,\"schema\":{\"diskstats\":[\"sda.reads\",\"sdb.reads\"]}}\n";

    private static String sample(long seq, String disk) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + (500_000_000_000L + seq * 100_000_000L)
                + ",\"wall_ns\":" + (1_000_000_000_000L + seq * 100_000_000L) + ",\"dt_ns\":100000000"
                + ",\"diskstats\":" + disk + "}\n";
    }

    @Test
    void aTapStartedAfterASchemaLineGetsTheKeyListsInEffect() throws IOException {
        FedConnection c = FedConnection.started(SeriesStore.live(), msg -> {
            throw new AssertionError(msg);
        });
        for (String l : List.of(HELLO, sample(1, "[3]"), SCHEMA, sample(2, "[null,5]"))) {
            c.feed(l);
        }
        List<byte[]> tapped = new ArrayList<>();
        c.intake().recordTo((b, off, len) -> tapped.add(java.util.Arrays.copyOfRange(b, off, off + len)));
        c.feed(sample(3, "[1,2]"));

        assertEquals(2, tapped.size(), "the hello, then sample 3");
        LineDecoder fresh = new LineDecoder();
        assertEquals(
                2,
                assertInstanceOf(Hello.class, fresh.decode(tapped.get(0), 0, tapped.get(0).length))
                        .format());
        SampleLine s = assertInstanceOf(SampleLine.class, fresh.decode(tapped.get(1), 0, tapped.get(1).length));
        assertArrayEquals(
                new String[] {"sda.reads", "sdb.reads"},
                s.sources().get("diskstats").keys());
        assertArrayEquals(new long[] {1, 2}, s.sources().get("diskstats").values());
        assertArrayEquals(tapped.get(0), c.intake().joinHello(), "a new spool segment starts with the same hello");
    }
}
