package dev.tickbench.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tickbench.core.capture.LineDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A kernel log flood keeps the newest marks and counts the rest: the heap does not grow with it. */
class MarksBoundTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"0.1.0\"},"
            + "\"host\":{\"hostname\":\"b7\",\"board\":null,\"kernel\":\"6.1.0\",\"cores\":2,\"user_hz\":100},"
            + "\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":1000000000000,\"started_mono_ns\":0,"
            + "\"capabilities\":{\"rate_hz\":10,\"floor_hz\":0,\"sources\":{\"stat\":true},\"absent\":{},"
            + "\"cadences\":{\"stat\":{\"hz\":10.0,\"reason\":\"rate\",\"every_ticks\":1}},\"attributes\":{}}}";

    @Test
    void keepsTheNewestMarksAndCountsTheOlderOnes() throws Exception {
        SeriesStore store = SeriesStore.live();
        LineDecoder d = new LineDecoder();
        feed(store, d, HELLO);
        int n = SeriesStore.MAX_MARKS + 2_500;
        for (int i = 1; i <= n; i++) {
            feed(
                    store,
                    d,
                    "{\"type\":\"kmsg\",\"mono_ns\":" + i * 1000L + ",\"prio\":6,\"facility\":0,\"seq\":" + i
                            + ",\"us\":" + i + ",\"msg\":\"record " + i + "\"}");
        }
        List<TimeMark> marks = store.marks();
        assertEquals(SeriesStore.MAX_MARKS, marks.size());
        assertEquals(2_500, store.marksDropped());
        assertEquals("record 2501", marks.get(0).text(), "the oldest kept is the first not dropped");
        assertEquals("record " + n, marks.get(marks.size() - 1).text());
    }

    /** A trigger line (docs/triggers.md, "Lines") is a mark at its tick's wall time, named, counted, with its values. */
    @Test
    void aFiredTriggerIsAMarkAtItsTick() throws Exception {
        SeriesStore store = SeriesStore.live();
        LineDecoder d = new LineDecoder();
        feed(store, d, HELLO);
        feed(
                store,
                d,
                "{\"type\":\"trigger\",\"seq\":12,\"mono_ns\":1200000000,\"wall_ns\":1001200000000,"
                        + "\"trigger\":\"hot\",\"expr\":\"hot: thermal_zone0_c > 80\",\"kind\":\"condition\",\"fired\":3,"
                        + "\"values\":{\"thermal_zone0_c\":81.5}}");
        List<TimeMark> marks = store.marks();
        assertEquals(1, marks.size(), marks.toString());
        TimeMark m = marks.get(0);
        assertEquals(TimeMark.Kind.TRIGGER, m.kind());
        assertEquals(1001.2, m.x(), 1e-9);
        assertEquals(m.x(), m.toX());
        assertEquals("trigger hot fired (#3): hot: thermal_zone0_c > 80  {\"thermal_zone0_c\":81.5}", m.text());
    }

    private static void feed(SeriesStore store, LineDecoder d, String line) throws Exception {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        store.accept(d.decode(b, 0, b.length));
    }
}
