package dev.tickbench.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.session.SeriesQuery.State;
import dev.tickbench.app.session.SeriesQuery.Stats;
import dev.tickbench.app.session.SeriesQuery.ValueAt;
import dev.tickbench.core.capture.LineDecoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Value at a time and range statistics on a small hand-made stream at 10 Hz (tick n at 1000 + n/10 s):
 * <pre>
 *   thermal_zone0 (1.0 Hz, declared; period 1 s):   45 °C at 1000.1, 46 at 1001.1, 48 at 1002.1, 47 at 1003.1
 *   slabinfo.dentry (5.0 Hz, budget; period 0.2 s): 100 at 1000.1, 110 at 1000.5, 110 at 1002.0 (heartbeat), 105 at 1003.6
 *   throttle.iowait (rate, once a second):          10 % at 1000.5, 30 at 1001.5, 20 at 1002.5, 90 at 1003.5
 *   ticks 1–25, a gap line (26–30, "reconnect"), ticks 31–40: the gap runs from 1002.5 to 1003.1; data ends at 1004.0
 * </pre>
 * Expected values are worked out in the comments.
 */
class SeriesQueryTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"0.1.0\"},"
            + "\"host\":{\"hostname\":\"b7\",\"board\":null,\"kernel\":\"6.1.0\",\"cores\":2,\"user_hz\":100},"
            + "\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":1000000000000,\"started_mono_ns\":500000000000,"
            + "\"capabilities\":{\"rate_hz\":10,\"floor_hz\":0,\"sources\":{\"stat\":true,\"thermal_zone0\":true,\"slabinfo\":true},"
            + "\"cadences\":{\"stat\":{\"hz\":10.0,\"reason\":\"rate\",\"every_ticks\":1},"
            + "\"thermal_zone0\":{\"hz\":1.0,\"reason\":\"declared\",\"every_ticks\":10},"
            + "\"slabinfo\":{\"hz\":5.0,\"reason\":\"budget\",\"every_ticks\":2}}}}";

    private final SeriesStore store = SeriesStore.replay();
    private final SeriesQuery query = new SeriesQuery(store);
    private Series thermal;
    private Series dentry;
    private Series iowait;

    @BeforeEach
    void feed() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(HELLO);
        for (int seq = 1; seq <= 40; seq++) {
            if (seq >= 26 && seq <= 30) {
                if (seq == 26) {
                    lines.add("{\"type\":\"gap\",\"from_seq\":26,\"to_seq\":30,\"reason\":\"reconnect\"}");
                }
                continue;
            }
            StringBuilder body = new StringBuilder();
            switch (seq) {
                case 1 -> body.append(",\"thermal_zone0\":{\"temp\":45000},\"slabinfo\":{\"dentry\":100}");
                case 5 -> body.append(",\"slabinfo\":{\"dentry\":110}");
                case 11 -> body.append(",\"thermal_zone0\":{\"temp\":46000}");
                case 20 -> body.append(",\"slabinfo\":{\"dentry\":110},\"hb\":[\"slabinfo\"]");
                case 21 -> body.append(",\"thermal_zone0\":{\"temp\":48000}");
                case 31 -> body.append(",\"thermal_zone0\":{\"temp\":47000}");
                case 36 -> body.append(",\"slabinfo\":{\"dentry\":105}");
                default -> {}
            }
            lines.add(sample(seq, body.toString()));
            double iowaitPct = switch (seq) {
                case 5 -> 10;
                case 15 -> 30;
                case 25 -> 20;
                case 35 -> 90;
                default -> Double.NaN;
            };
            if (!Double.isNaN(iowaitPct)) {
                lines.add(throttle(seq, iowaitPct));
            }
        }
        LineDecoder decoder = new LineDecoder();
        for (String l : lines) {
            store.accept(decoder.decode(l));
        }
        store.flush();
        thermal = store.series("thermal_zone0.temp");
        dentry = store.series("slabinfo.dentry");
        iowait = store.series("throttle.iowait");
    }

    private static long wallNs(long seq) {
        return 1_000_000_000_000L + seq * 100_000_000L;
    }

    private static String sample(long seq, String body) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + (500_000_000_000L + seq * 100_000_000L)
                + ",\"wall_ns\":" + wallNs(seq) + ",\"dt_ns\":100000000,\"stat\":{\"cpu.user\":1}" + body + "}";
    }

    private static String throttle(long seq, double iowaitPct) {
        return "{\"type\":\"throttle\",\"mono_ns\":" + (500_000_000_000L + seq * 100_000_000L) + ",\"wall_ns\":"
                + wallNs(seq)
                + ",\"iowait\":" + iowaitPct + ",\"smoothed\":" + iowaitPct
                + ",\"zone\":\"GREEN\",\"effective\":4,\"ceiling\":8,"
                + "\"grow_spread_s\":0,\"last_throttle_mono_ns\":null}";
    }

    @Test
    void beforeTheFirstPointThereIsNoDataNotZero() {
        ValueAt v = query.valueAt(thermal, 1000.05);
        assertEquals(State.NO_DATA, v.state());
        assertEquals("before the first value", v.why());
        assertTrue(Double.isNaN(v.value()));
        assertEquals(State.NO_DATA, query.valueAt(thermal, 1004.5).state(), "after the last sample");
    }

    @Test
    void aReadWithinItsPeriodIsFreshAfterItAStoreOnChangeValueIsHeld() {
        // thermal read at 1000.1, period 1 s: at 1000.6 (0.5 s later) it is the fresh read
        ValueAt t = query.valueAt(thermal, 1000.6);
        assertEquals(State.FRESH, t.state());
        assertEquals(45.0, t.value(), 1e-9);
        assertEquals(1000.1, t.readX(), 1e-6);
        // dentry emitted 110 at 1000.5; period 0.2 s: fresh at 1000.6, held at 1001.5 (1.0 s later), since 1000.5
        assertEquals(State.FRESH, query.valueAt(dentry, 1000.6).state());
        ValueAt held = query.valueAt(dentry, 1001.5);
        assertEquals(State.HELD, held.state());
        assertEquals(110.0, held.value(), 1e-9);
        assertEquals(1000.5, held.readX(), 1e-6);
        assertFalse(held.heartbeat());
        // the heartbeat re-emission at 1002.0 is a fresh read, said to be a heartbeat
        ValueAt hb = query.valueAt(dentry, 1002.05);
        assertEquals(State.FRESH, hb.state());
        assertTrue(hb.heartbeat());
    }

    @Test
    void insideAGapAndForALevelLastEmittedBeforeItThereIsNoData() {
        ValueAt inGap = query.valueAt(thermal, 1002.8);
        assertEquals(State.NO_DATA, inGap.state());
        assertTrue(inGap.why().contains("reconnect"), inGap.why());
        // dentry's last emission (1002.0) is before the gap: a change may have been lost in it
        ValueAt after = query.valueAt(dentry, 1003.3);
        assertEquals(State.NO_DATA, after.state());
        assertEquals(1002.5, after.readX(), 1e-6);
        // thermal was read again after the gap (47 at 1003.1)
        assertEquals(47.0, query.valueAt(thermal, 1003.3).value(), 1e-9);
        // a rate's value within its period (once a second) after it: the line at 1003.5, 0.5 s before 1004.0
        assertEquals(90.0, query.valueAt(iowait, 1004.0).value(), 1e-9);
    }

    @Test
    void levelStatisticsWeighEachValueByHowLongItWasHeld() {
        // [1000.3, 1002.3]: 45 held in from 1000.3 to 1001.1 (0.8 s), 46 to 1002.1 (1.0 s), 48 to 1002.3 (0.2 s)
        // mean (45·0.8 + 46·1.0 + 48·0.2) / 2.0 = 45.8; p99: 45, 46 cover 1.8 s < 1.98 s, so 48; reads inside: 2
        Stats t = query.stats(thermal, 1000.3, 1002.3);
        assertEquals(2, t.freshReads());
        assertEquals(45.0, t.min(), 1e-9);
        assertEquals(45.8, t.mean(), 1e-9);
        assertEquals(48.0, t.max(), 1e-9);
        assertEquals(48.0, t.p99(), 1e-9);
        // dentry: 100 held in for 0.2 s, 110 for 1.8 s (change at 1000.5, heartbeat at 1002.0): mean 109
        Stats d = query.stats(dentry, 1000.3, 1002.3);
        assertEquals(2, d.freshReads());
        assertEquals(100.0, d.min(), 1e-9);
        assertEquals(109.0, d.mean(), 1e-9);
        assertEquals(110.0, d.max(), 1e-9);
        assertEquals(110.0, d.p99(), 1e-9);
    }

    @Test
    void aGapCutsTheHeldValue() {
        // [1002.0, 1003.6]: 46 held in 0.1 s, 48 from 1002.1 until the gap at 1002.5 (0.4 s), 47 from 1003.1 (0.5 s)
        // mean (4.6 + 19.2 + 23.5) / 1.0 = 47.3; p99: 46, 47 cover 0.6 s, so 48
        Stats t = query.stats(thermal, 1002.0, 1003.6);
        assertEquals(2, t.freshReads());
        assertEquals(46.0, t.min(), 1e-9);
        assertEquals(47.3, t.mean(), 1e-9);
        assertEquals(48.0, t.max(), 1e-9);
        assertEquals(48.0, t.p99(), 1e-9);
        // dentry: 110 (heartbeat at 1002.0) until the gap (0.5 s); 105 read at the range's very end counts in min
        Stats d = query.stats(dentry, 1002.0, 1003.6);
        assertEquals(2, d.freshReads());
        assertEquals(105.0, d.min(), 1e-9);
        assertEquals(110.0, d.mean(), 1e-9);
        assertEquals(110.0, d.max(), 1e-9);
    }

    @Test
    void rateStatisticsCountEveryStoredPointOnce() {
        Stats all = query.stats(iowait, 1000.0, 1004.0);
        assertEquals(4, all.freshReads());
        assertEquals(10.0, all.min(), 1e-9);
        assertEquals(37.5, all.mean(), 1e-9); // (10 + 30 + 20 + 90) / 4
        assertEquals(90.0, all.max(), 1e-9);
        assertEquals(90.0, all.p99(), 1e-9); // nearest rank: ceil(0.99 · 4) = 4th of 10, 20, 30, 90
        Stats three = query.stats(iowait, 1000.0, 1003.0);
        assertEquals(3, three.freshReads());
        assertEquals(20.0, three.mean(), 1e-9);
        assertEquals(30.0, three.p99(), 1e-9); // ceil(2.97) = 3rd of 10, 20, 30
        Stats none = query.stats(iowait, 1000.6, 1001.4);
        assertEquals(
                new Stats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN),
                none,
                "no point in the range: no statistics, not zeros");
    }
}
