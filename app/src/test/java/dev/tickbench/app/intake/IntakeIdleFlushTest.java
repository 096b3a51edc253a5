package dev.tickbench.app.intake;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.testkit.Waits;
import org.junit.jupiter.api.Test;

/**
 * Lines that come in a burst and then nothing (a stalled link, a scripted stage, the last lines before a
 * pause) are published to the charts without waiting for a next line: the charts follow what the store
 * published (SeriesStore#publishedX), and the burst's tail, within one flush period of its first line,
 * was published by no line of its own.
 */
class IntakeIdleFlushTest {
    private static final String HELLO = IntakeJoinTest.HELLO;

    private static String sample(long seq) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + (500_000_000_000L + seq * 100_000_000L)
                + ",\"wall_ns\":" + (1_000_000_000_000L + seq * 100_000_000L) + ",\"dt_ns\":100000000"
                + ",\"diskstats\":[" + seq + "]}\n";
    }

    @Test
    void aBurstsLastLinesArePublishedWithoutANextLine() throws Exception {
        SeriesStore store = SeriesStore.live();
        FedConnection c = FedConnection.started(store, msg -> {
            throw new AssertionError(msg);
        });
        c.feed(HELLO); // a hello is flushed at once
        for (int seq = 1; seq <= 20; seq++) { // 2 s of samples in far less than a flush period
            c.feed(sample(seq));
        }
        double last = 1000.0 + 20 * 0.1;
        assertEquals(last, store.latestX(), 1e-9, "decoded");
        Waits.until("the burst's last sample published with no line after it", () -> store.publishedX() >= last - 1e-9);
        assertEquals(last, store.publishedX(), 1e-9);
        assertEquals(20, store.samples(), "the 20 fed, each once");
    }
}
